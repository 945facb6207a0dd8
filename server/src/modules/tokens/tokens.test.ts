import { createHash, randomUUID } from 'node:crypto'
import type { CategoryRow } from '@bashboard/db'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  authHeader,
  createCategory,
  createPost,
  createUser,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import { TOKEN_LIMITS } from '../../contract/limits.ts'
import type {
  AccessToken,
  AccessTokensResponse,
  CreatedAccessTokenResponse,
  TokenScope,
} from '../../contract/tokens.ts'
import { TOKEN_SCOPES } from '../../contract/values.ts'
import { generateAccessToken, hasAccessTokenShape, hashAccessToken, isAccessToken } from './secret.ts'
import { TOKEN_MESSAGES } from './service.ts'

let t: TestApp
let category: CategoryRow

beforeAll(async () => {
  t = await buildTestApp()
  category = await createCategory(t.db)
})
afterAll(async () => {
  await t?.close()
})

const DAY_MS = 24 * 60 * 60 * 1000
let sequence = 0

function session(user: TestUser) {
  return authHeader(loginAs(t.app, user))
}

function createToken(user: TestUser, payload: Record<string, unknown>, app: TestApp = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: authHeader(loginAs(app.app, user)),
    payload,
  })
}

/** Creates a token through the API and answers the token string and its list entry. */
async function newToken(
  user: TestUser,
  scopes: readonly TokenScope[],
  extra: Record<string, unknown> = {},
  app: TestApp = t,
): Promise<CreatedAccessTokenResponse> {
  sequence += 1
  const res = await createToken(user, { name: `token ${sequence}`, scopes, ...extra }, app)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<CreatedAccessTokenResponse>()
}

async function listTokens(user: TestUser): Promise<AccessToken[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/tokens', headers: session(user) })
  expect(res.statusCode).toBe(200)
  return res.json<AccessTokensResponse>().tokens
}

function withToken(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: authHeader(token), ...(payload ? { payload } : {}) })
}

describe('token strings', () => {
  it('are the prefix and 43 base62 characters, different every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => generateAccessToken()))
    expect(tokens.size).toBe(200)
    for (const token of tokens) {
      expect(token).toMatch(/^bb_pat_[0-9A-Za-z]{43}$/)
      expect(hasAccessTokenShape(token)).toBe(true)
      expect(isAccessToken(token)).toBe(true)
    }
  })

  it('tells tokens from session JWTs and refuses other shapes', () => {
    expect(isAccessToken('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(false)
    expect(hasAccessTokenShape('bb_pat_short')).toBe(false)
    expect(hasAccessTokenShape(`bb_pat_${'a'.repeat(42)}-`)).toBe(false)
  })

  it('hash to the hex SHA-256 of the whole string', () => {
    const token = generateAccessToken()
    expect(hashAccessToken(token)).toBe(createHash('sha256').update(token).digest('hex'))
  })
})

describe('the access_tokens table', () => {
  async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
    try {
      await promise
      return undefined
    } catch (error) {
      return (error as { code?: string }).code
    }
  }

  it('refuses an unknown scope, a hash that is not SHA-256 hex and a second row with the same hash', async () => {
    const me = await createUser(t.db)
    const row = (overrides: Record<string, unknown>) => ({
      user_id: me.id,
      name: `row ${randomUUID()}`,
      token_hash: hashAccessToken(generateAccessToken()),
      last_four: 'abcd',
      scopes: ['read'],
      ...overrides,
    })
    const insert = (overrides: Record<string, unknown>) =>
      t.db.insertInto('access_tokens').values(row(overrides)).execute()
    expect(await sqlState(insert({ scopes: ['admin'] }))).toBe('23514')
    expect(await sqlState(insert({ scopes: [] }))).toBe('23514')
    expect(await sqlState(insert({ token_hash: 'bb_pat_plaintext' }))).toBe('23514')
    const hash = hashAccessToken(generateAccessToken())
    expect(await sqlState(insert({ token_hash: hash }))).toBeUndefined()
    expect(await sqlState(insert({ token_hash: hash }))).toBe('23505')
  })
})

