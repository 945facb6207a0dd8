import type { Database, UserRow } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'
import { PROFILE_LIST_LIMIT } from '../../contract/people.ts'
import { findTakenFields } from '../accounts/repo.ts'

/** A post row as the profile lists show it. */
export interface ProfilePostRow {
  id: string
  title: string
  slug: string
  created_at: Date
  uplike_count: number
  downlike_count: number
  comments_count: number
  view_count: number
}

/** A post the user upvoted, with its author's name. */
export interface FavoriteRow extends ProfilePostRow {
  author_id: string
  author_username: string
}

/** A comment of the user with its post's title and slug. */
export interface ProfileCommentRow {
  id: string
  content: string
  created_at: Date
  post_id: string
  post_title: string
  post_slug: string
}

const POST_COLUMNS = [
  'posts.id',
  'posts.title',
  'posts.slug',
  'posts.created_at',
  'posts.uplike_count',
  'posts.downlike_count',
  'posts.comments_count',
  'posts.view_count',
] as const

/** The user's newest posts (posts_author_created_at order), one query. */
export function findPostsOf(db: Kysely<Database>, userId: string): Promise<ProfilePostRow[]> {
  return db
    .selectFrom('posts')
    .select(POST_COLUMNS)
    .where('posts.author_id', '=', userId)
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(PROFILE_LIST_LIMIT)
    .execute()
}

/** The posts the user upvoted, the latest vote first, with their authors: one joined query. */
export function findFavoritesOf(db: Kysely<Database>, userId: string): Promise<FavoriteRow[]> {
  return db
    .selectFrom('votes')
    .innerJoin('posts', 'posts.id', 'votes.post_id')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .select([...POST_COLUMNS, 'users.id as author_id', 'users.username as author_username'])
    .where('votes.user_id', '=', userId)
    .where('votes.value', '=', 1)
    .orderBy('votes.updated_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(PROFILE_LIST_LIMIT)
    .execute()
}

/**
 * The user's newest comments with their posts (comments_author_created_at_idx), one query; the own
 * profile lists {@link PROFILE_LIST_LIMIT}, the public profile fewer.
 */
export function findCommentsOf(
  db: Kysely<Database>,
  userId: string,
  limit: number = PROFILE_LIST_LIMIT,
): Promise<ProfileCommentRow[]> {
  return (
    db
      .selectFrom('comments')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select([
        'comments.id',
        'comments.content',
        'comments.created_at',
        'posts.id as post_id',
        'posts.title as post_title',
        'posts.slug as post_slug',
      ])
      .where('comments.author_id', '=', userId)
      // A deleted comment kept as a placeholder for its replies is no longer theirs to show.
      .where('comments.deleted_at', 'is', null)
      .orderBy('comments.created_at', 'desc')
      .orderBy('comments.id', 'desc')
      .limit(limit)
      .execute()
  )
}

/** Whether another user than `exceptId` holds the username (case-insensitively) or the email. */
export function findTakenByOthers(
  db: Kysely<Database>,
  exceptId: string,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  return findTakenFields(db, username, email, exceptId)
}

/**
 * Sets the username and email; the unique indexes refuse a lost race (23505). A new address is not
 * verified yet (its verification mail is queued beside).
 */
export function updateIdentity(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
  values: { username: string; email: string },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({
      ...values,
      email_verified_at: sql<Date | null>`CASE WHEN email = ${values.email} THEN email_verified_at END`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/**
 * Sets the avatar file name and returns the row with the name it replaced. The old name is read under
 * the row lock taken by the update, so two concurrent uploads each remove the file they replaced.
 */
export async function replaceAvatar(
  db: Kysely<Database>,
  id: string,
  avatar: string,
): Promise<{ user: UserRow; previous: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()
    if (!current) return undefined
    const user = await trx
      .updateTable('users')
      .set({ avatar, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    return { user, previous: current.avatar }
  })
}
