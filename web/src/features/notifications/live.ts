import type { LiveNotification, NotificationsResponse } from '@bashboard/server/contract'
import type { LiveFeature } from '../../live/types'
import { mergePushedNotification, notificationKeys } from './api'

type ArrivalListener = (notification: LiveNotification) => void
const arrivalListeners = new Set<ArrivalListener>()

/**
 * Calls `listener` for every notification pushed while it is registered (the header shows a toast).
 * Returns the function that unregisters it. Live handlers only see the query cache, so the toast, which
 * is UI state, hangs off this instead.
 */
export function onNotificationArrived(listener: ArrivalListener): () => void {
  arrivalListeners.add(listener)
  return () => arrivalListeners.delete(listener)
}

/**
 * Notifications live on the signed-in user's `user:<id>` topic (docs/product-rules.md#live). A push carries
 * the whole notification and the absolute unread count, so it is merged into the menu's cached list; a push
 * that cannot be merged (older server) refetches it. Each arrival also raises a toast through the listeners.
 */
export const notificationsLive = {
  topicKinds: ['user'],
  events: {
    notification: (queryClient, data) => {
      const key = notificationKeys.list()
      const current = queryClient.getQueryData<NotificationsResponse>(key)
      const merged = current ? mergePushedNotification(current, data) : null
      if (merged) queryClient.setQueryData(key, merged)
      else void queryClient.invalidateQueries({ queryKey: key })
      // A page of the notifications page may now start elsewhere: it is read again.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.pages() })
      for (const listener of arrivalListeners) listener(data)
    },
  },
  reset: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list() })
    void queryClient.invalidateQueries({ queryKey: notificationKeys.pages() })
  },
} satisfies LiveFeature
