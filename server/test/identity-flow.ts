import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { App } from '../src/app.ts'
import type { AuthResponse } from '../src/contract/accounts.ts'
import type { PendingIdentity } from '../src/contract/identity.ts'

/*
 * Driving a provider sign-in as a browser would: the start route (its state cookie kept), the
 * provider's authorize step over real HTTP, then the callback with the cookie.
 */

/** The cookie named `name` among a response's Set-Cookie headers, as `name=value`, or undefined. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie']
  const all = header === undefined ? [] : Array.isArray(header) ? header : [header]
  const found = all.map((line) => line.split(';')[0] ?? '').find((pair) => pair.startsWith(`${name}=`))
  return found === undefined || found === `${name}=` ? undefined : found
}

export const STATE_COOKIE = 'bashboard_oauth_state'
export const PENDING_COOKIE = 'bashboard_identity_pending'

/** A started authorization: the provider's address and the browser's state cookie. */
export interface StartedFlow {
  authorizeUrl: URL
  stateCookie: string
}

/** GET /api/auth/:provider/start as a guest; expects the redirect to the provider. */
export async function startFlow(
  app: App,
  provider: 'github' | 'google',
  returnTo?: string,
): Promise<StartedFlow> {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`
  const res = await app.inject({ url: `/api/auth/${provider}/start${query}` })
  expect(res.statusCode, res.body).toBe(302)
  const stateCookie = cookieFrom(res, STATE_COOKIE)
  expect(stateCookie).toBeDefined()
  return { authorizeUrl: new URL(String(res.headers.location)), stateCookie: stateCookie ?? '' }
}

/** The provider's authorize step (it signs in whoever the peer was told to): the callback path it sends back to. */
export async function authorizeAtProvider(authorizeUrl: URL): Promise<string> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' })
  expect(res.status).toBe(302)
  const back = new URL(res.headers.get('location') ?? '')
  return `${back.pathname}${back.search}`
}

/** The callback, with the cookies the browser would send. */
export function callback(
  app: App,
  path: string,
  cookies: (string | undefined)[],
): Promise<LightMyRequestResponse> {
  const cookie = cookies.filter((value) => value !== undefined).join('; ')
  return app.inject({ url: path, headers: cookie === '' ? {} : { cookie } })
}

/** start → provider → callback, in one go. */
export async function signInThrough(
  app: App,
  provider: 'github' | 'google',
  returnTo?: string,
): Promise<LightMyRequestResponse> {
  const flow = await startFlow(app, provider, returnTo)
  const path = await authorizeAtProvider(flow.authorizeUrl)
  return callback(app, path, [flow.stateCookie])
}

/** What a callback left for the finishing page, and the page's POST /api/auth/pending/sign-in answer. */
export async function finishSignIn(
  app: App,
  calledBack: LightMyRequestResponse,
): Promise<{ pending: PendingIdentity; finished: LightMyRequestResponse }> {
  expect(calledBack.headers.location).toBe('/sign-in/provider')
  const cookie = cookieFrom(calledBack, PENDING_COOKIE) ?? ''
  const described = await app.inject({ url: '/api/auth/pending', headers: { cookie } })
  expect(described.statusCode, described.body).toBe(200)
  const finished = await app.inject({ method: 'POST', url: '/api/auth/pending/sign-in', headers: { cookie } })
  return { pending: described.json<PendingIdentity>(), finished }
}

/** The callback's sign-in finished on the page: the member it signed in, and where they were going. */
export async function signedInBy(
  app: App,
  calledBack: LightMyRequestResponse,
): Promise<{ auth: AuthResponse; returnTo: string | null }> {
  const { pending, finished } = await finishSignIn(app, calledBack)
  expect(pending.kind).toBe('sign-in')
  expect(finished.statusCode, finished.body).toBe(200)
  return { auth: finished.json<AuthResponse>(), returnTo: pending.returnTo }
}
