import type { Role } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createUser, loginAs, type TestUser } from '../../../test/factories.ts'
import { networksOf, requestFrom } from '../../../test/networks.ts'
import { codeFor, enrolTotp, wrongCodeFor } from '../../../test/second-factor.ts'
import { ACCOUNT_MESSAGES } from '../../contract/limits.ts'
import type {
  RecoveryCodesResponse,
  SecondFactorStatus,
  TotpEnrolment,
} from '../../contract/second-factor.ts'
import { SECOND_FACTOR_MESSAGES } from '../../contract/second-factor-messages.ts'
import { TOKEN_SCOPES } from '../../contract/values.ts'
import { deriveSecretKey, sealSecret } from '../../lib/secret-box.ts'

/*
 * docs/product-rules.md#second-factor against the real app and database. Each test has members of its
 * own: a code's time step, once accepted, is spent for that member, and only the steps around now
 * (one back, one ahead) are accepted, so a member gets at most three TOTP successes per 30 s. Codes
 * are therefore taken at increasing offsets (-1 at enrolment, then 0, then +1), each computed when it
 * is sent.
 */

let t: TestApp
const network = networksOf(20)
let ip = network()

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

const call = requestFrom(
  () => t.app,
  () => ip(),
)

function login(user: TestUser) {
  return call('POST', '/api/user/login', null, { emailOrUsername: user.username, password: user.password })
}

function answer(challenge: string, method: 'totp' | 'recovery', code: string) {
  return call('POST', '/api/user/login/second-factor', null, { challenge, method, code })
}

/** Signs in with the password and answers `challenge` for a code: the password step's challenge. */
async function challengeFor(user: TestUser): Promise<string> {
  const res = await login(user)
  expect(res.statusCode).toBe(202)
  return res.json<{ secondFactor: { challenge: string } }>().secondFactor.challenge
}

interface Enrolled {
  user: TestUser
  session: string
  secret: string
  recoveryCodes: string[]
}

/** A member with an authenticator turned on (with the code of the step before now). */
async function enrolledMember(role: Role = 'member'): Promise<Enrolled> {
  const user = await createUser(t.db, { role })
  const session = loginAs(t.app, user)
  return { user, session, ...(await enrolTotp(t.app, session, ip())) }
}

function status(session: string) {
  return call('GET', '/api/users/me/second-factor', session)
}

