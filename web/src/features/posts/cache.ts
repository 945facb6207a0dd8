import type { LiveEventMap, PostCard } from '@bashboard/server/contract'
import type { QueryClient, QueryKey } from '@tanstack/react-query'

/** A user's vote on one post. */
export type VoteState = 'liked' | 'disliked' | 'none'

/** Absolute counter values to write into every cached copy of a post. */
export type PostCounts = Partial<
  Pick<PostCard, 'uplikeCount' | 'downlikeCount' | 'viewCount' | 'commentsCount' | 'savedCount'>
>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isPostCard(value: Record<string, unknown>, postId: string): boolean {
  return value._id === postId && typeof value.uplikeCount === 'number'
}

function withMembership(list: unknown, postId: string, member: boolean): unknown {
  if (!Array.isArray(list)) return list
  const has = list.includes(postId)
  if (has === member) return list
  return member ? [...list, postId] : list.filter((id) => id !== postId)
}

/**
 * Rebuilds `value` bottom-up, passing every object (children first) through `rewrite`. Branches
 * nothing changed in keep their identity, so an untouched query is not rewritten and nothing
 * re-renders for it.
 */
function rewriteRecords(
  value: unknown,
  rewrite: (record: Record<string, unknown>) => Record<string, unknown>,
): unknown {
  if (Array.isArray(value)) {
    let changed = false
    const next = value.map((item) => {
      const rewritten = rewriteRecords(item, rewrite)
      if (rewritten !== item) changed = true
      return rewritten
    })
    return changed ? next : value
  }
  if (!isRecord(value)) return value
  let result: Record<string, unknown> = value
  for (const [key, child] of Object.entries(value)) {
    const rewritten = rewriteRecords(child, rewrite)
    if (rewritten !== child) {
      if (result === value) result = { ...value }
      result[key] = rewritten
    }
  }
  return rewrite(result)
}

/**
 * Returns `value` with every copy of the post rewritten: its counters set, and (when `vote` is given) the
 * caller's vote marks (`myReactedPosts` lists, a detail response's `isLiked`/`isDisliked`). Unchanged
 * branches keep their identity.
 */
export function rewritePost(value: unknown, postId: string, counts: PostCounts, vote?: VoteState): unknown {
  return rewriteRecords(value, (record) => {
    let result = record
    if (isPostCard(result, postId)) {
      const differs = Object.entries(counts).some(([key, count]) => result[key] !== count)
      if (differs) result = { ...result, ...counts }
    }
    if (vote) {
      if (Array.isArray(result.likedPosts) && Array.isArray(result.dislikedPosts)) {
        const likedPosts = withMembership(result.likedPosts, postId, vote === 'liked')
        const dislikedPosts = withMembership(result.dislikedPosts, postId, vote === 'disliked')
        if (likedPosts !== result.likedPosts || dislikedPosts !== result.dislikedPosts) {
          result = { ...result, likedPosts, dislikedPosts }
        }
      }
      if (isRecord(result.post) && result.post._id === postId && typeof result.isLiked === 'boolean') {
        const isLiked = vote === 'liked'
        const isDisliked = vote === 'disliked'
        if (result.isLiked !== isLiked || result.isDisliked !== isDisliked) {
          result = { ...result, isLiked, isDisliked }
        }
      }
    }
    return result
  })
}

/** True when `value` holds a copy of the post anywhere inside it. */
export function containsPost(value: unknown, postId: string): boolean {
  if (Array.isArray(value)) return value.some((item) => containsPost(item, postId))
  if (!isRecord(value)) return false
  if (isPostCard(value, postId)) return true
  return Object.values(value).some((child) => containsPost(child, postId))
}

/** The previous data of every query a rewrite changed, to put back when an optimistic update fails. */
export type CacheSnapshot = ReadonlyArray<readonly [QueryKey, unknown]>

/**
 * Writes new counters (and optionally the caller's vote) into EVERY cached query holding the post: the
 * detail page, each cached browse page, the home lists. Returns what it replaced.
 */
export function updatePostEverywhere(
  queryClient: QueryClient,
  postId: string,
  counts: PostCounts,
  vote?: VoteState,
): CacheSnapshot {
  return rewriteEverywhere(queryClient, (data) => rewritePost(data, postId, counts, vote))
}

