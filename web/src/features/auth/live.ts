import type { ProfileHeader } from '@bashboard/server/contract'
import type { LiveFeature } from '../../live/types'
import { authKeys } from './session'

/** The signed-in user's private topic: a role change (application accepted) updates the header at once. */
export const authLive = {
  topicKinds: ['user'],
  events: {
    'role.changed': (queryClient, data) => {
      queryClient.setQueryData<ProfileHeader>(authKeys.profileHeader(), (current) =>
        current ? { ...current, role: data.role, contributor: data.contributor } : current,
      )
    },
  },
  reset: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: authKeys.profileHeader() })
  },
} satisfies LiveFeature
