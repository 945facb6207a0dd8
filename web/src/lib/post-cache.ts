import type { ReactedPosts } from '@bashboard/server/contract'

/*
 * How one change to a post is written into a cached value that shows it: its cards' counters and the
 * caller's own marks. Pure functions, shared by every feature that caches post cards under its own keys
 * (lib/post-cache-registry.ts says how they are put together). Each returns its input unchanged, the
 * same object, when the change does not concern it, so untouched queries keep their identity and
 * nothing re-renders for them.
 */

/** A user's vote on one post. */
export type VoteState = 'liked' | 'disliked' | 'none'

/**
 * One change to a post: absolute counters (as live events and vote/save answers carry them) and the
 * caller's own vote and saved mark. Fields left out are not touched.
 */
export interface PostChange {
  postId: string
  uplikeCount?: number
  downlikeCount?: number
  viewCount?: number
  commentsCount?: number
  savedCount?: number
  /** The caller's vote: their `myReactedPosts` lists, a detail page's `isLiked`/`isDisliked`. */
  vote?: VoteState
  /** The caller's saved mark (`isSaved`). */
  saved?: boolean
}

/** A user's new name and avatar (`author.updated`): every card of theirs shows them. */
export interface AuthorChange {
  userId: string
  username: string
  avatar: string | null
}

/** What a post-card query is patched with. */
export type PostCacheChange = PostChange | AuthorChange

/**
 * What a card needs for a change to be written into it. Profile and moderation rows have fewer fields
 * than a `PostCard` (no saved count, an author without an avatar, or none): a change writes only the
 * fields a card has.
 */
export interface PostLike {
  _id: string
  author?: { _id: string; username: string; avatar?: string | null } | null
}

const COUNTERS = ['uplikeCount', 'downlikeCount', 'viewCount', 'commentsCount', 'savedCount'] as const

function isAuthorChange(change: PostCacheChange): change is AuthorChange {
  return 'userId' in change
}

/** The values `change` writes into a card of its post, by field name. */
function cardFields(change: PostChange): Array<readonly [string, unknown]> {
  const fields: Array<readonly [string, unknown]> = COUNTERS.map((key) => [key, change[key]] as const)
  fields.push(['isSaved', change.saved])
  return fields.filter(([, value]) => value !== undefined)
}

function renameAuthor<T extends PostLike>(card: T, change: AuthorChange): T {
  const author = card.author
  if (!author || author._id !== change.userId) return card
  const hasAvatar = 'avatar' in author
  if (author.username === change.username && (!hasAvatar || author.avatar === change.avatar)) return card
  const renamed = hasAvatar
    ? { ...author, username: change.username, avatar: change.avatar }
    : { ...author, username: change.username }
  return { ...card, author: renamed }
}

/** The card with the change written into it (the same object when it is another post's, or already current). */
export function patchCard<T extends PostLike>(card: T, change: PostCacheChange): T {
  if (isAuthorChange(change)) return renameAuthor(card, change)
  if (card._id !== change.postId) return card
  const record = card as T & Record<string, unknown>
  const changed = cardFields(change).filter(([key, value]) => key in record && record[key] !== value)
  return changed.length === 0 ? card : { ...card, ...Object.fromEntries(changed) }
}

/** The list with the change written into its cards (the same array when no card changed). */
export function patchCards<T extends PostLike>(cards: T[], change: PostCacheChange): T[] {
  let changed = false
  const next = cards.map((card) => {
    const patched = patchCard(card, change)
    if (patched !== card) changed = true
    return patched
  })
  return changed ? next : cards
}

function withMembership(list: string[], postId: string, member: boolean): string[] {
  if (list.includes(postId) === member) return list
  return member ? [...list, postId] : list.filter((id) => id !== postId)
}

/** The caller's vote lists (`myReactedPosts`) after a change carrying their vote; null stays null (guests). */
export function patchReacted(reacted: ReactedPosts | null, change: PostCacheChange): ReactedPosts | null {
  if (!reacted || isAuthorChange(change) || !change.vote) return reacted
  const likedPosts = withMembership(reacted.likedPosts, change.postId, change.vote === 'liked')
  const dislikedPosts = withMembership(reacted.dislikedPosts, change.postId, change.vote === 'disliked')
  if (likedPosts === reacted.likedPosts && dislikedPosts === reacted.dislikedPosts) return reacted
  return { likedPosts, dislikedPosts }
}

/**
 * `data` with `fields` replaced, or `data` itself when each field is the very value it holds already:
 * a feature's patch passes every part through `patchCards`/`patchReacted` and gets its own data back
 * when none of them changed.
 */
export function withChanges<T extends object>(data: T, fields: Partial<T>): T {
  const same = (Object.keys(fields) as Array<keyof T>).every((key) => Object.is(data[key], fields[key]))
  return same ? data : { ...data, ...fields }
}

/** True when any of the cards is the post's. */
export function holdsPost(cards: readonly PostLike[], postId: string): boolean {
  return cards.some((card) => card._id === postId)
}
