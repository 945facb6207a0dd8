import { useLiveTopic } from '../../live/live-provider'
import { useProfileHeader } from './session'

/**
 * Keeps the signed-in user's private topic (`user:<id>`) subscribed for the whole visit: role changes,
 * application decisions and notifications arrive on it whichever page is open.
 */
export function useUserTopic(): void {
  const { data: user } = useProfileHeader()
  useLiveTopic(user ? `user:${user._id}` : null)
}
