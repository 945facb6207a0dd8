import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { PostCard } from '../../contract/posts.ts'
import type { AuthUser } from '../../lib/access.ts'
import { findSavedPostIds } from './repo.ts'

/**
 * Cards with `isSaved` set for the caller. The cards given may be the shared instances of the page
 * caches (lib/post-card-store.ts), which every visitor's response refers to, so they are never
 * changed: a signed-in caller gets shallow copies, marked with one query for all the cards' posts.
 * Guests get the cards as they are (`isSaved` is false on every shared card).
 */
export async function withSavedFlags<const T extends readonly (readonly PostCard[])[]>(
  db: Kysely<Database>,
  auth: AuthUser | null,
  ...lists: T
): Promise<{ -readonly [K in keyof T]: PostCard[] }> {
  type Result = { -readonly [K in keyof T]: PostCard[] }
  if (!auth) return lists.map((list) => [...list]) as unknown as Result
  const saved = await findSavedPostIds(
    db,
    auth.id,
    lists.flatMap((list) => list.map((card) => card._id)),
  )
  return lists.map((list) =>
    list.map((card) => ({ ...card, isSaved: saved.has(card._id) })),
  ) as unknown as Result
}
