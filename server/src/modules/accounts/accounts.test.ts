import type { UserRow } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/build-test-app.ts'
import { authHeader, createUser, loginAs } from '../../../test/factories.ts'
import { forgeToken } from '../../../test/tokens.ts'
import { ACCOUNT_WIDE_FACTOR, networkOf } from '../../infra/rate-limit.ts'
import type { BusMessage } from '../../live/bus.ts'
import { LEADERBOARD_TIMINGS } from '../leaderboard/service.ts'

let t: TestApp
// Each test speaks from its own address, so the per-IP limits of one test never leak into another.
let ipCounter = 0
let networkCounter = 0
/** Addresses of one new /24 network (172.16.x.0/24), a different one per call, rotating within it. */
function networkAddresses(): () => string {
  networkCounter += 1
  const network = networkCounter
  let host = 0
  return () => {
    host = (host % 250) + 1
    return `172.16.${network}.${host}`
  }
}

function freshIp(): string {
  ipCounter += 1
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
}

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

function signup(payload: unknown, remoteAddress = freshIp()) {
  return t.app.inject({ method: 'POST', url: '/api/user/signup', payload: payload as object, remoteAddress })
}

function login(payload: unknown, remoteAddress = freshIp()) {
  return t.app.inject({ method: 'POST', url: '/api/user/login', payload: payload as object, remoteAddress })
}

function profileHeader(headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/api/website/user/profile/header', headers })
}

async function countUsers(): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

interface StatsFrame {
  type: string
  topic: string
  event: string
  data: { totalUsers: number }
}

function statsEvents(events: BusMessage[]): StatsFrame[] {
  return events
    .filter((e) => e.event === 'stats.updated')
    .map((e) => JSON.parse(e.frame) as StatsFrame)
    .filter((frame) => frame.type === 'event' && frame.topic === 'stats')
}

function claimsFor(user: Pick<UserRow, 'id' | 'role' | 'token_version'>): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000)
  return {
    sub: user.id,
    ver: user.token_version,
    role: user.role,
    iss: 'bashboard',
    aud: 'bashboard',
    iat: now,
    exp: now + 600,
  }
}

