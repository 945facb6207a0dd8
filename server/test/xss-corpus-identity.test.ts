import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LinkedIdentitiesResponse, PendingIdentity } from '../src/contract/identity.ts'
import { ACCOUNT_MESSAGES } from '../src/contract/limits.ts'
import { USERNAME_PATTERN } from '../src/lib/credentials.ts'
import { proposeUsername } from '../src/modules/identity/username.ts'
import { buildTestApp, TEST_RATE_LIMITS, type TestApp } from './build-test-app.ts'
import { authHeader, createUser, loginAs } from './factories.ts'
import { type GooglePeer, startGooglePeer } from './google-peer.ts'
import { cookieFrom, PENDING_COOKIE, signInThrough } from './identity-flow.ts'
import { xssPayloads } from './xss-corpus.ts'

/*
 * docs/product-rules.md#security: what a provider sign-in takes from outside (the provider's name for
 * the account, the username the member types on the finishing page) against the XSS corpus. A proposed
 * or picked username only ever holds a username's characters; the provider's name is kept as data and
 * answered only as a JSON string (the web renders it as text).
 */

const payloads = xssPayloads()

describe('the XSS corpus through provider sign-in', () => {
  let t: TestApp
  let google: GooglePeer
  let pending: string | undefined

  beforeAll(async () => {
    google = await startGooglePeer()
    t = await buildTestApp({
      config: {
        rateLimit: { ...TEST_RATE_LIMITS, loginPerMinute: 100_000 },
        google: { clientId: google.clientId, clientSecret: google.clientSecret, issuerUrl: google.issuerUrl },
      },
    })
    // A first sign-in whose proposed name is taken, so the finishing page asks for one.
    await createUser(t.db, { username: 'xss-victim' })
    google.signInAs({
      sub: 'xss-pick',
      email: 'xss-pick@example.test',
      email_verified: true,
      name: 'xss-victim',
    })
    pending = cookieFrom(await signInThrough(t.app, 'google'), PENDING_COOKIE)
  })
  afterAll(async () => {
    await t?.close()
    await google?.close()
  })

  it('proposes only usernames made of a username’s characters', () => {
    for (const payload of payloads) {
      const proposed = proposeUsername(payload, 'fallback@example.test')
      expect(USERNAME_PATTERN.test(proposed), `${payload} → ${proposed}`).toBe(true)
    }
  })

  it('refuses every payload typed as the username of the new account', async () => {
    const accepted: string[] = []
    for (const payload of payloads) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/pending/account',
        headers: { cookie: pending ?? '' },
        payload: { username: payload },
      })
      if (
        res.statusCode !== 422 ||
        res.json<{ message: string }>().message !== ACCOUNT_MESSAGES.usernameRule
      ) {
        accepted.push(`${payload} → ${res.statusCode}`)
      }
    }
    expect(accepted).toEqual([])
    // The pending sign-in survived every refusal, and still offers its plain proposal.
    const still = await t.app.inject({ url: '/api/auth/pending', headers: { cookie: pending ?? '' } })
    expect(still.json<PendingIdentity>().username).toBe('xss-victim')
  }, 60_000)

  it('keeps a provider name that is a payload as data, answered only as JSON', async () => {
    const sample = payloads.filter((_, index) => index % 50 === 0)
    for (const [index, payload] of sample.entries()) {
      const email = `xss-name-${index}@example.test`
      google.signInAs({ sub: `xss-name-${index}`, email, email_verified: true, name: payload })
      const res = await signInThrough(t.app, 'google')
      expect(res.headers.location, payload).toBe('/sign-in/provider')
      const user = await t.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      expect(USERNAME_PATTERN.test(user.username)).toBe(true)
      const listed = await t.app.inject({
        url: '/api/users/me/identities',
        headers: authHeader(loginAs(t.app, user)),
      })
      expect(listed.headers['content-type']).toMatch(/^application\/json/)
      expect(listed.json<LinkedIdentitiesResponse>().identities[0]?.login).toBe(payload)
    }
  }, 60_000)
})
