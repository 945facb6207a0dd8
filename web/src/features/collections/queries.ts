import type { CollectionDetail, MyCollectionsResponse, SavedPostsResponse } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot } from '../../lib/current-user'

/*
 * What the collection route's loader needs: keys and query options, without the mutations of api.ts.
 * The loaders are in the entry chunk, so this keeps those out of it.
 */

/**
 * Query keys of saved posts and collections. The caller's own lists are under the signed-in user's
 * root, so logging out drops them; a collection page is readable by anyone (when public), so it is not.
 */
export const collectionKeys = {
  mine: () => [...currentUserKeyRoot, 'collections'] as const,
  /** The caller's collections; with a post id, each one says whether it holds that post. */
  myList: (containsPost?: string) => [...collectionKeys.mine(), 'list', containsPost ?? null] as const,
  saved: () => [...currentUserKeyRoot, 'saved'] as const,
  savedPage: (page: number) => [...collectionKeys.saved(), page] as const,
  pages: () => ['collections', 'page'] as const,
  page: (username: string, slug: string) => [...collectionKeys.pages(), username, slug] as const,
  /** Mutation key of a collection's reorders, so live refetches can wait for the owner's own moves. */
  order: (collectionId: string) => ['collections', 'order', collectionId] as const,
}

/** The caller's collections, most recently updated first (GET /api/collections). */
export function myCollectionsQueryOptions(containsPost?: string) {
  const query = containsPost ? `?containsPost=${encodeURIComponent(containsPost)}` : ''
  return queryOptions({
    queryKey: collectionKeys.myList(containsPost),
    queryFn: ({ signal }) =>
      apiFetch<MyCollectionsResponse>(`/api/collections${query}`, {
        signal,
        fallbackMessage: 'Failed to load your collections',
      }),
  })
}

/** One page of the caller's saved posts, the most recently saved first (GET /api/users/me/saved). */
export function savedPostsQueryOptions(page: number) {
  return queryOptions({
    queryKey: collectionKeys.savedPage(page),
    queryFn: ({ signal }) =>
      apiFetch<SavedPostsResponse>(`/api/users/me/saved?page=${page}`, {
        signal,
        fallbackMessage: 'Failed to load your saved commands',
      }),
  })
}

/** A collection by its public address `/c/<username>/<slug>` (GET /api/collections/by-slug/...). */
export function collectionPageQueryOptions(username: string, slug: string) {
  return queryOptions({
    queryKey: collectionKeys.page(username, slug),
    queryFn: ({ signal }) =>
      apiFetch<CollectionDetail>(
        `/api/collections/by-slug/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`,
        { signal, fallbackMessage: 'Failed to load the collection' },
      ),
  })
}
