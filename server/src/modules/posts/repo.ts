import {
  type Database,
  fixedStatement,
  type PointsReason,
  type PostCommandFlagsTable,
  type PostsTable,
} from '@bashboard/db'
import {
  type Insertable,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely'
import { EXCERPT_LENGTH } from '../../lib/sanitize.ts'
import { isUuid } from '../../lib/slug.ts'

/** What a post card needs, read in one query with its author and category joined (no N+1). */
export interface PostCardRow {
  id: string
  slug: string
  title: string
  command: string
  description: string
  /** The start of the description as text: what the card's excerpt is cut from ({@link EXCERPT_SOURCE}). */
  excerpt_source: string
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
 * The start of the post `p`'s description as text: all a card's excerpt reads (lib/sanitize.ts
 * `excerpt`: at most EXCERPT_LENGTH characters, and one more to tell it was cut). The whole text is on
 * average twice that; what needs all of it (an export, a page's meta description) selects
 * `p.description_text` itself.
 */
export const EXCERPT_SOURCE = sql<string>`left(p.description_text, ${sql.lit(EXCERPT_LENGTH + 1)})`

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
    EXCERPT_SOURCE.as('excerpt_source'),
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

/**
 * The id and category of the post whose id (when `asId` is set), slug or old slug (post_old_slugs: a
 * slug it had before a rename) is `key`, in that order: a primary key or slug index lookup, without the
 * card's joins (the post page reads the card after, post-page-repo.ts). Named statements compiled once:
 * every uncached post page starts here; only a miss on the current slug looks at the old ones.
 */
export async function findPostKey(
  db: Kysely<Database>,
  key: string,
  asId: boolean,
): Promise<PostKey | undefined> {
  // A slug can look like a uuid (a title such as "0000…"), so a miss by id still tries the slug.
  const [byId] = asId ? await postKeyByIdStatement(db, key) : []
  return byId ?? (await postKeyBySlugStatement(db, key))[0] ?? (await postKeyByOldSlugStatement(db, key))[0]
}

/** What {@link findPostKey} finds. */
export interface PostKey {
  id: string
  category_id: string | null
}

const postKeyByIdStatement = fixedStatement<[string], PostKey>(
  'post_key_by_id',
  1,
  (id) => sql`SELECT id, category_id FROM posts WHERE id = ${id}::uuid`,
)

const postKeyBySlugStatement = fixedStatement<[string], PostKey>(
  'post_key_by_slug',
  1,
  (slug) => sql`SELECT id, category_id FROM posts WHERE slug = ${slug}`,
)

const postKeyByOldSlugStatement = fixedStatement<[string], PostKey>(
  'post_key_by_old_slug',
  1,
  (slug) => sql`SELECT p.id, p.category_id FROM post_old_slugs o JOIN posts p ON p.id = o.post_id
    WHERE o.slug = ${slug}`,
)

/**
 * The current slug of the post that had `slug` before a rename (post_old_slugs), or undefined when no
 * post had it (or it is a current slug): one primary key lookup, for the page heads of old addresses.
 */
export async function findSlugReplacing(db: Kysely<Database>, slug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('post_old_slugs as o')
    .innerJoin('posts as p', 'p.id', 'o.post_id')
    .select('p.slug')
    .where('o.slug', '=', slug)
    .executeTakeFirst()
  return row?.slug
}

/** Which posts {@link rankedPostIds} ranks, by what, and the window of the ranking. */
export interface RankedIdsOptions {
  by: 'upvotes' | 'views'
  /** A category id, or SQL giving one (a statement that resolves the category itself). */
  categoryId?: string | RawBuilder<string> | undefined
  excludeId?: string | RawBuilder<string>
  limit: number
  offset: number
}

/**
 * `p.id IN (…)` for a window of posts ranked by votes or views (ties by newest), picked from
 * counters.post_ranks (migration 0006), where those orderings are indexed. They are not indexed on
 * posts, so votes and views update posts in place. The window is written as literals (integers from
 * the callers), so a named statement's generic plan sees it (website/repo.ts pageWindow).
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
    LIMIT ${sql.lit(opts.limit)} OFFSET ${sql.lit(opts.offset)}
  )`
}

/** What a member has done to some posts: their vote on each (+1 or -1) and which they saved. */
export interface MemberMarks {
  votes: ReadonlyMap<string, number>
  saved: ReadonlySet<string>
}

/**
 * The user's votes and saves among `postIds`, in one statement compiled once (@bashboard/db
 * `fixedStatement`): every page a member reads runs it, cached page or not, so it is one round trip
 * and one pool connection rather than one for each table.
 */
export async function findMarksOf(
  db: Kysely<Database>,
  userId: string,
  postIds: readonly string[],
): Promise<MemberMarks> {
  const votes = new Map<string, number>()
  const saved = new Set<string>()
  if (postIds.length === 0) return { votes, saved }
  for (const row of await marksOfStatement(db, userId, [...new Set(postIds)])) {
    if (row.vote === null) saved.add(row.post_id)
    else votes.set(row.post_id, row.vote)
  }
  return { votes, saved }
}

/**
 * {@link findMarksOf}'s statement (bench/api EXPLAINs it too): a vote row has its value, a save row
 * none (votes.value is never null).
 */
export function marksOfQuery(user: RawBuilder<unknown>, posts: RawBuilder<unknown>) {
  return sql<{ post_id: string; vote: number | null }>`
    SELECT post_id, value AS vote FROM votes WHERE user_id = ${user}::uuid AND post_id = ANY(${posts}::uuid[])
    UNION ALL
    SELECT post_id, NULL FROM saves WHERE user_id = ${user}::uuid AND post_id = ANY(${posts}::uuid[])`
}

const marksOfStatement = fixedStatement<[string, string[]], { post_id: string; vote: number | null }>(
  'marks_of',
  2,
  marksOfQuery,
)

/**
 * Which of a slug and a command key are already used by posts other than `exceptId`: a slug is used
 * when it is another post's current slug or one of its old ones (post_old_slugs), which stay reserved
 * for their post. One statement, so a rename moving a slug between the two tables cannot slip past it.
 */
export async function findTakenPostFields(
  db: Kysely<Database>,
  slug: string | undefined,
  commandKey: string | undefined,
  exceptId?: string,
): Promise<{ slug: boolean; command: boolean }> {
  if (slug === undefined && commandKey === undefined) return { slug: false, command: false }
  const row = await db
    .selectNoFrom((eb) => {
      const usedByPost = (column: 'slug' | 'command_key', value: string) => {
        let query = eb.selectFrom('posts').select('id').where(column, '=', value)
        if (exceptId) query = query.where('id', '<>', exceptId)
        return eb.exists(query)
      }
      const oldSlugOfPost = (value: string) => {
        let query = eb.selectFrom('post_old_slugs').select('post_id').where('slug', '=', value)
        if (exceptId) query = query.where('post_id', '<>', exceptId)
        return eb.exists(query)
      }
      return [
        (slug === undefined ? eb.lit(false) : eb.or([usedByPost('slug', slug), oldSlugOfPost(slug)])).as(
          'slug',
        ),
        (commandKey === undefined ? eb.lit(false) : usedByPost('command_key', commandKey)).as('command'),
      ]
    })
    .executeTakeFirstOrThrow()
  return { slug: row.slug === true, command: row.command === true }
}

/** The current slug of the post (other than `exceptId`) whose command has this key, or undefined. */
export async function findPostSlugByCommandKey(
  db: Kysely<Database>,
  commandKey: string,
  exceptId?: string,
): Promise<string | undefined> {
  let query = db.selectFrom('posts').select('slug').where('command_key', '=', commandKey)
  if (exceptId) query = query.where('id', '<>', exceptId)
  const row = await query.executeTakeFirst()
  return row?.slug
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

/**
 * What an edit of a post reads first, its row locked FOR UPDATE until the transaction ends: with every
 * field an edit can change, which the edit keeps as a revision.
 */
export function lockPostForEdit(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom('posts')
    .select([
      'id',
      'author_id',
      'category_id',
      'slug',
      'title',
      'command',
      'tags',
      'description',
      'description_text',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
}

export type LockedPost = NonNullable<Awaited<ReturnType<typeof lockPostForEdit>>>

/** Writes an edit's changed fields and dates it (`updated_at` and `edited_at`: now). */
export async function updatePostFields(trx: Transaction<Database>, id: string, changes: PostChanges) {
  await trx
    .updateTable('posts')
    .set({ ...changes, updated_at: sql`now()`, edited_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

/**
 * A rename's slugs: `from` becomes one of the post's old slugs, and `to`, if it was one (renamed back),
 * is current again. Only called with the post locked; `from` is already an old slug only when rows
 * were written by hand, and then whichever post had it first keeps it.
 */
export async function moveSlug(trx: Transaction<Database>, postId: string, from: string, to: string) {
  await trx.deleteFrom('post_old_slugs').where('slug', '=', to).where('post_id', '=', postId).execute()
  await trx
    .insertInto('post_old_slugs')
    .values({ slug: from, post_id: postId })
    .onConflict((conflict) => conflict.column('slug').doNothing())
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
