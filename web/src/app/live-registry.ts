import { applicationLive } from '../features/application/live'
import { authLive } from '../features/auth/live'
import { collectionsLive } from '../features/collections/live'
import { commentsLive } from '../features/comments/live'
import { homeLive } from '../features/home/live'
import { leaderboardLive } from '../features/leaderboard/live'
import { moderationLive } from '../features/moderation/live'
import { notificationsLive } from '../features/notifications/live'
import { publicProfileLive } from '../features/people-public/live'
import { postsLive } from '../features/posts/live'
import { profileLive } from '../features/profile/live'
import { programsLive } from '../features/programs/live'
import { createLiveDispatcher } from '../live/dispatcher'
import type { LiveFeature } from '../live/types'
// Registers the other features' post cards for the posts feature's optimistic vote and save.
import './post-cache-patches'

/**
 * Every feature's live handlers. A feature that shows live data adds its `live.ts` export here: this list
 * is what makes the app know every feature, so it lives in app/ and not in live/ (which only runs it).
 */
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
  programsLive,
  publicProfileLive,
  profileLive,
]

/** The app's dispatcher: events and resets from the socket go to the features above. */
export const liveDispatcher = createLiveDispatcher(liveFeatures)
