import type { DeleteAccountBody, DeleteAccountResponse } from '@bashboard/server/contract'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { downloadWithSession } from '../../lib/download-file'

/** Where the member's data is downloaded from (docs/product-rules.md#leaving). */
export const ACCOUNT_EXPORT_PATH = '/api/users/me/export'

/**
 * Downloads the member's export (with the session's token, so as a blob under the server's name).
 * Resolves to the file's name; rejects with an ApiError.
 */
export function downloadAccountExport(): Promise<string> {
  return downloadWithSession(ACCOUNT_EXPORT_PATH, {
    fallbackName: 'bashboard-export.json',
    failureMessage: 'Failed to prepare your data. Please try again.',
    accept: 'application/json',
  })
}

/** DELETE /api/users/me: the account, confirmed with its password. The caller signs the tab out after. */
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
