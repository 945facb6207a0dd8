import { randomUUID } from 'node:crypto'
import type { Role } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_SCOPES } from '../src/contract/values.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { authHeader, createUser, loginAs } from './factories.ts'
import { signInBrowser } from './web-session.ts'

/*
 * docs/product-rules.md#security: a role × endpoint matrix over every route. The routes come from the app's
 * own OpenAPI description, which documents every /api route with the access level it declares (the app
 * refuses to start when a route declares none), so a new route joins the matrix without anyone listing it
 * here. Each route is called as a guest, a member, a contributor and a moderator with placeholder ids and
 * empty bodies: the access hook runs before parsing and validation, so a caller below the route's
 * level must get 401 (guest) or 403 (signed in), and a caller at or above it must get past the hook
 * (any answer but 401 and 403: usually 400 or 404 for the placeholder input).
 */

type Caller = 'guest' | Role
type Access = 'public' | 'member' | 'contributor' | 'moderator'
type Scope = (typeof TOKEN_SCOPES)[number]

const RANK: Record<Caller | Access, number> = {
  guest: 0,
  public: 0,
  member: 1,
  contributor: 2,
  moderator: 3,
}
const CALLERS: readonly Caller[] = ['guest', 'member', 'contributor', 'moderator']

interface Operation {
  method: string
  path: string
  access: Access
  /** The personal access token scope the route accepts, or null when it refuses tokens. */
  tokenScope: Scope | null
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { description?: string }>>
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const access = /Access: (public|member|contributor|moderator)\./.exec(operation.description ?? '')?.[1]
      if (!access) throw new Error(`${method.toUpperCase()} ${path} does not name its access level`)
      const description = operation.description ?? ''
      const scope = /Token scope: (read|vote|save|post)\./.exec(description)?.[1]
      if (!scope && !description.includes('Personal access tokens: refused.'))
        throw new Error(`${method.toUpperCase()} ${path} does not say whether tokens may call it`)
      operations.push({
        method: method.toUpperCase(),
        path,
        access: access as Access,
        tokenScope: (scope as Scope | undefined) ?? null,
      })
    }
  }
  return operations
}

/** A concrete URL for an OpenAPI path: every `{param}` becomes a fresh UUID (valid shape, no row). */
function urlOf(path: string): string {
  return path.replace(/\{[^}]+\}/g, () => randomUUID())
}

