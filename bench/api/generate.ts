import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { CATEGORIES } from '../../db/src/seed/content/categories.ts'
import { COMMANDS } from '../../db/src/seed/content/commands.ts'
import { htmlToText } from '../../server/src/lib/sanitize.ts'
import { commandKey, slugify } from '../../server/src/lib/slug.ts'
import { deriveTags } from '../../server/src/lib/tags.ts'
import { createThrowawayDatabase, DEFAULT_DATABASE_URL } from '../../server/test/spawn-server.ts'
import { bulkLoad, POINTS_LEDGER_FROM_ROWS } from '../lib/dataset.ts'

/*
 * The API benchmark's dataset: at scale 1, 10,000 users, 100,000 posts, 1,000,000 votes and 200,000
 * comments (plus the points ledger those imply), written with set-based SQL so it takes minutes, not
 * hours. Posts are variants of the demo seed's commands spread over the seeded categories and the last
 * two years; every counter (vote, comment and post counts, points) is set from a recount at the end.
 *
 * The tables' secondary indexes (not the unique ones) are dropped for the load and built again after
 * it: building a GIN or B-tree index once over a million rows is many times cheaper than maintaining
 * it row by row. They are built after the commit, not inside the load's transaction: the counter
 * updates leave HOT chains that an index built in the same transaction counts as broken, and such an
 * index (pg_index.indcheckxmin) stays invisible to the planner while any older transaction runs
 * anywhere in the cluster, which on a shared server can be for minutes.
 *
 *   npx tsx bench/api/generate.ts [--scale 0.1 | --posts 10000]   # prints the URL of the new database (kept)
 */

/** Row counts at scale 1 (the dataset). */
export const FULL_SCALE = { users: 10_000, posts: 100_000, votes: 1_000_000, comments: 200_000 } as const

/** The dataset sizes `--posts` is meant for (others work too, in the same proportions). */
export const POST_COUNTS = [10_000, 100_000, 1_000_000] as const

/** The scale at which the dataset has `posts` posts (users, votes and comments in proportion). */
export function scaleOfPosts(posts: number): number {
  if (!Number.isInteger(posts) || posts < 100) {
    throw new Error(`--posts must be a whole number of at least 100 (e.g. ${POST_COUNTS.join(', ')})`)
  }
  return posts / FULL_SCALE.posts
}

/** Tables whose non-unique indexes are built after the load instead of during it. */
const DEFERRED_INDEX_TABLES = ['posts', 'votes', 'comments', 'points_ledger', 'points_daily', 'post_ranks']

/** Authors are the first users (contributors); voters and commenters are everyone. */
const AUTHOR_SHARE = 0.2
const SPAN_DAYS = 730

/** What was generated, for the benchmark's report. */
export interface DatasetSummary {
  scale: number
  users: number
  posts: number
  votes: number
  comments: number
  ledger: number
  /** Wall time of the whole generation, migration and VACUUM ANALYZE included. */
  seconds: number
  /** Wall time of each load statement (s), in order. */
  steps: Array<{ label: string; rows: number; seconds: number }>
}

const COMMENT_TEXTS = [
  'Worked first time on Debian 12, thanks.',
  'Add sudo if you need to see files owned by other users.',
  'On macOS the BSD version of this flag is different; install the GNU tools.',
  'I pipe this into less -S so long lines do not wrap.',
  'Careful with this one on production boxes, test it on a copy first.',
  'Is there a way to make it skip hidden directories?',
  'This saved me an hour of clicking around today.',
  'The man page explains the second option much better than I expected.',
]

/**
 * Fills the migrated, empty database at `url` with the benchmark dataset at `scale` (1 = the issue's
 * sizes), then VACUUM ANALYZEs it. One connection; templates are passed as arrays and multiplied in SQL.
 */