describe('POST /api/user/signup', () => {
  it('creates a member and answers 201 with a one-hour token and the profile header', async () => {
    const before = Date.now()
    const res = await signup({ username: '  Ada_L ', email: ' Ada@Example.COM ', password: 'hunter22' })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.user).toEqual({
      _id: expect.any(String),
      username: 'Ada_L',
      email: 'ada@example.com',
      // Signed in at once; the address waits for the link mailed to it.
      emailVerified: false,
      avatar: null,
      contributor: false,
      role: 'member',
      points: 0,
      badge: 'Newbie',
    })
    const expiresAt = Date.parse(body.expiresAt)
    expect(expiresAt - before).toBeGreaterThanOrEqual(3600_000 - 2000)
    expect(expiresAt - before).toBeLessThanOrEqual(3600_000 + 2000)

    const header = await profileHeader(authHeader(body.token))
    expect(header.statusCode).toBe(200)
    expect(header.json()).toEqual(body.user)

    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.user._id)
      .executeTakeFirstOrThrow()
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true)
    expect(row.password_hash).not.toContain('hunter22')
  })

  it('answers 409 when the username is taken, whatever its case', async () => {
    await createUser(t.db, { username: 'TakenName' })
    const res = await signup({ username: 'takenNAME', email: 'fresh1@example.com', password: 'secret1' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Username is already taken' })
  })

  it('answers 409 when the email is taken, whatever its case', async () => {
    await createUser(t.db, { email: 'taken@example.com' })
    const res = await signup({ username: 'someone_new', email: 'TAKEN@example.com', password: 'secret1' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('An account with this email already exists')
  })

  it('answers 409 to the loser of two simultaneous signups for one username', async () => {
    const results = await Promise.all(
      ['race1@example.com', 'race2@example.com'].map((email) =>
        signup({ username: 'racer', email, password: 'secret1' }),
      ),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
  })

  it.each([
    ['username too short', { username: 'ab' }, 'Username'],
    ['username too long', { username: 'a'.repeat(31) }, 'Username'],
    ['username with a space', { username: 'two words' }, 'Username'],
    ['username of only spaces', { username: '     ' }, 'Username'],
    ['email without @', { email: 'not-an-email' }, 'email'],
    ['email without a domain dot', { email: 'ada@localhost' }, 'email'],
    ['password shorter than 6', { password: '12345' }, 'Password'],
    ['password longer than 128', { password: 'p'.repeat(129) }, 'Password'],
  ])('answers 422 naming the field for a %s', async (_case, change, field) => {
    const payload = { username: 'valid_name', email: 'valid@example.com', password: 'secret1', ...change }
    const res = await signup(payload)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity' })
    expect(res.json().message).toContain(field)
  })

  it.each([
    ['a missing field', { username: 'valid_name', email: 'valid@example.com' }, /password/],
    [
      'an unknown field (no mass assignment)',
      { username: 'sneaky', email: 's@example.com', password: 'secret1', role: 'moderator' },
      /Unknown field: role/,
    ],
    ['a field of the wrong type', { username: 42, email: 'n@example.com', password: 'secret1' }, /username/],
    ['an array body', [1, 2], /JSON object/],
  ])('answers 400 for %s', async (_case, payload, message) => {
    const res = await signup(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(res.json().message).toMatch(message)
  })

  it('answers 400 for malformed JSON and for an empty JSON body', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
      remoteAddress: freshIp(),
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON',
    })
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      headers: { 'content-type': 'application/json' },
      payload: '',
      remoteAddress: freshIp(),
    })
    expect(empty.statusCode).toBe(400)
  })

  it('answers 429 with Retry-After after 5 signups a minute from one IP', async () => {
    const ip = freshIp()
    for (let i = 0; i < 5; i++) {
      const res = await signup({ username: 'x', email: 'bad', password: '1' }, ip)
      expect(res.statusCode).toBe(422)
    }
    const limited = await signup(
      { username: `limited_${ipCounter}`, email: 'limited@example.com', password: 'secret1' },
      ip,
    )
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/)
    expect(
      (await signup({ username: 'other_ip_ok', email: 'otherip@example.com', password: 'secret1' }))
        .statusCode,
    ).toBe(201)
  })

  it('publishes stats.updated with the new user count after the signup commits', async () => {
    const events: BusMessage[] = []
    const unsubscribe = t.bus.subscribe({ message: (m) => events.push(m), resumed: () => {} })
    try {
      const res = await signup({ username: 'stats_watcher', email: 'stats@example.com', password: 'secret1' })
      expect(res.statusCode).toBe(201)
      const users = await countUsers()
      // An event still pending from an earlier signup may arrive first: wait for one with this count.
      await expect
        .poll(() => statsEvents(events).some((frame) => frame.data.totalUsers === users), { timeout: 3000 })
        .toBe(true)
      expect(events.find((e) => e.event === 'stats.updated')?.topic).toBe('stats')
    } finally {
      unsubscribe()
    }
  })

  it('publishes nothing when the signup is refused', async () => {
    await createUser(t.db, { username: 'quiet_taken' })
    // Let broadcasts of earlier signups go out first: the leaderboard's push is the slowest (its window,
    // then at most one computation a second).
    const { pushWindowMs, minIntervalMs } = LEADERBOARD_TIMINGS
    await new Promise((resolve) => setTimeout(resolve, pushWindowMs + minIntervalMs + 400))
    const events: BusMessage[] = []
    const unsubscribe = t.bus.subscribe({ message: (m) => events.push(m), resumed: () => {} })
    try {
      expect(
        (await signup({ username: 'quiet_taken', email: 'q@example.com', password: 'secret1' })).statusCode,
      ).toBe(409)
      // Long enough for a leaderboard push to show, had the refused signup asked for one.
      await new Promise((resolve) => setTimeout(resolve, pushWindowMs + 400))
      expect(events).toEqual([])
    } finally {
      unsubscribe()
    }
  })
})

