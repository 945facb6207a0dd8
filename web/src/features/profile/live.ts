import type { UserProfile } from '@bashboard/server/contract'
import { patchCards, withChanges } from '../../lib/post-cache'
import {
  POST_CARD_TOPIC_KINDS,
  type PostCardQueries,
  postCardEvents,
  resetPostCards,
} from '../../lib/post-cache-registry'
import type { LiveFeature } from '../../live/types'
import { profileKeys } from './api'

/** The signed-in user's profile: their posts and their favorites (posts they upvoted, with authors). */
export const profilePostCards: readonly PostCardQueries[] = [
  {
    queryKey: profileKeys.profile(),
    cards: (data: UserProfile) => [...data.posts, ...data.favorites],
    patch: (data: UserProfile, change) =>
      withChanges(data, {
        posts: patchCards(data.posts, change),
        favorites: patchCards(data.favorites, change),
      }),
  } satisfies PostCardQueries<UserProfile>,
]

const postCards = postCardEvents(profilePostCards)

/**
 * The profile page live: its lists' counters follow their `post:<id>` events, a renamed author shows on
 * the favorites, and an edited or deleted post refetches the profile (lib/post-cache-registry.ts).
 */
export const profileLive = {
  topicKinds: [...POST_CARD_TOPIC_KINDS],
  events: {
    ...postCards,
    'vote.changed': (queryClient, data) => {
      postCards['vote.changed'](queryClient, data)
      // Upvoted is the user's upvotes, latest first: an upvote (from another tab too) puts the post
      // at the top, a switch to a downvote takes it off. Both are structural, so the profile refetches.
      const favorites = queryClient.getQueryData<UserProfile | null>(profileKeys.profile())?.favorites
      if (!favorites) return
      const moved =
        data.value > 0
          ? favorites[0]?._id !== data.postId
          : favorites.some((post) => post._id === data.postId)
      if (moved) void queryClient.invalidateQueries({ queryKey: profileKeys.profile() })
    },
  },
  reset: (queryClient, topic) => {
    resetPostCards(queryClient, profilePostCards, topic)
  },
} satisfies LiveFeature
