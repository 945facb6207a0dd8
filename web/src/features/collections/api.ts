import type {
  CollectionDetail,
  CollectionPostResponse,
  CollectionSummary,
  CreateCollectionBody,
  DeleteCollectionResponse,
  MyCollectionsResponse,
  ReorderCollectionResponse,
  UpdateCollectionBody,
} from '@bashboard/server/contract'
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { useToast } from '../../components/ui/toast'
import { apiFetch } from '../../lib/api-client'
import { collectionKeys } from './queries'

export {
  collectionKeys,
  collectionPageQueryOptions,
  myCollectionsQueryOptions,
  savedPostsQueryOptions,
} from './queries'

/** What a save-state change tells the post caches (another feature's), handed over by the route. */
export interface SaveState {
  postId: string
  saved: boolean
  savedCount: number
}

const base = (id: string) => `/api/collections/${encodeURIComponent(id)}`

/** The cached page of a collection, keyed by its public address. */
function pageKey(collection: Pick<CollectionSummary, 'owner' | 'slug'>): QueryKey {
  return collectionKeys.page(collection.owner.username, collection.slug)
}

/** Writes a collection's new name, description, visibility and count into its cached page, if any. */
function patchPage(queryClient: QueryClient, summary: CollectionSummary): void {
  queryClient.setQueryData<CollectionDetail>(pageKey(summary), (current) =>
    current ? { ...current, ...summary, posts: current.posts } : current,
  )
}

/** POST /api/collections → the new collection (201). */
export function useCreateCollection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateCollectionBody) =>
      apiFetch<CollectionSummary>('/api/collections', {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to create the collection',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.mine() }),
  })
}

/** PATCH /api/collections/{id}: rename, describe, make public or private. */
export function useUpdateCollection(collectionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateCollectionBody) =>
      apiFetch<CollectionSummary>(base(collectionId), {
        method: 'PATCH',
        body,
        fallbackMessage: 'Failed to update the collection',
      }),
    onSuccess: (summary) => {
      patchPage(queryClient, summary)
      void queryClient.invalidateQueries({ queryKey: collectionKeys.mine() })
    },
  })
}

/** DELETE /api/collections/{id}; the cached page is dropped and the lists refetch. */
export function useDeleteCollection(collection: Pick<CollectionSummary, '_id' | 'owner' | 'slug'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiFetch<DeleteCollectionResponse>(base(collection._id), {
        method: 'DELETE',
        fallbackMessage: 'Failed to delete the collection',
      }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: pageKey(collection), exact: true })
      void queryClient.invalidateQueries({ queryKey: collectionKeys.mine() })
    },
  })
}

export interface MembershipVariables {
  collectionId: string
  postId: string
  /** True to add the post, false to take it out. */
  member: boolean
}

/**
 * Adds a post to one of the caller's collections or takes it out (the picker's checkboxes). The
 * checkbox turns at once and back if the server refuses. Adding also saves the post: `onSaveState`
 * passes the server's answer to whoever shows the post's bookmark.
 */
export function useCollectionMembership(onSaveState?: (state: SaveState) => void) {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation<
    CollectionPostResponse,
    Error,
    MembershipVariables,
    { previous: MyCollectionsResponse | undefined; key: QueryKey }
  >({
    mutationFn: ({ collectionId, postId, member }) =>
      member
        ? apiFetch<CollectionPostResponse>(`${base(collectionId)}/posts`, {
            method: 'POST',
            body: { postId },
            fallbackMessage: 'Failed to add the command to the collection',
          })
        : apiFetch<CollectionPostResponse>(`${base(collectionId)}/posts/${encodeURIComponent(postId)}`, {
            method: 'DELETE',
            fallbackMessage: 'Failed to remove the command from the collection',
          }),
    onMutate: async ({ collectionId, postId, member }) => {
      const key = collectionKeys.myList(postId)
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<MyCollectionsResponse>(key)
      queryClient.setQueryData<MyCollectionsResponse>(key, (current) =>
        current
          ? {
              ...current,
              collections: current.collections.map((item) =>
                item._id === collectionId ? { ...item, hasPost: member } : item,
              ),
            }
          : current,
      )
      return { previous, key }
    },
    onError: (error, _variables, context) => {
      if (context) queryClient.setQueryData(context.key, context.previous)
      toast({ title: 'Error', message: error.message, variant: 'destructive' })
    },
    onSuccess: (result) => {
      onSaveState?.({ postId: result.postId, saved: result.saved, savedCount: result.savedCount })
      patchPage(queryClient, result.collection)
      void queryClient.invalidateQueries({ queryKey: collectionKeys.mine() })
      void queryClient.invalidateQueries({ queryKey: pageKey(result.collection) })
    },
  })
}

