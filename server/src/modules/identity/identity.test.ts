import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, TEST_RATE_LIMITS, type TestApp } from '../../../test/build-test-app.ts'
import { authHeader, createUser, loginAs } from '../../../test/factories.ts'
import { type GitHubAccount, type GitHubPeer, startGitHubPeer } from '../../../test/github-peer.ts'
import { type GooglePeer, startGooglePeer } from '../../../test/google-peer.ts'
import {
  authorizeAtProvider,
  callback,
  cookieFrom,
  finishSignIn,
  PENDING_COOKIE,
  STATE_COOKIE,
  signedInBy,
  signInThrough,
  startFlow,
} from '../../../test/identity-flow.ts'
import { enrolTotp } from '../../../test/second-factor.ts'
import type { AuthResponse } from '../../contract/accounts.ts'
import type { LinkedIdentitiesResponse, PendingIdentity } from '../../contract/identity.ts'
import { IDENTITY_MESSAGES } from '../../contract/identity-messages.ts'
import { ACCOUNT_MESSAGES } from '../../contract/limits.ts'
import type { SecondFactorRequired } from '../../contract/second-factor.ts'
import { NO_PASSWORD_HASH } from '../../lib/password.ts'

/*
 * docs/product-rules.md#identity against the real app and database, with real peers: a GitHub-shaped
 * OAuth server (test/github-peer.ts) and an OpenID Connect issuer (oauth2-mock-server) for Google.
 */

let t: TestApp
let github: GitHubPeer
let google: GooglePeer
let counter = 0

beforeAll(async () => {
  ;[github, google] = await Promise.all([startGitHubPeer(), startGooglePeer()])
  t = await buildTestApp({
    config: {
      // Every test here signs in a few times from the same address.
      rateLimit: { ...TEST_RATE_LIMITS, loginPerMinute: 1000 },
      github: {
        clientId: github.clientId,
        clientSecret: github.clientSecret,
        oauthUrl: github.url,
        apiUrl: github.url,
      },
      google: { clientId: google.clientId, clientSecret: google.clientSecret, issuerUrl: google.issuerUrl },
    },
  })
})
afterAll(async () => {
  await t?.close()
  await Promise.all([github?.close(), google?.close()])
})

/** A GitHub account of the test's own, its primary address verified unless told otherwise. */
function gitHubAccount(overrides: Partial<GitHubAccount> = {}): GitHubAccount {
  counter += 1
  const tag = `${counter}${randomUUID().slice(0, 6)}`
  return {
    id: 1000 + counter,
    login: `gh-${tag}`,
    emails: [{ email: `gh-${tag}@example.test`, primary: true, verified: true }],
    ...overrides,
  }
}

function userByEmail(email: string) {
  return t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
}

function identitiesOf(userId: string) {
  return t.db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).execute()
}

function pendingOf(cookie: string | undefined) {
  return t.app.inject({ url: '/api/auth/pending', headers: cookie ? { cookie } : {} })
}

function post(url: string, payload: object, cookie?: string) {
  return t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} })
}

