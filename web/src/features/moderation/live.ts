import type { ModActivityResponse, ModPostListResponse, ModStatsResponse } from '@bashboard/server/contract'
import { patchCards, withChanges } from '../../lib/post-cache'
import {
  POST_CARD_TOPIC_KINDS,
  type PostCardQueries,
  postCardEvents,
  resetPostCards,
} from '../../lib/post-cache-registry'
import type { LiveFeature } from '../../live/types'
import { ACTIVITY_KEEP, modKeys, removeFromQueue } from './api'
import { activityKey } from './format'

/** Adds one to the newest (current-minute) entry of a per-minute series. */
function bumpLastMinute(series: number[]): number[] {
  if (series.length === 0) return series
  const next = [...series]
  next[next.length - 1] = (next[next.length - 1] ?? 0) + 1
  return next
}

/** The console's post search results: rows with the vote and comment counters of a card. */
export const moderationPostCards: readonly PostCardQueries[] = [
  {
    queryKey: modKeys.postLists(),
    cards: (data: ModPostListResponse) => data.posts,
    patch: (data: ModPostListResponse, change) =>
      withChanges(data, { posts: patchCards(data.posts, change) }),
  } satisfies PostCardQueries<ModPostListResponse>,
]

/**
 * The `mod` topic (moderators only). New applications are refetched into the queue; a decision by any
 * moderator drops the item from every console's queue; activity is prepended to the stream and nudges
 * the counters until their next poll. A reset refetches the whole console. Listed posts follow their
 * `post:<id>` and `posts` events like every post card (lib/post-cache-registry.ts).
 */
export const moderationLive = {
  topicKinds: ['mod', ...POST_CARD_TOPIC_KINDS],
  events: {
    ...postCardEvents(moderationPostCards),
    'application.submitted': (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: modKeys.applicationLists() })
    },
    'application.reviewed': (queryClient, data) => {
      removeFromQueue(queryClient, data._id)
    },
    activity: (queryClient, item) => {
      const key = activityKey(item)
      let added = false
      queryClient.setQueryData<ModActivityResponse>(modKeys.activity(), (current) => {
        if (!current || current.items.some((existing) => activityKey(existing) === key)) return current
        added = true
        return { ...current, items: [item, ...current.items].slice(0, ACTIVITY_KEEP) }
      })
      // A replayed event already counted by the stats endpoint must not be counted twice.
      if (!added) return
      queryClient.setQueryData<ModStatsResponse>(modKeys.stats(), (stats) => {
        if (!stats) return stats
        if (item.kind === 'vote') return { ...stats, votesPerMinute: bumpLastMinute(stats.votesPerMinute) }
        if (item.kind === 'comment')
          return { ...stats, commentsPerMinute: bumpLastMinute(stats.commentsPerMinute) }
        if (item.kind === 'signup') return { ...stats, signupsToday: stats.signupsToday + 1 }
        return stats
      })
    },
  },
  reset: (queryClient, topic) => {
    if (resetPostCards(queryClient, moderationPostCards, topic)) return
    void queryClient.invalidateQueries({ queryKey: modKeys.all })
  },
} satisfies LiveFeature
