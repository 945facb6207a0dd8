import type { Role } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, TEST_RATE_LIMITS, type TestApp } from '../../../test/build-test-app.ts'
import { authHeader, createUser, loginAs, type TestUser } from '../../../test/factories.ts'
import { networksOf } from '../../../test/networks.ts'
import { codeFor, enrolTotp, wrongCodeFor } from '../../../test/second-factor.ts'
import { LEAVING_MESSAGES } from '../../contract/leaving.ts'
import { SECOND_FACTOR_MESSAGES } from '../../contract/second-factor-messages.ts'

/*
 * Deleting the account confirmed with a second factor instead of the password (docs/product-rules.md#leaving):
 * a current authenticator code or an unused recovery code; a wrong one counts as a failed sign-in.
 */

/** Wrong codes a member may type per hour and network here (the production budget is 20). */
const FAILURES_PER_HOUR = 3

let t: TestApp
/** Each test from a network of its own, so one test's failures never spend another's budget. */
const freshNetwork = networksOf(31)

beforeAll(async () => {
  t = await buildTestApp({
    config: { rateLimit: { ...TEST_RATE_LIMITS, accountFailuresPerHour: FAILURES_PER_HOUR } },
  })
})
afterAll(async () => {
  await t?.close()
})

interface Enrolled {
  user: TestUser
  session: string
  secret: string
  recoveryCodes: string[]
  ip: () => string
}

/** A member with an authenticator on (confirmed with the code of the step before now). */
async function enrolledMember(role: Role = 'member'): Promise<Enrolled> {
  const user = await createUser(t.db, { role })
  const session = loginAs(t.app, user)
  return { user, session, ...(await enrolTotp(t.app, session)), ip: freshNetwork() }
}

function deleteAccount(member: Pick<Enrolled, 'session' | 'ip'>, payload: object) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/users/me',
    headers: authHeader(member.session),
    remoteAddress: member.ip(),
    payload,
  })
}

async function exists(userId: string): Promise<boolean> {
  return (
    (await t.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
  )
}

describe('DELETE /api/users/me with a second-factor code', () => {
  // First in the file, while the app has no other moderator.
  it('leaves the code unspent when the deletion is refused (the last moderator)', async () => {
    const moderator = await enrolledMember('moderator')
    const code = await codeFor(moderator.secret)
    const refused = await deleteAccount(moderator, { code, content: 'keep' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(LEAVING_MESSAGES.lastModerator)
    // The same code still proves the factor: the refused deletion spent nothing.
    const regenerated = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/second-factor/recovery-codes',
      headers: authHeader(moderator.session),
      remoteAddress: moderator.ip(),
      payload: { method: 'totp', code },
    })
    expect(regenerated.statusCode, regenerated.body).toBe(200)
  })

  it('deletes the account with the authenticator’s current code', async () => {
    const member = await enrolledMember()
    const res = await deleteAccount(member, { code: await codeFor(member.secret), content: 'remove' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ deleted: true, content: 'remove' })
    expect(await exists(member.user.id)).toBe(false)
  })

  it('deletes the account with an unused recovery code, typed in any case', async () => {
    const member = await enrolledMember()
    const code = member.recoveryCodes[3]?.toUpperCase() ?? ''
    const res = await deleteAccount(member, { code, content: 'keep' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await exists(member.user.id)).toBe(false)
  })

  it('takes `method` when given: a recovery code named as an app code is refused', async () => {
    const member = await enrolledMember()
    const res = await deleteAccount(member, {
      code: member.recoveryCodes[0],
      method: 'totp',
      content: 'keep',
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(SECOND_FACTOR_MESSAGES.codeInvalid)
    expect(await exists(member.user.id)).toBe(true)
  })

  it('refuses a wrong code with a 422 on the code, changes nothing, and counts it as a failed sign-in', async () => {
    const member = await enrolledMember()
    const wrong = await wrongCodeFor(member.secret)
    for (let i = 0; i < FAILURES_PER_HOUR; i += 1) {
      const res = await deleteAccount(member, { code: wrong, content: 'remove' })
      expect(res.statusCode).toBe(422)
      expect(res.json().message).toBe(SECOND_FACTOR_MESSAGES.codeInvalid)
    }
    const wrongRecovery = await deleteAccount(member, { code: 'aaaaa-aaaaa', content: 'remove' })
    // The budget is spent: even a right code waits now.
    expect(wrongRecovery.statusCode).toBe(429)
    const right = await deleteAccount(member, { code: await codeFor(member.secret), content: 'remove' })
    expect(right.statusCode).toBe(429)
    expect(await exists(member.user.id)).toBe(true)
  })

  it('refuses a code already used (a replay)', async () => {
    const member = await enrolledMember()
    const code = await codeFor(member.secret)
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/second-factor/recovery-codes',
      headers: authHeader(member.session),
      remoteAddress: member.ip(),
      payload: { method: 'totp', code },
    })
    expect(used.statusCode).toBe(200)
    const res = await deleteAccount(member, { code, content: 'keep' })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(SECOND_FACTOR_MESSAGES.codeUsed)
    expect(await exists(member.user.id)).toBe(true)
  })

  it('answers 409 to a code from a member without a second factor', async () => {
    const user = await createUser(t.db)
    const res = await deleteAccount(
      { session: loginAs(t.app, user), ip: freshNetwork() },
      {
        code: '123456',
        content: 'keep',
      },
    )
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(SECOND_FACTOR_MESSAGES.notEnabled)
    expect(await exists(user.id)).toBe(true)
  })

  it('still takes the password of a member with a second factor', async () => {
    const member = await enrolledMember()
    const res = await deleteAccount(member, { password: member.user.password, content: 'keep' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await exists(member.user.id)).toBe(false)
  })

  it('wants the password or a code, not neither and not both (400)', async () => {
    const member = await enrolledMember()
    const code = await codeFor(member.secret)
    for (const payload of [{ content: 'keep' }, { password: member.user.password, code, content: 'keep' }]) {
      const res = await deleteAccount(member, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: LEAVING_MESSAGES.confirmWithOne,
      })
    }
    expect(await exists(member.user.id)).toBe(true)
  })
})
