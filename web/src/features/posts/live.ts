import type { BrowseResponse, PostCard, PostDetailResponse } from '@bashboard/server/contract'
import { holdsPost } from '../../lib/post-cache'
import {
  invalidatePostQueries,
  POST_CARD_TOPIC_KINDS,
  postCardEvents,
  resetPostCards,
} from '../../lib/post-cache-registry'
import type { LiveFeature } from '../../live/types'
import { postKeys } from './api'
import { browseCards, incomingCards, postsPostCards } from './cache'

const postCards = postCardEvents(postsPostCards)

/**
 * Posts live updates (docs/product-rules.md#live). Counters are absolute, so they are written into each
 * of our cached queries holding the post (detail, each browse page), and so are the caller's own vote
 * and saved mark when they change in another of their tabs (`vote.changed`, `saved.changed` on their
 * `user:<id>`); the other features that show post cards write them into their own queries
 * (lib/post-cache-registry.ts). The sidebar's category counts follow `categories.updated`. A new post
 * waits behind Browse's "N new commands" banner instead of shifting the list under the reader; a
 * deleted one is refetched away.
 */
export const postsLive = {
  topicKinds: ['posts', ...POST_CARD_TOPIC_KINDS],
  events: {
    ...postCards,
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
      // Everything else of ours holding it is refetched (its own pages hold only the edited card now,
      // and refetching one by an old slug would answer 404).
      void invalidatePostQueries(queryClient, [browseCards, incomingCards], post._id)
      void queryClient.invalidateQueries({
        queryKey: postKeys.details(),
        predicate: (query) => {
          const detail = query.state.data as PostDetailResponse | undefined
          return !!detail && detail.post._id !== post._id && holdsPost(detail.related, post._id)
        },
      })
    },
    'post.created': (queryClient, post) => {
      const shown = queryClient
        .getQueriesData<BrowseResponse>({ queryKey: postKeys.browses() })
        .some(([, page]) => page !== undefined && holdsPost(page.posts, post._id))
      if (shown) return
      queryClient.setQueryData<PostCard[]>(postKeys.incoming(), (waiting = []) =>
        waiting.some((item) => item._id === post._id) ? waiting : [post, ...waiting],
      )
    },
    // Absolute counts in the sidebar's order: every cached page takes the same list.
    'categories.updated': (queryClient, data) => {
      queryClient.setQueriesData<BrowseResponse>({ queryKey: postKeys.browses() }, (page) =>
        page ? { ...page, categories: data.categories } : page,
      )
    },
    'post.deleted': (queryClient, data) => {
      queryClient.setQueryData<PostCard[]>(postKeys.incoming(), (waiting) =>
        waiting?.filter((item) => item._id !== data.postId),
      )
      postCards['post.deleted'](queryClient, data)
    },
  },
  reset: (queryClient, topic) => {
    if (resetPostCards(queryClient, postsPostCards, topic)) return
    // `posts`: new and deleted posts may have been missed.
    queryClient.setQueryData<PostCard[]>(postKeys.incoming(), [])
    void queryClient.invalidateQueries({ queryKey: postKeys.browses() })
    // Detail pages hold `posts` for `author.updated`; a rename may be among the missed events.
    void queryClient.invalidateQueries({ queryKey: postKeys.details() })
  },
} satisfies LiveFeature
