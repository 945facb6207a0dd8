import type { DeleteAccountBody, DeleteAccountResponse } from '@bashboard/server/contract'
import { useMutation } from '@tanstack/react-query'
import { ApiError, apiFetch, NETWORK_ERROR_MESSAGE } from '../../lib/api-client'
import { readStoredSession } from '../../state/session'

/** Where the member's data is downloaded from (docs/product-rules.md#leaving). */
export const ACCOUNT_EXPORT_PATH = '/api/users/me/export'

/** The file name of a `Content-Disposition` header's `filename="…"`, if it has one. */
export function attachmentName(disposition: string | null): string | null {
  const name = disposition ? /filename="([^"]+)"/i.exec(disposition)?.[1] : undefined
  return name ?? null
}

/**
 * Downloads the member's export. The request needs the bearer token, which a plain link cannot send,
 * so the file is fetched and handed to the browser as a blob under the server's name. Resolves to the
 * file's name; rejects with an ApiError.
 */
export async function downloadAccountExport(): Promise<string> {
  const headers = new Headers({ Accept: 'application/json' })
  const session = readStoredSession()
  if (session) headers.set('Authorization', `Bearer ${session.token}`)
  let response: Response
  try {
    response = await fetch(ACCOUNT_EXPORT_PATH, { headers })
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE)
  }
  if (!response.ok) throw new ApiError(response.status, 'Failed to prepare your data. Please try again.')
  const name = attachmentName(response.headers.get('Content-Disposition')) ?? 'bashboard-export.json'
  const url = URL.createObjectURL(await response.blob())
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = name
    link.rel = 'noopener'
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // The click has started the download; the blob can go once the browser has read it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
  return name
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
