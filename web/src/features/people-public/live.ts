import type { PublicProfileResponse } from '@bashboard/server/contract'
import { patchCards, withChanges } from '../../lib/post-cache'
import {
  POST_CARD_TOPIC_KINDS,
  type PostCardQueries,
  postCardEvents,
  resetPostCards,
} from '../../lib/post-cache-registry'
import type { LiveFeature } from '../../live/types'
import { publicProfileKeys } from './queries'

/** A member's public page: the page of their posts, with a card's counters. */
export const publicProfilePostCards: readonly PostCardQueries[] = [
  {
    queryKey: publicProfileKeys.all(),
    cards: (data: PublicProfileResponse) => data.posts,
    patch: (data: PublicProfileResponse, change) =>
      withChanges(data, { posts: patchCards(data.posts, change) }),
  } satisfies PostCardQueries<PublicProfileResponse>,
]

/**
 * Public profiles live: the listed posts' counters follow their `post:<id>` events, and an edited or
 * deleted post refetches the pages holding it (lib/post-cache-registry.ts).
 */
export const publicProfileLive = {
  topicKinds: [...POST_CARD_TOPIC_KINDS],
  events: postCardEvents(publicProfilePostCards),
  reset: (queryClient, topic) => {
    resetPostCards(queryClient, publicProfilePostCards, topic)
  },
} satisfies LiveFeature
