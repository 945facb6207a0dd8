import type { UserProfile } from '@bashboard/server/contract'
import { patchCards, withChanges } from '../../lib/post-cache'
import { type PostCardQueries, postCardEvents, resetPostCards } from '../../lib/post-cache-registry'
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

/**
 * The profile page live: its lists' counters follow their `post:<id>` events, a renamed author shows on
 * the favorites, and an edited or deleted post refetches the profile (lib/post-cache-registry.ts).
 */
export const profileLive = {
  topicKinds: ['post'],
  events: postCardEvents(profilePostCards),
  reset: (queryClient, topic) => {
    resetPostCards(queryClient, profilePostCards, topic)
  },
} satisfies LiveFeature
