import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import { buildTestApp, TEST_INDEX_HTML, type TestApp } from './build-test-app.ts'
import { authHeader, createUser, loginAs } from './factories.ts'

/** Test-only routes: one per access level, and handlers that fail in each way the error handler maps. */
function registerProbeRoutes(app: App): void {
  for (const access of ['member', 'contributor', 'moderator'] as const) {
    app.get(`/api/test/${access}`, { config: { access } }, async (request) => ({ role: request.auth?.role }))
  }
  app.get('/api/test/public', { config: { access: 'public' } }, async (request) => ({
    user: request.auth?.id ?? null,
  }))
  app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
    throw new Error('secret internal detail: password=hunter2')
  })
  app.get('/api/test/unique', { config: { access: 'public' } }, async () => {
    throw Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: '23505' })
  })
  app.get('/api/test/db-down', { config: { access: 'public' } }, async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
  })
  app.get('/api/test/db-timeout', { config: { access: 'public' } }, async () => {
    throw new Error('timeout exceeded when trying to connect')
  })
  app.post(
    '/api/test/echo',
    {
      config: { access: 'public' },
      schema: {
        body: Type.Object(
          { title: Type.String({ maxLength: 5 }), count: Type.Optional(Type.Integer({ minimum: 1 })) },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => request.body,
  )
}

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ setup: registerProbeRoutes })
})
afterAll(async () => {
  await t?.close()
})

describe('access hook', () => {
  it('answers 401 to a guest on member, contributor and moderator routes', async () => {
    for (const level of ['member', 'contributor', 'moderator']) {
      const res = await t.app.inject({ url: `/api/test/${level}` })
      expect(res.statusCode, level).toBe(401)
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Authentication required',
      })
    }
  })

  it('answers 403 when the role is too low and 200 when it is enough (moderator ⊇ contributor ⊇ member)', async () => {
    const expected = {
      member: { member: 200, contributor: 403, moderator: 403 },
      contributor: { member: 200, contributor: 200, moderator: 403 },
      moderator: { member: 200, contributor: 200, moderator: 200 },
    } as const
    for (const role of ['member', 'contributor', 'moderator'] as const) {
      const token = loginAs(t.app, await createUser(t.db, { role }))
      for (const [level, status] of Object.entries(expected[role])) {
        const res = await t.app.inject({ url: `/api/test/${level}`, headers: authHeader(token) })
        expect(res.statusCode, `${role} on ${level}`).toBe(status)
        if (status === 403) {
          expect(res.json()).toEqual({
            statusCode: 403,
            error: 'Forbidden',
            message: 'You do not have permission to do this',
          })
        }
      }
    }
  })

  it('uses the role from the database, so a promotion applies to an existing token', async () => {
    const user = await createUser(t.db, { role: 'member' })
    const token = loginAs(t.app, user)
    await t.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', user.id).execute()
    expect((await t.app.inject({ url: '/api/test/moderator', headers: authHeader(token) })).statusCode).toBe(
      200,
    )
  })

  it('treats a bad token on a public route as a guest instead of failing', async () => {
    const res = await t.app.inject({ url: '/api/test/public', headers: { authorization: 'Bearer rubbish' } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ user: null })
    const user = await createUser(t.db)
    const signedIn = await t.app.inject({
      url: '/api/test/public',
      headers: authHeader(loginAs(t.app, user)),
    })
    expect(signedIn.json()).toEqual({ user: user.id })
  })

  it('refuses to start when an /api route does not declare its access level', async () => {
    await expect(
      buildTestApp({
        setup: (app) => {
          app.get('/api/test/undeclared', async () => ({}))
        },
      }),
    ).rejects.toThrow(/does not declare config.access/)
  })
})