describe('POST /api/tokens', () => {
  it('creates a token, shows it once and stores only its hash', async () => {
    const me = await createUser(t.db)
    const res = await createToken(me, { name: '  laptop CLI  ', scopes: ['vote', 'read'] })
    expect(res.statusCode).toBe(201)
    expect(res.headers['cache-control']).toBe('no-store')
    const { token, accessToken } = res.json<CreatedAccessTokenResponse>()
    expect(token).toMatch(/^bb_pat_[0-9A-Za-z]{43}$/)
    expect(accessToken).toMatchObject({
      name: 'laptop CLI',
      scopes: ['read', 'vote'],
      lastFour: token.slice(-4),
      lastUsedAt: null,
      expiresAt: null,
      expired: false,
    })

    const rows = await t.db.selectFrom('access_tokens').selectAll().where('user_id', '=', me.id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).toBe(hashAccessToken(token))
    // Neither the token nor its secret part is anywhere in the row.
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain(token)
    expect(stored).not.toContain(token.slice('bb_pat_'.length))
    expect(stored).not.toContain(token.slice(7, 20))

    // The list never shows the token or its hash again.
    const listed = JSON.stringify(await listTokens(me))
    expect(listed).not.toContain(token.slice(7, 20))
    expect(listed).not.toContain(hashAccessToken(token))
  })

  it.each([30, 90, 365] as const)('sets an expiry %i days ahead', async (days) => {
    const me = await createUser(t.db)
    const before = Date.now()
    const { accessToken } = await newToken(me, ['read'], { expiresInDays: days })
    const expiresAt = Date.parse(accessToken.expiresAt ?? '')
    expect(expiresAt).toBeGreaterThanOrEqual(before + days * DAY_MS - 1000)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + days * DAY_MS + 1000)
  })

  it('makes a token without expiry when expiresInDays is absent or null', async () => {
    const me = await createUser(t.db)
    expect((await newToken(me, ['read'], { expiresInDays: null })).accessToken.expiresAt).toBeNull()
  })

  it('answers 409 for a name the user already has (trimmed, any case), and not across users', async () => {
    const me = await createUser(t.db)
    const other = await createUser(t.db)
    expect((await createToken(me, { name: 'Backup script', scopes: ['read'] })).statusCode).toBe(201)
    const clash = await createToken(me, { name: ' backup SCRIPT ', scopes: ['vote'] })
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toEqual({ statusCode: 409, error: 'Conflict', message: TOKEN_MESSAGES.nameTaken })
    expect((await createToken(other, { name: 'Backup script', scopes: ['read'] })).statusCode).toBe(201)
  })

  it('frees a name when its token is revoked', async () => {
    const me = await createUser(t.db)
    const first = await newToken(me, ['read'], { name: 'reused' })
    await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${first.accessToken._id}`,
      headers: session(me),
    })
    expect((await createToken(me, { name: 'reused', scopes: ['read'] })).statusCode).toBe(201)
  })

  it('refuses the post scope to a member (403) and gives it to contributors and moderators', async () => {
    const member = await createUser(t.db)
    const res = await createToken(member, { name: 'poster', scopes: ['read', 'post'] })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(TOKEN_MESSAGES.postScope)
    expect(await listTokens(member)).toEqual([])
    for (const role of ['contributor', 'moderator'] as const) {
      const user = await createUser(t.db, { role })
      expect((await newToken(user, TOKEN_SCOPES)).accessToken.scopes).toEqual([...TOKEN_SCOPES])
    }
  })

  it.each([
    ['an empty name', { name: '   ', scopes: ['read'] }, 422],
    [
      'a name over 50 characters',
      { name: 'x'.repeat(TOKEN_LIMITS.nameMaxLength + 1), scopes: ['read'] },
      422,
    ],
    ['a name with a control character', { name: 'bad\u0007name', scopes: ['read'] }, 422],
    ['a name with a NUL character', { name: 'bad\u0000name', scopes: ['read'] }, 400],
    ['no scopes', { name: 'n', scopes: [] }, 422],
    ['an unknown scope', { name: 'n', scopes: ['admin'] }, 422],
    ['a scope twice', { name: 'n', scopes: ['read', 'read'] }, 422],
    ['an expiry not offered', { name: 'n', scopes: ['read'], expiresInDays: 7 }, 422],
    ['a missing name', { scopes: ['read'] }, 400],
    ['scopes that are not a list', { name: 'n', scopes: 'read' }, 400],
    ['an unknown field', { name: 'n', scopes: ['read'], userId: randomUUID() }, 400],
  ])('refuses %s', async (_label, payload, status) => {
    const me = await createUser(t.db)
    const res = await createToken(me, payload)
    expect(res.statusCode).toBe(status)
    expect(res.json()).toMatchObject({
      statusCode: status,
      error: expect.any(String),
      message: expect.any(String),
    })
    expect(await listTokens(me)).toEqual([])
  })

  it('accepts a name of exactly 50 characters', async () => {
    const me = await createUser(t.db)
    const name = 'n'.repeat(TOKEN_LIMITS.nameMaxLength)
    expect((await newToken(me, ['read'], { name })).accessToken.name).toBe(name)
  })

  it('caps usable tokens per user; expired and revoked ones do not count', async () => {
    const me = await createUser(t.db)
    const rows = Array.from({ length: TOKEN_LIMITS.activePerUser }, (_, i) => ({
      user_id: me.id,
      name: `bulk ${i}`,
      token_hash: hashAccessToken(generateAccessToken()),
      last_four: 'abcd',
      scopes: ['read'],
    }))
    await t.db.insertInto('access_tokens').values(rows).execute()
    const full = await createToken(me, { name: 'one too many', scopes: ['read'] })
    expect(full.statusCode).toBe(422)
    expect(full.json().message).toBe(TOKEN_MESSAGES.tooMany)

    await t.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('name', '=', 'bulk 0')
      .where('user_id', '=', me.id)
      .execute()
    expect((await createToken(me, { name: 'fits again', scopes: ['read'] })).statusCode).toBe(201)
  })

  it('holds the cap and the unique name under concurrent creations', async () => {
    const me = await createUser(t.db)
    const results = await Promise.all(
      Array.from({ length: 6 }, () => createToken(me, { name: 'same name', scopes: ['read'] })),
    )
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409])
  })

  it('answers 401 to guests', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      payload: { name: 'n', scopes: ['read'] },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /api/tokens', () => {
  it('lists the caller’s tokens newest first, marks expired ones, hides revoked ones and others’', async () => {
    const me = await createUser(t.db)
    const other = await createUser(t.db)
    const oldest = await newToken(me, ['read'], { name: 'oldest' })
    const expired = await newToken(me, ['read', 'vote'], { name: 'expired', expiresInDays: 30 })
    const revoked = await newToken(me, ['read'], { name: 'revoked' })
    await newToken(other, ['read'], { name: 'someone else' })
    await t.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - DAY_MS) })
      .where('id', '=', expired.accessToken._id)
      .execute()
    await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${revoked.accessToken._id}`,
      headers: session(me),
    })

    const tokens = await listTokens(me)
    expect(tokens.map((token) => token.name)).toEqual(['expired', 'oldest'])
    expect(tokens[0]).toMatchObject({ scopes: ['read', 'vote'], expired: true })
    expect(tokens[1]).toMatchObject({ _id: oldest.accessToken._id, expired: false, expiresAt: null })
  })

  it('answers an empty list to a user without tokens, and 401 to guests', async () => {
    expect(await listTokens(await createUser(t.db))).toEqual([])
    expect((await t.app.inject({ url: '/api/tokens' })).statusCode).toBe(401)
  })
})