/** Passes every cached query's data through `rewrite`, stores what changed, and returns what it replaced. */
function rewriteEverywhere(queryClient: QueryClient, rewrite: (data: unknown) => unknown): CacheSnapshot {
  const replaced: Array<readonly [QueryKey, unknown]> = []
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data
    if (data === undefined) continue
    const next = rewrite(data)
    if (next === data) continue
    replaced.push([query.queryKey, data])
    queryClient.setQueryData(query.queryKey, next)
  }
  return replaced
}

/** A user's new name and avatar, as `author.updated` carries them. */
export type AuthorChange = LiveEventMap['posts']['author.updated']

/**
 * Returns `value` with the user's username and avatar replaced on every post of theirs (anything
 * carrying post counters: cards, detail pages, profile lists). Comments are not posts: the comments
 * feature patches its own lists. Unchanged branches keep their identity, like {@link rewritePost}.
 */
export function rewriteAuthor(value: unknown, change: AuthorChange): unknown {
  return rewriteRecords(value, (record) => {
    const author = record.author
    if (
      typeof record.uplikeCount === 'number' &&
      isRecord(author) &&
      author._id === change.userId &&
      (author.username !== change.username || author.avatar !== change.avatar)
    ) {
      return { ...record, author: { ...author, username: change.username, avatar: change.avatar } }
    }
    return record
  })
}

/** Writes a user's new name and avatar into every cached query showing their posts. */
export function updateAuthorEverywhere(queryClient: QueryClient, change: AuthorChange): void {
  rewriteEverywhere(queryClient, (data) => rewriteAuthor(data, change))
}

/**
 * Returns `value` with the caller's saved mark and the saved count of the post rewritten: on every card
 * (`isSaved`, `savedCount`) and on a detail response (its own `isSaved`). Unchanged branches keep their
 * identity, like {@link rewritePost}.
 */
export function rewriteSaved(value: unknown, postId: string, saved: boolean, savedCount: number): unknown {
  return rewriteRecords(value, (record) => {
    let result = record
    if (isPostCard(result, postId) && (result.isSaved !== saved || result.savedCount !== savedCount)) {
      result = { ...result, isSaved: saved, savedCount }
    }
    if (isRecord(result.post) && result.post._id === postId && typeof result.isSaved === 'boolean') {
      if (result.isSaved !== saved) result = { ...result, isSaved: saved }
    }
    return result
  })
}

/**
 * Writes the caller's saved mark and the saved count into every cached query holding the post. Returns
 * what it replaced, for a rollback.
 */
export function updateSavedEverywhere(
  queryClient: QueryClient,
  postId: string,
  saved: boolean,
  savedCount: number,
): CacheSnapshot {
  return rewriteEverywhere(queryClient, (data) => rewriteSaved(data, postId, saved, savedCount))
}

/** Puts back what `updatePostEverywhere` replaced. */
export function restoreSnapshot(queryClient: QueryClient, snapshot: CacheSnapshot): void {
  for (const [queryKey, data] of snapshot) queryClient.setQueryData(queryKey, data)
}

/** Refetches (or marks stale) every query holding the post, e.g. after it was deleted. */
export function invalidatePostEverywhere(queryClient: QueryClient, postId: string): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => containsPost(query.state.data, postId) })
}

/** The vote state of a post for the signed-in user, read from a response's `myReactedPosts`. */
export function voteFromReacted(
  reacted: { likedPosts: readonly string[]; dislikedPosts: readonly string[] } | null | undefined,
  postId: string,
): VoteState {
  if (!reacted) return 'none'
  if (reacted.likedPosts.includes(postId)) return 'liked'
  if (reacted.dislikedPosts.includes(postId)) return 'disliked'
  return 'none'
}

/** The counts after a vote, as the server will compute them (docs/product-rules.md#votes: never below 0). */
export function countsAfterVote(
  current: { uplikeCount: number; downlikeCount: number; vote: VoteState },
  direction: 'upvote' | 'downvote',
): { uplikeCount: number; downlikeCount: number; vote: VoteState } {
  const { uplikeCount, downlikeCount, vote } = current
  if (direction === 'upvote') {
    if (vote === 'liked') return current
    return {
      uplikeCount: uplikeCount + 1,
      downlikeCount: vote === 'disliked' ? Math.max(0, downlikeCount - 1) : downlikeCount,
      vote: 'liked',
    }
  }
  if (vote === 'disliked') return current
  return {
    uplikeCount: vote === 'liked' ? Math.max(0, uplikeCount - 1) : uplikeCount,
    downlikeCount: downlikeCount + 1,
    vote: 'disliked',
  }
}
