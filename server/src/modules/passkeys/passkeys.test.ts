import type { Role } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createUser, loginAs, type TestUser } from '../../../test/factories.ts'
import { networksOf, requestFrom } from '../../../test/networks.ts'
import { codeFor, enrolTotp } from '../../../test/second-factor.ts'
import { SoftwareAuthenticator } from '../../../test/webauthn-authenticator.ts'
import type { AuthResponse } from '../../contract/accounts.ts'
import {
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyList,
  type PasskeyRegistrationStart,
  type PasskeySignInStart,
} from '../../contract/passkeys.ts'
import type { SecondFactorRequired } from '../../contract/second-factor.ts'
import { SECOND_FACTOR_MESSAGES } from '../../contract/second-factor-messages.ts'
import { TOKEN_SCOPES } from '../../contract/values.ts'

/*
 * docs/product-rules.md#passkeys against the real app and database, with a software authenticator
 * (test/webauthn-authenticator.ts) making the attestations and assertions a browser would send.
 */

let t: TestApp
const network = networksOf(30)
const ip = network()

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

interface Member {
  user: TestUser
  session: string
}

async function member(role: Role = 'member'): Promise<Member> {
  const user = await createUser(t.db, { role })
  return { user, session: loginAs(t.app, user) }
}

async function registrationOptions(session: string) {
  const res = await call('POST', '/api/users/me/passkeys/options', session)
  expect(res.statusCode).toBe(200)
  return res.json<PasskeyRegistrationStart>().options
}

/** A member's new passkey, registered through the API with `authenticator`. */
async function registered(
  session: string,
  authenticator = new SoftwareAuthenticator(),
  name = 'Laptop',
): Promise<{ authenticator: SoftwareAuthenticator; passkey: Passkey }> {
  const credential = authenticator.register(await registrationOptions(session))
  const res = await call('POST', '/api/users/me/passkeys', session, { name, credential })
  expect(res.statusCode).toBe(201)
  return { authenticator, passkey: res.json<Passkey>() }
}

async function signInOptions() {
  const res = await call('POST', '/api/user/login/passkey/options', null)
  expect(res.statusCode).toBe(200)
  expect(res.headers['cache-control']).toBe('no-store')
  return res.json<PasskeySignInStart>().options
}

function signIn(credential: object) {
  return call('POST', '/api/user/login/passkey', null, { credential })
}

function list(session: string) {
  return call('GET', '/api/users/me/passkeys', session)
}

/** Turns TOTP on for the member; the code of the step before now is spent. */
async function withTotp(session: string): Promise<string> {
  return (await enrolTotp(t.app, session, ip())).secret
}

async function passwordStep(user: TestUser): Promise<SecondFactorRequired['secondFactor']> {
  const res = await call('POST', '/api/user/login', null, {
    emailOrUsername: user.username,
    password: user.password,
  })
  expect(res.statusCode).toBe(202)
  return res.json<SecondFactorRequired>().secondFactor
}

async function secondFactorOptions(challenge: string) {
  const res = await call('POST', '/api/user/login/second-factor/passkey/options', null, { challenge })
  expect(res.statusCode).toBe(200)
  return res.json<PasskeySignInStart>().options
}

