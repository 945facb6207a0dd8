import { applicationLive } from '../features/application/live'
import { authLive } from '../features/auth/live'
import { collectionsLive } from '../features/collections/live'
import { commentsLive } from '../features/comments/live'
import { homeLive } from '../features/home/live'
import { leaderboardLive } from '../features/leaderboard/live'
import { moderationLive } from '../features/moderation/live'
import { notificationsLive } from '../features/notifications/live'
import { postsLive } from '../features/posts/live'
import { createLiveDispatcher } from './dispatcher'
import type { LiveFeature } from './types'

/** Every feature's live handlers. A feature that shows live data adds its `live.ts` export here. */
export const liveFeatures: readonly LiveFeature[] = [
  homeLive,
  authLive,
  commentsLive,
  postsLive,
  leaderboardLive,
  notificationsLive,
  applicationLive,
  moderationLive,
  collectionsLive,
]

/** The app's dispatcher: events and resets from the socket go to the features above. */
export const liveDispatcher = createLiveDispatcher(liveFeatures)