describe('enrolling an authenticator app', () => {
  it('answers a secret, its otpauth URI and QR code, and turns on only with a right code', async () => {
    const user = await createUser(t.db)
    const session = loginAs(t.app, user)
    expect((await status(session)).json()).toEqual({
      enabled: false,
      totp: { enabled: false, enabledAt: null },
      recoveryCodesRemaining: 0,
    })

    const started = await call('POST', '/api/users/me/second-factor/totp', session)
    expect(started.statusCode).toBe(201)
    expect(started.headers['cache-control']).toBe('no-store')
    const enrolment = started.json<TotpEnrolment>()
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(enrolment.otpauthUri).toBe(
      `otpauth://totp/Bashboard:${user.username}?secret=${enrolment.secret}&issuer=Bashboard`,
    )
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Date.parse(enrolment.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000)

    // The secret is kept sealed, never as itself.
    const row = await t.db
      .selectFrom('totp_credentials')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.secret_sealed).not.toContain(enrolment.secret)
    expect(row.enabled_at).toBeNull()

    // A wrong code leaves it off; so does a malformed one.
    for (const code of [await wrongCodeFor(enrolment.secret), '12ab56']) {
      const wrong = await call('POST', '/api/users/me/second-factor/totp/confirm', session, { code })
      expect(wrong.statusCode).toBe(422)
      expect(wrong.json().message).toBe(SECOND_FACTOR_MESSAGES.codeInvalid)
    }
    expect((await status(session)).json<SecondFactorStatus>().enabled).toBe(false)
    // A pending enrolment asks nothing more at sign-in.
    expect((await login(user)).statusCode).toBe(200)

    const right = await call('POST', '/api/users/me/second-factor/totp/confirm', session, {
      code: (await codeFor(enrolment.secret)).replace(/^(\d{3})/, '$1 '),
    })
    expect(right.statusCode).toBe(200)
    const { recoveryCodes, status: after } = right.json<RecoveryCodesResponse>()
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect(after).toEqual({
      enabled: true,
      totp: { enabled: true, enabledAt: expect.any(String) },
      recoveryCodesRemaining: 10,
    })

    // Recovery codes are kept as argon2id hashes only.
    const hashes = await t.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute()
    expect(hashes).toHaveLength(10)
    for (const { code_hash } of hashes) {
      expect(code_hash.startsWith('$argon2id$')).toBe(true)
      expect(recoveryCodes.some((code) => code_hash.includes(code.replace('-', '')))).toBe(false)
    }

    // The secret is never answered again: not by the status, not by another enrolment (409).
    expect((await status(session)).body).not.toContain(enrolment.secret)
    const again = await call('POST', '/api/users/me/second-factor/totp', session)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(SECOND_FACTOR_MESSAGES.alreadyEnabled)
    expect(again.body).not.toContain(enrolment.secret)
  })

  it('replaces a pending secret when enrolment starts again, and refuses a stale enrolment', async () => {
    const user = await createUser(t.db)
    const session = loginAs(t.app, user)
    const first = (await call('POST', '/api/users/me/second-factor/totp', session)).json<TotpEnrolment>()
    const second = (await call('POST', '/api/users/me/second-factor/totp', session)).json<TotpEnrolment>()
    expect(second.secret).not.toBe(first.secret)
    const oldCode = await codeFor(first.secret)
    if (oldCode !== (await codeFor(second.secret))) {
      const stale = await call('POST', '/api/users/me/second-factor/totp/confirm', session, { code: oldCode })
      expect(stale.json().message).toBe(SECOND_FACTOR_MESSAGES.codeInvalid)
    }

    await t.db
      .updateTable('totp_credentials')
      .set({ created_at: new Date(Date.now() - 16 * 60_000) })
      .where('user_id', '=', user.id)
      .execute()
    const late = await call('POST', '/api/users/me/second-factor/totp/confirm', session, {
      code: await codeFor(second.secret),
    })
    expect(late.statusCode).toBe(422)
    expect(late.json().message).toBe(SECOND_FACTOR_MESSAGES.enrolmentMissing)
  })

  it('answers 409 to confirming or changing a second factor that is not on', async () => {
    const session = loginAs(t.app, await createUser(t.db))
    const confirm = await call('POST', '/api/users/me/second-factor/totp/confirm', session, {
      code: '123456',
    })
    expect(confirm.statusCode).toBe(422)
    expect(confirm.json().message).toBe(SECOND_FACTOR_MESSAGES.enrolmentMissing)
    const off = await call('DELETE', '/api/users/me/second-factor/totp', session, {
      password: 'password123',
      method: 'totp',
      code: '123456',
    })
    expect(off.statusCode).toBe(409)
    expect(off.json().message).toBe(SECOND_FACTOR_MESSAGES.notEnabled)
    const regenerate = await call('POST', '/api/users/me/second-factor/recovery-codes', session, {
      method: 'totp',
      code: '123456',
    })
    expect(regenerate.statusCode).toBe(409)
  })
})

