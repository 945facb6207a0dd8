import { CSRF_HEADER } from '@bashboard/server/contract/values'
import { currentCsrfToken } from '../state/session'

/** Shown whenever a request gets no HTTP response at all (offline, DNS, refused, CORS). */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.'

/**
 * A failed API call. `status` is the HTTP status, or 0 when no response arrived. `serverMessage` is the
 * `message` of the server's `{statusCode, error, message}` body when there was one; `message` is that, or
 * the caller's fallback.
 */
export class ApiError extends Error {
  readonly status: number
  readonly serverMessage: string | undefined
  /** The error body as sent (docs/product-rules.md#errors), read by the forms (lib/form-failure.ts), not here. */
  readonly body: unknown

  constructor(status: number, message: string, serverMessage?: string, body?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.serverMessage = serverMessage
    this.body = body
  }

  /** True when the request never got an HTTP response. */
  get isNetworkError(): boolean {
    return this.status === 0
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON, or as-is when it is FormData (multipart uploads). */
  body?: unknown
  signal?: AbortSignal
  /** Message used when a failed response carries no `message` of its own. */
  fallbackMessage?: string
}

async function readServerFailure(response: Response): Promise<{ message?: string; body?: unknown }> {
  try {
    const body: unknown = await response.json()
    const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : null
    return typeof message === 'string' && message.trim() !== '' ? { message, body } : { body }
  } catch {
    // A proxy error page or an empty body: there is simply no server message.
    return {}
  }
}

/** How requests go out: the browser's fetch, or, when the server renders a page, the server itself. */
let transport: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init)

/**
 * Sends every later API call through `send` instead of the browser's fetch. Only the server-side render
 * (src/entry-server.tsx) calls it: its bundle is its own copy of this module, so the browser never does.
 */
export function setApiTransport(send: (path: string, init: RequestInit) => Promise<Response>): void {
  transport = send
}

/** The headers that let a write through with the session cookie: its CSRF token (none when signed out). */
export function csrfHeaders(method: string): Record<string, string> {
  const token = method === 'GET' ? undefined : currentCsrfToken()
  return token === undefined ? {} : { [CSRF_HEADER]: token }
}

/**
 * Calls the Bashboard API on the same origin. Sends JSON; the browser sends the session cookie and a
 * write carries its CSRF token. Parses the JSON answer and throws an `ApiError` for any non-2xx status
 * or network failure.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, fallbackMessage } = options
  const headers = new Headers({ Accept: 'application/json', ...csrfHeaders(method) })

  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json')
    payload = JSON.stringify(body)
  }

  let response: Response
  try {
    response = await transport(path, { method, headers, body: payload, signal })
  } catch (error) {
    // An abort is the caller's own decision (React Query cancelling), not a network failure.
    if (signal?.aborted) throw error
    throw new ApiError(0, NETWORK_ERROR_MESSAGE)
  }

  if (!response.ok) {
    const { message: serverMessage, body } = await readServerFailure(response)
    throw new ApiError(
      response.status,
      serverMessage ?? fallbackMessage ?? `Error: ${response.status}`,
      serverMessage,
      body,
    )
  }
  if (response.status === 204) return undefined as T
  const text = await response.text()
  return (text === '' ? undefined : JSON.parse(text)) as T
}
