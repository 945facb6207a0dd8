import type { Database, PointsReason } from '@bashboard/db'
import { type Kysely, sql } from 'kysely'

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

/** The id of the post whose id (when `asId` is set) or slug is `key`, preferring the id. */
export async function resolvePostId(
  db: Kysely<Database>,
  key: string,
  asId: boolean,
): Promise<string | undefined> {
  if (asId) {
    const byId = await db.selectFrom('posts').select('id').where('id', '=', key).executeTakeFirst()
    if (byId) return byId.id
  }
  const bySlug = await db.selectFrom('posts').select('id').where('slug', '=', key).executeTakeFirst()
  return bySlug?.id
}

/** The top posts of a category (most upvoted, then newest), without `excludeId`. */
export function findRelatedPosts(
  db: Kysely<Database>,
  categoryId: string,
  excludeId: string,
  limit: number,
): Promise<PostCardRow[]> {
  return selectPostCards(db)
    .where('p.category_id', '=', categoryId)
    .where('p.id', '<>', excludeId)
    .orderBy('p.uplike_count', 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute()
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

/**
 * Records a view unless this visitor already viewed the post this hour. Returns the new view count
 * when the view counted, else undefined.
 */
export async function recordView(
  db: Kysely<Database>,
  postId: string,
  viewerKey: string,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('post_views')
    .values({ post_id: postId, viewer_key: viewerKey, bucket: sql`date_trunc('hour', now())` })
    .onConflict((oc) => oc.doNothing())
    .returning('post_id')
    .executeTakeFirst()
  if (!inserted) return undefined
  const row = await db
    .updateTable('posts')
    .set({ view_count: sql`view_count + 1` })
    .where('id', '=', postId)
    .returning('view_count')
    .executeTakeFirst()
  return row?.view_count
}
