import { CliError, EXIT } from './errors.ts'
import { stripLine } from './sanitize.ts'

/** The site could not be reached at all (refused, DNS, timeout): commands that can, fall back to the cache. */
export class UnreachableError extends CliError {
  readonly reason: string

  constructor(url: string, reason: string) {
    super(
      `cannot reach Bashboard at ${url} (${reason}). Is the site up? Set BASHBOARD_URL to use another one.`,
    )
    this.name = 'UnreachableError'
    this.reason = reason
  }
}

/** The site answered with an error status. `message` is already worded for the terminal. */
export class ApiError extends CliError {
  readonly status: number

  constructor(status: number, message: string) {
    super(message, status === 404 ? EXIT.notFound : EXIT.error)
    this.name = 'ApiError'
    this.status = status
  }
}

export interface Client {
  readonly baseUrl: string
  readonly token: string | undefined
  /** `auth: 'none'` sends no token (public reads that work for anyone). */
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>
  /** A GET whose body is text (exports). */
  text(path: string, options?: RequestOptions): Promise<string>
}

export interface RequestOptions {
  body?: unknown
  auth?: 'send' | 'none' | 'required'
}

const TIMEOUT_MS = Number(process.env.BASHBOARD_TIMEOUT_MS) || 15_000

function describeCause(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError')
      return `no answer within ${TIMEOUT_MS / 1000} s`
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause
    if (cause?.code) return cause.code
    if (cause?.message) return cause.message
    return error.message
  }
  return String(error)
}

async function explain(response: Response, hasToken: boolean): Promise<ApiError> {
  let serverMessage = ''
  try {
    const body = (await response.json()) as { message?: unknown }
    if (typeof body.message === 'string') serverMessage = stripLine(body.message)
  } catch {
    // Not the API's JSON error shape (a proxy's page, say): the status alone has to do.
  }
  const status = response.status
  switch (status) {
    case 401:
      return new ApiError(
        401,
        hasToken
          ? `${serverMessage || 'The site refused your access token.'}\nRun \`bashboard login\` with a new token.`
          : `${serverMessage || 'You need to sign in for this.'}\nRun \`bashboard login\` first (create a token under Settings → Access tokens).`,
      )
    case 403:
      return new ApiError(403, serverMessage || 'You are not allowed to do this.')
    case 429: {
      const retry = response.headers.get('retry-after')
      const wait = retry && /^\d+$/.test(retry) ? ` Try again in ${retry} s.` : ' Try again in a minute.'
      const said = serverMessage || 'too many requests'
      return new ApiError(429, `rate limited: ${said}${/[.!?]$/.test(said) ? '' : '.'}${wait}`)
    }
    default:
      return new ApiError(status, serverMessage || `the site answered HTTP ${status}`)
  }
}

export function createClient(baseUrl: string, token: string | undefined): Client {
  async function send(
    method: string,
    path: string,
    options: RequestOptions,
    accept: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept, 'user-agent': 'bashboard-cli' }
    const useToken = options.auth !== 'none' ? token : undefined
    if (options.auth === 'required' && !token) {
      throw new CliError('You are not logged in. Run `bashboard login` (or set BASHBOARD_TOKEN) first.')
    }
    if (useToken) headers.authorization = `Bearer ${useToken}`
    let body: string | undefined
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.body)
    }
    let response: Response
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body,
        redirect: 'follow',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new UnreachableError(baseUrl, describeCause(error))
    }
    // A server that is shutting down or whose database is down is as good as unreachable.
    if (response.status === 502 || response.status === 503 || response.status === 504) {
      throw new UnreachableError(baseUrl, `HTTP ${response.status}`)
    }
    if (!response.ok) throw await explain(response, Boolean(useToken))
    return response
  }

  return {
    baseUrl,
    token,
    async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
      const response = await send(method, path, options, 'application/json')
      try {
        return (await response.json()) as T
      } catch {
        throw new CliError(`the site at ${baseUrl} did not answer JSON for ${path}; is BASHBOARD_URL right?`)
      }
    },
    async text(path: string, options: RequestOptions = {}): Promise<string> {
      const response = await send('GET', path, options, '*/*')
      return await response.text()
    },
  }
}
