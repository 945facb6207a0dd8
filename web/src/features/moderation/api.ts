import type {
  ApplicationStatus,
  ModActivityResponse,
  ModApplicationListResponse,
  ModAuditResponse,
  ModCommentListResponse,
  ModDecisionBody,
  ModDecisionResponse,
  ModDeleteCommentResponse,
  ModDeletePostResponse,
  ModPostListResponse,
  ModRoleBody,
  ModRoleResponse,
  ModStatsResponse,
  ModUserListResponse,
} from '@bashboard/server/contract'
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { ApiError, apiFetch, NETWORK_ERROR_MESSAGE } from '../../lib/api-client'

/** Search filters of the console's post and comment lists. */
export interface ContentSearch {
  q: string
  author: string
  page: number
}

/** Query keys of the moderation console; everything under `mod` is refetched on a `mod` reset. */
export const modKeys = {
  all: ['mod'] as const,
  applicationLists: () => [...modKeys.all, 'applications'] as const,
  applications: (status: ApplicationStatus | 'all') => [...modKeys.applicationLists(), status] as const,
  activity: () => [...modKeys.all, 'activity'] as const,
  stats: () => [...modKeys.all, 'stats'] as const,
  postLists: () => [...modKeys.all, 'posts'] as const,
  posts: (search: ContentSearch) => [...modKeys.postLists(), search] as const,
  comments: (search: ContentSearch) => [...modKeys.all, 'comments', search] as const,
  users: (q: string, page: number) => [...modKeys.all, 'users', q, page] as const,
  audit: (page: number) => [...modKeys.all, 'audit', page] as const,
}

/** `?q=…&author=…&page=…` without the empty ones. */
function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue
    search.set(key, String(value))
  }
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

/** GET /api/mod/applications: the review queue (pending first), or only one status. */
export function modApplicationsQueryOptions(status: ApplicationStatus | 'all') {
  return queryOptions({
    queryKey: modKeys.applications(status),
    queryFn: ({ signal }) =>
      apiFetch<ModApplicationListResponse>(
        `/api/mod/applications${queryString({ status: status === 'all' ? undefined : status })}`,
        { signal, fallbackMessage: 'Failed to load applications' },
      ),
  })
}

/** Most recent activity items the console keeps (the API's default page). */
export const ACTIVITY_LIMIT = 50
/** Items kept once live events have been added on top of the first page. */
export const ACTIVITY_KEEP = 200

