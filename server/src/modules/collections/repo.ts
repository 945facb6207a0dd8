import type { Database } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'
import { type PostCardRow, selectPostCards } from '../posts/repo.ts'

/*
 * Every query of saved posts and collections, but the caller's saved marks on post cards (posts/repo.ts
 * findMarksOf, through posts/member-marks-reader.ts). The save statements follow the vote's pattern
 * (posts/votes-repo.ts castVote): one statement reads the post, writes the row and moves the post's count,
 * so the count always equals a recount of the rows and a repeated press writes nothing.
 */

/** What a save or unsave statement found and did. */
export interface SaveOutcome {
  /** False when no post has that id (nothing was written). */
  found: boolean
  /** Whether the row was written (inserted or deleted) by this statement. */
  changed: boolean
  /** The post's saved count after the statement (the count read with it when nothing changed). */
  savedCount: number
}

interface SaveRow {
  read_count: number
  saved_count: number | null
}

function outcome(rows: SaveRow[]): SaveOutcome {
  const row = rows[0]
  if (!row) return { found: false, changed: false, savedCount: 0 }
  if (row.saved_count === null) return { found: true, changed: false, savedCount: row.read_count }
  return { found: true, changed: true, savedCount: row.saved_count }
}

/**
 * Saves a post for a user in one statement. The post is locked FOR KEY SHARE, which no other save
 * waits for but which keeps it from being deleted meanwhile. A second save of the same post (or the
 * same user's concurrent one) inserts nothing and leaves the count alone: ON CONFLICT waits for the
 * other insert and then does nothing.
 */
export async function savePost(db: Kysely<Database>, userId: string, postId: string): Promise<SaveOutcome> {
  const { rows } = await sql<SaveRow>`
    WITH target AS (
      SELECT p.id, p.saved_count FROM posts p WHERE p.id = ${postId} FOR KEY SHARE
    ), kept AS (
      INSERT INTO saves (user_id, post_id)
      SELECT ${userId}::uuid, target.id FROM target
      ON CONFLICT (user_id, post_id) DO NOTHING
      RETURNING post_id
    ), counted AS (
      UPDATE posts SET saved_count = saved_count + 1
      FROM kept WHERE posts.id = kept.post_id
      RETURNING posts.saved_count
    )
    SELECT target.saved_count AS read_count, counted.saved_count
    FROM target LEFT JOIN counted ON true`.execute(db)
  return outcome(rows)
}

/** Unsaves a post in one statement (the mirror of {@link savePost}; the count never goes below 0). */
export async function unsavePost(db: Kysely<Database>, userId: string, postId: string): Promise<SaveOutcome> {
  const { rows } = await sql<SaveRow>`
    WITH target AS (
      SELECT p.id, p.saved_count FROM posts p WHERE p.id = ${postId} FOR KEY SHARE
    ), dropped AS (
      DELETE FROM saves s USING target
      WHERE s.user_id = ${userId} AND s.post_id = target.id
      RETURNING s.post_id
    ), counted AS (
      UPDATE posts SET saved_count = greatest(0, saved_count - 1)
      FROM dropped WHERE posts.id = dropped.post_id
      RETURNING posts.saved_count
    )
    SELECT target.saved_count AS read_count, counted.saved_count
    FROM target LEFT JOIN counted ON true`.execute(db)
  return outcome(rows)
}

/** Whether the user saved the post, and the post's saved count (undefined when there is no post). */
export async function findSaveState(
  db: Kysely<Database>,
  userId: string,
  postId: string,
): Promise<{ saved: boolean; savedCount: number } | undefined> {
  const row = await db
    .selectFrom('posts as p')
    .leftJoin('saves as s', (join) => join.onRef('s.post_id', '=', 'p.id').on('s.user_id', '=', userId))
    .select(['p.saved_count', 's.user_id'])
    .where('p.id', '=', postId)
    .executeTakeFirst()
  return row ? { saved: row.user_id !== null, savedCount: row.saved_count } : undefined
}