describe('providers', () => {
  it('lists the configured providers for the login page', async () => {
    const res = await t.app.inject({ url: '/api/auth/providers' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ providers: ['github', 'google'] })
  })

  it('offers none, and starts none, when no provider is configured', async () => {
    const bare = await buildTestApp()
    try {
      expect((await bare.app.inject({ url: '/api/auth/providers' })).json()).toEqual({ providers: [] })
      const start = await bare.app.inject({ url: '/api/auth/github/start' })
      expect(start.statusCode).toBe(404)
      expect(start.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
    } finally {
      await bare.close()
    }
    // A second app and database of its own: slower than the rest.
  }, 30_000)
})

describe('GitHub sign-in', () => {
  it('sends the member to GitHub with state and PKCE, and back with a state cookie', async () => {
    const flow = await startFlow(t.app, 'github')
    expect(flow.authorizeUrl.origin).toBe(github.url)
    expect(flow.authorizeUrl.pathname).toBe('/login/oauth/authorize')
    expect(flow.authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256')
    expect(flow.authorizeUrl.searchParams.get('state')).toBe(flow.stateCookie.split('=')[1])
    expect(flow.authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/auth/github/callback',
    )
  })

  it('creates an account named after the GitHub login on a first sign-in, and signs it in again later', async () => {
    const account = gitHubAccount()
    github.signInAs(account)
    const first = await signInThrough(t.app, 'github', '/post/some-command?tab=comments')
    expect(first.statusCode).toBe(302)
    // The state cookie is cleared once used.
    expect(String(first.headers['set-cookie'])).toContain(`${STATE_COOKIE}=;`)
    const signedIn = await signedInBy(t.app, first)
    expect(signedIn.returnTo).toBe('/post/some-command?tab=comments')
    expect(signedIn.auth.user).toMatchObject({ username: account.login, emailVerified: true })
    // The finishing step is used once.
    const replayed = await post('/api/auth/pending/sign-in', {}, cookieFrom(first, PENDING_COOKIE))
    expect(replayed.statusCode).toBe(404)

    const user = await userByEmail(account.emails[0]?.email ?? '')
    expect(user).toMatchObject({ username: account.login, password_hash: NO_PASSWORD_HASH })
    expect(user?.email_verified_at).toBeInstanceOf(Date)
    expect(await identitiesOf(user?.id ?? '')).toMatchObject([
      { provider: 'github', subject: String(account.id), login: account.login },
    ])

    const again = await signedInBy(t.app, await signInThrough(t.app, 'github'))
    expect(again).toMatchObject({ returnTo: null, auth: { user: { _id: user?.id } } })
    const count = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', '=', account.emails[0]?.email ?? '')
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('never returns to another site, whatever returnTo says', async () => {
    github.signInAs(gitHubAccount())
    const res = await signInThrough(t.app, 'github', '//evil.example/steal')
    expect((await signedInBy(t.app, res)).returnTo).toBeNull()
  })

  it('refuses a callback whose state is not the browser’s', async () => {
    github.signInAs(gitHubAccount())
    const flow = await startFlow(t.app, 'github')
    const path = await authorizeAtProvider(flow.authorizeUrl)
    const other = await startFlow(t.app, 'github')
    for (const cookies of [[other.stateCookie], [], [`${STATE_COOKIE}=forged`]]) {
      const res = await callback(t.app, path, cookies)
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toBe('/sign-in/provider?error=state')
    }
    // A state in the query that is not the one sent, with the cookie of the one sent.
    const tampered = path.replace(/state=[^&]+/, 'state=tampered')
    expect((await callback(t.app, tampered, [flow.stateCookie])).headers.location).toBe(
      '/sign-in/provider?error=state',
    )
  })

  it('refuses a replayed callback, and a replayed code under a fresh state', async () => {
    const account = gitHubAccount()
    github.signInAs(account)
    const flow = await startFlow(t.app, 'github')
    const path = await authorizeAtProvider(flow.authorizeUrl)
    const first = await callback(t.app, path, [flow.stateCookie])
    expect(first.headers.location).toBe('/sign-in/provider')

    const replay = await callback(t.app, path, [flow.stateCookie])
    expect(replay.headers.location).toBe('/sign-in/provider?error=state')

    // The same code with a state of its own: GitHub refuses the code it already exchanged.
    const fresh = await startFlow(t.app, 'github')
    const code = new URLSearchParams(path.split('?')[1]).get('code') ?? ''
    const state = fresh.authorizeUrl.searchParams.get('state') ?? ''
    const reused = await callback(t.app, `/api/auth/github/callback?code=${code}&state=${state}`, [
      fresh.stateCookie,
    ])
    expect(reused.headers.location).toBe('/sign-in/provider?error=provider')
    expect(github.refusals.at(-1)).toBe('bad_verification_code')
  })

  it('refuses an account whose primary address is not verified', async () => {
    const account = gitHubAccount()
    account.emails = [
      { email: `unverified-${counter}@example.test`, primary: true, verified: false },
      { email: `other-${counter}@example.test`, primary: false, verified: true },
    ]
    github.signInAs(account)
    const res = await signInThrough(t.app, 'github')
    expect(res.headers.location).toBe('/sign-in/provider?error=unverified')
    expect(await userByEmail(`unverified-${counter}@example.test`)).toBeUndefined()
    expect(await userByEmail(`other-${counter}@example.test`)).toBeUndefined()
  })

  it('says so when the member cancels at GitHub', async () => {
    github.signInAs(null)
    const res = await signInThrough(t.app, 'github')
    expect(res.headers.location).toBe('/sign-in/provider?error=denied')
  })
})

describe('Google sign-in (OpenID Connect)', () => {
  it('creates an account from a verified ID token, its username from the name', async () => {
    counter += 1
    const email = `ada-${counter}@example.test`
    google.signInAs({ sub: `google-${counter}`, email, email_verified: true, name: `Ada Lovelace${counter}` })
    const flow = await startFlow(t.app, 'google', '/leaderboard')
    expect(flow.authorizeUrl.searchParams.get('nonce')).toMatch(/.{20,}/)
    expect(flow.authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256')
    const res = await callback(t.app, await authorizeAtProvider(flow.authorizeUrl), [flow.stateCookie])
    expect((await signedInBy(t.app, res)).returnTo).toBe('/leaderboard')
    const user = await userByEmail(email)
    expect(user?.username).toBe(`Ada-Lovelace${counter}`)
    expect(await identitiesOf(user?.id ?? '')).toMatchObject([
      { provider: 'google', subject: `google-${counter}` },
    ])
  })

  it('refuses an ID token whose email_verified is false', async () => {
    counter += 1
    const email = `unverified-g-${counter}@example.test`
    google.signInAs({ sub: `google-${counter}`, email, email_verified: false })
    const res = await signInThrough(t.app, 'google')
    expect(res.headers.location).toBe('/sign-in/provider?error=unverified')
    expect(await userByEmail(email)).toBeUndefined()
  })

  it('refuses an ID token not signed by a key of the issuer’s JWKS', async () => {
    counter += 1
    const email = `forged-${counter}@example.test`
    google.signInAs({ sub: `google-${counter}`, email, email_verified: true })
    google.forgeNextToken()
    const res = await signInThrough(t.app, 'google')
    expect(res.headers.location).toBe('/sign-in/provider?error=provider')
    expect(await userByEmail(email)).toBeUndefined()
  })

  it('refuses a replayed callback', async () => {
    counter += 1
    google.signInAs({
      sub: `google-${counter}`,
      email: `replay-g-${counter}@example.test`,
      email_verified: true,
    })
    const flow = await startFlow(t.app, 'google')
    const path = await authorizeAtProvider(flow.authorizeUrl)
    expect((await callback(t.app, path, [flow.stateCookie])).headers.location).toBe('/sign-in/provider')
    expect((await callback(t.app, path, [flow.stateCookie])).headers.location).toBe(
      '/sign-in/provider?error=state',
    )
  })
})

describe('an address that already has an account', () => {
  it('is never merged until the member gives that account’s password', async () => {
    const existing = await createUser(t.db, { password: 'correct-horse' })
    const account = gitHubAccount({ emails: [{ email: existing.email, primary: true, verified: true }] })
    github.signInAs(account)
    const res = await signInThrough(t.app, 'github', '/browse')
    expect(res.headers.location).toBe('/sign-in/provider')
    const pending = cookieFrom(res, PENDING_COOKIE)
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/i)
    expect(await identitiesOf(existing.id)).toEqual([])

    const described = await pendingOf(pending)
    expect(described.json<PendingIdentity>()).toEqual({
      kind: 'link-account',
      provider: 'github',
      email: existing.email,
      username: existing.username,
      returnTo: '/browse',
    })

    const wrong = await post('/api/auth/pending/link', { password: 'not-it' }, pending)
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json()).toMatchObject({ message: IDENTITY_MESSAGES.passwordIncorrect })
    expect(await identitiesOf(existing.id)).toEqual([])

    const linked = await post('/api/auth/pending/link', { password: 'correct-horse' }, pending)
    expect(linked.statusCode).toBe(200)
    const auth = linked.json<AuthResponse>()
    expect(auth.user._id).toBe(existing.id)
    expect(
      (await t.app.inject({ url: '/api/users/me/identities', headers: authHeader(auth.token) })).statusCode,
    ).toBe(200)
    expect(await identitiesOf(existing.id)).toMatchObject([
      { provider: 'github', subject: String(account.id) },
    ])

    // Used once; from now on GitHub signs the account in directly.
    expect((await post('/api/auth/pending/link', { password: 'correct-horse' }, pending)).statusCode).toBe(
      404,
    )
    const later = await signedInBy(t.app, await signInThrough(t.app, 'github'))
    expect(later.auth.user._id).toBe(existing.id)
  })

  it('answers 404 for the pending steps without their cookie', async () => {
    const res = await pendingOf(undefined)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, message: IDENTITY_MESSAGES.pendingGone })
    expect((await post('/api/auth/pending/account', { username: 'nobody-here' })).statusCode).toBe(404)
  })

  it('asks for the account’s second factor after the provider, as after a password', async () => {
    const member = await createUser(t.db)
    await enrolTotp(t.app, loginAs(t.app, member))
    const account = gitHubAccount()
    await t.db
      .insertInto('user_identities')
      .values({
        user_id: member.id,
        provider: 'github',
        subject: String(account.id),
        email: member.email,
        login: account.login,
      })
      .execute()

    github.signInAs(account)
    const { pending, finished: asked } = await finishSignIn(t.app, await signInThrough(t.app, 'github'))
    expect(pending).toMatchObject({ kind: 'sign-in', username: member.username })
    expect(asked.statusCode).toBe(202)
    expect(asked.json<SecondFactorRequired>().secondFactor.methods).toContain('totp')
  })
})

describe('a proposed username that is taken', () => {
  it('lets the member pick another, then creates the account', async () => {
    const account = gitHubAccount()
    await createUser(t.db, { username: account.login })
    github.signInAs(account)
    const res = await signInThrough(t.app, 'github')
    expect(res.headers.location).toBe('/sign-in/provider')
    const pending = cookieFrom(res, PENDING_COOKIE)
    expect((await pendingOf(pending)).json()).toMatchObject({
      kind: 'choose-username',
      username: account.login,
    })

    const taken = await post('/api/auth/pending/account', { username: account.login.toUpperCase() }, pending)
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ message: ACCOUNT_MESSAGES.usernameTaken })
    const invalid = await post('/api/auth/pending/account', { username: 'no spaces!' }, pending)
    expect(invalid.statusCode).toBe(422)
    expect(invalid.json()).toMatchObject({ message: ACCOUNT_MESSAGES.usernameRule })

    const created = await post('/api/auth/pending/account', { username: `${account.login}-2` }, pending)
    expect(created.statusCode).toBe(201)
    const auth = created.json<AuthResponse>()
    expect(auth.user).toMatchObject({ username: `${account.login}-2`, emailVerified: true })
    expect(
      (await post('/api/auth/pending/account', { username: `${account.login}-3` }, pending)).statusCode,
    ).toBe(404)
  })
})

