import type { Database, NotificationRow, PointsReason } from '@bashboard/db'
import { preparedAs } from '@bashboard/db'
import { type Kysely, type SqlBool, sql } from 'kysely'

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
  created_at: Date
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
    'p.created_at',
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

/**
 * Adds a points ledger entry and applies it to the user's total, floored at 0 (DESIGN §4). Call inside
 * the transaction of the change the points are for. Returns the user's new total.
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

/** The post a vote is about, with the voter's current vote (null when none), read without a lock. */
export interface VoteTarget {
  author_id: string
  title: string
  slug: string
  uplike_count: number
  downlike_count: number
  held: number | null
}

/** The post a vote is about and the voter's current vote on it, in one query. */
export function findVoteTarget(
  db: Kysely<Database>,
  postId: string,
  voterId: string,
): Promise<VoteTarget | undefined> {
  return db
    .selectFrom('posts as p')
    .leftJoin('votes as v', (join) => join.onRef('v.post_id', '=', 'p.id').on('v.user_id', '=', voterId))
    .select(['p.author_id', 'p.title', 'p.slug', 'p.uplike_count', 'p.downlike_count', 'v.value as held'])
    .where('p.id', '=', postId)
    .executeTakeFirst()
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

/** A ledger entry's points and reason. */
export interface LedgerStep {
  delta: number
  reason: PointsReason
}

/** Everything one vote writes, decided by the caller; see {@link castVote}. */
export interface VoteWrite {
  voterId: string
  postId: string
  authorId: string
  value: 1 | -1
  /** The author's entry for this vote. */
  earned: LedgerStep
  /** The entry taking back the opposite vote, written first when the vote switches. */
  reversed: LedgerStep
  /** The author's upvote batch notification (upvotes only). */
  upvoteNotice: { link: string; firstText: string; prefix: string; suffix: string } | null
  /** New totals (after a gain of `delta`) that reach a higher tier, with the notification text. */
  tierCrossings: ReadonlyArray<{ total: number; delta: number; text: string }>
}

/** What a vote changed: the post's new counts and the notifications written for its author. */
export interface VoteChange {
  status: 'changed'
  uplikeCount: number
  downlikeCount: number
  /** The vote row's `updated_at`: the moderation history dates the vote by it, so the live item matches. */
  votedAt: Date
  /** The upvote batch row grown or started (upvotes only). */
  upvoteNoticeId: string | null
  /** The tier notification written, with the author's unread count once it is added. */
  tier: { row: NotificationRow; unreadCount: number } | null
}

/**
 * What {@link castVote} did: changed the vote, found it already held (the same user's concurrent
 * press won), or found the post gone.
 */
export type VoteOutcome = VoteChange | { status: 'unchanged' } | { status: 'gone' }

interface VoteRow {
  uplike_count: number | null
  downlike_count: number | null
  voted_at: Date | null
  upvote_notice_id: string | null
  tier_id: string | null
  tier_text: string | null
  tier_created_at: Date | null
  tier_updated_at: Date | null
  tier_unread_count: number | null
}

/**
 * Casts a vote in ONE statement, so it commits on its own: no BEGIN/COMMIT round trips and no lock
 * held across one.
 *
 * The state machine rests on the upsert: values are only +1 and −1, so `ON CONFLICT … DO UPDATE …
 * WHERE votes.value <> excluded.value` either inserts (a new vote: `xmax = 0` on a fresh row),
 * switches the held vote (the updated row carries our transaction id in xmax), or returns no row
 * (the held vote pressed again: nothing else runs, since every later step reads `vote`). ON CONFLICT
 * locks the existing row and re-checks the WHERE on its latest version, so one user's concurrent
 * presses are applied one at a time and never twice.
 *
 * The post row is not locked for update: the counts change by increments, which PostgreSQL applies
 * one after another on the row's own lock, so they always equal a recount. It is locked FOR KEY
 * SHARE first, which no other vote waits for, but which keeps the post from being deleted while the
 * vote is written (a delete would otherwise wait for the vote row while this vote waits for the post,
 * a deadlock). Each step reads the one before, so the row locks are taken in one order: post, vote,
 * post counts, author, notifications (then the ledger's daily rollup, after the author like elsewhere).
 */
export async function castVote(db: Kysely<Database>, input: VoteWrite): Promise<VoteOutcome> {
  // The count the vote raises, and the one a switch lowers (never below 0).
  const [raised, lowered] =
    input.value > 0 ? ['uplike_count', 'downlike_count'] : ['downlike_count', 'uplike_count']
  const notice = input.upvoteNotice
  // Its text differs only by direction, and planning it cost more than running it: see preparedAs.
  const { rows } = await sql<VoteRow>`${preparedAs(input.value > 0 ? 'cast_upvote' : 'cast_downvote')}
    WITH target AS (
      SELECT id FROM posts WHERE id = ${input.postId} FOR KEY SHARE
    ), vote AS (
      INSERT INTO votes (user_id, post_id, value)
      SELECT ${input.voterId}::uuid, target.id, ${input.value}::smallint FROM target
      ON CONFLICT (user_id, post_id) DO UPDATE SET value = excluded.value, updated_at = now()
        WHERE votes.value <> excluded.value
      RETURNING (xmax = 0) AS inserted, updated_at
    ), counts AS (
      UPDATE posts SET ${sql.ref(raised)} = ${sql.ref(raised)} + 1,
        ${sql.ref(lowered)} = greatest(0, ${sql.ref(lowered)} - (NOT vote.inserted)::int)
      FROM vote WHERE posts.id = ${input.postId}
      RETURNING posts.uplike_count, posts.downlike_count
    ), author AS (
      -- A switch applies both entries at once: they have the same sign, so flooring their sum at 0
      -- gives the total that flooring each in turn gave.
      UPDATE users SET points = greatest(0, points + step.net)
      FROM (
        SELECT CASE WHEN vote.inserted THEN ${input.earned.delta}::int
          ELSE ${input.earned.delta + input.reversed.delta}::int END AS net
        FROM vote, counts
      ) AS step
      WHERE users.id = ${input.authorId}
      RETURNING users.points, step.net
    ), ledger AS (
      INSERT INTO points_ledger (user_id, delta, reason, subject_id, actor_id)
      SELECT ${input.authorId}::uuid, entry.delta, entry.reason, ${input.postId}::uuid, ${input.voterId}::uuid
      FROM vote, author, (VALUES
        (1, ${input.reversed.delta}::int, ${input.reversed.reason}::text),
        (2, ${input.earned.delta}::int, ${input.earned.reason}::text)
      ) AS entry(step, delta, reason)
      WHERE entry.step = 2 OR NOT vote.inserted
      ORDER BY entry.step
    ), notice AS (
      INSERT INTO notifications (user_id, kind, text, link, subject_id)
      SELECT ${input.authorId}::uuid, 'upvotes', ${notice?.firstText ?? null}::text, ${notice?.link ?? null}::text,
        ${input.postId}::uuid
      FROM author WHERE ${notice !== null}::boolean
      ON CONFLICT (user_id, kind, subject_id) WHERE read_at IS NULL AND kind = 'upvotes'
      DO UPDATE SET count = notifications.count + 1,
        text = ${notice?.prefix ?? null}::text || (notifications.count + 1)::text || ${notice?.suffix ?? null}::text,
        link = excluded.link, updated_at = now()
      RETURNING id
    ), tier AS (
      INSERT INTO notifications (user_id, kind, text, link)
      SELECT ${input.authorId}::uuid, 'tier', crossing.text, '/profile'
      FROM author JOIN jsonb_to_recordset(${JSON.stringify(input.tierCrossings)}::jsonb)
        AS crossing(total int, delta int, text text)
        ON crossing.total = author.points AND crossing.delta = author.net
      -- The snapshot predates this statement's rows: the unread count plus the tier row itself.
      RETURNING id, text, created_at, updated_at, (
        SELECT count(*) FROM notifications unread
        WHERE unread.user_id = ${input.authorId} AND unread.read_at IS NULL
      )::int + 1 AS unread_count
    )
    SELECT counts.uplike_count, counts.downlike_count, vote.updated_at AS voted_at, notice.id AS upvote_notice_id,
      tier.id AS tier_id, tier.text AS tier_text, tier.created_at AS tier_created_at,
      tier.updated_at AS tier_updated_at, tier.unread_count AS tier_unread_count
    FROM target
    LEFT JOIN vote ON true
    LEFT JOIN counts ON true
    LEFT JOIN notice ON true
    LEFT JOIN tier ON true`.execute(db)
  const row = rows[0]
  if (!row) return { status: 'gone' }
  if (row.uplike_count === null || row.downlike_count === null || row.voted_at === null) {
    return { status: 'unchanged' }
  }
  const tier = tierRow(input.authorId, row)
  return {
    status: 'changed',
    uplikeCount: row.uplike_count,
    downlikeCount: row.downlike_count,
    votedAt: row.voted_at,
    upvoteNoticeId: row.upvote_notice_id,
    tier: tier ? { row: tier, unreadCount: row.tier_unread_count ?? 1 } : null,
  }
}

/** The tier notification {@link castVote} wrote, as a row (its fixed columns are not read back). */
function tierRow(userId: string, row: VoteRow): NotificationRow | null {
  const { tier_id: id, tier_text: text, tier_created_at: createdAt, tier_updated_at: updatedAt } = row
  if (id === null || text === null || createdAt === null || updatedAt === null) return null
  return {
    id,
    user_id: userId,
    kind: 'tier',
    text,
    link: '/profile',
    subject_id: null,
    count: 1,
    read_at: null,
    created_at: createdAt,
    updated_at: updatedAt,
  }
}
