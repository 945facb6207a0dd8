import type { EndedSessions, WebSessionList } from '@bashboard/server/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot } from '../../lib/current-user'

/** The browsers signed in to the member's account; under the user's key root, so logging out drops them. */
export function sessionsKey() {
  return [...currentUserKeyRoot, 'sessions'] as const
}

/** GET /api/users/me/sessions: the current browser first, then by last seen. */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsKey(),
    queryFn: ({ signal }) =>
      apiFetch<WebSessionList>('/api/users/me/sessions', {
        signal,
        fallbackMessage: 'Failed to load your sessions',
      }),
  })
}

/** Writes the list a change left, so the section shows it at once. */
function useListWriter() {
  const queryClient = useQueryClient()
  return (update: (list: WebSessionList) => WebSessionList) =>
    queryClient.setQueryData<WebSessionList>(sessionsKey(), (list) => list && update(list))
}

/** DELETE /api/users/me/sessions/{id}: signs that browser out; it answers 204, so the row is dropped here. */
export function useEndSession() {
  const writeList = useListWriter()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/users/me/sessions/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to sign out that session',
      }),
    onSuccess: (_answer, id) =>
      writeList((list) => ({ sessions: list.sessions.filter((session) => session.id !== id) })),
    // A 404 means it already ended (expired, or signed out elsewhere): reload so the stale row goes.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404)
        void queryClient.invalidateQueries({ queryKey: sessionsKey() })
    },
  })
}

/**
 * POST /api/users/me/sessions/end-others: signs out every other browser and bearer login; this browser
 * stays, so only its row is left.
 */
export function useEndOtherSessions() {
  const writeList = useListWriter()
  return useMutation({
    mutationFn: () =>
      apiFetch<EndedSessions>('/api/users/me/sessions/end-others', {
        method: 'POST',
        fallbackMessage: 'Failed to sign out your other sessions',
      }),
    onSuccess: () => writeList((list) => ({ sessions: list.sessions.filter((session) => session.current) })),
  })
}