describe('DELETE /api/tokens/{id}', () => {
  it('revokes the token at once: its next request gets 401', async () => {
    const me = await createUser(t.db)
    const { token, accessToken } = await newToken(me, ['read'])
    expect((await withToken(token, 'GET', '/api/website/user/profile/header')).statusCode).toBe(200)
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${accessToken._id}`,
      headers: session(me),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ revoked: 1 })
    const after = await withToken(token, 'GET', '/api/website/user/profile/header')
    expect(after.statusCode).toBe(401)
    expect(after.json().message).toBe(TOKEN_MESSAGES.revoked)
    // Revoking twice finds nothing left to revoke.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${accessToken._id}`,
      headers: session(me),
    })
    expect(again.statusCode).toBe(404)
  })

  it('answers 404 for another user’s token and leaves it working', async () => {
    const me = await createUser(t.db)
    const other = await createUser(t.db)
    const theirs = await newToken(other, ['read'])
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${theirs.accessToken._id}`,
      headers: session(me),
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(TOKEN_MESSAGES.notFound)
    expect((await withToken(theirs.token, 'GET', '/api/website/user/profile/header')).statusCode).toBe(200)
  })

  it.each([randomUUID(), 'not-a-uuid'])('answers 404 for an unknown id (%s)', async (id) => {
    const me = await createUser(t.db)
    const res = await t.app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: session(me) })
    expect(res.statusCode).toBe(404)
  })
})

describe('DELETE /api/tokens', () => {
  it('revokes every token of the caller and only theirs; sessions keep working', async () => {
    const me = await createUser(t.db)
    const other = await createUser(t.db)
    const mine = [await newToken(me, ['read']), await newToken(me, ['vote', 'read'])]
    const theirs = await newToken(other, ['read'])
    const res = await t.app.inject({ method: 'DELETE', url: '/api/tokens', headers: session(me) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ revoked: 2 })
    for (const { token } of mine) {
      const after = await withToken(token, 'GET', '/api/website/user/profile/header')
      expect(after.statusCode).toBe(401)
      expect(after.json().message).toBe(TOKEN_MESSAGES.revoked)
    }
    expect(await listTokens(me)).toEqual([])
    expect((await withToken(theirs.token, 'GET', '/api/website/user/profile/header')).statusCode).toBe(200)
    const header = await t.app.inject({ url: '/api/website/user/profile/header', headers: session(me) })
    expect(header.statusCode).toBe(200)
    // Nothing left: a second call revokes none.
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/tokens', headers: session(me) })).json(),
    ).toEqual({
      revoked: 0,
    })
  })
})

describe('requests with a personal access token', () => {
  it('authenticate as the token’s user', async () => {
    const me = await createUser(t.db)
    const { token } = await newToken(me, ['read'])
    const res = await withToken(token, 'GET', '/api/website/user/profile/header')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ _id: me.id, username: me.username })
  })

  it('never read the owner’s email: the header and the profile leave it out, a session still gets it', async () => {
    const me = await createUser(t.db, { email: 'private.owner@example.test' })
    const { token } = await newToken(me, ['read', 'vote', 'save'])
    for (const url of ['/api/website/user/profile/header', '/api/website/user/profile']) {
      const byToken = await withToken(token, 'GET', url)
      expect(byToken.statusCode, url).toBe(200)
      expect(byToken.json(), url).toMatchObject({ _id: me.id, username: me.username })
      expect(byToken.json(), url).not.toHaveProperty('email')
      expect(byToken.body, url).not.toContain('private.owner')
      const bySession = await t.app.inject({ method: 'GET', url, headers: session(me) })
      expect(bySession.json<{ email: string }>().email, url).toBe('private.owner@example.test')
    }
  })

  it('answer 401 with a clear message for an unknown, malformed, revoked or expired token, even on public routes', async () => {
    const me = await createUser(t.db)
    const expired = await newToken(me, ['read'], { expiresInDays: 30 })
    await t.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.accessToken._id)
      .execute()
    const revoked = await newToken(me, ['read'])
    await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${revoked.accessToken._id}`,
      headers: session(me),
    })

    const cases = [
      [generateAccessToken(), TOKEN_MESSAGES.invalid],
      ['bb_pat_tooshort', TOKEN_MESSAGES.invalid],
      [expired.token, TOKEN_MESSAGES.expired],
      [revoked.token, TOKEN_MESSAGES.revoked],
    ] as const
    for (const [token, message] of cases) {
      for (const url of ['/api/website/user/profile/header', '/api/website']) {
        const res = await withToken(token, 'GET', url)
        expect(res.statusCode, `${url} ${message}`).toBe(401)
        expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message })
      }
    }
  })

  it('reach a route only with its scope, naming the missing one', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const me = await createUser(t.db)
    const post = await createPost(t.db, { authorId: author.id })
    const readOnly = await newToken(me, ['read'])
    const voteOnly = await newToken(me, ['vote'])

    const refused = await withToken(readOnly.token, 'POST', `/api/posts/upvote/${post.id}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toContain('lacks the "vote" scope')
    const stored = await t.db.selectFrom('votes').select('value').where('post_id', '=', post.id).execute()
    expect(stored).toEqual([])

    const voted = await withToken(voteOnly.token, 'POST', `/api/posts/upvote/${post.id}`)
    expect(voted.statusCode).toBe(200)
    expect(voted.json()).toMatchObject({ uplikeCount: 1 })

    const read = await withToken(voteOnly.token, 'GET', `/api/posts/${post.id}`)
    expect(read.statusCode).toBe(403)
    expect(read.json().message).toContain('lacks the "read" scope')
    expect((await withToken(readOnly.token, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(200)
  })

  it('let a contributor post, comment and delete with the post scope', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const { token } = await newToken(author, ['post'])
    const created = await withToken(token, 'POST', '/api/posts/create', {
      title: `Token post ${randomUUID()}`,
      command: `ls -la /tmp/${randomUUID()}`,
      description: '<p>Posted from a script.</p>',
      category: category.id,
    })
    expect(created.statusCode, created.body).toBe(201)
    const postId = created.json().post._id as string
    const comment = await withToken(token, 'POST', `/api/comments/${postId}/`, {
      post: postId,
      content: 'Commented from a script',
    })
    expect(comment.statusCode, comment.body).toBe(201)
    const commentId = comment.json().comment._id as string
    expect((await withToken(token, 'DELETE', `/api/comments/${commentId}`)).statusCode).toBe(200)
    expect((await withToken(token, 'DELETE', `/api/posts/${postId}`)).statusCode).toBe(200)
  })

  it('still follow the user’s role: a post token of a demoted contributor cannot post', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const { token } = await newToken(author, ['post'])
    await t.db.updateTable('users').set({ role: 'member' }).where('id', '=', author.id).execute()
    const res = await withToken(token, 'POST', '/api/posts/create', {
      title: `Demoted ${randomUUID()}`,
      command: `echo ${randomUUID()}`,
      description: '<p>No.</p>',
      category: category.id,
    })
    expect(res.statusCode).toBe(403)
  })

  it('never change a password, email or username, manage tokens, apply or moderate, whatever their scopes', async () => {
    const moderator = await createUser(t.db, { role: 'moderator' })
    const { token } = await newToken(moderator, TOKEN_SCOPES)
    const before = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', moderator.id)
      .executeTakeFirstOrThrow()
    const calls: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object]> = [
      ['PUT', '/api/users', { currentPassword: moderator.password, newPassword: 'a-brand-new-password' }],
      ['PUT', '/api/users', { username: 'token_renamed', email: 'token-renamed@example.test' }],
      ['PUT', '/api/users/avatar', {}],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'minted by a token', scopes: ['read'] }],
      ['DELETE', '/api/tokens'],
      ['DELETE', `/api/tokens/${randomUUID()}`],
      ['POST', '/api/applications/create', {}],
      ['GET', '/api/applications/user'],
      ['GET', '/api/mod/stats'],
      ['GET', '/api/mod/users'],
      ['PUT', `/api/mod/users/${moderator.id}/role`, { role: 'member' }],
      ['DELETE', `/api/mod/posts/${randomUUID()}`],
    ]
    for (const [method, url, payload] of calls) {
      const res = await withToken(token, method, url, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().message).toContain('Personal access tokens cannot be used for this')
    }
    const after = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', moderator.id)
      .executeTakeFirstOrThrow()
    expect(after).toEqual(before)
    expect((await listTokens(moderator)).map((entry) => entry.name)).not.toContain('minted by a token')
    expect((await withToken(token, 'GET', '/api/website/user/profile/header')).statusCode).toBe(200)
  })

  it('survive a password change (which signs other sessions out)', async () => {
    const me = await createUser(t.db)
    const { token } = await newToken(me, ['read'])
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: session(me),
      payload: { currentPassword: me.password, newPassword: 'another-password-123' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await withToken(token, 'GET', '/api/website/user/profile/header')).statusCode).toBe(200)
  })

  it('record the last use at most once a minute', async () => {
    const me = await createUser(t.db)
    const { token, accessToken } = await newToken(me, ['read'])
    const lastUsed = async () =>
      (
        await t.db
          .selectFrom('access_tokens')
          .select('last_used_at')
          .where('id', '=', accessToken._id)
          .executeTakeFirstOrThrow()
      ).last_used_at

    expect(await lastUsed()).toBeNull()
    await withToken(token, 'GET', '/api/website/user/profile/header')
    const first = await lastUsed()
    expect(first).toBeInstanceOf(Date)
    const listed = (await listTokens(me)).find((entry) => entry._id === accessToken._id)
    expect(listed?.lastUsedAt).toBe(first?.toISOString())

    // Within the minute: no second write.
    await withToken(token, 'GET', '/api/website/user/profile/header')
    expect(await lastUsed()).toEqual(first)

    // A use older than a minute is brought up to date.
    const old = new Date(Date.now() - 2 * 60_000)
    await t.db
      .updateTable('access_tokens')
      .set({ last_used_at: old })
      .where('id', '=', accessToken._id)
      .execute()
    await withToken(token, 'GET', '/api/website/user/profile/header')
    expect((await lastUsed())?.getTime()).toBeGreaterThan(old.getTime() + 60_000)
  })

  it('keep a 404 for an unknown URL', async () => {
    const me = await createUser(t.db)
    const { token } = await newToken(me, ['read'])
    expect((await withToken(token, 'GET', '/api/no-such-route')).statusCode).toBe(404)
  })

  it('leave session tokens working exactly as before', async () => {
    const me = await createUser(t.db)
    const res = await t.app.inject({ url: '/api/tokens', headers: session(me) })
    expect(res.statusCode).toBe(200)
    // A bad session token on a public route still means a guest.
    const guest = await t.app.inject({ url: '/api/website', headers: authHeader('not-a-jwt') })
    expect(guest.statusCode).toBe(200)
  })

  it('disappear with their user', async () => {
    const me = await createUser(t.db)
    await newToken(me, ['read'])
    await t.db.deleteFrom('users').where('id', '=', me.id).execute()
    const { rows } = await sql<{
      n: string
    }>`SELECT count(*) AS n FROM access_tokens WHERE user_id = ${me.id}`.execute(t.db)
    expect(Number(rows[0]?.n)).toBe(0)
  })
})

describe('rate limit per token', () => {
  let limited: TestApp

  beforeAll(async () => {
    limited = await buildTestApp({
      config: {
        rateLimit: { loginPerMinute: 10, signupPerMinute: 5, accountFailuresPerHour: 20, tokenPerMinute: 3 },
      },
    })
  })
  afterAll(async () => {
    await limited?.close()
  })

  it('answers 429 with Retry-After once a token has used its budget, without touching other tokens or sessions', async () => {
    const me = await createUser(limited.db)
    const first = await newToken(me, ['read'], {}, limited)
    const second = await newToken(me, ['read'], {}, limited)
    const call = (token: string) =>
      limited.app.inject({ url: '/api/website/user/profile/header', headers: authHeader(token) })

    for (let i = 0; i < 3; i += 1) expect((await call(first.token)).statusCode).toBe(200)
    const over = await call(first.token)
    expect(over.statusCode).toBe(429)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    expect(over.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })

    expect((await call(second.token)).statusCode).toBe(200)
    const sessionCall = await limited.app.inject({
      url: '/api/website/user/profile/header',
      headers: authHeader(loginAs(limited.app, me)),
    })
    expect(sessionCall.statusCode).toBe(200)
  })
})
