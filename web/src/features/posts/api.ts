import type {
  DeletePostResponse,
  PostCard,
  PostDetailResponse,
  VoteResponse,
} from '@bashboard/server/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useToast } from '../../components/ui/toast'
import { apiFetch } from '../../lib/api-client'
import { holdsPost } from '../../lib/post-cache'
import {
  type CacheSnapshot,
  cancelPostEverywhere,
  countsAfterVote,
  invalidatePostElsewhere,
  postDetailCards,
  restoreSnapshot,
  updatePostEverywhere,
  type VoteState,
} from './cache'
import { postKeys } from './queries'

export {
  BROWSE_SORTS,
  type BrowseParams,
  browseQueryOptions,
  browseQueryString,
  postDetailQueryOptions,
  postKeys,
} from './queries'

/**
 * Live-pushed posts waiting behind the "N new commands" banner. Only the live handler writes this query;
 * its queryFn hands back what is already cached, so a refetch never drops waiting posts.
 */
export function useIncomingPosts(): PostCard[] {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: postKeys.incoming(),
    queryFn: () => queryClient.getQueryData<PostCard[]>(postKeys.incoming()) ?? [],
    initialData: [] as PostCard[],
    staleTime: Number.POSITIVE_INFINITY,
  })
  return query.data
}

/** Forgets the waiting live posts (they are being shown, or are no longer relevant). */
export function clearIncomingPosts(queryClient: ReturnType<typeof useQueryClient>): void {
  queryClient.setQueryData<PostCard[]>(postKeys.incoming(), [])
}

/** True when a cached post page shows the post (as itself or among its related posts). */
function holdsDetail(data: unknown, postId: string): boolean {
  return data != null && holdsPost(postDetailCards.cards(data as PostDetailResponse), postId)
}

export type VoteDirection = 'upvote' | 'downvote'

export interface VoteVariables {
  postId: string
  direction: VoteDirection
  /** The counts and vote on screen when the button was pressed; the optimistic update starts from them. */
  current: { uplikeCount: number; downlikeCount: number; vote: VoteState }
}

/**
 * Votes on a post. Every cached copy of the post (browse pages, home lists, detail) changes at once and is
 * put back if the server refuses; on success the server's absolute counts are written and the detail
 * query refetches (docs/product-rules.md#votes: the detail page reloads the post after a vote).
 */
export function useVotePost() {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation<VoteResponse, Error, VoteVariables, { snapshot: CacheSnapshot }>({
    mutationFn: ({ postId, direction }) =>
      apiFetch<VoteResponse>(`/api/posts/${direction}/${encodeURIComponent(postId)}`, {
        method: 'POST',
        fallbackMessage: direction === 'upvote' ? 'Failed to upvote post' : 'Failed to downvote post',
      }),
    onMutate: async ({ postId, direction, current }) => {
      const next = countsAfterVote(current, direction)
      // A refetch landing after the optimistic write would briefly show the old counts again.
      await cancelPostEverywhere(queryClient, postId)
      const snapshot = updatePostEverywhere(
        queryClient,
        postId,
        { uplikeCount: next.uplikeCount, downlikeCount: next.downlikeCount },
        next.vote,
      )
      return { snapshot }
    },
    onError: (_error, _variables, context) => {
      if (context) restoreSnapshot(queryClient, context.snapshot)
      toast({ title: 'Error', message: 'Failed to vote. Please try again.', variant: 'destructive' })
    },
    onSuccess: (result, { direction }) => {
      const vote: VoteState = result.isLiked ? 'liked' : result.isDisliked ? 'disliked' : 'none'
      updatePostEverywhere(
        queryClient,
        result.postId,
        { uplikeCount: result.uplikeCount, downlikeCount: result.downlikeCount },
        vote,
      )
      void queryClient.invalidateQueries({
        queryKey: postKeys.details(),
        predicate: (query) => holdsDetail(query.state.data, result.postId),
      })
      toast({
        title: direction === 'upvote' ? 'Post upvoted!' : 'Post downvoted!',
        variant: 'success',
      })
    },
  })
}

/**
 * DELETE /api/posts/{id} (the author or a moderator). On success lists holding the post refetch; its
 * own page is only marked stale (the caller navigates away; refetching it now would flash "not found").
 */
export function useDeletePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (postId: string) =>
      apiFetch<DeletePostResponse>(`/api/posts/${encodeURIComponent(postId)}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to delete post',
      }),
    onSuccess: (_result, postId) => {
      const ownPage = (data: unknown) => (data as { post?: PostCard } | undefined)?.post?._id === postId
      void invalidatePostElsewhere(queryClient, postId)
      // Other posts' pages list it among their related posts.
      void queryClient.invalidateQueries({
        queryKey: postKeys.details(),
        predicate: (query) => holdsDetail(query.state.data, postId) && !ownPage(query.state.data),
      })
      void queryClient.invalidateQueries({
        queryKey: postKeys.details(),
        predicate: (query) => ownPage(query.state.data),
        refetchType: 'none',
      })
    },
  })
}
