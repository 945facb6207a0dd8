import { type Database, fixedStatement } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'

/** A comment joined with what its author card needs. */
export interface CommentWithAuthorRow {
  id: string
  post_id: string
  content: string
  created_at: Date
  edited_at: Date | null
  author_id: string
  username: string
  avatar: string | null
  points: number
  /** The top-level comment this one replies to, or null. */
  parent_id: string | null
  /** Set on a "comment deleted" placeholder (kept because it has replies). */
  deleted_at: Date | null
}

/** The fields a delete needs to check ownership and fix the post's counter. */
export interface CommentOwnerRow {
  id: string
  post_id: string
  author_id: string
  parent_id: string | null
  deleted_at: Date | null
}

type Executor = Kysely<Database> | Transaction<Database>

/** The columns of {@link CommentWithAuthorRow} and where they come from (comments `c`, authors `u`). */
const WITH_AUTHOR = sql`SELECT c.id, c.post_id, c.content, c.created_at, c.edited_at, c.author_id,
    u.username, u.avatar, u.points, c.parent_id, c.deleted_at
  FROM comments c JOIN users u ON u.id = c.author_id`

/** Whether a post with this id exists. Compiled once: every post page's comment list asks it. */
export async function postExists(db: Executor, postId: string): Promise<boolean> {
  return (await postExistsStatement(db, postId)).length > 0
}

const postExistsStatement = fixedStatement<[string], { id: string }>(
  'post_exists',
  1,
  (id) => sql`SELECT id FROM posts WHERE id = ${id}::uuid`,
)

/**
 * Every comment of a post, oldest first (id breaks ties so the order is stable), with their authors.
 * Compiled once: every post page reads it, and no cache holds it.
 */
export function listCommentsOfPost(db: Executor, postId: string): Promise<CommentWithAuthorRow[]> {
  return commentsOfPostStatement(db, postId)
}

const commentsOfPostStatement = fixedStatement<[string], CommentWithAuthorRow>(
  'comments_of_post',
  1,
  (postId) => sql`${WITH_AUTHOR} WHERE c.post_id = ${postId}::uuid ORDER BY c.created_at ASC, c.id ASC`,
)

/** One comment with its author, or undefined. */
export async function findCommentWithAuthor(
  db: Executor,
  commentId: string,
): Promise<CommentWithAuthorRow | undefined> {
  const { rows } = await sql<CommentWithAuthorRow>`${WITH_AUTHOR} WHERE c.id = ${commentId}::uuid`.execute(db)
  return rows[0]
}

/**
 * Adds `delta` to a post's comment count and returns the new count, or undefined when the post does
 * not exist. The update locks the post row until the transaction ends, so concurrent comments on one
 * post serialise here and each sees the count its own change produced. The count never goes below 0.
 */
export async function addToCommentsCount(
  trx: Transaction<Database>,
  postId: string,
  delta: 1 | -1,
): Promise<number | undefined> {
  const row = await trx
    .updateTable('posts')
    .set((eb) => ({
      comments_count: eb.fn<number>('greatest', [eb('comments_count', '+', delta), eb.lit(0)]),
    }))
    .where('id', '=', postId)
    .returning('comments_count')
    .executeTakeFirst()
  return row?.comments_count
}

/** Inserts a comment and returns its id. */
export async function insertComment(
  trx: Transaction<Database>,
  fields: { postId: string; authorId: string; content: string; parentId?: string | null },
): Promise<string> {
  const row = await trx
    .insertInto('comments')
    .values({
      post_id: fields.postId,
      author_id: fields.authorId,
      content: fields.content,
      parent_id: fields.parentId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** A comment's owner and post, or undefined. With `lock`, the row stays locked until the transaction ends. */
export function findCommentOwner(
  db: Executor,
  commentId: string,
  lock = false,
): Promise<CommentOwnerRow | undefined> {
  const query = db
    .selectFrom('comments')
    .select(['id', 'post_id', 'author_id', 'parent_id', 'deleted_at'])
    .where('id', '=', commentId)
  return (lock ? query.forUpdate() : query).executeTakeFirst()
}

/** Locks a post row until the transaction ends; false when the post does not exist. */
export async function lockPost(trx: Transaction<Database>, postId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('posts')
    .select('id')
    .where('id', '=', postId)
    .forUpdate()
    .executeTakeFirst()
  return row !== undefined
}

/** A comment's owner and age, locked until the transaction ends, or undefined. */
export function lockCommentForEdit(
  trx: Transaction<Database>,
  commentId: string,
): Promise<{ id: string; post_id: string; author_id: string; created_at: Date } | undefined> {
  return (
    trx
      .selectFrom('comments')
      .select(['id', 'post_id', 'author_id', 'created_at'])
      .where('id', '=', commentId)
      // A "comment deleted" placeholder has no text left to edit: it answers as not found.
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst()
  )
}

/** Replaces a comment's text and stamps the edit time. */
export async function updateCommentContent(
  trx: Transaction<Database>,
  commentId: string,
  content: string,
): Promise<void> {
  await trx
    .updateTable('comments')
    .set({ content, edited_at: sql<Date>`now()` })
    .where('id', '=', commentId)
    .execute()
}

/** Deletes a comment row. */
export async function deleteCommentRow(trx: Transaction<Database>, commentId: string): Promise<void> {
  await trx.deleteFrom('comments').where('id', '=', commentId).execute()
}

/** How many replies a comment has (served by comments_parent_id_idx). */
export async function countReplies(db: Executor, commentId: string): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('parent_id', '=', commentId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Turns a comment into a "comment deleted" placeholder: its text is cleared and `deleted_at` set, so
 * its replies keep their place. Its author id stays (the row still cascades with the account) but is
 * never shown.
 */
export async function markCommentDeleted(trx: Transaction<Database>, commentId: string): Promise<void> {
  await trx
    .updateTable('comments')
    .set({ content: '', deleted_at: sql<Date>`now()` })
    .where('id', '=', commentId)
    .execute()
}