describe('signing in with a second factor', () => {
  it('keeps the one-step login for members without one', async () => {
    const user = await createUser(t.db)
    const res = await login(user)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { username: user.username } })
  })

  it('answers 202 with a challenge and no session after the password, and the session after a code', async () => {
    const { user, secret } = await enrolledMember()
    const res = await login(user)
    expect(res.statusCode).toBe(202)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json()
    expect(Object.keys(body)).toEqual(['secondFactor'])
    expect(body.secondFactor).toEqual({
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      methods: ['totp', 'recovery'],
      expiresAt: expect.any(String),
    })
    const lifetime = Date.parse(body.secondFactor.expiresAt) - Date.now()
    expect(lifetime).toBeGreaterThan(4 * 60_000)
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 2000)
    expect(res.body).not.toContain(user.email)
    // Only the challenge's hash is kept.
    const stored = await t.db.selectFrom('second_factor_challenges').select('token_hash').execute()
    expect(stored.map((row) => row.token_hash)).not.toContain(body.secondFactor.challenge)

    const signedIn = await answer(body.secondFactor.challenge, 'totp', await codeFor(secret))
    expect(signedIn.statusCode).toBe(200)
    const auth = signedIn.json<{ token: string; user: { _id: string } }>()
    expect(auth.user._id).toBe(user.id)
    const header = await call('GET', '/api/website/user/profile/header', auth.token)
    expect(header.statusCode).toBe(200)
    expect(header.json().username).toBe(user.username)
  })

  it('refuses a wrong code, a replayed code and an older one, with 401s that say which', async () => {
    const { user, secret } = await enrolledMember()
    const challenge = await challengeFor(user)
    const wrong = await answer(challenge, 'totp', await wrongCodeFor(secret))
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: SECOND_FACTOR_MESSAGES.codeInvalid,
    })
    const malformed = await answer(challenge, 'totp', 'abcdef')
    expect(malformed.json().message).toBe(SECOND_FACTOR_MESSAGES.codeInvalid)

    // The challenge survives wrong codes (up to five), so the right one still signs in.
    const code = await codeFor(secret, 1)
    expect((await answer(challenge, 'totp', code)).statusCode).toBe(200)

    // The same code, on a fresh challenge: it was spent. So is the step before it.
    const replayed = await answer(await challengeFor(user), 'totp', code)
    expect(replayed.statusCode).toBe(401)
    expect(replayed.json().message).toBe(SECOND_FACTOR_MESSAGES.codeUsed)
    const older = await answer(await challengeFor(user), 'totp', await codeFor(secret, 0))
    expect(older.statusCode).toBe(401)
    expect(older.json().message).toBe(SECOND_FACTOR_MESSAGES.codeUsed)
  })

  it('lets exactly one of two simultaneous sign-ins with the same code through', async () => {
    const { user, secret } = await enrolledMember()
    const [first, second] = await Promise.all([challengeFor(user), challengeFor(user)])
    const code = await codeFor(secret)
    const results = await Promise.all([answer(first, 'totp', code), answer(second, 'totp', code)])
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 401])
  })

  it('uses a challenge once: a second answer must enter the password again', async () => {
    const { user, recoveryCodes } = await enrolledMember()
    const challenge = await challengeFor(user)
    expect((await answer(challenge, 'recovery', recoveryCodes[0] ?? '')).statusCode).toBe(200)
    const reused = await answer(challenge, 'recovery', recoveryCodes[1] ?? '')
    expect(reused.statusCode).toBe(401)
    expect(reused.json().message).toBe(SECOND_FACTOR_MESSAGES.challengeExpired)
    // The refused answer spent nothing: the second code still works on a challenge of its own.
    expect((await answer(await challengeFor(user), 'recovery', recoveryCodes[1] ?? '')).statusCode).toBe(200)
  })

  it('refuses an expired challenge, an unknown one, and one voided by a password change', async () => {
    const { user, session, secret } = await enrolledMember()
    const expired = await challengeFor(user)
    await t.db
      .updateTable('second_factor_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute()
    const late = await answer(expired, 'totp', await codeFor(secret))
    expect(late.statusCode).toBe(401)
    expect(late.json().message).toBe(SECOND_FACTOR_MESSAGES.challengeExpired)
    const unknown = await answer('not-a-challenge', 'totp', await codeFor(secret))
    expect(unknown.json().message).toBe(SECOND_FACTOR_MESSAGES.challengeExpired)

    const voided = await challengeFor(user)
    const changed = await call('PUT', '/api/users', session, {
      currentPassword: user.password,
      newPassword: 'a-new-password',
    } as object)
    expect(changed.statusCode).toBe(200)
    const afterChange = await answer(voided, 'totp', await codeFor(secret))
    expect(afterChange.statusCode).toBe(401)
    expect(afterChange.json().message).toBe(SECOND_FACTOR_MESSAGES.challengeExpired)
  })

  it('drops a challenge after five wrong codes', async () => {
    const { user, secret } = await enrolledMember()
    const challenge = await challengeFor(user)
    const wrong = await wrongCodeFor(secret)
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await answer(challenge, 'totp', wrong)).json().message).toBe(SECOND_FACTOR_MESSAGES.codeInvalid)
    }
    const right = await answer(challenge, 'totp', await codeFor(secret))
    expect(right.statusCode).toBe(401)
    expect(right.json().message).toBe(SECOND_FACTOR_MESSAGES.challengeExpired)
  })

  it('counts wrong codes as failed sign-ins: past the hourly budget the network waits (429)', async () => {
    const { user, secret } = await enrolledMember()
    ip = network()
    const wrong = await wrongCodeFor(secret)
    let failures = 0
    while (failures < 20) {
      const challenge = await challengeFor(user)
      for (let attempt = 0; attempt < 5 && failures < 20; attempt += 1) {
        expect((await answer(challenge, 'totp', wrong)).statusCode).toBe(401)
        failures += 1
      }
    }
    const limited = await answer(await challengeFor(user), 'totp', await codeFor(secret))
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    // Another network still may: the budget is per member and network.
    ip = network()
    expect((await answer(await challengeFor(user), 'totp', await codeFor(secret))).statusCode).toBe(200)
  })

  it('accepts each recovery code once, typed in any case and with or without its hyphen', async () => {
    const { user, session, recoveryCodes } = await enrolledMember()
    const [first = '', second = ''] = recoveryCodes
    expect((await answer(await challengeFor(user), 'recovery', first)).statusCode).toBe(200)
    const spent = await answer(await challengeFor(user), 'recovery', first)
    expect(spent.statusCode).toBe(401)
    expect(spent.json().message).toBe(SECOND_FACTOR_MESSAGES.recoveryCodeInvalid)
    const typed = ` ${second.replace('-', '').toUpperCase()} `
    expect((await answer(await challengeFor(user), 'recovery', typed)).statusCode).toBe(200)
    expect((await status(session)).json<SecondFactorStatus>().recoveryCodesRemaining).toBe(8)
    // A TOTP code is no recovery code.
    const wrongMethod = await answer(await challengeFor(user), 'recovery', '123456')
    expect(wrongMethod.json().message).toBe(SECOND_FACTOR_MESSAGES.recoveryCodeInvalid)
  })

  it('offers only the authenticator once every recovery code is spent', async () => {
    const { user } = await enrolledMember()
    await t.db
      .updateTable('recovery_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', user.id)
      .execute()
    const res = await login(user)
    expect(res.json().secondFactor.methods).toEqual(['totp'])
  })

  it('still takes recovery codes when the authenticator can no longer be read (JWT_SECRET changed)', async () => {
    const { user, secret, recoveryCodes } = await enrolledMember()
    const otherKey = deriveSecretKey('another-jwt-secret-of-at-least-32-chars', 'totp-secret')
    await t.db
      .updateTable('totp_credentials')
      .set({ secret_sealed: sealSecret(otherKey, secret, user.id) })
      .where('user_id', '=', user.id)
      .execute()
    const totp = await answer(await challengeFor(user), 'totp', await codeFor(secret))
    expect(totp.statusCode).toBe(401)
    expect(totp.json().message).toBe(SECOND_FACTOR_MESSAGES.authenticatorUnreadable)
    expect((await answer(await challengeFor(user), 'recovery', recoveryCodes[0] ?? '')).statusCode).toBe(200)
  })
})

