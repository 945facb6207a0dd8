import type { PostCard } from '../../contract/posts.ts'
import type { AuthUser } from '../../lib/access.ts'
import type { MemberMarksReader } from './member-marks-reader.ts'

type Lists = readonly (readonly PostCard[])[]
type Copies<T extends Lists> = { -readonly [K in keyof T]: PostCard[] }

/**
 * The cards given may be the shared instances of the page caches (lib/post-card-store.ts), which every
 * visitor's response refers to, so they are never changed: a signed-in caller gets shallow copies with
 * `isSaved` set where it differs (the cards they saved), and the others as they are, like guests
 * (`isSaved` is false on every shared card).
 */
function markSaved<const T extends Lists>(saved: ReadonlySet<string> | null, lists: T): Copies<T> {
  if (!saved) return lists.map((list) => [...list]) as unknown as Copies<T>
  // A card whose flag is already the caller's (on a shared card: not saved) is given as it is, so its
  // JSON, written once for every visitor (lib/card-json.ts), serves this response too.
  return lists.map((list) =>
    list.map((card) => (saved.has(card._id) === card.isSaved ? card : { ...card, isSaved: !card.isSaved })),
  ) as unknown as Copies<T>
}

const idsOf = (lists: Lists): string[] => lists.flatMap((list) => list.map((card) => card._id))

/**
 * Cards with `isSaved` set for the caller, for responses that show saves but not votes (none read for
 * a guest).
 */
export async function withSavedFlags<const T extends Lists>(
  marks: MemberMarksReader,
  auth: AuthUser | null,
  ...lists: T
): Promise<Copies<T>> {
  return (await withMemberMarks(marks, auth, ...lists)).lists
}

/**
 * Cards with `isSaved` set for the caller, and the caller's votes among them (null for a guest): what
 * a page that shows both needs, read for all the cards' posts at once (member-marks-reader.ts).
 */
export async function withMemberMarks<const T extends Lists>(
  marks: MemberMarksReader,
  auth: AuthUser | null,
  ...lists: T
): Promise<{ lists: Copies<T>; votes: ReadonlyMap<string, number> | null }> {
  if (!auth) return { lists: markSaved(null, lists), votes: null }
  const found = await marks.read(auth.id, idsOf(lists))
  return { lists: markSaved(found.saved, lists), votes: found.votes }
}
