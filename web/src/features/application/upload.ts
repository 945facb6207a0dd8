import { ApiError, csrfHeaders, NETWORK_ERROR_MESSAGE } from '../../lib/api-client'

export interface UploadOptions {
  /** Called with the share of the request body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
  /** Message used when a failed response carries no `message` of its own. */
  fallbackMessage?: string
}

function serverMessageOf(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text)
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body as { message: unknown }
      if (typeof message === 'string' && message.trim() !== '') return message
    }
  } catch {
    // Not JSON (a proxy's error page): there is no server message.
  }
  return undefined
}

/**
 * POSTs a multipart form like `apiFetch`, but through XMLHttpRequest: `fetch` cannot report upload
 * progress, and a 10 MB document over a slow link needs a progress bar. Sends the same CSRF header
 * and throws the same `ApiError`s, so callers handle failures exactly as for any other call.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, fallbackMessage } = options
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', path)
    request.setRequestHeader('Accept', 'application/json')
    for (const [name, value] of Object.entries(csrfHeaders('POST'))) request.setRequestHeader(name, value)

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1)
        resolve((request.responseText === '' ? undefined : JSON.parse(request.responseText)) as T)
        return
      }
      const serverMessage = serverMessageOf(request.responseText)
      reject(
        new ApiError(
          request.status,
          serverMessage ?? fallbackMessage ?? `Error: ${request.status}`,
          serverMessage,
        ),
      )
    }
    request.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE))
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.send(form)
  })
}
