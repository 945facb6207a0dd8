import type { BlogStatus, BlogsTable, Database } from '@bashboard/db'
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'

/** A blogs row as the presenters read it. */
export type BlogRow = Selectable<BlogsTable>

/** The fields a create or update writes (the slug follows the title). */
export interface BlogWrite {
  slug: string
  title: string
  metadescription: string
  content: string
  image: string | null
  status: BlogStatus
}

/** Number of published articles. */
export async function countPublishedBlogs(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('blogs')
    .where('status', '=', 'published')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** One page of published articles, newest publication first (ties: id, so pages never overlap). */
export function findPublishedBlogs(db: Kysely<Database>, limit: number, offset: number): Promise<BlogRow[]> {
  return db
    .selectFrom('blogs')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

/** A published article by slug, or undefined (drafts are never public). */
export function findPublishedBlogBySlug(db: Kysely<Database>, slug: string): Promise<BlogRow | undefined> {
  return db
    .selectFrom('blogs')
    .selectAll()
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .executeTakeFirst()
}

/** Every article, drafts too, most recently changed first (the console). */
export function findAllBlogs(db: Kysely<Database>): Promise<BlogRow[]> {
  return db.selectFrom('blogs').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').execute()
}

/** An article by id, locked for update when read inside a transaction that changes it. */
export function findBlogForUpdate(trx: Transaction<Database>, id: string): Promise<BlogRow | undefined> {
  return trx.selectFrom('blogs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/** Whether another article already uses this slug. */
export async function isBlogSlugTaken(
  db: Kysely<Database>,
  slug: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = db.selectFrom('blogs').select('id').where('slug', '=', slug)
  if (exceptId) query = query.where('id', '<>', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

/** The columns a create or an update writes from the (already validated) fields. */
function writtenColumns(fields: BlogWrite) {
  return {
    slug: fields.slug,
    title: fields.title,
    metadescription: fields.metadescription,
    content: fields.content,
    image: fields.image,
    status: fields.status,
  }
}

/** Inserts an article; a published one gets `published_at = now()`. */
export function insertBlog(
  trx: Transaction<Database>,
  fields: BlogWrite & { authorId: string; authorName: string },
): Promise<BlogRow> {
  return trx
    .insertInto('blogs')
    .values({
      ...writtenColumns(fields),
      author_id: fields.authorId,
      author_name: fields.authorName,
      published_at: fields.status === 'published' ? sql<Date>`now()` : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Updates an article. `published_at` is set the first time it is published and kept afterwards, so
 * unpublishing and publishing again does not move it to the top of the list.
 */
export function updateBlog(trx: Transaction<Database>, id: string, fields: BlogWrite): Promise<BlogRow> {
  return trx
    .updateTable('blogs')
    .set({
      ...writtenColumns(fields),
      published_at:
        fields.status === 'published' ? sql<Date>`coalesce(published_at, now())` : sql<Date>`published_at`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Deletes an article (its views go with it). */
export async function deleteBlog(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('blogs').where('id', '=', id).execute()
}

/** How many articles use this stored image name (to know whether its file may be removed). */
export async function countBlogsUsingImage(db: Kysely<Database>, image: string): Promise<number> {
  const row = await db
    .selectFrom('blogs')
    .where('image', '=', image)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Records a view unless this visitor already viewed the article this hour. Returns the new view
 * count when the view counted, else undefined.
 */
export async function recordBlogView(
  trx: Transaction<Database>,
  blogId: string,
  viewerKey: string,
): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('blog_views')
    .values({ blog_id: blogId, viewer_key: viewerKey, bucket: sql`date_trunc('hour', now())` })
    .onConflict((oc) => oc.doNothing())
    .returning('blog_id')
    .executeTakeFirst()
  if (!inserted) return undefined
  const row = await trx
    .updateTable('blogs')
    .set({ view_count: sql`view_count + 1` })
    .where('id', '=', blogId)
    .returning('view_count')
    .executeTakeFirst()
  return row?.view_count
}
