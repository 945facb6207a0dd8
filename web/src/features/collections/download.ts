import type { ExportFormat } from '@bashboard/server/contract'
import { EXPORT_FORMATS } from '@bashboard/server/contract/values'
import { downloadWithSession } from '../../lib/download-file'

/** The export formats in menu order, with what the menu calls them. */
export const EXPORT_CHOICES: ReadonlyArray<{ format: ExportFormat; label: string; hint: string }> =
  EXPORT_FORMATS.map((format) =>
    format === 'navi'
      ? { format, label: 'navi cheatsheet', hint: '.cheat' }
      : format === 'tldr'
        ? { format, label: 'tldr page (Markdown)', hint: '.md' }
        : { format, label: 'JSON', hint: '.json' },
  )

/**
 * Downloads an export. A private collection needs the bearer token, which a plain link cannot send, so
 * the file is fetched and handed to the browser as a blob under the server's file name.
 */
export function downloadExport(path: string, fallbackName: string): Promise<string> {
  return downloadWithSession(path, { fallbackName, failureMessage: 'Failed to export. Please try again.' })
}

/** The export address of a collection, or of everything the caller saved. */
export function exportPath(target: { collectionId: string } | 'saved', format: ExportFormat): string {
  return target === 'saved'
    ? `/api/users/me/saved/export?format=${format}`
    : `/api/collections/${encodeURIComponent(target.collectionId)}/export?format=${format}`
}