describe('role × endpoint matrix', () => {
  let t: TestApp
  let operations: Operation[]
  const tokens = new Map<Caller, string | null>()

  beforeAll(async () => {
    t = await buildTestApp()
    tokens.set('guest', null)
    for (const role of ['member', 'contributor', 'moderator'] as const) {
      tokens.set(role, loginAs(t.app, await createUser(t.db, { role })))
    }
    const res = await t.app.inject({ url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    operations = operationsOf(res.json<OpenApiDocument>())
  })
  afterAll(async () => {
    await t?.close()
  })

  it('covers every documented route, at every access level in use', () => {
    // A floor, so a broken OpenAPI document cannot make the matrix pass by having nothing in it.
    expect(operations.length).toBeGreaterThanOrEqual(50)
    // Creating a post is a member route whose service refuses non-contributors (403, posts tests), so
    // no route needs the contributor level itself.
    const levels = new Set(operations.map((operation) => operation.access))
    for (const level of ['public', 'member', 'moderator'] as const) expect(levels).toContain(level)
  })

  it('refuses callers below each route’s level and lets the others past the access check', async () => {
    const mismatches: string[] = []
    for (const operation of operations) {
      const url = urlOf(operation.path)
      for (const caller of CALLERS) {
        const token = tokens.get(caller)
        const res = await t.app.inject({
          method: operation.method as 'GET',
          url,
          headers: token ? authHeader(token) : {},
          ...(operation.method === 'GET' || operation.method === 'HEAD' ? {} : { payload: {} }),
        })
        const allowed = RANK[caller] >= RANK[operation.access]
        const label = `${operation.method} ${operation.path} as ${caller} (access ${operation.access})`
        if (!allowed) {
          const expected = caller === 'guest' ? 401 : 403
          if (res.statusCode !== expected)
            mismatches.push(`${label}: ${res.statusCode}, expected ${expected}`)
        } else if (res.statusCode === 401 || res.statusCode === 403) {
          mismatches.push(`${label}: ${res.statusCode}, expected to pass the access check`)
        } else if (res.statusCode >= 500) {
          mismatches.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`)
        }
      }
    }
    expect(mismatches).toEqual([])
  }, 120_000)
})

/*
 * Personal access tokens: every route × every scope. A moderator (so the role never gets in the way)
 * holds one token per scope; a token with only scope S must pass the access check on exactly the
 * routes declaring S, and get the token refusal (403) everywhere else. Routes that change the account
 * or its credentials, manage tokens, handle applications or belong to the moderation console must
 * refuse tokens whatever their scopes, and no answer to a token may hold the owner's email.
 */
describe('token scope × endpoint matrix', () => {
  let t: TestApp
  let operations: Operation[]
  const tokens = new Map<Scope, string>()
  let ownerEmail = ''

  beforeAll(async () => {
    t = await buildTestApp()
    const moderator = await createUser(t.db, { role: 'moderator' })
    ownerEmail = moderator.email
    for (const scope of TOKEN_SCOPES) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: authHeader(loginAs(t.app, moderator)),
        payload: { name: `only ${scope}`, scopes: [scope] },
      })
      expect(res.statusCode).toBe(201)
      tokens.set(scope, res.json<{ token: string }>().token)
    }
    const res = await t.app.inject({ url: '/api/openapi.json' })
    operations = operationsOf(res.json<OpenApiDocument>())
  })
  afterAll(async () => {
    await t?.close()
  })

  it('gives every scope routes, and no token the session-only routes', () => {
    const used = new Set(operations.map((operation) => operation.tokenScope))
    for (const scope of TOKEN_SCOPES) expect(used).toContain(scope)
    const sessionOnly = operations.filter(
      (operation) =>
        operation.path === '/api/users' ||
        // Deleting the account (issue 49); its export is the one account route a read token reaches.
        operation.path === '/api/users/me' ||
        // An export prepared in the background (issue 49): its state and its file hold the email.
        operation.path.startsWith('/api/users/me/export/') ||
        // The second factor (issue 49): a token never passes or changes it.
        operation.path.startsWith('/api/users/me/second-factor') ||
        // Passkeys (issue 49): registering, naming and removing them, and signing in with one.
        operation.path.startsWith('/api/users/me/passkeys') ||
        // The member's web sessions (issue 49): listed and ended from a browser only.
        operation.path.startsWith('/api/users/me/sessions') ||
        operation.path === '/api/user/logout' ||
        // Provider sign-in, its finishing steps and the linked providers (issue 49): sessions only.
        operation.path.startsWith('/api/auth/') ||
        operation.path.startsWith('/api/users/me/identities') ||
        operation.path === '/api/users/me/password/initial' ||
        operation.path.startsWith('/api/user/login') ||
        operation.path.startsWith('/api/users/avatar') ||
        operation.path.startsWith('/api/tokens') ||
        operation.path.startsWith('/api/applications') ||
        operation.path.startsWith('/api/mod/'),
    )
    // Password, email and username change through PUT /api/users; a floor so the filter cannot go empty.
    expect(sessionOnly.length).toBeGreaterThanOrEqual(15)
    expect(sessionOnly.filter((operation) => operation.tokenScope !== null)).toEqual([])
    const scopeOf = (method: string, path: string) =>
      operations.find((operation) => operation.method === method && operation.path === path)?.tokenScope
    expect(scopeOf('DELETE', '/api/users/me')).toBeNull()
    expect(scopeOf('GET', '/api/users/me/export')).toBe('read')
    for (const [method, path] of [
      ['POST', '/api/users/me/export/jobs'],
      ['GET', '/api/users/me/export/latest'],
      ['GET', '/api/users/me/export/{id}/download'],
    ] as const) {
      expect(scopeOf(method, path), `${method} ${path}`).toBeNull()
    }
    for (const [method, path] of [
      ['GET', '/api/users/me/second-factor'],
      ['POST', '/api/users/me/second-factor/totp'],
      ['POST', '/api/users/me/second-factor/totp/confirm'],
      ['DELETE', '/api/users/me/second-factor/totp'],
      ['POST', '/api/users/me/second-factor/recovery-codes'],
      ['POST', '/api/user/login/second-factor'],
      ['GET', '/api/users/me/passkeys'],
      ['POST', '/api/users/me/passkeys/options'],
      ['POST', '/api/users/me/passkeys'],
      ['PATCH', '/api/users/me/passkeys/{id}'],
      ['DELETE', '/api/users/me/passkeys/{id}'],
      ['POST', '/api/user/login/passkey/options'],
      ['POST', '/api/user/login/passkey'],
      ['POST', '/api/user/login/second-factor/passkey/options'],
      ['POST', '/api/user/login/second-factor/passkey'],
    ] as const) {
      expect(scopeOf(method, path), `${method} ${path}`).toBeNull()
    }
  })

  it('lets a token with one scope past the access check on exactly the routes declaring it', async () => {
    const mismatches: string[] = []
    for (const operation of operations) {
      const url = urlOf(operation.path)
      for (const scope of TOKEN_SCOPES) {
        const res = await t.app.inject({
          method: operation.method as 'GET',
          url,
          headers: authHeader(tokens.get(scope) ?? ''),
          ...(operation.method === 'GET' || operation.method === 'HEAD' ? {} : { payload: {} }),
        })
        const label = `${operation.method} ${operation.path} with a ${scope} token (route scope ${operation.tokenScope ?? 'none'})`
        if (operation.tokenScope !== scope) {
          const message = res.statusCode === 403 ? res.json<{ message: string }>().message : ''
          const expected =
            operation.tokenScope === null
              ? 'Personal access tokens cannot be used for this'
              : `lacks the "${operation.tokenScope}" scope`
          if (!message.includes(expected))
            mismatches.push(`${label}: ${res.statusCode} ${message}, expected 403 "${expected}"`)
        } else if (res.statusCode === 401 || res.statusCode === 403) {
          mismatches.push(`${label}: ${res.statusCode}, expected to pass the access check`)
        } else if (res.statusCode >= 500) {
          mismatches.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`)
        } else if (res.body.toLowerCase().includes(ownerEmail.toLowerCase())) {
          // docs/product-rules.md#sessions: no answer to a token holds the owner's email.
          mismatches.push(`${label}: ${res.statusCode}, the answer holds the token owner's email`)
        }
      }
    }
    expect(mismatches).toEqual([])
  }, 120_000)
})

/*
 * The web session cookie (docs/product-rules.md#sessions): every route a member may call answers a
 * member signed in by cookie as it answers one with a bearer token, provided writes carry the CSRF
 * token from an allowed origin; every write without it is refused (403) before anything runs, public
 * routes included. Signing out comes last, since it ends the session the rest use.
 */
describe('web session × endpoint matrix', () => {
  let t: TestApp
  let operations: Operation[]

  beforeAll(async () => {
    t = await buildTestApp()
    const res = await t.app.inject({ url: '/api/openapi.json' })
    operations = operationsOf(res.json<OpenApiDocument>())
      .filter((operation) => RANK[operation.access] <= RANK.member)
      .sort((a, b) => Number(a.path === '/api/user/logout') - Number(b.path === '/api/user/logout'))
  })
  afterAll(async () => {
    await t?.close()
  })

  it('passes a member’s cookie with its CSRF token, and refuses every cookie write without it', async () => {
    const member = await createUser(t.db)
    const browser = await signInBrowser(t.app, member)
    const mismatches: string[] = []
    for (const operation of operations) {
      const url = urlOf(operation.path)
      const write = operation.method !== 'GET' && operation.method !== 'HEAD'
      const call = (headers: Record<string, string>) =>
        t.app.inject({ method: operation.method as 'GET', url, headers, ...(write ? { payload: {} } : {}) })
      const label = `${operation.method} ${operation.path}`
      if (write) {
        const forged = await call({ cookie: browser.cookie })
        if (forged.statusCode !== 403 || !forged.body.includes('CSRF'))
          mismatches.push(`${label} without the CSRF token: ${forged.statusCode}, expected 403`)
      }
      const res = await call(write ? browser.writeHeaders : { cookie: browser.cookie })
      if (res.statusCode === 401 || res.statusCode === 403) {
        mismatches.push(`${label} with the session: ${res.statusCode} ${res.body.slice(0, 120)}`)
      } else if (res.statusCode >= 500) {
        mismatches.push(`${label} with the session: ${res.statusCode} ${res.body.slice(0, 200)}`)
      }
    }
    expect(mismatches).toEqual([])
  }, 120_000)
})
