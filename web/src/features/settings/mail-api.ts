import type { MailPreferences, UpdateMailPreferencesBody } from '@bashboard/server/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot } from '../../lib/current-user'

/** GET /api/users/me/mail, under the signed-in user's keys (dropped at sign-out). */
export function mailPreferencesQueryOptions() {
  return queryOptions({
    queryKey: [...currentUserKeyRoot, 'mail'] as const,
    queryFn: ({ signal }) =>
      apiFetch<MailPreferences>('/api/users/me/mail', {
        signal,
        fallbackMessage: 'Failed to load email settings',
      }),
  })
}

/** PUT /api/users/me/mail: saves one change; the answer replaces the cached choices. */
export function useUpdateMailPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateMailPreferencesBody) =>
      apiFetch<MailPreferences>('/api/users/me/mail', {
        method: 'PUT',
        body,
        fallbackMessage: 'Failed to save email settings',
      }),
    onSuccess: (answer) => queryClient.setQueryData(mailPreferencesQueryOptions().queryKey, answer),
  })
}