describe('changing the second factor', () => {
  it('regenerates recovery codes only with a right code; the earlier codes stop working', async () => {
    const { user, session, secret, recoveryCodes } = await enrolledMember()
    const wrong = await call('POST', '/api/users/me/second-factor/recovery-codes', session, {
      method: 'totp',
      code: await wrongCodeFor(secret),
    })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().message).toBe(SECOND_FACTOR_MESSAGES.codeInvalid)

    const res = await call('POST', '/api/users/me/second-factor/recovery-codes', session, {
      method: 'totp',
      code: await codeFor(secret),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const fresh = res.json<RecoveryCodesResponse>()
    expect(fresh.recoveryCodes).toHaveLength(10)
    expect(fresh.recoveryCodes.filter((code) => recoveryCodes.includes(code))).toEqual([])
    expect(fresh.status.recoveryCodesRemaining).toBe(10)

    const old = await answer(await challengeFor(user), 'recovery', recoveryCodes[0] ?? '')
    expect(old.json().message).toBe(SECOND_FACTOR_MESSAGES.recoveryCodeInvalid)
    expect(
      (await answer(await challengeFor(user), 'recovery', fresh.recoveryCodes[0] ?? '')).statusCode,
    ).toBe(200)
  })

  it('turns off only with the password and a right code; then sign-in is one step again', async () => {
    const { user, session, secret } = await enrolledMember()
    const off = (body: object) => call('DELETE', '/api/users/me/second-factor/totp', session, body)

    expect((await off({ password: user.password })).statusCode).toBe(400)
    expect((await off({ method: 'totp', code: await codeFor(secret) })).statusCode).toBe(400)
    const wrongPassword = await off({ password: 'not-it', method: 'totp', code: await codeFor(secret) })
    expect(wrongPassword.statusCode).toBe(422)
    expect(wrongPassword.json().message).toBe(ACCOUNT_MESSAGES.currentPasswordIncorrect)
    const wrongCode = await off({ password: user.password, method: 'totp', code: await wrongCodeFor(secret) })
    expect(wrongCode.statusCode).toBe(422)
    expect(wrongCode.json().message).toBe(SECOND_FACTOR_MESSAGES.codeInvalid)
    expect((await status(session)).json<SecondFactorStatus>().enabled).toBe(true)

    const pending = await challengeFor(user)
    const done = await off({ password: user.password, method: 'totp', code: await codeFor(secret) })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({
      enabled: false,
      totp: { enabled: false, enabledAt: null },
      recoveryCodesRemaining: 0,
    })

    // Nothing of it is left: no secret, no recovery codes, no open challenge.
    for (const table of ['totp_credentials', 'recovery_codes', 'second_factor_challenges'] as const) {
      const rows = await t.db.selectFrom(table).select('user_id').where('user_id', '=', user.id).execute()
      expect(rows, table).toEqual([])
    }
    expect((await answer(pending, 'totp', await codeFor(secret, 1))).statusCode).toBe(401)
    expect((await login(user)).statusCode).toBe(200)
  })

  it('turns off with a recovery code and the password, for a member who lost the app', async () => {
    const { user, session, recoveryCodes } = await enrolledMember()
    const res = await call('DELETE', '/api/users/me/second-factor/totp', session, {
      password: user.password,
      method: 'recovery',
      code: recoveryCodes[3],
    })
    expect(res.statusCode).toBe(200)
    expect((await login(user)).statusCode).toBe(200)
  })
})

describe('personal access tokens', () => {
  it('reach none of the second-factor routes, nor either sign-in step', async () => {
    const { session, user } = await enrolledMember('moderator')
    const created = await call('POST', '/api/tokens', session, {
      name: 'everything',
      scopes: [...TOKEN_SCOPES],
    })
    expect(created.statusCode).toBe(201)
    const token = created.json<{ token: string }>().token
    const challenge = await challengeFor(user)
    const routes: Array<['GET' | 'POST' | 'DELETE', string, object | undefined]> = [
      ['GET', '/api/users/me/second-factor', undefined],
      ['POST', '/api/users/me/second-factor/totp', undefined],
      ['POST', '/api/users/me/second-factor/totp/confirm', { code: '123456' }],
      [
        'DELETE',
        '/api/users/me/second-factor/totp',
        { password: user.password, method: 'totp', code: '123456' },
      ],
      ['POST', '/api/users/me/second-factor/recovery-codes', { method: 'totp', code: '123456' }],
      ['POST', '/api/user/login', { emailOrUsername: user.username, password: user.password }],
      ['POST', '/api/user/login/second-factor', { challenge, method: 'totp', code: '123456' }],
    ]
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, token, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().message).toContain('Personal access tokens cannot be used for this')
    }
    // Nothing changed for it: the authenticator is still on, the challenge still open.
    expect((await status(session)).json<SecondFactorStatus>().enabled).toBe(true)
    expect(
      await t.db.selectFrom('second_factor_challenges').select('id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(1)
  })
})
