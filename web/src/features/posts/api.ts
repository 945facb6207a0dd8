import type {
  BrowseResponse,
  BrowseSort,
  PostCard,
  PostDetailResponse,
  VoteResponse,
} from '@bashboard/server/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useToast } from '../../components/ui/toast'
import { apiFetch } from '../../lib/api-client'
import {
  type CacheSnapshot,
  containsPost,
  countsAfterVote,
  restoreSnapshot,
  updatePostEverywhere,
  type VoteState,
} from './cache'

/** Browse sorts in the order of the sort select, with their labels (SEED-SPEC §2). */
export const BROWSE_SORTS: ReadonlyArray<{ value: BrowseSort; label: string }> = [
  { value: 'latest', label: 'Latest' },
  { value: 'trending', label: 'Most Popular' },
  { value: 'upvotes', label: 'Most Upvoted' },
  { value: 'views', label: 'Most Views' },
]

/** What a Browse page shows: the URL's query, normalised (page ≥ 1, empty strings for "none"). */
export interface BrowseParams {
  page: number
  search: string
  category: string
  sort: BrowseSort
}

/** Query keys of posts data. */
export const postKeys = {
  all: ['posts'] as const,
  browses: () => [...postKeys.all, 'browse'] as const,
  browse: (params: BrowseParams) => [...postKeys.browses(), params] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (slug: string) => [...postKeys.details(), slug] as const,
  /** Posts created (pushed live) since the browse list was loaded; Browse offers to show them. */
  incoming: () => [...postKeys.all, 'incoming'] as const,
}

/** The browse request's query string; search mode sends only the search term and the page. */
export function browseQueryString(params: BrowseParams): string {
  const query = new URLSearchParams({ page: String(params.page) })
  const search = params.search.trim()
  if (search) query.set('search', search)
  else {
    query.set('sort', params.sort)
    if (params.category) query.set('category', params.category)
  }
  return query.toString()
}

/** One page of browse or search results (GET /api/website/browse). */
export function browseQueryOptions(params: BrowseParams) {
  return queryOptions({
    queryKey: postKeys.browse(params),
    queryFn: ({ signal }) =>
      apiFetch<BrowseResponse>(`/api/website/browse?${browseQueryString(params)}`, {
        signal,
        fallbackMessage: 'Failed to fetch browse data',
      }),
  })
}

/** A post with the caller's vote and related posts (GET /api/posts/{slug}). */
export function postDetailQueryOptions(slug: string) {
  return queryOptions({
    queryKey: postKeys.detail(slug),
    queryFn: ({ signal }) =>
      apiFetch<PostDetailResponse>(`/api/posts/${encodeURIComponent(slug)}`, {
        signal,
        fallbackMessage: 'Failed to fetch post by slug',
      }),
  })
}

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
 * query refetches (SEED-SPEC §4: the detail page reloads the post after a vote).
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
      await queryClient.cancelQueries({ predicate: (query) => containsPost(query.state.data, postId) })
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
        predicate: (query) => containsPost(query.state.data, result.postId),
      })
      toast({
        title: direction === 'upvote' ? 'Post upvoted!' : 'Post downvoted!',
        variant: 'success',
      })
    },
  })
}
