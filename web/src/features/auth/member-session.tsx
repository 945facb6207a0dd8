import { useSessionExpiry } from './use-session-expiry'
import { useUserTopic } from './use-user-topic'

/**
 * What a signed-in visit keeps running whatever page is open: the session's expiry check and the user's
 * private live topic. Rendered by the root layout only while a session exists, and loaded then, so a
 * guest's first download does not carry it.
 */
export function MemberSession() {
  useSessionExpiry()
  useUserTopic()
  return null
}
