import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client'

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
 * Downloads a file of the API for the signed-in member: it is fetched (so a refusal or a 202 is an
 * answer the page can show, not a broken download) and handed to the browser as a blob under the
 * server's file name (else `fallbackName`). Resolves to the name; rejects with an ApiError (`failureMessage` for a refusal, and status 202 when the server
 * queued the file instead of sending it).
 */
export async function downloadWithSession(
  path: string,
  options: { fallbackName: string; failureMessage: string; accept?: string },
): Promise<string> {
  const headers = new Headers(options.accept ? { Accept: options.accept } : {})
  let response: Response
  try {
    response = await fetch(path, { headers })
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE)
  }
  // Only a 200 is the file: a 202 (the server will prepare it later) is an answer to read, not to save.
  if (response.status !== 200) throw new ApiError(response.status, options.failureMessage)
  const name = fileNameFrom(response.headers.get('Content-Disposition')) ?? options.fallbackName
  saveBlob(await response.blob(), name)
  return name
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
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
}
