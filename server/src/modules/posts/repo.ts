import type {
  Database,
  PointsReason,
  PostCommandFlagsTable,
  PostsTable,
  VoteEffectsTable,
} from '@bashboard/db'
import { preparedAs } from '@bashboard/db'
import {
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely'
import { isUuid } from '../../lib/slug.ts'

/** What a post card needs, read in one query with its author and category joined (no N+1). */
export interface PostCardRow {
  id: string
  slug: string
  title: string
  command: string
  description: string
  description_text: string
  tags: string[]
  uplike_count: number
  downlike_count: number
  view_count: number
  comments_count: number
  saved_count: number
  created_at: Date
  edited_at: Date | null
  author_id: string
  author_username: string
  author_avatar: string | null
  author_points: number
  author_created_at: Date
  category_id: string | null
  category_name: string | null
}

/**
 * Posts aliased `p` with their author `u` and category `c` joined, before any select: the base of
 * post cards here and of the feeds' and page metadata's post rows (site repo).
 */
export function postsWithAuthorAndCategory(db: Kysely<Database>) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
}

/**
 * The base query of every post list: posts aliased `p`, the author `u` and the category `c` joined.
 * Callers add their filter, order and limit. Works on a transaction too.
 */
export function selectPostCards(db: Kysely<Database>) {
  return postsWithAuthorAndCategory(db).select([
    'p.id',
    'p.slug',
    'p.title',
    'p.command',
    'p.description',
    'p.description_text',
    'p.tags',
    'p.uplike_count',
    'p.downlike_count',
    'p.view_count',
    'p.comments_count',
    'p.saved_count',
    'p.created_at',
    'p.edited_at',
    'u.id as author_id',
    'u.username as author_username',
    'u.avatar as author_avatar',
    'u.points as author_points',
    'u.created_at as author_created_at',
    'c.id as category_id',
    'c.name as category_name',
  ])
}

/** One post card by id, or undefined. */
export function findPostCardById(db: Kysely<Database>, id: string): Promise<PostCardRow | undefined> {
  return selectPostCards(db).where('p.id', '=', id).executeTakeFirst()
}

/** The card of the post whose id (when `asId` is set) or slug is `key`, preferring the id. */
export async function findPostCardByIdOrSlug(
  db: Kysely<Database>,
  key: string,
  asId: boolean,
): Promise<PostCardRow | undefined> {
  // A slug can look like a uuid (a title such as "0000…"), so a miss by id still tries the slug.
  const byId = asId ? await findPostCardById(db, key) : undefined
  return byId ?? selectPostCards(db).where('p.slug', '=', key).executeTakeFirst()
}

/** The top posts of a category (most upvoted, then newest), without `excludeId`. */
export function findRelatedPosts(
  db: Kysely<Database>,
  categoryId: string,
  excludeId: string,
  limit: number,
): Promise<PostCardRow[]> {
  return findRelatedPostsQuery(db, categoryId, excludeId, limit).execute()
}

/** The query of {@link findRelatedPosts} (exposed so tests can EXPLAIN it). */
export function findRelatedPostsQuery(
  db: Kysely<Database>,
  categoryId: string,
  excludeId: string,
  limit: number,
) {
  return selectPostCards(db)
    .where(rankedPostIds({ by: 'upvotes', categoryId, excludeId, limit, offset: 0 }))
    .orderBy('p.uplike_count', 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(limit)
}

/** Which posts {@link rankedPostIds} ranks, by what, and the window of the ranking. */
export interface RankedIdsOptions {
  by: 'upvotes' | 'views'
  categoryId?: string | undefined
  excludeId?: string
  limit: number
  offset: number
}

/**
 * `p.id IN (…)` for a window of posts ranked by votes or views (ties by newest), picked from
 * counters.post_ranks (migration 0006), where those orderings are indexed. They are not indexed on
 * posts, so votes and views update posts in place.
 */
export function rankedPostIds(opts: RankedIdsOptions) {
  const column = sql.ref(opts.by === 'upvotes' ? 'r.uplike_count' : 'r.view_count')
  const filters = [
    ...(opts.categoryId ? [sql`r.category_id = ${opts.categoryId}`] : []),
    ...(opts.excludeId ? [sql`r.post_id <> ${opts.excludeId}`] : []),
  ]
  const where = filters.length > 0 ? sql`WHERE ${sql.join(filters, sql` AND `)}` : sql``
  return sql<SqlBool>`p.id IN (
    SELECT r.post_id FROM counters.post_ranks r ${where}
    ORDER BY ${column} DESC, r.created_at DESC
    LIMIT ${opts.limit} OFFSET ${opts.offset}
  )`
}

/** The user's votes among `postIds`, in one query. */
export async function findVotesOf(
  db: Kysely<Database>,
  userId: string,
  postIds: readonly string[],
): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('votes')
    .select(['post_id', 'value'])
    .where('user_id', '=', userId)
    .where('post_id', 'in', [...postIds])
    .execute()
  return new Map(rows.map((row) => [row.post_id, row.value]))
}

