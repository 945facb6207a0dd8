import type {
  DeleteAccountBody,
  DeleteAccountResponse,
  ExportQueued,
  LatestExport,
} from '@bashboard/server/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot } from '../../lib/current-user'
import { downloadWithSession } from '../../lib/download-file'

/** Where the member's data is downloaded from (docs/product-rules.md#leaving). */
export const ACCOUNT_EXPORT_PATH = '/api/users/me/export'

/** How often the Account tab asks again while an export is being prepared. */
export const EXPORT_PREPARING_POLL_MS = 10_000

/** The member's background export; under the user's key root, so logging out drops it. */
export function latestExportKey() {
  return [...currentUserKeyRoot, 'export', 'latest'] as const
}

/**
 * GET /api/users/me/export/latest: the member's latest export prepared in the background, and whether
 * one asked for now would be. Asked again every few seconds while one is being prepared.
 */
export function latestExportQueryOptions() {
  return queryOptions({
    queryKey: latestExportKey(),
    queryFn: ({ signal }) =>
      apiFetch<LatestExport>(`${ACCOUNT_EXPORT_PATH}/latest`, {
        signal,
        fallbackMessage: 'Failed to load your data export',
      }),
    refetchInterval: (query) =>
      query.state.data?.job?.state === 'preparing' ? EXPORT_PREPARING_POLL_MS : false,
  })
}

/**
 * Downloads the member's export at once (with the session, so as a blob under the server's name).
 * Resolves to the file's name; rejects with an ApiError.
 */
export function downloadAccountExport(): Promise<string> {
  return downloadWithSession(ACCOUNT_EXPORT_PATH, {
    fallbackName: 'bashboard-export.json',
    failureMessage: 'Failed to prepare your data. Please try again.',
    accept: 'application/json',
  })
}

/** Downloads an export prepared in the background; resolves to the file's name. */
export function downloadPreparedExport(id: string): Promise<string> {
  return downloadWithSession(`${ACCOUNT_EXPORT_PATH}/${encodeURIComponent(id)}/download`, {
    fallbackName: 'bashboard-export.json',
    failureMessage: 'Failed to download your data. It may have expired: ask for a new copy.',
    accept: 'application/json',
  })
}

/** POST /api/users/me/export/jobs: prepares the export in the background; the tab shows its state. */
export function usePrepareExport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiFetch<ExportQueued>(`${ACCOUNT_EXPORT_PATH}/jobs`, {
        method: 'POST',
        fallbackMessage: 'Failed to prepare your data. Please try again.',
      }),
    onSuccess: ({ job }) =>
      queryClient.setQueryData<LatestExport>(latestExportKey(), (current) => ({
        inBackground: current?.inBackground ?? true,
        job,
      })),
  })
}

/**
 * DELETE /api/users/me: the account, confirmed with its password or a second-factor code. The caller
 * signs the tab out after.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      apiFetch<DeleteAccountResponse>('/api/users/me', {
        method: 'DELETE',
        body,
        fallbackMessage: 'Failed to delete your account',
      }),
  })
}
