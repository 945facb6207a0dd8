import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { App } from '../src/app.ts'
import type { AuthResponse } from '../src/contract/accounts.ts'
import { CSRF_COOKIE, CSRF_HEADER, MEMBER_HINT_COOKIE, SESSION_COOKIE } from '../src/contract/values.ts'
import { cookieFrom } from './identity-flow.ts'

/** A browser signed in with the session cookie: what it sends with reads and with writes. */
export interface BrowserSession {
  /** The Cookie header of its requests (session, CSRF token and hint). */
  cookie: string
  /** The CSRF token its pages copy into the header of every write. */
  csrf: string
  /** Headers of a write made from one of the site's pages. */
  writeHeaders: Record<string, string>
  /** The body of the login (the seed's JWT and header user). */
  body: AuthResponse
  response: LightMyRequestResponse
}

/** The cookies a sign-in set, as a browser would send them back. */
export function browserSessionOf(response: LightMyRequestResponse): BrowserSession {
  const session = cookieFrom(response, SESSION_COOKIE)
  const csrf = cookieFrom(response, CSRF_COOKIE)
  const hint = cookieFrom(response, MEMBER_HINT_COOKIE)
  expect(session, 'the sign-in sets the session cookie').toBeDefined()
  const cookie = [session, csrf, hint].filter(Boolean).join('; ')
  const token = csrf?.slice(CSRF_COOKIE.length + 1) ?? ''
  return {
    cookie,
    csrf: token,
    writeHeaders: { cookie, [CSRF_HEADER]: token, origin: 'http://localhost:3000' },
    body: response.json() as AuthResponse,
    response,
  }
}

/** Signs in through the login form's route, as a browser with `userAgent`. */
export async function signInBrowser(
  app: App,
  user: { username: string; password: string },
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
): Promise<BrowserSession> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'user-agent': userAgent, origin: 'http://localhost:3000' },
    payload: { emailOrUsername: user.username, password: user.password },
  })
  expect(response.statusCode, response.body).toBe(200)
  return browserSessionOf(response)
}
