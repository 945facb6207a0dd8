import type { LiveFeature } from '../../live/types'

/** Placeholder registered by the lead; the owner of this feature fills in its handlers. */
export const applicationLive = {
  topicKinds: [],
  events: {},
  reset: () => {},
} satisfies LiveFeature