/** Moves `ids[index]` by `offset` places (−1 up, +1 down); the same array when it cannot move. */
export function movedIds(ids: readonly string[], index: number, offset: -1 | 1): readonly string[] {
  const target = index + offset
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return ids
  const next = [...ids]
  const [moved] = next.splice(index, 1)
  if (moved !== undefined) next.splice(target, 0, moved)
  return next
}

type PageContext = { previous: CollectionDetail | undefined }

/** Writes a change into a cached collection page and returns what it replaced, for a rollback. */
async function changePage(
  queryClient: QueryClient,
  key: QueryKey,
  change: (current: CollectionDetail) => CollectionDetail,
): Promise<PageContext> {
  await queryClient.cancelQueries({ queryKey: key, exact: true })
  const previous = queryClient.getQueryData<CollectionDetail>(key)
  if (previous) queryClient.setQueryData<CollectionDetail>(key, change(previous))
  return { previous }
}

/**
 * PUT /api/collections/{id}/order with the posts in their new order. The page shows the new order at
 * once and the old one again (with a toast) if the server refuses. Quick presses send one request
 * each, one after the other (a shared mutation scope), so the last order pressed is the one kept.
 */
export function useReorderCollection(collection: CollectionDetail) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const key = pageKey(collection)
  return useMutation<ReorderCollectionResponse, Error, readonly string[], PageContext>({
    mutationKey: collectionKeys.order(collection._id),
    scope: { id: `collection-order:${collection._id}` },
    mutationFn: (postIds) =>
      apiFetch<ReorderCollectionResponse>(`${base(collection._id)}/order`, {
        method: 'PUT',
        body: { postIds },
        fallbackMessage: 'Failed to reorder the collection',
      }),
    onMutate: (postIds) =>
      changePage(queryClient, key, (current) => {
        const byId = new Map(current.posts.map((post) => [post._id, post]))
        const posts = postIds.flatMap((id) => {
          const post = byId.get(id)
          return post ? [post] : []
        })
        return { ...current, posts }
      }),
    onError: (_error, _postIds, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
      toast({
        title: 'Error',
        message: 'Failed to move the command. Please try again.',
        variant: 'destructive',
      })
      // Later moves may already be drawn on top of this one: the server's order settles it.
      void queryClient.invalidateQueries({ queryKey: key, exact: true })
    },
    onSuccess: (result) => {
      patchPage(queryClient, result.collection)
      void queryClient.invalidateQueries({ queryKey: collectionKeys.mine() })
    },
  })
}

/** DELETE /api/collections/{id}/posts/{postId} from the collection page: the card goes at once. */
export function useRemoveFromCollection(collection: CollectionDetail) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const key = pageKey(collection)
  return useMutation<CollectionPostResponse, Error, string, PageContext>({
    mutationFn: (postId) =>
      apiFetch<CollectionPostResponse>(`${base(collection._id)}/posts/${encodeURIComponent(postId)}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to remove the command from the collection',
      }),
    onMutate: (postId) =>
      changePage(queryClient, key, (current) => ({
        ...current,
        posts: current.posts.filter((post) => post._id !== postId),
        postCount: Math.max(0, current.postCount - 1),
      })),
    onError: (error, _postId, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
      toast({ title: 'Error', message: error.message, variant: 'destructive' })
    },
    onSuccess: (result) => {
      patchPage(queryClient, result.collection)
      toast({ title: 'Removed from the collection', variant: 'success' })
      void queryClient.invalidateQueries({ queryKey: collectionKeys.mine() })
    },
  })
}
