import type { LeaderboardEntry, StatsResponse, WebsiteResponse } from '@bashboard/server/contract'
import { patchCards, patchReacted, withChanges } from '../../lib/post-cache'
import {
  POST_CARD_TOPIC_KINDS,
  type PostCardQueries,
  postCardEvents,
  resetPostCards,
} from '../../lib/post-cache-registry'
import type { LiveFeature } from '../../live/types'
import { homeKeys } from './api'

/** The home page's post cards: the latest and the week's top posts, with the caller's votes among them. */
export const homePostCards: readonly PostCardQueries[] = [
  {
    queryKey: homeKeys.website(),
    cards: (data: WebsiteResponse) => [...data.latestPosts, ...data.topWeeklyPosts],
    patch: (data: WebsiteResponse, change) =>
      withChanges(data, {
        latestPosts: patchCards(data.latestPosts, change),
        topWeeklyPosts: patchCards(data.topWeeklyPosts, change),
        myReactedPosts: patchReacted(data.myReactedPosts, change),
      }),
  } satisfies PostCardQueries<WebsiteResponse>,
]

/**
 * The weekly leaders card after a `leaderboard.updated` push for `week`: the pushed top 5 in their new
 * order and points. The card shows tier badges, which the push does not carry, so when someone new
 * enters the top 5 the answer is null and the home data is refetched instead.
 */
export function weeklyLeadersAfterPush(
  current: WebsiteResponse['userLeaderboard'],
  entries: readonly LeaderboardEntry[],
): WebsiteResponse['userLeaderboard'] | null {
  const known = new Map(current.map((leader) => [leader._id, leader]))
  const next: WebsiteResponse['userLeaderboard'] = []
  for (const entry of entries.slice(0, 5)) {
    const leader = known.get(entry._id)
    if (!leader) return null
    next.push({ ...leader, username: entry.username, avatar: entry.avatar, points: entry.points })
  }
  return next
}

/**
 * Home page live updates: the `stats` topic carries the four tiles' absolute values; a post created or
 * deleted on `posts` changes the latest list, so it is refetched; the weekly leaders card follows the
 * `leaderboard` topic's `week` board. The listed posts' counters, the caller's marks and renamed authors
 * are written into the cards (`post:<id>` and `posts` events, lib/post-cache-registry.ts).
 */
export const homeLive = {
  topicKinds: ['stats', 'posts', 'leaderboard', ...POST_CARD_TOPIC_KINDS],
  events: {
    ...postCardEvents(homePostCards),
    'stats.updated': (queryClient, data) => {
      queryClient.setQueryData<StatsResponse>(homeKeys.stats(), (current) =>
        // Without a cached response there is no liveId to keep; the next fetch brings both.
        current ? { ...data, liveId: current.liveId } : current,
      )
    },
    'post.created': (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: homeKeys.website() })
    },
    'categories.updated': (queryClient, data) => {
      queryClient.setQueryData<WebsiteResponse>(homeKeys.website(), (current) =>
        current ? { ...current, categories: data.categories } : current,
      )
    },
    // Refetched whether or not the lists held it: a deleted post leaves room for an older one.
    'post.deleted': (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: homeKeys.website() })
    },
    'leaderboard.updated': (queryClient, data) => {
      if (data.period !== 'week') return
      const current = queryClient.getQueryData<WebsiteResponse>(homeKeys.website())
      if (!current) return
      const leaders = weeklyLeadersAfterPush(current.userLeaderboard, data.entries)
      if (leaders)
        queryClient.setQueryData<WebsiteResponse>(homeKeys.website(), {
          ...current,
          userLeaderboard: leaders,
        })
      else void queryClient.invalidateQueries({ queryKey: homeKeys.website() })
    },
  },
  reset: (queryClient, topic) => {
    if (resetPostCards(queryClient, homePostCards, topic)) return
    void queryClient.invalidateQueries({
      queryKey: topic === 'stats' ? homeKeys.stats() : homeKeys.website(),
    })
  },
} satisfies LiveFeature
