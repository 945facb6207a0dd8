import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { authHeader, createUser, loginAs, type TestUser } from '../../../test/factories.ts'
import { handDrivenLive } from '../../../test/hand-driven-live.ts'
import { countStatements, StatementCounter } from '../../../test/statement-counter.ts'
import { findAuthRowById } from './repo.ts'
import { createSessionUsers, SESSION_USERS_KEPT_MS } from './session-users.ts'

/*
 * The users the token check reads are kept in memory with the page caches on: a member's requests cost
 * no statement for it once their row is kept, and every change that ends a session or moves a role is
 * seen on the very next request of the instance that made it (two instances: test/live-cluster.test.ts).
 */

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ wrapDb: (db) => db.withPlugin(new StatementCounter()) })
})
afterAll(async () => {
  await t?.close()
})

/** GET of a members-only route that reads nothing but the token's user: its status and statements. */
async function profileHeaderWith(token: string): Promise<{ status: number; statements: number }> {
  const { result, statements } = await countStatements(async () =>
    t.app.inject({ url: '/api/website/user/profile/header', headers: authHeader(token) }),
  )
  return { status: result.statusCode, statements }
}

describe('the users of signed-in requests, with the page caches on', () => {
  it("check a member's token again without a statement once the row is kept", async () => {
    const member = await createUser(t.db)
    const token = loginAs(t.app, member)
    // The token's row, then the header's own read of the user.
    expect(await profileHeaderWith(token)).toEqual({ status: 200, statements: 2 })
    expect(await profileHeaderWith(token)).toEqual({ status: 200, statements: 1 })
  })

  it('end every other session on the next request after a password change', async () => {
    const member = await createUser(t.db, { password: 'first-password-1' })
    const otherSession = loginAs(t.app, member)
    expect((await profileHeaderWith(otherSession)).status).toBe(200)
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: authHeader(loginAs(t.app, member)),
      payload: { currentPassword: 'first-password-1', newPassword: 'second-password-2' },
    })
    expect(changed.statusCode).toBe(200)
    expect((await profileHeaderWith(otherSession)).status).toBe(401)
    expect((await profileHeaderWith(changed.json().token)).status).toBe(200)
  })

  it("apply a moderator's role change to the member's kept token on the next request, raised or lowered", async () => {
    const [moderator, member] = await Promise.all([createUser(t.db, { role: 'moderator' }), createUser(t.db)])
    const token = loginAs(t.app, member)
    const modStats = async () =>
      (await t.app.inject({ url: '/api/mod/stats', headers: authHeader(token) })).statusCode
    expect(await modStats()).toBe(403)
    const setRole = (role: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/mod/users/${member.id}/role`,
        headers: authHeader(loginAs(t.app, moderator)),
        payload: { role, reason: 'Keeps the queue tidy' },
      })
    expect((await setRole('moderator')).statusCode).toBe(200)
    expect(await modStats()).toBe(200)
    // Lowering a role revokes the tokens issued before it.
    expect((await setRole('member')).statusCode).toBe(200)
    expect(await modStats()).toBe(401)
  })

  it('name the member by their new username on the next request after a rename', async () => {
    const member: TestUser = await createUser(t.db)
    const token = loginAs(t.app, member)
    expect((await profileHeaderWith(token)).status).toBe(200)
    const username = `renamed_${member.id.slice(0, 8)}`
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: authHeader(token),
      payload: { username, email: member.email },
    })
    expect(renamed.statusCode).toBe(200)
    const found = await t.app.sessionUsers.find(t.db, member.id)
    expect(found?.username).toBe(username)
  })
})

describe('the keeper itself', () => {
  /** A keeper over the test database following a live channel the test drives by hand. */
  function keeperWithHandDrivenLive() {
    const { live, event, resumed } = handDrivenLive()
    const users = createSessionUsers(findAuthRowById)
    users.follow(live)
    return { users, event, resumed }
  }

  const bumpTokenVersion = (id: string) =>
    t.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .execute()

  it('keeps nothing it read while an event of the user landed', async () => {
    const user = await createUser(t.db)
    const { users, event } = keeperWithHandDrivenLive()
    const reading = users.find(t.app.db, user.id)
    // The statement is on its way; the revocation's event arrives before its answer.
    event(`user:${user.id}`, 'session.revoked')
    expect((await reading)?.token_version).toBe(0)
    await bumpTokenVersion(user.id)
    expect((await users.find(t.app.db, user.id))?.token_version).toBe(1)
  })

  it('shares one read between requests of a user that miss at once', async () => {
    const user = await createUser(t.db)
    const { users } = keeperWithHandDrivenLive()
    const { result, statements } = await countStatements(() =>
      Promise.all([
        users.find(t.app.db, user.id),
        users.find(t.app.db, user.id),
        users.find(t.app.db, user.id),
      ]),
    )
    expect(statements).toBe(1)
    expect(result.map((row) => row?.id)).toEqual([user.id, user.id, user.id])
  })

  it('reads a user again after their role, session or name events, and after a reset marker', async () => {
    const user = await createUser(t.db)
    const { users, event } = keeperWithHandDrivenLive()
    const events: Array<[string, string | null, unknown?]> = [
      [`user:${user.id}`, 'role.changed'],
      [`user:${user.id}`, 'session.revoked'],
      [`user:${user.id}`, null],
      ['posts', 'author.updated', { userId: user.id, username: 'x', avatar: null }],
    ]
    for (const [topic, name, data] of events) {
      await users.find(t.app.db, user.id)
      await bumpTokenVersion(user.id)
      const before = (await users.find(t.app.db, user.id))?.token_version
      event(topic, name, data)
      expect((await users.find(t.app.db, user.id))?.token_version, `${topic} ${name}`).toBe((before ?? 0) + 1)
    }
  })

  it("ignores other users' and other topics' events", async () => {
    const [user, other] = await Promise.all([createUser(t.db), createUser(t.db)])
    const { users, event } = keeperWithHandDrivenLive()
    await users.find(t.app.db, user.id)
    await bumpTokenVersion(user.id)
    event(`user:${other.id}`, 'session.revoked')
    event(`user:${user.id}`, 'notification.created')
    event('posts', 'post.created')
    expect((await users.find(t.app.db, user.id))?.token_version).toBe(0)
  })

  it('forgets everything when the live channel was away (events may be lost)', async () => {
    const user = await createUser(t.db)
    const { users, resumed } = keeperWithHandDrivenLive()
    await users.find(t.app.db, user.id)
    // Changed without an event, as if its event had been lost.
    await bumpTokenVersion(user.id)
    expect((await users.find(t.app.db, user.id))?.token_version).toBe(0)
    resumed()
    expect((await users.find(t.app.db, user.id))?.token_version).toBe(1)
  })

  it('reads a user again once the row is 30 s old, events or not', async () => {
    const user = await createUser(t.db)
    const { users } = keeperWithHandDrivenLive()
    await users.find(t.app.db, user.id)
    await bumpTokenVersion(user.id)
    expect((await users.find(t.app.db, user.id))?.token_version).toBe(0)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + SESSION_USERS_KEPT_MS + 1)
      expect((await users.find(t.app.db, user.id))?.token_version).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps no user that does not exist, and reads every time until it follows the live channel', async () => {
    const { users } = keeperWithHandDrivenLive()
    const missing = '00000000-0000-4000-8000-000000000000'
    expect(await users.find(t.app.db, missing)).toBeUndefined()
    expect((await countStatements(() => users.find(t.app.db, missing))).statements).toBe(1)

    const user = await createUser(t.db)
    const unfollowed = createSessionUsers(findAuthRowById)
    await unfollowed.find(t.app.db, user.id)
    expect((await countStatements(() => unfollowed.find(t.app.db, user.id))).statements).toBe(1)
  })
})
