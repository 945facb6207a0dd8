import type { Database, RevisionChange } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'

/** A version of a post as the revisions table keeps it (migration 0020). */
export interface PostVersionFields {
  title: string
  command: string
  description: string
  description_text: string
  tags: string[]
  category_id: string | null
}

/**
 * Keeps a version an edit is replacing; `editorId` made the edit. Dated by the clock, not the
 * transaction's start: edits of a post take its row lock in turn, so their revisions sort in that order.
 */
export async function insertPostRevision(
  trx: Transaction<Database>,
  postId: string,
  version: PostVersionFields,
  editorId: string,
  change: RevisionChange,
): Promise<void> {
  await trx
    .insertInto('post_revisions')
    .values({
      post_id: postId,
      ...version,
      change,
      replaced_by: editorId,
      replaced_at: sql`clock_timestamp()`,
    })
    .execute()
}

/** One of a post's revisions, to roll back to; undefined when the post has no revision with that id. */
export function findPostRevision(trx: Transaction<Database>, postId: string, revisionId: string) {
  return trx
    .selectFrom('post_revisions')
    .select(['id', 'title', 'command', 'description', 'description_text', 'tags', 'category_id'])
    .where('id', '=', revisionId)
    .where('post_id', '=', postId)
    .executeTakeFirst()
}

/** A post's current version with its author and category, for its history page. */
export function findCurrentVersion(db: Kysely<Database>, postId: string) {
  return db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .leftJoin('categories', 'categories.id', 'posts.category_id')
    .select([
      'posts.id',
      'posts.slug',
      'posts.title',
      'posts.command',
      'posts.description',
      'posts.description_text',
      'posts.tags',
      'posts.created_at',
      'users.username as author_username',
      'categories.id as category_id',
      'categories.name as category_name',
    ])
    .where('posts.id', '=', postId)
    .executeTakeFirst()
}

/** A post's revisions, newest first, each with its category and the username of who replaced it. */
export function listRevisionRows(db: Kysely<Database>, postId: string) {
  return db
    .selectFrom('post_revisions')
    .leftJoin('users', 'users.id', 'post_revisions.replaced_by')
    .leftJoin('categories', 'categories.id', 'post_revisions.category_id')
    .select([
      'post_revisions.id',
      'post_revisions.title',
      'post_revisions.command',
      'post_revisions.description',
      'post_revisions.description_text',
      'post_revisions.tags',
      'post_revisions.change',
      'post_revisions.replaced_at',
      'users.username as replaced_by_username',
      'categories.id as category_id',
      'categories.name as category_name',
    ])
    .where('post_revisions.post_id', '=', postId)
    .orderBy('post_revisions.replaced_at', 'desc')
    .orderBy('post_revisions.id', 'desc')
    .execute()
}

export type CurrentVersionRow = NonNullable<Awaited<ReturnType<typeof findCurrentVersion>>>
export type RevisionRow = Awaited<ReturnType<typeof listRevisionRows>>[number]
