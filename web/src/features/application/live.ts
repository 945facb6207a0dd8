import type { UserApplicationResponse } from '@bashboard/server/contract'
import type { LiveFeature } from '../../live/types'
import { applicationKeys } from './queries'

/**
 * The applicant's private topic: a moderator's decision (`application.status`) rewrites the status card
 * in place. The toast comes from the decision's notification; the header's role swap is auth's handler.
 */
export const applicationLive = {
  topicKinds: ['user'],
  events: {
    'application.status': (queryClient, data) => {
      queryClient.setQueryData<UserApplicationResponse>(applicationKeys.mine(), (current) => {
        if (!current?.application) return current
        return {
          ...current,
          status: data.status,
          message: data.message === '' ? null : data.message,
          reviewedAt: data.status === 'reviewing' ? null : new Date().toISOString(),
          application: { ...current.application, status: data.status },
        }
      })
      // The event carries no dates or ids: refetch so the card ends up exactly as the server has it.
      void queryClient.invalidateQueries({ queryKey: applicationKeys.mine() })
    },
  },
  reset: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: applicationKeys.mine() })
  },
} satisfies LiveFeature
