import type { BrowseResponse, PostCard, PostDetailResponse } from '@bashboard/server/contract'
import type { QueryClient } from '@tanstack/react-query'
import {
  type PostCacheChange,
  type PostChange,
  patchCard,
  patchCards,
  patchReacted,
  type VoteState,
  withChanges,
} from '../../lib/post-cache'
import {
  type CacheSnapshot,
  cancelPostQueries,
  invalidatePostQueries,
  type PostCardQueries,
  registeredPostCardQueries,
  restorePostCards,
  writePostChange,
} from '../../lib/post-cache-registry'
import { postKeys } from './queries'

export type { CacheSnapshot, VoteState }

/** A detail page's own marks of the caller (`isLiked`, `isDisliked`, `isSaved`) after a change. */
function detailMarks(data: PostDetailResponse, change: PostCacheChange): Partial<PostDetailResponse> {
  if (!('postId' in change) || data.post._id !== change.postId) return {}
  const marks: Partial<PostDetailResponse> = {}
  if (change.vote) {
    marks.isLiked = change.vote === 'liked'
    marks.isDisliked = change.vote === 'disliked'
  }
  if (change.saved !== undefined) marks.isSaved = change.saved
  return marks
}

/** Post pages: the post, the caller's marks on it, and the related posts' cards. */
export const postDetailCards: PostCardQueries<PostDetailResponse> = {
  queryKey: postKeys.details(),
  cards: (data) => [data.post, ...data.related],
  patch: (data, change) =>
    withChanges(data, {
      post: patchCard(data.post, change),
      related: patchCards(data.related, change),
      ...detailMarks(data, change),
    }),
}

/** Browse and search pages, with the caller's votes among them. */
export const browseCards: PostCardQueries<BrowseResponse> = {
  queryKey: postKeys.browses(),
  cards: (data) => data.posts,
  patch: (data, change) =>
    withChanges(data, {
      posts: patchCards(data.posts, change),
      myReactedPosts: patchReacted(data.myReactedPosts, change),
    }),
}

/** Live-pushed posts waiting behind Browse's "N new commands" banner. */
export const incomingCards: PostCardQueries<PostCard[]> = {
  queryKey: postKeys.incoming(),
  cards: (data) => data,
  patch: (data, change) => patchCards(data, change),
}

/** The posts feature's own post-card queries; its live handlers write into these. */
export const postsPostCards: readonly PostCardQueries[] = [postDetailCards, browseCards, incomingCards]

/** Ours and every other feature's the app registered (app/post-cache-patches.ts). */
function everyPostCardQuery(): readonly PostCardQueries[] {
  return [...postsPostCards, ...registeredPostCardQueries()]
}

/** Absolute counter values to write into every cached copy of a post. */
export type PostCounts = Omit<PostChange, 'postId' | 'vote' | 'saved'>

/**
 * Writes new counters (and optionally the caller's vote) into every cached query holding the post: ours
 * (detail, browse pages) and the other features' (home lists, programs, saved, profiles). Returns what it
 * replaced, for a rollback.
 */
export function updatePostEverywhere(
  queryClient: QueryClient,
  postId: string,
  counts: PostCounts,
  vote?: VoteState,
): CacheSnapshot {
  return writePostChange(queryClient, everyPostCardQuery(), { ...counts, postId, ...(vote ? { vote } : {}) })
}

/**
 * Writes the caller's saved mark and the saved count into every cached query holding the post (cards'
 * `isSaved` and `savedCount`, a detail page's own `isSaved`). Returns what it replaced, for a rollback.
 */
export function updateSavedEverywhere(
  queryClient: QueryClient,
  postId: string,
  saved: boolean,
  savedCount: number,
): CacheSnapshot {
  return writePostChange(queryClient, everyPostCardQuery(), { postId, saved, savedCount })
}

/** Puts back what `updatePostEverywhere` or `updateSavedEverywhere` replaced. */
export function restoreSnapshot(queryClient: QueryClient, snapshot: CacheSnapshot): void {
  restorePostCards(queryClient, snapshot)
}

/** Cancels the fetches of every query holding the post, so none lands over an optimistic write. */
export function cancelPostEverywhere(queryClient: QueryClient, postId: string): Promise<void> {
  return cancelPostQueries(queryClient, everyPostCardQuery(), postId)
}

/**
 * Refetches every query holding the post except our detail pages, which the caller decides about
 * (after a delete its own page must not refetch into "not found").
 */
export function invalidatePostElsewhere(queryClient: QueryClient, postId: string): Promise<void> {
  const lists = everyPostCardQuery().filter((entry) => entry !== postDetailCards)
  return invalidatePostQueries(queryClient, lists, postId)
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