export async function generateDataset(
  url: string,
  scale: number,
  log: (line: string) => void = console.log,
): Promise<DatasetSummary> {
  const started = Date.now()
  const users = Math.max(50, Math.round(FULL_SCALE.users * scale))
  const posts = Math.max(100, Math.round(FULL_SCALE.posts * scale))
  const votes = Math.round(FULL_SCALE.votes * scale)
  const comments = Math.round(FULL_SCALE.comments * scale)
  const authors = Math.max(10, Math.round(users * AUTHOR_SHARE))
  // A few spare votes per user make up for the own posts skipped; the total is capped by LIMIT.
  const votesPerUser = Math.min(posts - 1, Math.ceil(votes / users) + 1)

  const steps: DatasetSummary['steps'] = []
  let deferred: Array<{ name: string; definition: string }> = []
  return bulkLoad(
    url,
    // bulkLoad logs each step as "  <label>: <rows> rows, <seconds> s"; the summary keeps them.
    (line) => {
      const found = /^\s+(.+?): (?:(\d+) rows, )?([\d.]+) s$/.exec(line)
      if (found) steps.push({ label: found[1] ?? '', rows: Number(found[2]), seconds: Number(found[3]) })
      log(line)
    },
    { settings: ['SET maintenance_work_mem = 262144'] },
    async (step, client) => {
      const found = await client.query<{ schema: string; name: string; definition: string }>(
        `SELECT n.nspname AS schema, i.relname AS name, pg_get_indexdef(i.oid) AS definition
         FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_namespace n ON n.oid = i.relnamespace
         WHERE t.relname = ANY($1) AND NOT x.indisunique AND NOT x.indisprimary
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`,
        [DEFERRED_INDEX_TABLES],
      )
      deferred = found.rows
      for (const index of found.rows) {
        await client.query(
          `DROP INDEX ${client.escapeIdentifier(index.schema)}.${client.escapeIdentifier(index.name)}`,
        )
      }

      await step(
        'categories',
        `INSERT INTO categories (name, slug, description, created_at)
       SELECT name, slug, description, now() - interval '${SPAN_DAYS + 30} days'
       FROM unnest($1::text[], $2::text[], $3::text[]) AS c(name, slug, description)`,
        [CATEGORIES.map((c) => c.name), CATEGORIES.map((c) => c.slug), CATEGORIES.map((c) => c.description)],
      )

      // The password hash is not a valid argon2 hash: nobody logs in, run.ts mints tokens with the app.
      await step(
        'users',
        `INSERT INTO users (username, email, password_hash, role, created_at, updated_at)
       SELECT 'bench_user_' || i, 'bench' || i || '@bench.invalid', 'bench-no-login',
              CASE WHEN i <= $2 THEN 'contributor' ELSE 'member' END,
              now() - make_interval(days => ${SPAN_DAYS + 20}) + make_interval(secs => i * 60),
              now() - make_interval(days => ${SPAN_DAYS + 20}) + make_interval(secs => i * 60)
       FROM generate_series(1, $1::int) AS i`,
        [users, authors],
      )
      await client.query(
        `CREATE TEMP TABLE bench_users AS
       SELECT row_number() OVER (ORDER BY created_at, id)::int AS n, id FROM users`,
      )
      await client.query('CREATE UNIQUE INDEX ON bench_users (n)')

      // Each post is a command of the demo seed (in its category) plus a variant number, so slug and
      // command key are unique by construction and both are computed the way the app computes them.
      const templates = COMMANDS.map((command) => ({
        title: command.title,
        slug: slugify(command.title),
        command: command.command,
        key: commandKey(command.command),
        description: command.description,
        text: htmlToText(command.description),
        tags: `{${deriveTags(command.command, command.tags).join(',')}}`,
        category: command.category,
      }))
      await step(
        'posts',
        `WITH t AS (
         SELECT (ord - 1)::int AS n, title, slug, command, key, description, text, tags, category
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                     $11::text[])
           WITH ORDINALITY AS t(title, slug, command, key, description, text, tags, category, ord)
       ), g AS (
         SELECT i, (i % $9::int) AS tn, (i / $9::int) AS variant,
                now() - make_interval(secs => (random() * ${SPAN_DAYS} * 86400)::int) AS at
         FROM generate_series(0, $1::int - 1) AS i
       )
       INSERT INTO posts (author_id, category_id, title, slug, command, command_key, description,
                          description_text, tags, view_count, created_at, updated_at)
       SELECT u.id, c.id,
              CASE WHEN g.variant = 0 THEN t.title ELSE t.title || ' (variant ' || g.variant || ')' END,
              CASE WHEN g.variant = 0 THEN t.slug ELSE t.slug || '-variant-' || g.variant END,
              CASE WHEN g.variant = 0 THEN t.command ELSE t.command || ' # ' || g.variant END,
              CASE WHEN g.variant = 0 THEN t.key ELSE t.key || ' # ' || g.variant END,
              t.description, t.text, t.tags::text[],
              (random() * 400)::int, g.at, g.at
       FROM g
       JOIN t ON t.n = g.tn
       JOIN bench_users u ON u.n = 1 + (g.i * 7) % $10::int
       JOIN categories c ON c.slug = t.category`,
        [
          posts,
          templates.map((t) => t.title),
          templates.map((t) => t.slug),
          templates.map((t) => t.command),
          templates.map((t) => t.key),
          templates.map((t) => t.description),
          templates.map((t) => t.text),
          templates.map((t) => t.tags),
          templates.length,
          authors,
          templates.map((t) => t.category),
        ],
      )
      await client.query(
        `CREATE TEMP TABLE bench_posts AS
       SELECT row_number() OVER (ORDER BY id)::int - 1 AS n, id, author_id, created_at FROM posts`,
      )
      await client.query('CREATE UNIQUE INDEX ON bench_posts (n)')

      // The app's per-vote daily-activity trigger (migration 0010) costs ~0.4 ms a row in a bulk insert
      // (439 s for 1M votes): it is off for the load, and the activity of the votes of the days the app
      // reads (today and yesterday, UTC) is added in one call after it, as the migration's backfill does.
      await client.query('ALTER TABLE votes DISABLE TRIGGER votes_activity_insert')
      // Voter u's k-th vote lands on post (u * 7919 + k * 613) mod posts: 613 is prime and not a factor of
      // the post count at any round scale, so one voter's posts are distinct; own posts are skipped.
      await step(
        'votes',
        `INSERT INTO votes (user_id, post_id, value, created_at, updated_at)
       SELECT u.id, p.id, CASE WHEN random() < 0.8 THEN 1 ELSE -1 END, at, at
       FROM (
         SELECT u.n AS un, k,
                (u.n::bigint * 7919 + k::bigint * 613) % $2::int AS pn
         FROM bench_users u CROSS JOIN generate_series(1, $3::int) AS k
       ) AS pick
       JOIN bench_users u ON u.n = pick.un
       JOIN bench_posts p ON p.n = pick.pn
       CROSS JOIN LATERAL (SELECT p.created_at + (now() - p.created_at) * random() AS at) AS t
       WHERE p.author_id <> u.id
       LIMIT $1::int`,
        [votes, posts, votesPerUser],
      )
      await client.query('ALTER TABLE votes ENABLE TRIGGER votes_activity_insert')
      await step(
        'recent votes activity',
        `SELECT counters.add_activity(array_agg((updated_at AT TIME ZONE 'UTC')::date), array_agg(user_id),
                                      array_agg(1))
       FROM votes
       WHERE updated_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day'`,
      )
      await step(
        'comments',
        `INSERT INTO comments (post_id, author_id, content, created_at)
       SELECT p.id, u.id, ($4::text[])[1 + i % cardinality($4::text[])],
              p.created_at + (now() - p.created_at) * random()
       FROM generate_series(0, $1::int - 1) AS i
       JOIN bench_posts p ON p.n = (i::bigint * 4099) % $2::int
       JOIN bench_users u ON u.n = 1 + (i::bigint * 31) % $3::int`,
        [comments, posts, users, COMMENT_TEXTS],
      )
      // The ledger the app would have written: 10 per post, +2 per upvote and −1 per downvote received.
      await step('points ledger', POINTS_LEDGER_FROM_ROWS)

      // Counters from recounts, the invariant the app keeps in every transaction.
      await step(
        'post counters',
        `UPDATE posts p SET uplike_count = coalesce(v.up, 0), downlike_count = coalesce(v.down, 0),
              comments_count = coalesce(c.n, 0)
       FROM posts p2
       LEFT JOIN (SELECT post_id, count(*) FILTER (WHERE value > 0) AS up,
                         count(*) FILTER (WHERE value < 0) AS down
                  FROM votes GROUP BY post_id) v ON v.post_id = p2.id
       LEFT JOIN (SELECT post_id, count(*) AS n FROM comments GROUP BY post_id) c ON c.post_id = p2.id
       WHERE p.id = p2.id`,
      )
      await step(
        'user counters',
        `UPDATE users u SET points = greatest(0, coalesce(l.total, 0)), post_count = coalesce(p.n, 0)
       FROM users u2
       LEFT JOIN (SELECT user_id, sum(delta) AS total FROM points_ledger GROUP BY user_id) l
         ON l.user_id = u2.id
       LEFT JOIN (SELECT author_id, count(*) AS n FROM posts GROUP BY author_id) p ON p.author_id = u2.id
       WHERE u.id = u2.id`,
      )
      await step(
        'category counters',
        `UPDATE categories c SET post_count = (SELECT count(*) FROM posts p WHERE p.category_id = c.id)`,
      )
    },
    // After the commit and VACUUM ANALYZE (see the top of the file for why not before).
    async (client) => {
      for (const index of deferred) {
        const at = Date.now()
        await client.query(index.definition)
        const seconds = (Date.now() - at) / 1000
        steps.push({ label: `index ${index.name}`, rows: 0, seconds })
        log(`  index ${index.name}: ${seconds.toFixed(1)} s`)
      }
      const counts = await client.query<{
        users: string
        posts: string
        votes: string
        comments: string
        ledger: string
      }>(
        `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM posts) AS posts,
              (SELECT count(*) FROM votes) AS votes, (SELECT count(*) FROM comments) AS comments,
              (SELECT count(*) FROM points_ledger) AS ledger`,
      )
      const row = counts.rows[0]
      return {
        scale,
        users: Number(row?.users),
        posts: Number(row?.posts),
        votes: Number(row?.votes),
        comments: Number(row?.comments),
        ledger: Number(row?.ledger),
        seconds: (Date.now() - started) / 1000,
        steps,
      }
    },
  )
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { scale: { type: 'string' }, posts: { type: 'string' } } })
  const scale = values.posts === undefined ? Number(values.scale ?? '1') : scaleOfPosts(Number(values.posts))
  if (!(scale > 0)) throw new Error('--scale must be a positive number')
  if (values.posts !== undefined && values.scale !== undefined && Number(values.scale) !== scale) {
    throw new Error('--posts and --scale disagree; give one of them')
  }
  const adminUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL
  const database = await createThrowawayDatabase(adminUrl, 'bashboard_bench_api')
  console.log(`generating scale ${scale} into ${database.name}`)
  try {
    const summary = await generateDataset(database.url, scale)
    console.log(JSON.stringify({ ...summary, steps: undefined }))
    console.log(`generated in ${summary.seconds.toFixed(1)} s`)
    console.log(`database kept: ${database.url}`)
    console.log(`run against it: npx tsx bench/api/run.ts --database '${database.url}'`)
    console.log(`drop it with: psql '${adminUrl}' -c 'drop database "${database.name}" with (force)'`)
  } catch (error) {
    await database.drop()
    throw error
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