describe('registering a passkey', () => {
  it('asks for a discoverable credential bound to PUBLIC_ORIGIN, and stores it with its counter and flags', async () => {
    const { user, session } = await member()
    expect((await list(session)).json()).toEqual({ passkeys: [] })

    const res = await call('POST', '/api/users/me/passkeys/options', session)
    expect(res.headers['cache-control']).toBe('no-store')
    const { options } = res.json<PasskeyRegistrationStart>()
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Bashboard' },
      user: { name: user.username, displayName: user.username },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      excludeCredentials: [],
    })
    expect(options.challenge).toMatch(/^[\w-]{43}$/)
    // The user handle is the member's id, not their name or address.
    expect(Buffer.from(options.user.id, 'base64url').toString('hex')).toBe(user.id.replace(/-/g, ''))
    // Only the challenge's hash is kept, for 5 minutes.
    const [stored] = await t.db
      .selectFrom('passkey_challenges')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute()
    expect(stored).toMatchObject({ purpose: 'registration' })
    expect(stored?.challenge_hash).not.toContain(options.challenge)
    const lifetime = (stored?.expires_at.getTime() ?? 0) - Date.now()
    expect(lifetime).toBeGreaterThan(4 * 60_000)
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 2000)

    const authenticator = new SoftwareAuthenticator({ backupEligible: true, backedUp: true })
    const credential = authenticator.register(options)
    const added = await call('POST', '/api/users/me/passkeys', session, {
      name: '  Work   phone ',
      credential,
    })
    expect(added.statusCode).toBe(201)
    const passkey = added.json<Passkey>()
    expect(passkey).toEqual({
      _id: expect.any(String),
      name: 'Work phone',
      createdAt: expect.any(String),
      lastUsedAt: null,
      synced: true,
      backedUp: true,
    })
    expect((await list(session)).json<PasskeyList>().passkeys).toEqual([passkey])
    const row = await t.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      credential_id: authenticator.id,
      counter: '0',
      device_type: 'multiDevice',
      backed_up: true,
      transports: ['internal'],
    })
    // The challenge was used up.
    expect(
      await t.db.selectFrom('passkey_challenges').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([])

    // A second registration leaves the first out of the browser's choice.
    const again = await registrationOptions(session)
    expect(again.excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ])
  })

  it('refuses a replayed registration, a challenge it never gave, another member’s, and another origin', async () => {
    const { session } = await member()
    const authenticator = new SoftwareAuthenticator()
    const credential = authenticator.register(await registrationOptions(session))
    expect((await call('POST', '/api/users/me/passkeys', session, { credential })).statusCode).toBe(201)
    const replayed = await call('POST', '/api/users/me/passkeys', session, { credential })
    expect(replayed.statusCode).toBe(422)
    expect(replayed.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: PASSKEY_MESSAGES.challengeExpired,
    })

    const made = new SoftwareAuthenticator().register(await registrationOptions(session), {
      challenge: Buffer.from('a challenge nobody gave').toString('base64url'),
    })
    const wrong = await call('POST', '/api/users/me/passkeys', session, { credential: made })
    expect(wrong.json().message).toBe(PASSKEY_MESSAGES.challengeExpired)

    const other = await member()
    const theirs = new SoftwareAuthenticator().register(await registrationOptions(other.session))
    const stolen = await call('POST', '/api/users/me/passkeys', session, { credential: theirs })
    expect(stolen.json().message).toBe(PASSKEY_MESSAGES.challengeExpired)

    const elsewhere = new SoftwareAuthenticator().register(await registrationOptions(session), {
      origin: 'https://evil.example',
    })
    const phished = await call('POST', '/api/users/me/passkeys', session, { credential: elsewhere })
    expect(phished.statusCode).toBe(422)
    expect(phished.json().message).toBe(PASSKEY_MESSAGES.verificationFailed)
    expect((await list(session)).json<PasskeyList>().passkeys).toHaveLength(1)
  })

  it('names an unnamed passkey, refuses an empty or control-character name, and a credential registered twice', async () => {
    const { session } = await member()
    const authenticator = new SoftwareAuthenticator()
    const unnamed = await call('POST', '/api/users/me/passkeys', session, {
      credential: authenticator.register(await registrationOptions(session)),
    })
    expect(unnamed.json<Passkey>().name).toBe('Passkey 1')
    for (const name of ['   ', 'evil\u202Eexe.txt', 'tab\u0007bell', 'x'.repeat(65)]) {
      const res = await call('POST', '/api/users/me/passkeys', session, {
        name,
        credential: new SoftwareAuthenticator().register(await registrationOptions(session)),
      })
      expect(res.statusCode, name).toBe(422)
      expect(res.json().message).toBe(PASSKEY_MESSAGES.nameInvalid)
    }
    // The same authenticator again (as a browser ignoring excludeCredentials would): 409.
    const other = await member()
    const twice = await call('POST', '/api/users/me/passkeys', other.session, {
      credential: authenticator.register(await registrationOptions(other.session)),
    })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(PASSKEY_MESSAGES.alreadyRegistered)
  })
})