describe('error handler', () => {
  it('answers an unknown /api path with a JSON 404, even when the client accepts HTML', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const res = await t.app.inject({ url: '/api/no/such/thing?x=1', headers: { accept } })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toContain('application/json')
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Route GET /api/no/such/thing not found',
      })
    }
  })

  it('hides the details of an unexpected error behind a 500', async () => {
    const res = await t.app.inject({ url: '/api/test/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again later.',
    })
    expect(res.body).not.toContain('hunter2')
  })

  it('turns a unique violation into 409', async () => {
    const res = await t.app.inject({ url: '/api/test/unique' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ statusCode: 409, error: 'Conflict' })
  })

  it('turns an unreachable database into 503 with Retry-After', async () => {
    for (const url of ['/api/test/db-down', '/api/test/db-timeout']) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(503)
      expect(res.headers['retry-after']).toBe('5')
      expect(res.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' })
      expect(res.body).not.toContain('5432')
    }
  })

  it('answers 422 naming the field when a present field breaks a rule, 400 when the shape is wrong', async () => {
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'toolong' },
    })
    expect(tooLong.statusCode).toBe(422)
    expect(tooLong.json().message).toMatch(/^Invalid title:/)
    const belowMinimum = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'ok', count: 0 },
    })
    expect(belowMinimum.statusCode).toBe(422)
    expect(belowMinimum.json().message).toMatch(/count/)
    const missing = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { count: 2 } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('Missing required field: title')
    const noBody = await t.app.inject({ method: 'POST', url: '/api/test/echo' })
    expect(noBody.statusCode).toBe(400)
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'ok', count: 2 },
    })
    expect(ok.json()).toEqual({ title: 'ok', count: 2 })
  })

  it('answers 413 for a JSON body over 1 MiB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x'.repeat(1024 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request body is too large',
    })
  })

  it('answers 415 for a content type the API does not take', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<title>x</title>',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Unsupported content type',
    })
  })

  it('tags every response with a request id', async () => {
    const first = await t.app.inject({ url: '/healthz' })
    const second = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'client-chosen' } })
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    // Without TRUST_PROXY a client cannot choose its own id (it would let it forge log lines).
    expect(second.headers['x-request-id']).not.toBe('client-chosen')
  })
})

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff, no framing and a referrer policy', async () => {
    for (const url of ['/api/website/stats', '/some/page']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } })
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('unsafe-eval')
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost:3000/)
      expect(csp).toContain("img-src 'self' blob: data: https:")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      // Plain HTTP (the default): no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined()
    }
  })
})

describe('web app and uploads', () => {
  it('serves index.html at / and for a browser navigation to any client route', async () => {
    // Post and blog pages get their own head (and a 404 for unknown slugs): see modules/site/site.test.ts.
    for (const url of ['/', '/some/page', '/browse?page=2']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toBe(TEST_INDEX_HTML)
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it('answers a missing asset or a non-GET with a JSON 404 instead of the app', async () => {
    const asset = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } })
    expect(asset.statusCode).toBe(404)
    expect(asset.json().statusCode).toBe(404)
    const post = await t.app.inject({ method: 'POST', url: '/some/page', headers: { accept: 'text/html' } })
    expect(post.statusCode).toBe(404)
  })

  it('serves uploads with nosniff and a sandboxing CSP, and never falls back to the app under /uploads', async () => {
    await writeFile(
      join(t.config.dataDir, 'uploads', 'avatars', 'face.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    )
    const res = await t.app.inject({ url: '/uploads/avatars/face.png' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    const missing = await t.app.inject({ url: '/uploads/avatars/none.png', headers: { accept: 'text/html' } })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().statusCode).toBe(404)
  })
})

describe('without a web build', () => {
  it('answers / with a page saying to run npm run build, and keeps the API working', async () => {
    const bare = await buildTestApp({ withWebBuild: false })
    try {
      const home = await bare.app.inject({ url: '/', headers: { accept: 'text/html' } })
      expect(home.statusCode).toBe(503)
      expect(home.body).toContain('npm run build')
      const page = await bare.app.inject({ url: '/browse', headers: { accept: 'text/html' } })
      expect(page.body).toContain('npm run build')
      expect((await bare.app.inject({ url: '/api/website/stats' })).statusCode).toBe(200)
    } finally {
      await bare.close()
    }
  })
})

describe('graceful close', () => {
  it('lets an in-flight request finish while refusing new connections', async () => {
    const closing = await buildTestApp({
      setup: (app) => {
        app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
          await new Promise((resolve) => setTimeout(resolve, 500))
          return { done: true }
        })
      },
    })
    try {
      const address = await closing.app.listen({ port: 0, host: '127.0.0.1' })
      const inFlight = fetch(`${address}/api/test/slow`)
      await new Promise((resolve) => setTimeout(resolve, 100))
      const started = Date.now()
      const closed = closing.app.close()
      const res = await inFlight
      expect(res.status).toBe(200)
      expect(res.headers.get('connection')).toBe('close')
      expect(await res.json()).toEqual({ done: true })
      await closed
      // The finished request's keep-alive socket does not hold the shutdown up.
      expect(Date.now() - started).toBeLessThan(3000)
      await expect(fetch(`${address}/healthz`)).rejects.toThrow()
    } finally {
      await closing.close()
    }
  })
})
