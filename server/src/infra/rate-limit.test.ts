import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

function login(t: TestApp, emailOrUsername: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { emailOrUsername, password: 'wrong-password' },
    remoteAddress,
  })
}

describe('rate limits shared through Redis', () => {
  let first: TestApp
  let second: TestApp

  beforeAll(async () => {
    // Two instances of the app, as behind a load balancer: same Redis, same key prefix.
    const shared = { redisUrl: REDIS_URL, redisKeyPrefix: `bashboard-test-${randomUUID()}:` }
    first = await buildTestApp({ config: shared })
    second = await buildTestApp({ config: shared })
  })
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()])
  })

  it('counts login attempts from one IP across instances', async () => {
    const ip = '10.9.0.1'
    for (let i = 0; i < 10; i++) {
      expect((await login(i % 2 === 0 ? first : second, 'nobody', ip)).statusCode).toBe(401)
    }
    const limited = await login(first, 'nobody', ip)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/)
    expect((await login(second, 'nobody', ip)).statusCode).toBe(429)
  })

  it('counts failed logins of one account across instances', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await login(i % 2 === 0 ? first : second, 'Shared_Target', `10.9.1.${i + 1}`)
      expect(res.statusCode).toBe(401)
    }
    expect((await login(second, 'shared_target', '10.9.1.99')).statusCode).toBe(429)
    expect((await login(first, 'another_account', '10.9.2.2')).statusCode).toBe(401)
  })
})

describe('rate limits with Redis unreachable', () => {
  let t: TestApp

  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    t = await buildTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lets logins through (the limit is a brake, not a dependency)', async () => {
    const started = Date.now()
    for (let i = 0; i < 3; i++) expect((await login(t, 'nobody', '10.9.3.1')).statusCode).toBe(401)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})

describe('client address behind a proxy', () => {
  function loginFrom(t: TestApp, forwardedFor: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { emailOrUsername: 'nobody', password: 'wrong-password' },
      remoteAddress: '10.9.4.1',
      headers: { 'x-forwarded-for': forwardedFor },
    })
  }

  it('ignores X-Forwarded-For unless TRUST_PROXY is on, so a client cannot dodge the limit', async () => {
    const t = await buildTestApp()
    try {
      for (let i = 0; i < 10; i++) expect((await loginFrom(t, `203.0.113.${i + 1}`)).statusCode).toBe(401)
      expect((await loginFrom(t, '203.0.113.99')).statusCode).toBe(429)
    } finally {
      await t.close()
    }
  })

  it('limits each forwarded client separately when TRUST_PROXY is on', async () => {
    const t = await buildTestApp({ config: { trustProxy: true } })
    try {
      for (let i = 0; i < 10; i++) expect((await loginFrom(t, '203.0.113.1')).statusCode).toBe(401)
      expect((await loginFrom(t, '203.0.113.1')).statusCode).toBe(429)
      expect((await loginFrom(t, '203.0.113.2')).statusCode).toBe(401)
    } finally {
      await t.close()
    }
  })
})