describe('signing in with a passkey alone', () => {
  it('signs the member in with no username, records the use, and never takes the same answer twice', async () => {
    const { user, session } = await member()
    const { authenticator, passkey } = await registered(session)
    const options = await signInOptions()
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' })
    expect(options.allowCredentials ?? []).toEqual([])

    const assertion = authenticator.assert(options)
    const res = await signIn(assertion)
    expect(res.statusCode).toBe(200)
    const auth = res.json<AuthResponse>()
    expect(auth.user.username).toBe(user.username)
    const header = await call('GET', '/api/website/user/profile/header', auth.token)
    expect(header.json().username).toBe(user.username)

    const [listed] = (await list(session)).json<PasskeyList>().passkeys
    expect(listed?._id).toBe(passkey._id)
    expect(Date.parse(listed?.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
    const row = await t.db
      .selectFrom('passkeys')
      .select('counter')
      .where('id', '=', passkey._id)
      .executeTakeFirst()
    expect(row?.counter).toBe('1')

    const replayed = await signIn(assertion)
    expect(replayed.statusCode).toBe(401)
    expect(replayed.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: PASSKEY_MESSAGES.challengeExpired,
    })
  })

  it('refuses a challenge it never gave, an expired one, and a second-factor ceremony’s', async () => {
    const { session } = await member()
    const { authenticator } = await registered(session)
    const made = authenticator.assert(await signInOptions(), {
      challenge: Buffer.from('made up').toString('base64url'),
    })
    expect((await signIn(made)).json().message).toBe(PASSKEY_MESSAGES.challengeExpired)

    const options = await signInOptions()
    await t.db
      .updateTable('passkey_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'sign-in')
      .execute()
    const late = await signIn(authenticator.assert(options))
    expect(late.statusCode).toBe(401)
    expect(late.json().message).toBe(PASSKEY_MESSAGES.challengeExpired)
  })

  it('refuses a counter that went back, an unverified user, another origin and a changed backup flag', async () => {
    const { session } = await member()
    const { authenticator } = await registered(session)
    expect((await signIn(authenticator.assert(await signInOptions(), { counter: 5 }))).statusCode).toBe(200)

    const cloned = await signIn(authenticator.assert(await signInOptions(), { counter: 3 }))
    expect(cloned.statusCode).toBe(401)
    expect(cloned.json().message).toBe(PASSKEY_MESSAGES.counterRegressed)
    const same = await signIn(authenticator.assert(await signInOptions(), { counter: 5 }))
    expect(same.json().message).toBe(PASSKEY_MESSAGES.counterRegressed)

    const unverified = await signIn(
      authenticator.assert(await signInOptions(), { counter: 6, userVerified: false }),
    )
    expect(unverified.statusCode).toBe(401)
    expect(unverified.json().message).toBe(PASSKEY_MESSAGES.verificationFailed)
    const phished = await signIn(
      authenticator.assert(await signInOptions(), { counter: 7, origin: 'https://evil.example' }),
    )
    expect(phished.json().message).toBe(PASSKEY_MESSAGES.verificationFailed)
    const otherRp = await signIn(
      authenticator.assert(await signInOptions(), { counter: 8, rpId: 'evil.example' }),
    )
    expect(otherRp.json().message).toBe(PASSKEY_MESSAGES.verificationFailed)

    // Registered as a single-device key; an assertion claiming it can be synced is not the same key.
    const synced = await signIn(
      authenticator.assert(await signInOptions(), { counter: 9, backupEligible: true, backedUp: true }),
    )
    expect(synced.json().message).toBe(PASSKEY_MESSAGES.backupStateChanged)

    // None of the refusals moved the counter: the next honest use still works.
    expect((await signIn(authenticator.assert(await signInOptions(), { counter: 10 }))).statusCode).toBe(200)
  })

  it('refuses an unknown passkey and a removed one, and lets one of two racing answers through', async () => {
    const stranger = new SoftwareAuthenticator()
    stranger.register(await registrationOptions((await member()).session))
    const unknown = await signIn(stranger.assert(await signInOptions()))
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().message).toBe(PASSKEY_MESSAGES.unknownCredential)

    const { session } = await member()
    const { authenticator, passkey } = await registered(session)
    const [first, second] = await Promise.all([signInOptions(), signInOptions()])
    const results = await Promise.all([
      signIn(authenticator.assert(first, { counter: 1 })),
      signIn(authenticator.assert(second, { counter: 1 })),
    ])
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 401])

    expect((await call('DELETE', `/api/users/me/passkeys/${passkey._id}`, session)).statusCode).toBe(200)
    const removed = await signIn(authenticator.assert(await signInOptions()))
    expect(removed.json().message).toBe(PASSKEY_MESSAGES.unknownCredential)
  })

  it('refuses a user handle that is not the passkey’s member', async () => {
    const { session } = await member()
    const { authenticator } = await registered(session)
    const assertion = authenticator.assert(await signInOptions())
    const forged = {
      ...assertion,
      response: { ...assertion.response, userHandle: Buffer.alloc(16, 7).toString('base64url') },
    }
    const res = await signIn(forged)
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe(PASSKEY_MESSAGES.verificationFailed)
  })
})

