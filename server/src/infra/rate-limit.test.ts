import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { authHeader, createUser, loginAs } from '../../test/factories.ts'
import { clientAddressOf, failureKeys, rateLimitKey } from './rate-limit.ts'

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

describe('rate-limit keys', () => {
  it('are built from named parts, each value encoded so it cannot pose as another part', () => {
    expect(rateLimitKey('login', { ip: '10.0.0.7' })).toBe('login:ip:10.0.0.7')
    expect(rateLimitKey('x', { a: '50%:off' })).toBe('x:a:50%25%3Aoff')
    expect(failureKeys({ kind: 'login', account: ' Alice@Example.COM ' }, '10.0.0.0/24')).toEqual({
      perNetwork: 'login-failures:account:alice@example.com:network:10.0.0.0/24',
      everywhere: 'login-failures:account:alice@example.com',
      known: 'login-known:account:alice@example.com:network:10.0.0.0/24',
    })
    expect(failureKeys({ kind: 'password-change', userId: 'u-1' }, '2001:db8:0:0::/64')).toEqual({
      perNetwork: 'password-change-failures:user:u-1:network:2001%3Adb8%3A0%3A0%3A%3A/64',
      everywhere: 'password-change-failures:user:u-1',
      known: 'password-change-known:user:u-1:network:2001%3Adb8%3A0%3A0%3A%3A/64',
    })
    // A name typed to look like alice-from-a-network is a name of its own.
    expect(
      failureKeys({ kind: 'login', account: 'alice:network:10.0.0.0/24' }, '10.9.0.0/24').everywhere,
    ).toBe('login-failures:account:alice%3Anetwork%3A10.0.0.0/24')
    expect(clientAddressOf('10.0.0.7')).toBe('10.0.0.7')
    expect(clientAddressOf('::ffff:10.0.0.7')).toBe('10.0.0.7')
    expect(clientAddressOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
  })

  it('are exactly those names in Redis, under the key prefix', async () => {
    const prefix = `bashboard-test-${randomUUID()}:`
    const t = await buildTestApp({ config: { redisUrl: REDIS_URL, redisKeyPrefix: prefix } })
    const redis = new Redis(REDIS_URL)
    try {
      const member = await createUser(t.db, { username: 'Key_Owner', password: 'correct-pw' })
      const signIn = (password: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { emailOrUsername: ' KEY_OWNER ', password },
          remoteAddress,
        })
      expect((await signIn('wrong-pw', '10.9.5.7')).statusCode).toBe(401)
      expect((await signIn('correct-pw', '10.9.5.8')).statusCode).toBe(200)
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: authHeader(loginAs(t.app, member)),
        payload: { name: 'keys', scopes: ['read'] },
      })
      const { token, accessToken } = created.json<{ token: string; accessToken: { _id: string } }>()
      const read = await t.app.inject({ url: '/api/website/stats', headers: authHeader(token) })
      expect(read.statusCode).toBe(200)
      const help = await t.app.inject({
        url: '/:help',
        headers: { 'user-agent': 'curl/8.5.0' },
        remoteAddress: '2001:db8:1:2:aaaa::1',
      })
      expect(help.statusCode).toBe(200)

      const keys = await redis.keys(`${prefix}rate-limit:*`)
      expect(keys.sort()).toEqual(
        [
          'login-failures:account:key_owner',
          'login-failures:account:key_owner:network:10.9.5.0/24',
          'login-known:account:key_owner:network:10.9.5.0/24',
          'login:ip:10.9.5.7',
          'login:ip:10.9.5.8',
          `terminal:ip:2001%3Adb8%3A1%3A2%3A%3A/64`,
          `token:id:${accessToken._id}`,
        ]
          .map((key) => `${prefix}rate-limit:${key}`)
          .sort(),
      )
      expect(keys.join('\n')).not.toContain('undefined')
    } finally {
      redis.disconnect()
      await t.close()
    }
  })
})

// The guard's counters must stay apart whatever a login name holds: a name that used to read like
// another counter's key (`<account>@<network>`, `password-change:<user id>`) spent that counter.
describe.each([
  ['the memory store', {}],
  ['Redis', { redisUrl: REDIS_URL }],
])('failure counters in %s', (_store, redisConfig) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        ...redisConfig,
        // 2 failures an hour per network, 10 from all networks together.
        rateLimit: {
          loginPerMinute: 100,
          signupPerMinute: 5,
          accountFailuresPerHour: 2,
          tokenPerMinute: 300,
        },
      },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const failLogin = (emailOrUsername: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { emailOrUsername, password: 'wrong-password' },
      remoteAddress,
    })

  it("lets no login name spend another account's budget on the owner's network", async () => {
    await createUser(t.db, { username: 'net_victim', password: 'correct-pw' })
    for (const name of ['net_victim@10.9.7.0/24', 'net_victim:network:10.9.7.0/24']) {
      for (let i = 0; i < 2; i++) expect((await failLogin(name, `10.9.8.${i + 1}`)).statusCode).toBe(401)
    }
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { emailOrUsername: 'net_victim', password: 'correct-pw' },
      remoteAddress: '10.9.7.5',
    })
    expect(owner.statusCode).toBe(200)
  })

  it("lets no login name spend a member's password-change budget", async () => {
    const victim = await createUser(t.db, { password: 'correct-pw' })
    // Ten failures from five networks: the budget of all networks together, were it the same counter.
    for (let n = 0; n < 5; n++) {
      for (let i = 0; i < 2; i++) {
        expect((await failLogin(`password-change:${victim.id}`, `10.9.${20 + n}.${i + 1}`)).statusCode).toBe(
          401,
        )
      }
    }
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: authHeader(loginAs(t.app, victim)),
      payload: { currentPassword: 'correct-pw', newPassword: 'new-password-1' },
      remoteAddress: '10.9.30.1',
    })
    expect(change.statusCode).toBe(200)
  })
})
