import type { StatsResponse } from '@bashboard/server/contract'
import type { LiveFeature } from '../../live/types'
import { homeKeys } from './api'

/**
 * Home page live updates: the `stats` topic carries the four tiles' absolute values; a post created or
 * deleted on `posts` changes the latest list, so it is refetched. (Vote and view counts of the listed
 * posts are merged by the posts feature, which updates every cached query holding a post.)
 */
export const homeLive = {
  topicKinds: ['stats', 'posts'],
  events: {
    'stats.updated': (queryClient, data) => {
      queryClient.setQueryData<StatsResponse>(homeKeys.stats(), (current) =>
        // Without a cached response there is no liveId to keep; the next fetch brings both.
        current ? { ...data, liveId: current.liveId } : current,
      )
    },
    'post.created': (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: homeKeys.website() })
    },
    'post.deleted': (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: homeKeys.website() })
    },
  },
  reset: (queryClient, topic) => {
    void queryClient.invalidateQueries({
      queryKey: topic === 'posts' ? homeKeys.website() : homeKeys.stats(),
    })
  },
} satisfies LiveFeature