describe('a passkey as the second factor', () => {
  it('is offered after the password and answers the challenge, which is then spent', async () => {
    const { user, session } = await member()
    const secret = await withTotp(session)
    // Before any passkey: codes only.
    expect((await passwordStep(user)).methods).toEqual(['totp', 'recovery'])
    const { authenticator } = await registered(session)
    const step = await passwordStep(user)
    expect(step.methods).toEqual(['totp', 'recovery', 'passkey'])

    const options = await secondFactorOptions(step.challenge)
    expect(options.allowCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ])
    expect(options.userVerification).toBe('preferred')
    const res = await call('POST', '/api/user/login/second-factor/passkey', null, {
      challenge: step.challenge,
      credential: authenticator.assert(options, { userVerified: false }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<AuthResponse>().user.username).toBe(user.username)

    // The password step's challenge went with it: a code cannot use it again.
    const code = await codeFor(secret)
    const again = await call('POST', '/api/user/login/second-factor', null, {
      challenge: step.challenge,
      method: 'totp',
      code,
    })
    expect(again.statusCode).toBe(401)
    expect(again.json().message).toBe(SECOND_FACTOR_MESSAGES.challengeExpired)
  })

  it('refuses another member’s passkey, another password step’s ceremony, and a sign-in ceremony', async () => {
    const { user, session } = await member()
    await withTotp(session)
    const mine = await registered(session)
    const other = await member()
    const theirs = await registered(other.session)

    const step = await passwordStep(user)
    const stolen = await call('POST', '/api/user/login/second-factor/passkey', null, {
      challenge: step.challenge,
      credential: theirs.authenticator.assert(await secondFactorOptions(step.challenge)),
    })
    expect(stolen.statusCode).toBe(401)
    expect(stolen.json().message).toBe(PASSKEY_MESSAGES.unknownCredential)

    // A ceremony of one password step does not answer another's.
    const [first, second] = [await passwordStep(user), await passwordStep(user)]
    const crossed = await call('POST', '/api/user/login/second-factor/passkey', null, {
      challenge: second.challenge,
      credential: mine.authenticator.assert(await secondFactorOptions(first.challenge)),
    })
    expect(crossed.json().message).toBe(PASSKEY_MESSAGES.challengeExpired)

    const alone = await call('POST', '/api/user/login/second-factor/passkey', null, {
      challenge: second.challenge,
      credential: mine.authenticator.assert(await signInOptions()),
    })
    expect(alone.json().message).toBe(PASSKEY_MESSAGES.challengeExpired)

    // The challenge still stands after those refusals: the right passkey signs in.
    const ok = await call('POST', '/api/user/login/second-factor/passkey', null, {
      challenge: second.challenge,
      credential: mine.authenticator.assert(await secondFactorOptions(second.challenge)),
    })
    expect(ok.statusCode).toBe(200)
  })

  it('answers 401 to an unknown challenge and 409 to a member without passkeys', async () => {
    const unknown = await call('POST', '/api/user/login/second-factor/passkey/options', null, {
      challenge: 'nope',
    })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().message).toBe(SECOND_FACTOR_MESSAGES.challengeExpired)
    const { user, session } = await member()
    await withTotp(session)
    const step = await passwordStep(user)
    const none = await call('POST', '/api/user/login/second-factor/passkey/options', null, {
      challenge: step.challenge,
    })
    expect(none.statusCode).toBe(409)
    expect(none.json().message).toBe(PASSKEY_MESSAGES.noPasskeys)
  })

  it('keeps the one-step login for a member with a passkey and no authenticator app', async () => {
    const { user, session } = await member()
    await registered(session)
    const res = await call('POST', '/api/user/login', null, {
      emailOrUsername: user.username,
      password: user.password,
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('managing passkeys', () => {
  it('renames and removes the member’s own passkeys only', async () => {
    const { session } = await member()
    const { passkey } = await registered(session, new SoftwareAuthenticator(), 'Old name')
    const renamed = await call('PATCH', `/api/users/me/passkeys/${passkey._id}`, session, {
      name: ' YubiKey 5 ',
    })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json<Passkey>()).toEqual({ ...passkey, name: 'YubiKey 5' })
    const empty = await call('PATCH', `/api/users/me/passkeys/${passkey._id}`, session, { name: ' ' })
    expect(empty.statusCode).toBe(422)

    const other = await member()
    for (const [method, payload] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/users/me/passkeys/${passkey._id}`, other.session, payload)
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(PASSKEY_MESSAGES.notFound)
    }
    expect((await list(session)).json<PasskeyList>().passkeys.map((p) => p.name)).toEqual(['YubiKey 5'])

    const removed = await call('DELETE', `/api/users/me/passkeys/${passkey._id}`, session)
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ passkeys: [] })
    expect((await call('DELETE', `/api/users/me/passkeys/${passkey._id}`, session)).statusCode).toBe(404)
  })

  it('refuses a personal access token on every passkey route, whatever its scopes', async () => {
    // A moderator, so every scope can be given to the token.
    const { session } = await member('moderator')
    const { authenticator, passkey } = await registered(session)
    const created = await call('POST', '/api/tokens', session, {
      name: 'all scopes',
      scopes: [...TOKEN_SCOPES],
    })
    expect(created.statusCode).toBe(201)
    const token = created.json<{ token: string }>().token
    const routes = [
      ['GET', '/api/users/me/passkeys', undefined],
      ['POST', '/api/users/me/passkeys/options', undefined],
      [
        'POST',
        '/api/users/me/passkeys',
        { credential: authenticator.register(await registrationOptions(session)) },
      ],
      ['PATCH', `/api/users/me/passkeys/${passkey._id}`, { name: 'x' }],
      ['DELETE', `/api/users/me/passkeys/${passkey._id}`, undefined],
      ['POST', '/api/user/login/passkey/options', undefined],
      ['POST', '/api/user/login/passkey', { credential: authenticator.assert(await signInOptions()) }],
    ] as const
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, token, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().message).toContain('Personal access tokens cannot be used for this')
    }
    expect((await list(session)).json<PasskeyList>().passkeys).toEqual([passkey])
  })
})
