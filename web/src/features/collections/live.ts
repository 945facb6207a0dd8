import type { CollectionDetail, SavedPostsResponse } from '@bashboard/server/contract'
import type { QueryClient } from '@tanstack/react-query'
import { patchCards, withChanges } from '../../lib/post-cache'
import {
  POST_CARD_TOPIC_KINDS,
  type PostCardQueries,
  postCardEvents,
  resetPostCards,
} from '../../lib/post-cache-registry'
import { topicKindOf } from '../../live/dispatcher'
import type { LiveFeature } from '../../live/types'
import { collectionKeys } from './queries'

/** The caller's saved pages and the collection pages: lists of post cards. */
export const collectionsPostCards: readonly PostCardQueries[] = [
  {
    queryKey: collectionKeys.saved(),
    cards: (data: SavedPostsResponse) => data.posts,
    patch: (data: SavedPostsResponse, change) => withChanges(data, { posts: patchCards(data.posts, change) }),
  } satisfies PostCardQueries<SavedPostsResponse>,
  {
    queryKey: collectionKeys.pages(),
    cards: (data: CollectionDetail) => data.posts,
    patch: (data: CollectionDetail, change) => withChanges(data, { posts: patchCards(data.posts, change) }),
  } satisfies PostCardQueries<CollectionDetail>,
]

const postCards = postCardEvents(collectionsPostCards)

/** Drops a deleted post from every cached collection page and saved page, so no card is left broken. */
function dropPost(queryClient: QueryClient, postId: string): void {
  let savedTouched = false
  queryClient.setQueriesData<SavedPostsResponse>({ queryKey: collectionKeys.saved() }, (current) => {
    if (!current?.posts.some((post) => post._id === postId)) return current
    savedTouched = true
    return { ...current, posts: current.posts.filter((post) => post._id !== postId) }
  })
  queryClient.setQueriesData<CollectionDetail>({ queryKey: collectionKeys.pages() }, (current) => {
    if (!current?.posts.some((post) => post._id === postId)) return current
    return {
      ...current,
      posts: current.posts.filter((post) => post._id !== postId),
      postCount: Math.max(0, current.postCount - 1),
    }
  })
  // The pages after it shift by one, and the totals change: the server's count settles them.
  if (savedTouched) void queryClient.invalidateQueries({ queryKey: collectionKeys.saved() })
}

/** The cached pages of one collection (its address is in the key; the event carries its id). */
function invalidateCollectionPages(queryClient: QueryClient, collectionId: string): void {
  void queryClient.invalidateQueries({
    queryKey: collectionKeys.pages(),
    predicate: (query) => (query.state.data as CollectionDetail | undefined)?._id === collectionId,
  })
}

/**
 * Saved posts and collections live (the owner's `user:<id>` topic), so two open tabs stay in step: a
 * save elsewhere refetches the Saved list, a collection change refetches the lists and that collection's
 * page (unless this tab's own reorder is still being saved: its order is already on screen), a deleted
 * collection's page refetches into "not found". A post deleted by its author or a moderator (`posts`)
 * leaves every list at once. The cards' counters and the caller's marks follow `post:<id>` events
 * (lib/post-cache-registry.ts).
 */
export const collectionsLive = {
  topicKinds: POST_CARD_TOPIC_KINDS,
  events: {
    ...postCards,
    'saved.changed': (queryClient, data) => {
      // The bookmark on every card of it turns on or off at once; the lists themselves refetch.
      postCards['saved.changed'](queryClient, data)
      void queryClient.invalidateQueries({ queryKey: collectionKeys.saved() })
      // A save from a collection picker elsewhere may have added to a collection too.
      void queryClient.invalidateQueries({ queryKey: collectionKeys.mine() })
    },
    'collection.changed': (queryClient, data) => {
      void queryClient.invalidateQueries({ queryKey: collectionKeys.mine() })
      const ownMove = queryClient.isMutating({ mutationKey: collectionKeys.order(data.collection._id) }) > 0
      if (!(data.change === 'reordered' && ownMove))
        invalidateCollectionPages(queryClient, data.collection._id)
      if (data.change === 'post.added')
        void queryClient.invalidateQueries({ queryKey: collectionKeys.saved() })
    },
    'collection.deleted': (queryClient, data) => {
      void queryClient.invalidateQueries({ queryKey: collectionKeys.mine() })
      invalidateCollectionPages(queryClient, data.collectionId)
    },
    'post.deleted': (queryClient, data) => {
      postCards['post.deleted'](queryClient, data)
      dropPost(queryClient, data.postId)
    },
  },
  reset: (queryClient, topic) => {
    if (topicKindOf(topic) === 'post') {
      resetPostCards(queryClient, collectionsPostCards, topic)
      return
    }
    // `user:<id>`: missed saves, collection changes and marks; every list of the caller refetches.
    void queryClient.invalidateQueries({ queryKey: collectionKeys.saved() })
    void queryClient.invalidateQueries({ queryKey: collectionKeys.mine() })
    void queryClient.invalidateQueries({ queryKey: collectionKeys.pages() })
  },
} satisfies LiveFeature