/** GET /api/mod/activity: recent activity rebuilt from the tables, newest first. */
export function modActivityQueryOptions() {
  return queryOptions({
    queryKey: modKeys.activity(),
    queryFn: ({ signal }) =>
      apiFetch<ModActivityResponse>(`/api/mod/activity?limit=${ACTIVITY_LIMIT}`, {
        signal,
        fallbackMessage: 'Failed to load activity',
      }),
    // Live events keep it current; a refetch would only reorder what is already there.
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** How often the counters are re-read (connected sockets are not pushed). */
export const STATS_REFRESH_MS = 15_000

/** GET /api/mod/stats: connected now, sign-ups today, votes and comments per minute. */
export function modStatsQueryOptions() {
  return queryOptions({
    queryKey: modKeys.stats(),
    queryFn: ({ signal }) =>
      apiFetch<ModStatsResponse>('/api/mod/stats', {
        signal,
        fallbackMessage: 'Failed to load live counters',
      }),
    refetchInterval: STATS_REFRESH_MS,
    staleTime: STATS_REFRESH_MS,
  })
}

/** GET /api/mod/posts: posts by text and/or author, newest first. */
export function modPostsQueryOptions(search: ContentSearch) {
  return queryOptions({
    queryKey: modKeys.posts(search),
    queryFn: ({ signal }) =>
      apiFetch<ModPostListResponse>(`/api/mod/posts${queryString({ ...search })}`, {
        signal,
        fallbackMessage: 'Failed to search posts',
      }),
    placeholderData: keepPreviousData,
  })
}

/** GET /api/mod/comments: comments by text and/or author, newest first. */
export function modCommentsQueryOptions(search: ContentSearch) {
  return queryOptions({
    queryKey: modKeys.comments(search),
    queryFn: ({ signal }) =>
      apiFetch<ModCommentListResponse>(`/api/mod/comments${queryString({ ...search })}`, {
        signal,
        fallbackMessage: 'Failed to search comments',
      }),
    placeholderData: keepPreviousData,
  })
}

/** GET /api/mod/users: users by username or exact email. */
export function modUsersQueryOptions(q: string, page = 1) {
  return queryOptions({
    queryKey: modKeys.users(q, page),
    queryFn: ({ signal }) =>
      apiFetch<ModUserListResponse>(`/api/mod/users${queryString({ q, page })}`, {
        signal,
        fallbackMessage: 'Failed to search users',
      }),
    placeholderData: keepPreviousData,
  })
}

/** GET /api/mod/audit: one page of the moderation log, newest first. */
export function modAuditQueryOptions(page: number) {
  return queryOptions({
    queryKey: modKeys.audit(page),
    queryFn: ({ signal }) =>
      apiFetch<ModAuditResponse>(`/api/mod/audit${queryString({ page })}`, {
        signal,
        fallbackMessage: 'Failed to load the audit log',
      }),
    placeholderData: keepPreviousData,
  })
}

/** Drops an application from every cached pending queue (and refetches lists that keep reviewed ones). */
export function removeFromQueue(queryClient: QueryClient, applicationId: string): void {
  queryClient.setQueryData<ModApplicationListResponse>(modKeys.applications('reviewing'), (current) =>
    current
      ? {
          ...current,
          applications: current.applications.filter((item) => item._id !== applicationId),
          pagination: { ...current.pagination, total: Math.max(0, current.pagination.total - 1) },
        }
      : current,
  )
  void queryClient.invalidateQueries({
    queryKey: modKeys.applicationLists(),
    predicate: (query) => query.queryKey[2] !== 'reviewing',
  })
}

/** POST /api/mod/applications/:id/decision. On success (or a 409: decided elsewhere) it leaves the queue. */
export function useDecideApplication() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ModDecisionBody }) =>
      apiFetch<ModDecisionResponse>(`/api/mod/applications/${encodeURIComponent(id)}/decision`, {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to save the decision',
      }),
    onSuccess: (_answer, { id }) => {
      removeFromQueue(queryClient, id)
      void queryClient.invalidateQueries({ queryKey: [...modKeys.all, 'audit'] })
    },
    onError: (error, { id }) => {
      if (error instanceof ApiError && error.status === 409) removeFromQueue(queryClient, id)
    },
  })
}

/** After a delete or role change: every console list and the audit log may have changed. */
function useRefreshConsole() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({
      queryKey: modKeys.all,
      predicate: (query) => query.queryKey[1] !== 'activity',
    })
  }
}

/** DELETE /api/mod/posts/:id with the reason kept in the audit log. */
export function useModDeletePost() {
  const refresh = useRefreshConsole()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiFetch<ModDeletePostResponse>(`/api/mod/posts/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        body: { reason },
        fallbackMessage: 'Failed to delete post',
      }),
    onSuccess: () => {
      refresh()
      // Public pages holding the post (home, browse) refetch it away.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'mod' })
    },
  })
}

/** DELETE /api/mod/comments/:id with the reason kept in the audit log. */
export function useModDeleteComment() {
  const refresh = useRefreshConsole()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiFetch<ModDeleteCommentResponse>(`/api/mod/comments/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        body: { reason },
        fallbackMessage: 'Failed to delete comment',
      }),
    onSuccess: refresh,
  })
}

/** PUT /api/mod/users/:id/role with the reason kept in the audit log. */
export function useChangeRole() {
  const refresh = useRefreshConsole()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ModRoleBody }) =>
      apiFetch<ModRoleResponse>(`/api/mod/users/${encodeURIComponent(id)}/role`, {
        method: 'PUT',
        body,
        fallbackMessage: 'Failed to change the role',
      }),
    onSuccess: refresh,
  })
}

/**
 * Reads an application's private document as a blob. It is served as an attachment and never under
 * /uploads, and read as a blob so the page shows it in its own viewer rather than opening the file.
 */
export async function fetchDocumentBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response
  try {
    response = await fetch(url, { signal: signal ?? null })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, NETWORK_ERROR_MESSAGE)
  }
  if (!response.ok) throw new ApiError(response.status, 'Failed to load the document')
  return response.blob()
}
