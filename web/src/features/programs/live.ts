import type { ProgramResponse } from '@bashboard/server/contract'
import { patchCards, patchReacted, withChanges } from '../../lib/post-cache'
import {
  POST_CARD_TOPIC_KINDS,
  type PostCardQueries,
  postCardEvents,
  resetPostCards,
} from '../../lib/post-cache-registry'
import type { LiveFeature } from '../../live/types'
import { programKeys } from './queries'

/** A program's pages of commands, with the caller's votes among them. */
export const programsPostCards: readonly PostCardQueries[] = [
  {
    queryKey: programKeys.all,
    cards: (data: ProgramResponse) => data.posts,
    patch: (data: ProgramResponse, change) =>
      withChanges(data, {
        posts: patchCards(data.posts, change),
        myReactedPosts: patchReacted(data.myReactedPosts, change),
      }),
  } satisfies PostCardQueries<ProgramResponse>,
]

/**
 * Program pages live: their cards' counters, the caller's marks and renamed authors are written in, an
 * edited or deleted post refetches the pages holding it (lib/post-cache-registry.ts). The order of a
 * page is the server's ranking, which the next fetch brings.
 */
export const programsLive = {
  topicKinds: [...POST_CARD_TOPIC_KINDS],
  events: postCardEvents(programsPostCards),
  reset: (queryClient, topic) => {
    resetPostCards(queryClient, programsPostCards, topic)
  },
} satisfies LiveFeature