describe('POST /api/user/login', () => {
  it('signs in by username, case-insensitively', async () => {
    const user = await createUser(t.db, { username: 'LoginByName', password: 'pass-word' })
    const res = await login({ emailOrUsername: 'loginbyname', password: 'pass-word' })
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toMatchObject({ _id: user.id, username: 'LoginByName' })
    expect((await profileHeader(authHeader(res.json().token))).statusCode).toBe(200)
  })

  it('signs in by email, case-insensitively and trimmed', async () => {
    const user = await createUser(t.db, {
      email: 'login.mail@example.com',
      password: 'pass-word',
      role: 'contributor',
    })
    const res = await login({ emailOrUsername: ' Login.Mail@EXAMPLE.com ', password: 'pass-word' })
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toMatchObject({ _id: user.id, contributor: true, role: 'contributor' })
  })

  it('answers the same 401 for a wrong password and an unknown account', async () => {
    await createUser(t.db, { username: 'wrong_pw_user', password: 'right-one' })
    const wrong = await login({ emailOrUsername: 'wrong_pw_user', password: 'wrong-one' })
    const unknown = await login({ emailOrUsername: 'nobody_here', password: 'wrong-one' })
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials' })
    }
  })

  it('answers 400 when a field is missing or unknown', async () => {
    expect((await login({ emailOrUsername: 'someone' })).statusCode).toBe(400)
    expect((await login({ password: 'x' })).statusCode).toBe(400)
    expect((await login({ emailOrUsername: 'a', password: 'b', remember: true })).statusCode).toBe(400)
  })

  it('answers 429 on the 11th attempt in a minute from one IP', async () => {
    const ip = freshIp()
    for (let i = 0; i < 10; i++) {
      expect((await login({ emailOrUsername: 'nobody', password: 'x' }, ip)).statusCode).toBe(401)
    }
    const limited = await login({ emailOrUsername: 'nobody', password: 'x' }, ip)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many attempts. Try again in ${limited.headers['retry-after']} seconds.`,
    })
  })

  it('stops guessing from one network after 20 failures, even with the right password, for the hour', async () => {
    await createUser(t.db, { username: 'Locked_Victim', password: 'correct-pw' })
    const bystander = await createUser(t.db, { password: 'correct-pw' })
    const network = networkAddresses()
    for (let i = 0; i < 20; i++) {
      // Rotating addresses (and letter cases) within one /24 gains nothing.
      const name = i % 2 === 0 ? 'locked_victim' : 'LOCKED_VICTIM'
      expect((await login({ emailOrUsername: name, password: `wrong-${i}` }, network())).statusCode).toBe(401)
    }
    const locked = await login({ emailOrUsername: 'Locked_Victim', password: 'correct-pw' }, network())
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60)
    expect(locked.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/)
    const other = await login({ emailOrUsername: bystander.username, password: 'correct-pw' }, network())
    expect(other.statusCode).toBe(200)
  })

  it('never lets a stranger lock the owner out: their own network still signs in', async () => {
    await createUser(t.db, { username: 'owner_at_home', password: 'correct-pw' })
    const home = networkAddresses()
    // The owner signed in from home before.
    expect(
      (await login({ emailOrUsername: 'owner_at_home', password: 'correct-pw' }, home())).statusCode,
    ).toBe(200)
    // An attacker spends the per-network budget on several networks and the account-wide budget with it.
    for (let n = 0; n < ACCOUNT_WIDE_FACTOR; n++) {
      const attacker = networkAddresses()
      for (let i = 0; i < 20; i++) {
        const res = await login({ emailOrUsername: 'owner_at_home', password: `guess-${n}-${i}` }, attacker())
        expect(res.statusCode).toBe(401)
      }
    }
    // A network the account never signed in from now waits, even with the right password...
    const fresh = networkAddresses()
    expect(
      (await login({ emailOrUsername: 'owner_at_home', password: 'correct-pw' }, fresh())).statusCode,
    ).toBe(429)
    // ...and so does a wrong guess from it, while the owner's home network gets through.
    expect((await login({ emailOrUsername: 'owner_at_home', password: 'nope' }, fresh())).statusCode).toBe(
      429,
    )
    expect(
      (await login({ emailOrUsername: 'owner_at_home', password: 'correct-pw' }, home())).statusCode,
    ).toBe(200)
  })

  it('counts IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24')
    expect(networkOf('::ffff:203.0.113.99')).toBe('203.0.113.0/24')
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(networkOf('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64')
  })
})

describe('GET /api/website/user/profile/header', () => {
  it('answers the header of the signed-in user with the badge from their points', async () => {
    const user = await createUser(t.db, { role: 'moderator', points: 260, avatar: 'abc.png' })
    const res = await profileHeader(authHeader(loginAs(t.app, user)))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      _id: user.id,
      username: user.username,
      email: user.email,
      emailVerified: true,
      avatar: '/uploads/avatars/abc.png',
      contributor: true,
      role: 'moderator',
      points: 260,
      badge: 'Advanced',
    })
    expect(res.json()).not.toHaveProperty('password_hash')
  })

  it('answers 401 without a token', async () => {
    const res = await profileHeader()
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Authentication required' })
  })

  it('answers 401 for a garbage token and for a non-bearer scheme', async () => {
    expect((await profileHeader({ authorization: 'Bearer not.a.token' })).statusCode).toBe(401)
    expect((await profileHeader({ authorization: 'Bearer garbage' })).statusCode).toBe(401)
    const user = await createUser(t.db)
    expect((await profileHeader({ authorization: `Basic ${loginAs(t.app, user)}` })).statusCode).toBe(401)
  })

  it('answers 401 for an expired token', async () => {
    const user = await createUser(t.db)
    const past = Math.floor(Date.now() / 1000) - 7200
    const token = forgeToken({ ...claimsFor(user), iat: past, exp: past + 3600 }, { secret: TEST_JWT_SECRET })
    const res = await profileHeader(authHeader(token))
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toMatch(/expired/)
  })

  it('accepts a hand-signed HS256 token with every claim (so the refusals below are about the change)', async () => {
    const user = await createUser(t.db)
    const token = forgeToken(claimsFor(user), { secret: TEST_JWT_SECRET })
    expect((await profileHeader(authHeader(token))).statusCode).toBe(200)
  })

  it.each(['HS384', 'HS512', 'none'] as const)('answers 401 for a token signed with alg %s', async (alg) => {
    const user = await createUser(t.db)
    const token = forgeToken(claimsFor(user), { secret: TEST_JWT_SECRET, alg })
    expect((await profileHeader(authHeader(token))).statusCode).toBe(401)
  })

  it.each(['sub', 'exp', 'iss', 'aud', 'ver', 'role'])(
    'answers 401 for a token without %s',
    async (claim) => {
      const user = await createUser(t.db)
      const claims = claimsFor(user)
      delete claims[claim]
      const token = forgeToken(claims, { secret: TEST_JWT_SECRET })
      expect((await profileHeader(authHeader(token))).statusCode).toBe(401)
    },
  )

  it('answers 401 for a token of another issuer or audience, or signed with another secret', async () => {
    const user = await createUser(t.db)
    const tokens = [
      forgeToken({ ...claimsFor(user), iss: 'someone-else' }, { secret: TEST_JWT_SECRET }),
      forgeToken({ ...claimsFor(user), aud: 'another-app' }, { secret: TEST_JWT_SECRET }),
      forgeToken(claimsFor(user), { secret: 'another-secret-that-is-long-enough-000' }),
      forgeToken({ ...claimsFor(user), sub: 'not-a-uuid' }, { secret: TEST_JWT_SECRET }),
    ]
    for (const token of tokens) expect((await profileHeader(authHeader(token))).statusCode).toBe(401)
  })

  it('answers 401 for a token issued before the token version was bumped', async () => {
    const user = await createUser(t.db)
    const token = loginAs(t.app, user)
    expect((await profileHeader(authHeader(token))).statusCode).toBe(200)
    await t.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', user.id)
      .execute()
    // The row was read for the first request and is kept (modules/accounts/session-users.ts): the
    // revocation's live event, which a password change publishes, has it read again.
    await t.app.live.publish(`user:${user.id}`, 'session.revoked', { tokenVersion: 1 })
    const res = await profileHeader(authHeader(token))
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toMatch(/session has ended/)
  })

  it('answers 401 once the user has been deleted', async () => {
    const user = await createUser(t.db)
    const token = loginAs(t.app, user)
    await t.db.deleteFrom('users').where('id', '=', user.id).execute()
    expect((await profileHeader(authHeader(token))).statusCode).toBe(401)
  })
})
