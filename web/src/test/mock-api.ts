import type { ProfileHeader } from '@bashboard/server/contract'
import { vi } from 'vitest'

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
 * notices calls it did not expect. Returns the requests made, in order.
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
    const handler = routes[`${method} ${url.pathname}`]
    const answer = typeof handler === 'function' ? handler(request) : (handler ?? { status: 404 })
    if (answer === 'network') throw new TypeError('Failed to fetch')
    const payload =
      answer.body === undefined
        ? answer.status >= 400
          ? { statusCode: answer.status, error: 'Error', message: 'Not found' }
          : null
        : answer.body
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
