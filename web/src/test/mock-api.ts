import type { ProfileHeader } from '@bashboard/server/contract'
import { CSRF_COOKIE, MEMBER_HINT_COOKIE } from '@bashboard/server/contract/values'
import { vi } from 'vitest'
import { writeCookie } from '../state/cookie'

/** The CSRF token the mocked server gives the session a sign-in answer with `token` starts. */
export function csrfTokenOf(token: string): string {
  return `csrf-${token}`
}

/**
 * What the real server's Set-Cookie does, for the readable cookies a page can see: a sign-in answer
 * (a 2xx body with `token` and `expiresAt`, as login, signup and the second factor send) sets the
 * expiry hint and CSRF token; a sign-out clears them.
 */
function applySessionCookies(path: string, status: number, payload: unknown): void {
  if (status < 200 || status >= 300) return
  if (path === '/api/user/logout') {
    writeCookie(MEMBER_HINT_COOKIE, null)
    writeCookie(CSRF_COOKIE, null)
    return
  }
  const { token, expiresAt, user } = (payload ?? {}) as {
    token?: unknown
    expiresAt?: unknown
    user?: unknown
  }
  if (typeof token !== 'string' || typeof expiresAt !== 'string' || user === undefined) return
  writeCookie(MEMBER_HINT_COOKIE, String(Math.floor(Date.parse(expiresAt) / 1000)))
  writeCookie(CSRF_COOKIE, csrfTokenOf(token))
}

/** A canned answer: a status and a JSON body, or `'network'` for a request that never gets a response. */
export type MockAnswer = { status: number; body?: unknown } | 'network'

export interface RecordedRequest {
  method: string
  path: string
  /** The query string's parameters (`?page=2&search=tar`). */
  query: URLSearchParams
  headers: Headers
  body: unknown
}

type Handler = MockAnswer | ((request: RecordedRequest) => MockAnswer)

/**
 * Replaces `fetch` with a table of `'METHOD /path'` → answer. Unlisted requests answer 404, so a test
 * notices calls it did not expect (a sign-out is answered 204 unless listed). Sign-in answers set the
 * session's readable cookies as the server would. Returns the requests made, in order.
 */
export function mockApi(routes: Record<string, Handler>): RecordedRequest[] {
  const requests: RecordedRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body,
    }
    requests.push(request)
    const handler =
      routes[`${method} ${url.pathname}`] ??
      (url.pathname === '/api/user/logout' ? { status: 204 } : undefined)
    const answer = typeof handler === 'function' ? handler(request) : (handler ?? { status: 404 })
    if (answer === 'network') throw new TypeError('Failed to fetch')
    const payload =
      answer.body === undefined
        ? answer.status >= 400
          ? { statusCode: answer.status, error: 'Error', message: 'Not found' }
          : null
        : answer.body
    applySessionCookies(url.pathname, answer.status, payload)
    return new Response(payload === null ? null : JSON.stringify(payload), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return requests
}

/** An error body as the server sends it. */
export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: 'Error', message }
}

/** A profile header for the signed-in user of a test. */
export function profileFixture(overrides: Partial<ProfileHeader> = {}): ProfileHeader {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    username: 'ada_lovelace',
    email: 'ada@example.test',
    emailVerified: true,
    avatar: null,
    contributor: false,
    role: 'member',
    points: 42,
    badge: 'Newbie',
    ...overrides,
  }
}

/** The stats the home page shows. */
export function statsFixture(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    totalPosts: 120,
    totalUsers: 48,
    totalCategories: 9,
    todaysPosts: [],
    activeToday: 5,
    liveId: '7',
    ...overrides,
  }
}

/** GET /api/users/me/identities of an account made through GitHub: linked, and no password yet. */
export function providerOnlyIdentities(): MockAnswer {
  return {
    status: 200,
    body: {
      identities: [
        {
          provider: 'github',
          login: 'octo',
          email: 'octo@example.test',
          linkedAt: '2026-12-01T00:00:00.000Z',
        },
      ],
      available: ['github'],
      hasPassword: false,
    },
  }
}
