import { bulkLoad, POINTS_LEDGER_FROM_ROWS } from '../lib/dataset.ts'

/*
 * The leaderboard benchmark's dataset: 10,000 users (2,000 of them authors), 20,000 posts and
 * 1,000,000 votes, with the points ledger the app would have written (post +10, upvote +2,
 * downvote −1), all dated over the last 60 days so the week and month boards aggregate real volumes
 * (about 117,000 and 500,000 ledger rows). Totals and counters are recounted from the rows.
 */

/** Row counts of the dataset. */
export const DATASET = { users: 10_000, authors: 2_000, posts: 20_000, votes: 1_000_000, days: 60 } as const

export interface LeaderboardDataset {
  users: number
  posts: number
  votes: number
  ledger: number
  ledgerLastWeek: number
  ledgerLastMonth: number
  seconds: number
}

/** Migrates the empty database at `url` and fills it; one connection, set-based statements. */
export async function generateLeaderboardDataset(
  url: string,
  log: (line: string) => void = console.log,
): Promise<LeaderboardDataset> {
  const started = Date.now()
  const { users, authors, posts, votes, days } = DATASET
  return bulkLoad(
    url,
    log,
    {},
    async (step, client) => {
      // Not valid argon2 hashes: nobody logs in, the app server mints tokens.
      await step(
        'users',
        `INSERT INTO users (username, email, password_hash, role, created_at, updated_at)
       SELECT 'lb_user_' || i, 'lb' || i || '@bench.invalid', 'bench-no-login',
              CASE WHEN i <= $2 THEN 'contributor' ELSE 'member' END,
              now() - interval '90 days' + make_interval(secs => i * 60),
              now() - interval '90 days' + make_interval(secs => i * 60)
       FROM generate_series(1, $1::int) AS i`,
        [users, authors],
      )
      await client.query(
        `CREATE TEMP TABLE lb_users AS SELECT row_number() OVER (ORDER BY created_at, id)::int AS n, id FROM users`,
      )
      await client.query('CREATE UNIQUE INDEX ON lb_users (n)')
      await step(
        'posts',
        `INSERT INTO posts (author_id, title, slug, command, command_key, description, description_text,
                          created_at, updated_at)
       SELECT u.id, 'Bench command ' || g.i, 'bench-command-' || g.i, 'echo bench-' || g.i, 'echo bench-' || g.i,
              '<p>Bench post ' || g.i || '.</p>', 'Bench post ' || g.i || '.', g.at, g.at
       FROM (
         -- random() in the select list runs per row (an uncorrelated LATERAL would run once).
         SELECT i, now() - make_interval(secs => (random() * $3::int * 86400)::int) AS at
         FROM generate_series(0, $1::int - 1) AS i
       ) AS g
       JOIN lb_users u ON u.n = 1 + (g.i * 7) % $2::int`,
        [posts, authors, days],
      )
      await client.query(
        `CREATE TEMP TABLE lb_posts AS
       SELECT row_number() OVER (ORDER BY id)::int - 1 AS n, id, author_id, created_at FROM posts`,
      )
      await client.query('CREATE UNIQUE INDEX ON lb_posts (n)')
      // Voter u's k-th vote is on post (u·7919 + k·613) mod posts: 613 is coprime with 20,000, so one
      // voter's posts are distinct. Own posts are skipped; 101 picks per user cover the 1,000,000.
      await step(
        'votes',
        `INSERT INTO votes (user_id, post_id, value, created_at, updated_at)
       SELECT u.id, p.id, CASE WHEN random() < 0.8 THEN 1 ELSE -1 END, at, at
       FROM lb_users u
       CROSS JOIN generate_series(1, 101) AS k
       JOIN lb_posts p ON p.n = (u.n::bigint * 7919 + k::bigint * 613) % $2::int
       CROSS JOIN LATERAL (SELECT p.created_at + (now() - p.created_at) * random() AS at) t
       WHERE p.author_id <> u.id
       LIMIT $1::int`,
        [votes, posts],
      )
      await step('points ledger', POINTS_LEDGER_FROM_ROWS)
      await step(
        'post counters',
        `UPDATE posts p SET uplike_count = v.up, downlike_count = v.down
       FROM (SELECT post_id, count(*) FILTER (WHERE value > 0)::int AS up,
                    count(*) FILTER (WHERE value < 0)::int AS down
             FROM votes GROUP BY post_id) v
       WHERE v.post_id = p.id`,
      )
      await step(
        'user totals',
        `UPDATE users u SET points = greatest(0, l.total), post_count = coalesce(pc.n, 0)
       FROM (SELECT user_id, sum(delta)::int AS total FROM points_ledger GROUP BY user_id) l
       LEFT JOIN (SELECT author_id, count(*)::int AS n FROM posts GROUP BY author_id) pc
         ON pc.author_id = l.user_id
       WHERE u.id = l.user_id`,
      )
    },
    async (client) => {
      const counts = await client.query<{
        users: string
        posts: string
        votes: string
        ledger: string
        week: string
        month: string
      }>(
        `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM posts) AS posts,
              (SELECT count(*) FROM votes) AS votes, (SELECT count(*) FROM points_ledger) AS ledger,
              (SELECT count(*) FROM points_ledger WHERE created_at >= now() - interval '7 days') AS week,
              (SELECT count(*) FROM points_ledger WHERE created_at >= now() - interval '30 days') AS month`,
      )
      const row = counts.rows[0]
      return {
        users: Number(row?.users),
        posts: Number(row?.posts),
        votes: Number(row?.votes),
        ledger: Number(row?.ledger),
        ledgerLastWeek: Number(row?.week),
        ledgerLastMonth: Number(row?.month),
        seconds: (Date.now() - started) / 1000,
      }
    },
  )
}
