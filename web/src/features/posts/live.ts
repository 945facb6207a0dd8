import type { PostCard, PostDetailResponse } from '@bashboard/server/contract'
import type { LiveFeature } from '../../live/types'
import { postKeys } from './api'
import {
  containsPost,
  invalidatePostEverywhere,
  updateAuthorEverywhere,
  updatePostEverywhere,
  updateSavedEverywhere,
} from './cache'

/**
 * Posts live updates (docs/product-rules.md#live). Counters are absolute, so they are written into every
 * cached query holding the post (detail, each browse page, the home lists). A new post waits behind Browse's
 * "N new commands" banner instead of shifting the list under the reader; a deleted one is refetched away.
 */
export const postsLive = {
  topicKinds: ['posts', 'post'],
  events: {
    'post.votes': (queryClient, data) => {
      updatePostEverywhere(queryClient, data.postId, {
        uplikeCount: data.uplikeCount,
        downlikeCount: data.downlikeCount,
      })
    },
    'post.saves': (queryClient, data) => {
      updatePostEverywhere(queryClient, data.postId, { savedCount: data.savedCount })
    },
    // The signed-in user saved or unsaved a post in another tab (or by adding it to a collection): the
    // bookmark turns on or off on every card of it here too. It comes on their own `user:<id>` topic.
    'saved.changed': (queryClient, data) => {
      updateSavedEverywhere(queryClient, data.postId, data.saved, data.savedCount)
    },
    'post.views': (queryClient, data) => {
      updatePostEverywhere(queryClient, data.postId, { viewCount: data.viewCount })
    },
    'comment.created': (queryClient, data) => {
      updatePostEverywhere(queryClient, data.postId, { commentsCount: data.commentsCount })
    },
    'comment.deleted': (queryClient, data) => {
      updatePostEverywhere(queryClient, data.postId, { commentsCount: data.commentsCount })
    },
    // An edit can change anything on the card (title, command, category, description): lists holding
    // the post are refetched rather than patched field by field. Edits are rare.
    'post.updated': (queryClient, post) => {
      // The post's own page takes the edited card at once (with "edited" and, after a new title, the
      // new slug, which the page follows); the caller's saved flag is theirs, not the broadcast's.
      const pages = queryClient.getQueriesData<PostDetailResponse>({ queryKey: postKeys.details() })
      for (const [queryKey, detail] of pages) {
        if (detail?.post._id !== post._id) continue
        queryClient.setQueryData<PostDetailResponse>(queryKey, {
          ...detail,
          post: { ...post, isSaved: detail.post.isSaved },
        })
      }
      // Everything else holding it is refetched; its own pages are current now, and refetching one by
      // an old slug would answer 404.
      void queryClient.invalidateQueries({
        predicate: (query) =>
          containsPost(query.state.data, post._id) &&
          (query.state.data as Partial<PostDetailResponse> | undefined)?.post?._id !== post._id,
      })
    },
    'post.created': (queryClient, post) => {
      const shown = queryClient
        .getQueryCache()
        .findAll({ queryKey: postKeys.browses() })
        .some((query) => containsPost(query.state.data, post._id))
      if (shown) return
      queryClient.setQueryData<PostCard[]>(postKeys.incoming(), (waiting = []) =>
        waiting.some((item) => item._id === post._id) ? waiting : [post, ...waiting],
      )
    },
    // A renamed author (or a new avatar): patched wherever their cards are cached, without a refetch.
    'author.updated': (queryClient, change) => {
      updateAuthorEverywhere(queryClient, change)
    },
    'post.deleted': (queryClient, data) => {
      queryClient.setQueryData<PostCard[]>(postKeys.incoming(), (waiting) =>
        waiting?.filter((item) => item._id !== data.postId),
      )
      void invalidatePostEverywhere(queryClient, data.postId)
    },
  },
  reset: (queryClient, topic) => {
    if (topic === 'posts') {
      queryClient.setQueryData<PostCard[]>(postKeys.incoming(), [])
      void queryClient.invalidateQueries({ queryKey: postKeys.browses() })
      // Detail pages hold `posts` for `author.updated`; a rename may be among the missed events.
      void queryClient.invalidateQueries({ queryKey: postKeys.details() })
      return
    }
    const postId = topic.slice('post:'.length)
    void invalidatePostEverywhere(queryClient, postId)
  },
} satisfies LiveFeature
