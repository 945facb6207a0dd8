import type { ExportFormat } from '@bashboard/server/contract'
import { EXPORT_FORMATS } from '@bashboard/server/contract/values'
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client'
import { readStoredSession } from '../../state/session'

/** The export formats in menu order, with what the menu calls them. */
export const EXPORT_CHOICES: ReadonlyArray<{ format: ExportFormat; label: string; hint: string }> =
  EXPORT_FORMATS.map((format) =>
    format === 'navi'
      ? { format, label: 'navi cheatsheet', hint: '.cheat' }
      : format === 'tldr'
        ? { format, label: 'tldr page (Markdown)', hint: '.md' }
        : { format, label: 'JSON', hint: '.json' },
  )

/** The file name of a `Content-Disposition` header (`filename*=` first, then `filename=`), if any. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''))
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition)
  const name = plain?.[2] ?? plain?.[1]
  return name ? name.trim() : null
}

/**
 * Downloads an export. A private collection needs the bearer token, which a plain link cannot send, so
 * the file is fetched and handed to the browser as a blob under the server's file name.
 */
export async function downloadExport(path: string, fallbackName: string): Promise<string> {
  const headers = new Headers()
  const session = readStoredSession()
  if (session) headers.set('Authorization', `Bearer ${session.token}`)
  let response: Response
  try {
    response = await fetch(path, { headers })
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE)
  }
  if (!response.ok) throw new ApiError(response.status, 'Failed to export. Please try again.')
  const name = fileNameFrom(response.headers.get('Content-Disposition')) ?? fallbackName
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
    // The click has started the download; the blob is no longer needed once it has been read.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
  return name
}

/** The export address of a collection, or of everything the caller saved. */
export function exportPath(target: { collectionId: string } | 'saved', format: ExportFormat): string {
  return target === 'saved'
    ? `/api/users/me/saved/export?format=${format}`
    : `/api/collections/${encodeURIComponent(target.collectionId)}/export?format=${format}`
}
