import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createUser, loginAs } from '../../test/factories.ts'
import { openSocket } from './ws-test-client.ts'

// The live channel inside the real app: real tokens from the auth plugin, real users in the database.
let testApp: TestApp
beforeAll(async () => {
  testApp = await buildTestApp({ withWebBuild: false })
})
afterAll(async () => {
  await testApp?.close()
})

describe('live channel in the real app', () => {
  it('authenticates with a real token and serves that user its own private topics', async () => {
    const { app, db, config } = testApp
    const moderator = await createUser(db, { role: 'moderator' })
    const other = await createUser(db)
    const socket = await openSocket(app, { origin: config.publicOrigin })

    expect(await socket.auth(loginAs(app, moderator))).toEqual({
      type: 'authed',
      userId: moderator.id,
      role: 'moderator',
    })
    expect(await socket.subscribe(['mod', `user:${moderator.id}`, `user:${other.id}`])).toEqual({
      type: 'subscribed',
      topics: ['mod', `user:${moderator.id}`],
    })

    await app.live.publish(`user:${moderator.id}`, 'notification', {
      kind: 'system',
      text: 'Welcome',
      link: '/mod',
    })
    const event = await socket.waitFor((message) => message.type === 'event', 'the notification')
    expect(event).toMatchObject({
      topic: `user:${moderator.id}`,
      event: 'notification',
      data: { text: 'Welcome' },
    })
    expect(event.id).toBe(await app.live.currentId(`user:${moderator.id}`))
  })

  it('refuses a token whose user has since changed password (an old token version)', async () => {
    const { app, db, config } = testApp
    const user = await createUser(db)
    const token = loginAs(app, user)
    await db.updateTable('users').set({ token_version: 1 }).where('id', '=', user.id).execute()
    const socket = await openSocket(app, { origin: config.publicOrigin })
    expect(await socket.auth(token)).toMatchObject({ type: 'error', code: 'unauthorized' })
    expect(await socket.subscribe([`user:${user.id}`])).toEqual({ type: 'subscribed', topics: [] })
  })

  it('refuses the upgrade from a foreign origin with 403', async () => {
    await expect(openSocket(testApp.app, { origin: 'https://evil.example' })).rejects.toThrow('403')
  })
})