describe('linked providers in Settings', () => {
  it('links, lists and unlinks, never the last way in, until a password is set', async () => {
    const account = gitHubAccount()
    github.signInAs(account)
    await signInThrough(t.app, 'github')
    const user = await userByEmail(account.emails[0]?.email ?? '')
    if (!user) throw new Error('no account made')
    const headers = authHeader(loginAs(t.app, user))
    const list = async () =>
      (await t.app.inject({ url: '/api/users/me/identities', headers })).json<LinkedIdentitiesResponse>()

    expect(await list()).toMatchObject({
      hasPassword: false,
      available: ['github', 'google'],
      identities: [{ provider: 'github', login: account.login, email: account.emails[0]?.email }],
    })
    const refused = await t.app.inject({ method: 'DELETE', url: '/api/users/me/identities/github', headers })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ message: IDENTITY_MESSAGES.lastWayIn })

    // Link Google from Settings: the start answers the address, the callback links and goes back.
    counter += 1
    google.signInAs({
      sub: `google-${counter}`,
      email: `elsewhere-${counter}@example.test`,
      email_verified: true,
    })
    const start = await t.app.inject({ method: 'POST', url: '/api/users/me/identities/google', headers })
    expect(start.statusCode).toBe(200)
    const path = await authorizeAtProvider(new URL(start.json<{ url: string }>().url))
    const back = await callback(t.app, path, [cookieFrom(start, STATE_COOKIE)])
    expect(back.headers.location).toBe('/settings?tab=security')
    expect((await list()).identities.map((identity) => identity.provider)).toEqual(['github', 'google'])

    const unlink = async (provider: string) =>
      (await t.app.inject({ method: 'DELETE', url: `/api/users/me/identities/${provider}`, headers }))
        .statusCode
    expect(await unlink('github')).toBe(204)
    expect(await unlink('google')).toBe(409)
    expect(await unlink('github')).toBe(404)

    // No password could sign in until one is set; then Google may go.
    const before = await post('/api/user/login', {
      emailOrUsername: user.username,
      password: NO_PASSWORD_HASH,
    })
    expect(before.statusCode).toBe(401)
    const setFirst = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/me/password/initial', headers, payload: { password } })
    expect((await setFirst('abc')).statusCode).toBe(422)
    expect((await setFirst('a-new-password')).statusCode).toBe(204)
    expect((await list()).hasPassword).toBe(true)
    expect((await setFirst('another-one')).statusCode).toBe(409)
    expect(await unlink('google')).toBe(204)
    const login = await post('/api/user/login', {
      emailOrUsername: user.username,
      password: 'a-new-password',
    })
    expect(login.statusCode).toBe(200)
  })

  it('refuses to link a provider account that another member has', async () => {
    const account = gitHubAccount()
    github.signInAs(account)
    await signInThrough(t.app, 'github')
    const other = await createUser(t.db)
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/identities/github',
      headers: authHeader(loginAs(t.app, other)),
    })
    const back = await callback(
      t.app,
      await authorizeAtProvider(new URL(start.json<{ url: string }>().url)),
      [cookieFrom(start, STATE_COOKIE)],
    )
    expect(back.headers.location).toBe('/sign-in/provider?error=taken&from=settings')
    expect(await identitiesOf(other.id)).toEqual([])
  })

  it('refuses guests (personal access tokens: test/access-matrix.test.ts)', async () => {
    expect((await t.app.inject({ url: '/api/users/me/identities' })).statusCode).toBe(401)
  })
})