/** The posts among `postIds` that the user saved, in one query. */
export async function findSavedPostIds(
  db: Kysely<Database>,
  userId: string,
  postIds: readonly string[],
): Promise<Set<string>> {
  if (postIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('saves')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('post_id', 'in', [...new Set(postIds)])
    .execute()
  return new Set(rows.map((row) => row.post_id))
}

/** Which of a slug and a command key are already used by posts other than `exceptId`. */
export async function findTakenPostFields(
  db: Kysely<Database>,
  slug: string | undefined,
  commandKey: string | undefined,
  exceptId?: string,
): Promise<{ slug: boolean; command: boolean }> {
  if (slug === undefined && commandKey === undefined) return { slug: false, command: false }
  let query = db
    .selectFrom('posts')
    .select(['slug', 'command_key'])
    .where((eb) => {
      const clauses = []
      if (slug !== undefined) clauses.push(eb('slug', '=', slug))
      if (commandKey !== undefined) clauses.push(eb('command_key', '=', commandKey))
      return eb.or(clauses)
    })
  if (exceptId) query = query.where('id', '<>', exceptId)
  const rows = await query.execute()
  return {
    slug: slug !== undefined && rows.some((row) => row.slug === slug),
    command: commandKey !== undefined && rows.some((row) => row.command_key === commandKey),
  }
}

/** The id of the category whose id or slug is `key`, or undefined. */
export async function resolveCategoryId(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where((eb) => (isUuid(key) ? eb.or([eb('id', '=', key), eb('slug', '=', key)]) : eb('slug', '=', key)))
    .executeTakeFirst()
  return row?.id
}

/** Inserts a post and returns its id. */
export function insertPost(db: Kysely<Database>, post: Insertable<PostsTable>): Promise<{ id: string }> {
  return db.insertInto('posts').values(post).returning('id').executeTakeFirstOrThrow()
}

/** The post fields an edit may change. */
export type PostChanges = Pick<
  Updateable<PostsTable>,
  'title' | 'slug' | 'command' | 'command_key' | 'tags' | 'description' | 'description_text' | 'category_id'
>

/** What an edit of a post reads first, its row locked FOR UPDATE until the transaction ends. */
export function lockPostForEdit(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom('posts')
    .select(['id', 'author_id', 'category_id', 'command', 'tags'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
}

/** Writes an edit's changed fields and dates it (`updated_at` and `edited_at`: now). */
export async function updatePostFields(trx: Transaction<Database>, id: string, changes: PostChanges) {
  await trx
    .updateTable('posts')
    .set({ ...changes, updated_at: sql`now()`, edited_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

/** What a deletion of a post reads first, its row locked FOR UPDATE until the transaction ends. */
export function lockPostForDelete(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom('posts')
    .select(['id', 'author_id', 'category_id', 'title'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
}

/** Deletes a post's row (its votes, comments and views cascade). */
export async function deletePostRow(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('posts').where('id', '=', id).execute()
}

/** The stored facts about a post's command that browse filters on (post_command_flags, migration 0013). */
export type CommandFlags = Omit<PostCommandFlagsTable, 'post_id'>

/** Stores the flags of a post's command, replacing the ones it had. */
export async function upsertCommandFlags(
  db: Kysely<Database>,
  postId: string,
  flags: CommandFlags,
): Promise<void> {
  await db
    .insertInto('post_command_flags')
    .values({ post_id: postId, ...flags })
    .onConflict((oc) => oc.column('post_id').doUpdateSet(flags))
    .execute()
}

/** Up to `limit` posts without command flags whose id comes after `after` (all when null), in id order. */
export function findPostsWithoutFlags(
  db: Kysely<Database>,
  after: string | null,
  limit: number,
): Promise<Array<{ id: string; command: string }>> {
  let query = db
    .selectFrom('posts as p')
    .select(['p.id', 'p.command'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('post_command_flags as f').select('f.post_id').whereRef('f.post_id', '=', 'p.id')),
      ),
    )
  if (after !== null) query = query.where('p.id', '>', after)
  return query.orderBy('p.id').limit(limit).execute()
}

/**
 * Adds the flags of posts that have none, in one statement. A post deleted since it was read is
 * skipped by the join instead of failing its foreign key; a post flagged meanwhile by an edit keeps
 * the edit's flags (DO NOTHING).
 */
export async function insertMissingCommandFlags(
  db: Kysely<Database>,
  rows: ReadonlyArray<{ postId: string; flags: CommandFlags }>,
): Promise<void> {
  const values = rows.map(
    ({ postId, flags }) =>
      sql`(${postId}::uuid, ${flags.has_placeholders}::boolean, ${flags.has_warning}::boolean)`,
  )
  await sql`INSERT INTO post_command_flags (post_id, has_placeholders, has_warning)
      SELECT v.post_id, v.has_placeholders, v.has_warning
      FROM (VALUES ${sql.join(values)}) AS v(post_id, has_placeholders, has_warning)
      JOIN posts p ON p.id = v.post_id
      ON CONFLICT (post_id) DO NOTHING`.execute(db)
}

/**
 * Adds a points ledger entry and applies it to the user's total, floored at 0 (docs/product-rules.md#points).
 * Call inside the transaction of the change the points are for. Returns the user's new total.
 */
export async function recordPoints(
  db: Kysely<Database>,
  entry: { userId: string; delta: number; reason: PointsReason; subjectId: string; actorId: string | null },
): Promise<number> {
  if (entry.delta === 0) {
    const row = await db
      .selectFrom('users')
      .select('points')
      .where('id', '=', entry.userId)
      .executeTakeFirst()
    return row?.points ?? 0
  }
  await db
    .insertInto('points_ledger')
    .values({
      user_id: entry.userId,
      delta: entry.delta,
      reason: entry.reason,
      subject_id: entry.subjectId,
      actor_id: entry.actorId,
    })
    .execute()
  // The new total lets callers tell a tier crossing (after − delta is the old total when delta > 0).
  const row = await db
    .updateTable('users')
    .set({ points: sql`greatest(0, points + ${entry.delta})` })
    .where('id', '=', entry.userId)
    .returning('points')
    .executeTakeFirst()
  return row?.points ?? 0
}

/** The sum of the user's ledger entries about a post (what deleting the post takes back). */
export async function sumPointsForSubject(
  db: Kysely<Database>,
  userId: string,
  subjectId: string,
): Promise<number> {
  const row = await db
    .selectFrom('points_ledger')
    .select(sql<string>`coalesce(sum(delta), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('subject_id', '=', subjectId)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/** Changes a user's and a category's post counts by `delta` (never below 0). */
export async function adjustPostCounts(
  db: Kysely<Database>,
  authorId: string,
  categoryId: string | null,
  delta: 1 | -1,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ post_count: sql`greatest(0, post_count + ${delta})` })
    .where('id', '=', authorId)
    .execute()
  if (categoryId) await adjustCategoryCount(db, categoryId, delta)
}

/** Changes a category's post count by `delta` (never below 0). */
export async function adjustCategoryCount(db: Kysely<Database>, categoryId: string, delta: 1 | -1) {
  await db
    .updateTable('categories')
    .set({ post_count: sql`greatest(0, post_count + ${delta})` })
    .where('id', '=', categoryId)
    .execute()
}

/** One visit to count: a post and the key its visitor is counted under. */
export interface PendingView {
  postId: string
  viewerKey: string
}

/**
 * Counts a batch of visits in one statement: one `post_views` row per post, visitor and hour (a
 * visitor seen this hour adds nothing), and each post's view count grows by its new rows. Visits to
 * posts deleted meanwhile are skipped. Returns the new view count of each post that grew.
 */
export async function countViews(
  db: Kysely<Database>,
  views: readonly PendingView[],
): Promise<Array<{ id: string; view_count: number }>> {
  if (views.length === 0) return []
  const postIds = views.map((view) => view.postId)
  const viewerKeys = views.map((view) => view.viewerKey)
  const { rows } = await sql<{ id: string; view_count: number }>`
    WITH visit AS (
      SELECT DISTINCT i.post_id, i.viewer_key
      FROM unnest(${postIds}::uuid[], ${viewerKeys}::text[]) AS i(post_id, viewer_key)
      JOIN posts p ON p.id = i.post_id
    ), viewed AS (
      INSERT INTO post_views (post_id, viewer_key, bucket)
      SELECT post_id, viewer_key, date_trunc('hour', now()) FROM visit
      ON CONFLICT DO NOTHING
      RETURNING post_id
    )
    UPDATE posts SET view_count = view_count + grown.n
    FROM (SELECT post_id, count(*)::int AS n FROM viewed GROUP BY post_id) AS grown
    WHERE posts.id = grown.post_id
    RETURNING posts.id, posts.view_count`.execute(db)
  return rows
}

/** A post's vote counts. */
export function findVoteCounts(
  db: Kysely<Database>,
  postId: string,
): Promise<{ uplike_count: number; downlike_count: number } | undefined> {
  return db
    .selectFrom('posts')
    .select(['uplike_count', 'downlike_count'])
    .where('id', '=', postId)
    .executeTakeFirst()
}

/**
 * What {@link castVote} found and did. `post` is undefined when no post has that id. Otherwise
 * `changed` holds the new counts when the vote was written; it is null when nothing was written: the
 * voter is the author, the voter already had this vote when the statement began (`callerVote`, with
 * the counts then), or the same user's concurrent press won the race (counts since changed).
 */
export interface VoteOutcome {
  post?: {
    authorId: string
    title: string
    /** The voter's vote when the statement began: 1, −1 or null. */
    callerVote: number | null
    uplikeCount: number
    downlikeCount: number
  }
  changed: {
    uplikeCount: number
    downlikeCount: number
    /** The vote row's `updated_at`: the moderation history dates the vote by it, so the live item matches. */
    votedAt: Date
  } | null
}

interface VoteRow {
  author_id: string
  title: string
  caller_vote: number | null
  read_uplike_count: number
  read_downlike_count: number
  uplike_count: number | null
  downlike_count: number | null
  voted_at: Date | null
}

/**
 * Casts a vote in ONE statement, which commits on its own: it reads the post and the voter's vote,
 * and when the vote changes, writes it, the post's counts and one `vote_effects` row. What the vote
 * owes the author (ledger, total, notifications) is settled from that row in a later batch
 * (vote-settler.ts), so no vote waits on the author's row.
 *
 * The state machine rests on the upsert: values are only +1 and −1, so `ON CONFLICT … DO UPDATE …
 * WHERE votes.value <> excluded.value` either inserts (a new vote: `xmax = 0` on a fresh row),
 * switches the caller's vote (the updated row carries our transaction id in xmax), or returns no row
 * (the caller's vote pressed again: nothing else runs, since every later step reads `vote`). ON CONFLICT
 * locks the existing row and re-checks the WHERE on its latest version, so one user's concurrent
 * presses are applied one at a time and never twice.
 *
 * The post row is not locked for update: the counts change by increments, which PostgreSQL applies
 * one after another on the row's own lock, so they always equal a recount. It is locked FOR KEY
 * SHARE first, which no other vote waits for, but which keeps the post from being deleted while the
 * vote is written (a delete would otherwise wait for the vote row while this vote waits for the post,
 * a deadlock).
 *
 * Sent as a named prepared statement (one per direction): planning it cost more than running it.
 */
export async function castVote(
  db: Kysely<Database>,
  input: { voterId: string; postId: string; value: 1 | -1 },
): Promise<VoteOutcome> {
  // The count the vote raises, and the one a switch lowers (never below 0).
  const [raised, lowered] =
    input.value > 0 ? ['uplike_count', 'downlike_count'] : ['downlike_count', 'uplike_count']
  const { rows } = await sql<VoteRow>`${preparedAs(input.value > 0 ? 'cast_upvote' : 'cast_downvote')}
    WITH target AS (
      SELECT p.id, p.author_id, p.title, p.uplike_count, p.downlike_count, mine.value AS caller_vote
      FROM posts p
      LEFT JOIN votes mine ON mine.post_id = p.id AND mine.user_id = ${input.voterId}
      WHERE p.id = ${input.postId}
      FOR KEY SHARE OF p
    ), vote AS (
      INSERT INTO votes (user_id, post_id, value)
      SELECT ${input.voterId}::uuid, target.id, ${input.value}::smallint FROM target
      WHERE target.author_id <> ${input.voterId} AND target.caller_vote IS DISTINCT FROM ${input.value}::smallint
      ON CONFLICT (user_id, post_id) DO UPDATE SET value = excluded.value, updated_at = now()
        WHERE votes.value <> excluded.value
      RETURNING (xmax = 0) AS inserted, updated_at
    ), counts AS (
      UPDATE posts SET ${sql.ref(raised)} = ${sql.ref(raised)} + 1,
        ${sql.ref(lowered)} = greatest(0, ${sql.ref(lowered)} - (NOT vote.inserted)::int)
      FROM vote WHERE posts.id = ${input.postId}
      RETURNING posts.uplike_count, posts.downlike_count
    ), effect AS (
      INSERT INTO vote_effects (post_id, author_id, voter_id, value, switched, voted_at)
      SELECT target.id, target.author_id, ${input.voterId}::uuid, ${input.value}::smallint,
        NOT vote.inserted, vote.updated_at
      FROM target, vote
    )
    SELECT target.author_id, target.title, target.caller_vote,
      target.uplike_count AS read_uplike_count, target.downlike_count AS read_downlike_count,
      counts.uplike_count, counts.downlike_count, vote.updated_at AS voted_at
    FROM target
    LEFT JOIN vote ON true
    LEFT JOIN counts ON true`.execute(db)
  const row = rows[0]
  if (!row) return { changed: null }
  const post = {
    authorId: row.author_id,
    title: row.title,
    callerVote: row.caller_vote,
    uplikeCount: row.read_uplike_count,
    downlikeCount: row.read_downlike_count,
  }
  if (row.uplike_count === null || row.downlike_count === null || row.voted_at === null) {
    return { post, changed: null }
  }
  return {
    post,
    changed: { uplikeCount: row.uplike_count, downlikeCount: row.downlike_count, votedAt: row.voted_at },
  }
}

/*
 * The vote settler's statements (vote-settler.ts): it claims the effects castVote queued and applies
 * them, all inside its own transaction.
 */

/** Takes the transaction-scoped advisory lock `key` if no other transaction holds it; false if one does. */
export async function tryAdvisoryXactLock(trx: Transaction<Database>, key: number): Promise<boolean> {
  const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${key}) AS ok`.execute(trx)
  return lock.rows[0]?.ok === true
}

/** A queued vote effect as the settler claims it. */
export type QueuedEffect = Selectable<VoteEffectsTable>

/** Removes up to `limit` queued vote effects (oldest first) and returns them, in no particular order. */
export async function claimVoteEffects(trx: Transaction<Database>, limit: number): Promise<QueuedEffect[]> {
  const { rows } = await sql<QueuedEffect>`
    DELETE FROM vote_effects
    WHERE id IN (SELECT id FROM vote_effects ORDER BY id LIMIT ${limit})
    RETURNING id, post_id, author_id, voter_id, value, switched, voted_at`.execute(trx)
  return rows
}

/** The posts among `ids` that still exist, locked FOR KEY SHARE in id order. */
export function lockPostsForSettling(trx: Transaction<Database>, ids: readonly string[]) {
  return trx
    .selectFrom('posts')
    .select(['id', 'title', 'slug'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forKeyShare()
    .execute()
}

/**
 * The points of the users among `ids` that still exist, locked in id order, like every batch, so two
 * writers never wait on each other in a circle. NO KEY UPDATE leaves the row's key shares free: a vote
 * BY this author checks its foreign key unhindered.
 */
export function lockAuthorPoints(trx: Transaction<Database>, ids: readonly string[]) {
  return trx
    .selectFrom('users')
    .select(['id', 'points'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute()
}

/** The users among `ids` that still exist. */
export function findExistingUsers(trx: Transaction<Database>, ids: readonly string[]) {
  return trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .execute()
}

/** Points ledger entries as one array per column (one statement for a whole batch). */
export interface LedgerColumns {
  user: string[]
  delta: number[]
  reason: string[]
  subject: string[]
  actor: Array<string | null>
  at: Date[]
}

/** Inserts ledger entries given column by column, without touching the users' totals. */
export async function insertLedgerEntries(trx: Transaction<Database>, ledger: LedgerColumns): Promise<void> {
  await sql`
      INSERT INTO points_ledger (user_id, delta, reason, subject_id, actor_id, created_at)
      SELECT * FROM unnest(${ledger.user}::uuid[], ${ledger.delta}::int[], ${ledger.reason}::text[],
        ${ledger.subject}::uuid[], ${ledger.actor}::uuid[], ${ledger.at}::timestamptz[])`.execute(trx)
}

/** Sets each user's points total to its new one (`after`), in one statement. */
export async function setPointsTotals(
  trx: Transaction<Database>,
  totals: ReadonlyArray<{ id: string; after: number }>,
): Promise<void> {
  await sql`
      UPDATE users SET points = total.points
      FROM unnest(${totals.map((t) => t.id)}::uuid[], ${totals.map((t) => t.after)}::int[]) AS total(id, points)
      WHERE users.id = total.id`.execute(trx)
}

/** One post's new upvotes for its author's batch notification, with the notification's texts. */
export interface UpvoteBump {
  authorId: string
  postId: string
  upvotes: number
  texts: { firstText: string; prefix: string; suffix: string; link: string }
}

/**
 * Adds each post's new upvotes to its author's unread batch notification ("Your command "X" got 3 new
 * upvotes"), starting one where none is unread. The caller holds the settle lock, so no other writer
 * starts the same unread row in between. Returns the rows' ids, for the coalesced live push.
 */
export async function bumpUpvoteNotices(
  trx: Transaction<Database>,
  bumps: readonly UpvoteBump[],
): Promise<string[]> {
  if (bumps.length === 0) return []
  const grown = await sql<{ id: string; subject_id: string; user_id: string }>`
    UPDATE notifications SET count = notifications.count + bump.upvotes,
      text = bump.prefix || (notifications.count + bump.upvotes)::text || bump.suffix,
      link = bump.link, updated_at = now()
    FROM ${bumpTable(bumps)}
    WHERE notifications.user_id = bump.user_id AND notifications.kind = 'upvotes'
      AND notifications.subject_id = bump.post_id AND notifications.read_at IS NULL
    RETURNING notifications.id, notifications.subject_id, notifications.user_id`.execute(trx)
  const done = new Set(grown.rows.map((row) => `${row.user_id}/${row.subject_id}`))
  const fresh = bumps.filter((bump) => !done.has(`${bump.authorId}/${bump.postId}`))
  if (fresh.length === 0) return grown.rows.map((row) => row.id)
  const started = await sql<{ id: string }>`
    INSERT INTO notifications (user_id, kind, text, link, subject_id, count)
    SELECT bump.user_id, 'upvotes',
      CASE WHEN bump.upvotes = 1 THEN bump.first_text ELSE bump.prefix || bump.upvotes::text || bump.suffix END,
      bump.link, bump.post_id, bump.upvotes
    FROM ${bumpTable(fresh)}
    ON CONFLICT (user_id, kind, subject_id) WHERE read_at IS NULL AND kind = 'upvotes' DO NOTHING
    RETURNING id`.execute(trx)
  return [...grown.rows.map((row) => row.id), ...started.rows.map((row) => row.id)]
}

/** The bumps as a table `bump` (one array parameter per column), with their notification texts. */
function bumpTable(bumps: readonly UpvoteBump[]) {
  const texts = bumps.map((bump) => bump.texts)
  return sql`unnest(${bumps.map((b) => b.authorId)}::uuid[], ${bumps.map((b) => b.postId)}::uuid[],
    ${bumps.map((b) => b.upvotes)}::int[], ${texts.map((t) => t.firstText)}::text[],
    ${texts.map((t) => t.prefix)}::text[], ${texts.map((t) => t.suffix)}::text[], ${texts.map((t) => t.link)}::text[])
    AS bump(user_id, post_id, upvotes, first_text, prefix, suffix, link)`
}
