import type { Database } from '@bashboard/db'
import { type Kysely, sql } from 'kysely'
import { PUBLIC_PROFILE_POSTS_PAGE_SIZE } from '../../contract/profiles.ts'
import { DELETED_MEMBER_ID } from '../../lib/deleted-member.ts'
import type { ProfilePostRow } from '../people/repo.ts'

/** What a public profile shows of a user. */
export interface PublicUserRow {
  id: string
  username: string
  avatar: string | null
  points: number
  post_count: number
  created_at: Date
}

/** A post on a public profile, with its command. */
export interface PublicPostRow extends ProfilePostRow {
  command: string
}

/** A user by name, ignoring case (the users' unique lower(username) index), or undefined. */
export function findPublicUser(db: Kysely<Database>, username: string): Promise<PublicUserRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'avatar', 'points', 'post_count', 'created_at'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst()
}

/** One page of the user's posts, newest first (posts_author_created_at order). */
export function findPostsPage(db: Kysely<Database>, userId: string, page: number): Promise<PublicPostRow[]> {
  return db
    .selectFrom('posts')
    .select([
      'id',
      'title',
      'slug',
      'command',
      'created_at',
      'uplike_count',
      'downlike_count',
      'comments_count',
      'view_count',
    ])
    .where('author_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PUBLIC_PROFILE_POSTS_PAGE_SIZE)
    .offset((page - 1) * PUBLIC_PROFILE_POSTS_PAGE_SIZE)
    .execute()
}

/** How many comments the user has written. */
export async function countComments(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('author_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** A member as the `@` suggestions show them. */
export interface SuggestedUserRow {
  username: string
  avatar: string | null
}

/**
 * Members whose lower-cased username starts with `prefix` (letters, digits, `_`, `-`), in code-point
 * order, at most `limit`. The range `[prefix, prefix with its last character + 1)` under the "C"
 * collation is exactly the names starting with it, and users_username_prefix_idx (migration 0021)
 * serves it as an index range already in order, so the query reads `limit` index entries at most
 * (one more when it passes "deleted member", lib/deleted-member.ts, who is no one to mention).
 */
export function suggestUsersQuery(db: Kysely<Database>, prefix: string, limit: number) {
  const start = prefix.toLowerCase()
  const end = start.slice(0, -1) + String.fromCharCode(start.charCodeAt(start.length - 1) + 1)
  const key = sql<string>`(lower(username) COLLATE "C")`
  return db
    .selectFrom('users')
    .select(['username', 'avatar'])
    .where(key, '>=', start)
    .where(key, '<', end)
    .where('id', '<>', DELETED_MEMBER_ID)
    .orderBy(key)
    .limit(limit)
}

/** Runs {@link suggestUsersQuery}. */
export function findUsersByPrefix(
  db: Kysely<Database>,
  prefix: string,
  limit: number,
): Promise<SuggestedUserRow[]> {
  return suggestUsersQuery(db, prefix, limit).execute()
}
