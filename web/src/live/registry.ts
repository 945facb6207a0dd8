import { authLive } from '../features/auth/live'
import { commentsLive } from '../features/comments/live'
import { homeLive } from '../features/home/live'
import { postsLive } from '../features/posts/live'
import { createLiveDispatcher } from './dispatcher'
import type { LiveFeature } from './types'

/** Every feature's live handlers. A feature that shows live data adds its `live.ts` export here. */
export const liveFeatures: readonly LiveFeature[] = [homeLive, authLive, commentsLive, postsLive]

/** The app's dispatcher: events and resets from the socket go to the features above. */
export const liveDispatcher = createLiveDispatcher(liveFeatures)