/** How many posts the user saved. */
export async function countSavedPosts(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('saves')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A card row with the whole description as text, for exports (a card carries only its start). */
export type ExportablePostRow = PostCardRow & { description_text: string }

/** A window of the user's saved posts as card rows, the most recently saved first. */
export function listSavedPostCards(
  db: Kysely<Database>,
  userId: string,
  window: { limit: number; offset: number },
): Promise<ExportablePostRow[]> {
  return selectPostCards(db)
    .select('p.description_text')
    .innerJoin('saves as s', 's.post_id', 'p.id')
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.post_id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute()
}

// ---------------------------------------------------------------------------------------------
// Collections
// ---------------------------------------------------------------------------------------------

/** A collection with its owner's name and avatar and the number of posts it holds. */
export interface CollectionWithOwnerRow {
  id: string
  owner_id: string
  name: string
  slug: string
  description: string
  public: boolean
  created_at: Date
  updated_at: Date
  owner_username: string
  owner_avatar: string | null
  post_count: number
}

function selectCollections(db: Kysely<Database>) {
  return db
    .selectFrom('collections as c')
    .innerJoin('users as u', 'u.id', 'c.owner_id')
    .select([
      'c.id',
      'c.owner_id',
      'c.name',
      'c.slug',
      'c.description',
      'c.public',
      'c.created_at',
      'c.updated_at',
      'u.username as owner_username',
      'u.avatar as owner_avatar',
      sql<number>`(SELECT count(*)::int FROM collection_posts cp WHERE cp.collection_id = c.id)`.as(
        'post_count',
      ),
    ])
}

/** One collection by id, or undefined. */
export function findCollectionById(
  db: Kysely<Database>,
  id: string,
): Promise<CollectionWithOwnerRow | undefined> {
  return selectCollections(db).where('c.id', '=', id).executeTakeFirst()
}

/** One collection by its owner's username (any case) and its slug, or undefined. */
export function findCollectionBySlug(
  db: Kysely<Database>,
  username: string,
  slug: string,
): Promise<CollectionWithOwnerRow | undefined> {
  return selectCollections(db)
    .where(sql<boolean>`lower(u.username) = lower(${username})`)
    .where('c.slug', '=', slug)
    .executeTakeFirst()
}

/**
 * A user's collections, the most recently updated first; only the public ones when `publicOnly`.
 * With `containsPost`, each row says whether that post is in it.
 */
export async function listCollectionsOf(
  db: Kysely<Database>,
  ownerId: string,
  opts: { publicOnly: boolean; containsPost?: string | undefined },
): Promise<Array<CollectionWithOwnerRow & { has_post: boolean | null }>> {
  let query = selectCollections(db)
    .select(
      opts.containsPost === undefined
        ? sql<null>`null`.as('has_post')
        : sql<boolean>`EXISTS (SELECT 1 FROM collection_posts cp
            WHERE cp.collection_id = c.id AND cp.post_id = ${opts.containsPost})`.as('has_post'),
    )
    .where('c.owner_id', '=', ownerId)
  if (opts.publicOnly) query = query.where('c.public', '=', true)
  return query.orderBy('c.updated_at', 'desc').orderBy('c.id').execute()
}

/** A user by username (any case), or undefined. */
export function findUserByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<{ id: string; username: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(sql<boolean>`lower(username) = lower(${username})`)
    .executeTakeFirst()
}

/**
 * Serialises the collection writes of one owner (create, with its count limit and slug choice) for
 * the rest of the transaction, without locking the user's row, which votes and points update.
 */
export async function lockOwnerCollections(trx: Transaction<Database>, ownerId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('collections'), hashtext(${ownerId}))`.execute(trx)
}

/** How many collections the user owns. */
export async function countCollectionsOf(db: Kysely<Database>, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The owner's slugs that are `base` or `base-<n>`. */
export async function findSlugsLike(db: Kysely<Database>, ownerId: string, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('collections')
    .select('slug')
    .where('owner_id', '=', ownerId)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute()
  return rows.map((row) => row.slug)
}

/** Whether the owner has another collection with this name (compared without case). */
export async function isNameTaken(
  db: Kysely<Database>,
  ownerId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('collections')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
  if (exceptId) query = query.where('id', '<>', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

/** Inserts a collection; returns its id. */
export async function insertCollection(
  trx: Transaction<Database>,
  values: { ownerId: string; name: string; slug: string; description: string; public: boolean },
): Promise<string> {
  const row = await trx
    .insertInto('collections')
    .values({
      owner_id: values.ownerId,
      name: values.name,
      slug: values.slug,
      description: values.description,
      public: values.public,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Locks the owner's collection for the rest of the transaction (its post list and order change one
 * writer at a time). Undefined when there is no such collection or someone else owns it.
 */
export function lockOwnedCollection(
  trx: Transaction<Database>,
  id: string,
  ownerId: string,
): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('collections')
    .select('id')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .forUpdate()
    .executeTakeFirst()
}

/** Changes a collection's name, description or visibility, and moves its `updated_at`. */
export async function updateCollection(
  trx: Transaction<Database>,
  id: string,
  changes: { name?: string; description?: string; public?: boolean },
): Promise<void> {
  await trx
    .updateTable('collections')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

/** Deletes the owner's collection (its entries cascade); false when there was none. */
export async function deleteOwnedCollection(
  db: Kysely<Database>,
  id: string,
  ownerId: string,
): Promise<boolean> {
  const rows = await db
    .deleteFrom('collections')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning('id')
    .execute()
  return rows.length > 0
}

/** Whether a post exists (and keeps it from being deleted until the transaction ends). */
export async function lockPostKey(trx: Transaction<Database>, postId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('posts')
    .select('id')
    .where('id', '=', postId)
    .forKeyShare()
    .executeTakeFirst()
  return row !== undefined
}

/** The collection's post ids in order (call with the collection locked). */
export async function findCollectionPostIds(db: Kysely<Database>, collectionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('collection_posts')
    .select('post_id')
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .orderBy('added_at')
    .orderBy('post_id')
    .execute()
  return rows.map((row) => row.post_id)
}

/** Adds a post at the end of the collection; false when it was there already. */
export async function appendCollectionPost(
  trx: Transaction<Database>,
  collectionId: string,
  postId: string,
): Promise<boolean> {
  const { rows } = await sql<{ post_id: string }>`
    INSERT INTO collection_posts (collection_id, post_id, position)
    SELECT ${collectionId}::uuid, ${postId}::uuid,
      coalesce((SELECT max(position) FROM collection_posts WHERE collection_id = ${collectionId}), -1) + 1
    ON CONFLICT (collection_id, post_id) DO NOTHING
    RETURNING post_id`.execute(trx)
  return rows.length > 0
}

/** Takes a post out of a collection; false when it was not in it. */
export async function removeCollectionPost(
  trx: Transaction<Database>,
  collectionId: string,
  postId: string,
): Promise<boolean> {
  const rows = await trx
    .deleteFrom('collection_posts')
    .where('collection_id', '=', collectionId)
    .where('post_id', '=', postId)
    .returning('post_id')
    .execute()
  return rows.length > 0
}

/** Gives each post of the collection its index in `postIds` as its position, in one statement. */
export async function setCollectionOrder(
  trx: Transaction<Database>,
  collectionId: string,
  postIds: readonly string[],
): Promise<void> {
  if (postIds.length === 0) return
  await sql`
    UPDATE collection_posts cp SET position = o.n - 1
    FROM unnest(${[...postIds]}::uuid[]) WITH ORDINALITY AS o(post_id, n)
    WHERE cp.collection_id = ${collectionId} AND cp.post_id = o.post_id`.execute(trx)
}

/** Moves a collection's `updated_at` to now (its posts or order changed). */
export async function touchCollection(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.updateTable('collections').set({ updated_at: sql`now()` }).where('id', '=', id).execute()
}

/** The collection's posts as card rows, in the owner's order. */
export function listCollectionPostCards(
  db: Kysely<Database>,
  collectionId: string,
): Promise<ExportablePostRow[]> {
  return selectPostCards(db)
    .select('p.description_text')
    .innerJoin('collection_posts as cp', 'cp.post_id', 'p.id')
    .where('cp.collection_id', '=', collectionId)
    .orderBy('cp.position')
    .orderBy('cp.added_at')
    .orderBy('cp.post_id')
    .execute()
}

/** The head of a public collection's page: its name, description, owner and post count. */
export async function findPublicCollectionMeta(
  db: Kysely<Database>,
  username: string,
  slug: string,
): Promise<CollectionWithOwnerRow | undefined> {
  const row = await findCollectionBySlug(db, username, slug)
  return row?.public ? row : undefined
}
