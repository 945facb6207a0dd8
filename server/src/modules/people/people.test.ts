import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { CategoryRow } from '@bashboard/db'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { recordEvents } from '../../../test/events.ts'
import {
  authHeader,
  createCategory,
  createComment,
  createPost,
  createUser,
  createVote,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import { exifImage, hugePngHeader, multipartBody, multipartForm } from '../../../test/uploads.ts'
import { AVATAR_CROP_INVALID, type UserProfile } from '../../contract/people.ts'
import { IMAGE_TOO_LARGE_MESSAGE, UNSUPPORTED_IMAGE_MESSAGE } from '../../lib/images.ts'
import { openSocket } from '../../live/ws-test-client.ts'
import { EMAIL_TAKEN, USERNAME_TAKEN } from '../accounts/service.ts'
import { AVATAR_TOO_LARGE } from './routes.ts'
import { CURRENT_PASSWORD_INCORRECT } from './service.ts'

let t: TestApp
let category: CategoryRow

beforeAll(async () => {
  t = await buildTestApp()
  category = await createCategory(t.db)
})
afterAll(async () => {
  await t?.close()
})

function uploadAvatar(user: TestUser, body: ReturnType<typeof multipartBody>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/users/avatar',
    headers: { ...authHeader(loginAs(t.app, user)), ...body.headers },
    payload: body.payload,
  })
}

/** A photo carrying EXIF data the avatar must not keep. */
function photo(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  return exifImage(format, width, height, { IFD0: { Artist: 'exif-marker' } })
}

function putUser(user: TestUser | string, payload: unknown) {
  const token = typeof user === 'string' ? user : loginAs(t.app, user)
  return t.app.inject({
    method: 'PUT',
    url: '/api/users',
    headers: authHeader(token),
    payload: payload as object,
  })
}

describe('member-only endpoints', () => {
  it.each([
    ['GET', '/api/website/user/profile'],
    ['PUT', '/api/users'],
    ['PUT', '/api/users/avatar'],
  ] as const)('%s %s answers 401 to guests', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'PUT' ? {} : undefined })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ statusCode: 401 })
  })
})

describe('GET /api/website/user/profile', () => {
  it('answers the header, tier progress and the three lists, newest first', async () => {
    const me = await createUser(t.db, { role: 'contributor', points: 120 })
    const other = await createUser(t.db, { role: 'contributor' })
    const old = await createPost(t.db, {
      authorId: me.id,
      title: `Old ${randomUUID()}`,
      createdAt: new Date(Date.now() - 86_400_000),
    })
    const recent = await createPost(t.db, { authorId: me.id, title: `Recent ${randomUUID()}` })
    await t.db.updateTable('users').set({ post_count: 2 }).where('id', '=', me.id).execute()
    const liked1 = await createPost(t.db, { authorId: other.id })
    const liked2 = await createPost(t.db, { authorId: other.id })
    const disliked = await createPost(t.db, { authorId: other.id })
    await createVote(t.db, { postId: liked1.id, userId: me.id, value: 1, at: new Date(Date.now() - 60_000) })
    await createVote(t.db, { postId: liked2.id, userId: me.id, value: 1 })
    await createVote(t.db, { postId: disliked.id, userId: me.id, value: -1 })
    await createComment(t.db, {
      postId: liked1.id,
      authorId: me.id,
      content: 'first',
      createdAt: new Date(Date.now() - 60_000),
    })
    await createComment(t.db, { postId: liked2.id, authorId: me.id, content: 'second' })
    await createComment(t.db, { postId: liked2.id, authorId: other.id, content: 'not mine' })

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/website/user/profile',
      headers: authHeader(loginAs(t.app, me)),
    })

    expect(res.statusCode).toBe(200)
    const profile: UserProfile = res.json()
    expect(profile).toMatchObject({
      _id: me.id,
      username: me.username,
      email: me.email,
      avatar: null,
      role: 'contributor',
      contributor: true,
      points: 120,
      badge: 'Rising',
      badgeProgress: { badge: 'Rising', next: 'Hot', pointsToNext: 30, percent: 40 },
      totalPosts: 2,
    })
    expect(profile.tiers.slice(0, 4)).toEqual([
      { name: 'Newbie', min: 0, earned: true, percent: 100 },
      { name: 'Explorer', min: 50, earned: true, percent: 100 },
      { name: 'Rising', min: 100, earned: true, percent: 100 },
      { name: 'Hot', min: 150, earned: false, percent: 80 },
    ])
    expect(profile.tiers).toHaveLength(8)
    expect(profile.posts.map((p) => p._id)).toEqual([recent.id, old.id])
    expect(profile.posts[0]).toEqual({
      _id: recent.id,
      title: recent.title,
      slug: recent.slug,
      createdAt: recent.created_at.toISOString(),
      uplikeCount: 0,
      downlikeCount: 0,
      commentsCount: 0,
      viewCount: 0,
    })
    expect(profile.favorites.map((p) => p._id)).toEqual([liked2.id, liked1.id])
    expect(profile.favorites[0]?.author).toEqual({ _id: other.id, username: other.username })
    expect(profile.comments.map((c) => c.content)).toEqual(['second', 'first'])
    expect(profile.comments[0]?.post).toEqual({ _id: liked2.id, title: liked2.title, slug: liked2.slug })
  })

  it('answers empty lists for a new member', async () => {
    const me = await createUser(t.db)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/website/user/profile',
      headers: authHeader(loginAs(t.app, me)),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      posts: [],
      favorites: [],
      comments: [],
      totalPosts: 0,
      badge: 'Newbie',
    })
  })
})

describe('PUT /api/users (profile)', () => {
  it('changes username and email and answers the header', async () => {
    const me = await createUser(t.db)
    const name = `renamed_${randomUUID().slice(0, 8)}`
    const res = await putUser(me, { username: `  ${name} `, email: ` ${name.toUpperCase()}@Example.TEST ` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ _id: me.id, username: name, email: `${name}@example.test` })
    expect(res.json().token).toBeUndefined()
  })

  it('announces a new username as author.updated, and cached post pages show it at once', async () => {
    const me = await createUser(t.db, { role: 'contributor' })
    const post = await createPost(t.db, { authorId: me.id })
    const page = () => t.app.inject({ url: `/api/posts/${post.slug}` })
    expect((await page()).json().post.author.username).toBe(me.username)
    const { events, stop } = recordEvents(t.bus)
    let name = ''
    try {
      // An email change alone says nothing: no card shows it.
      expect((await putUser(me, { username: me.username, email: `new.${me.email}` })).statusCode).toBe(200)
      name = `author_${randomUUID().slice(0, 8)}`
      expect((await putUser(me, { username: name, email: me.email })).statusCode).toBe(200)
    } finally {
      stop()
    }
    expect(events.filter((e) => e.event === 'author.updated')).toEqual([
      { topic: 'posts', event: 'author.updated', data: { userId: me.id, username: name, avatar: null } },
    ])
    expect((await page()).json().post.author.username).toBe(name)
  })

  it('keeps the user’s own username and email without a conflict', async () => {
    const me = await createUser(t.db)
    const res = await putUser(me, { username: me.username.toUpperCase(), email: me.email })
    expect(res.statusCode).toBe(200)
  })

  it('answers 409 naming the field for a username or email taken by someone else', async () => {
    const me = await createUser(t.db)
    const other = await createUser(t.db)
    const dupName = await putUser(me, { username: other.username.toUpperCase(), email: me.email })
    expect(dupName.statusCode).toBe(409)
    expect(dupName.json().message).toBe(USERNAME_TAKEN)
    const dupEmail = await putUser(me, { username: me.username, email: other.email })
    expect(dupEmail.statusCode).toBe(409)
    expect(dupEmail.json().message).toBe(EMAIL_TAKEN)
  })

  it('answers 422 for a username or email breaking the signup rules', async () => {
    const me = await createUser(t.db)
    expect((await putUser(me, { username: 'a', email: me.email })).statusCode).toBe(422)
    expect((await putUser(me, { username: me.username, email: 'not-an-email' })).statusCode).toBe(422)
  })

  it('refuses unknown fields, a mix of both forms and missing fields with 400', async () => {
    const me = await createUser(t.db)
    for (const body of [
      { username: me.username, email: me.email, role: 'moderator' },
      { username: me.username, email: me.email, currentPassword: me.password, newPassword: 'abcdef' },
      { username: me.username },
      {},
    ]) {
      expect((await putUser(me, body)).statusCode).toBe(400)
    }
    const row = await t.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(row.role).toBe('member')
  })
})

describe('PUT /api/users (password)', () => {
  it('refuses a wrong current password with 422 (not 401) and keeps the password', async () => {
    const me = await createUser(t.db)
    const res = await putUser(me, { currentPassword: 'wrong-password', newPassword: 'brand-new-pass' })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(CURRENT_PASSWORD_INCORRECT)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { emailOrUsername: me.username, password: me.password },
    })
    expect(login.statusCode).toBe(200)
  })

  it('refuses a new password under 6 characters with 422', async () => {
    const me = await createUser(t.db)
    const res = await putUser(me, { currentPassword: me.password, newPassword: '12345' })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe('Password must be at least 6 characters long')
  })

  it('changes the password, ends every other session and returns a fresh token', async () => {
    const me = await createUser(t.db)
    const otherSession = loginAs(t.app, me)
    const res = await putUser(me, { currentPassword: me.password, newPassword: 'a-new-password' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ _id: me.id, username: me.username })
    expect(typeof body.token).toBe('string')
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now())

    const header = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/website/user/profile/header', headers: authHeader(token) })
    expect((await header(otherSession)).statusCode).toBe(401)
    expect((await header(body.token)).statusCode).toBe(200)

    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { emailOrUsername: me.email, password },
      })
    expect((await login(me.password)).statusCode).toBe(401)
    expect((await login('a-new-password')).statusCode).toBe(200)
  })

  it('signs other sessions’ open sockets out of the private topic at once, and the new token gets it back', async () => {
    const me = await createUser(t.db)
    const topic = `user:${me.id}` as const
    const other = await openSocket(t.app, { origin: t.config.publicOrigin })
    await other.auth(loginAs(t.app, me))
    expect(await other.subscribe([topic])).toEqual({ type: 'subscribed', topics: [topic] })

    const res = await putUser(me, { currentPassword: me.password, newPassword: 'another-password' })
    expect(res.statusCode).toBe(200)
    await other.waitFor(
      (m) => m.type === 'error' && m.code === 'token_expired' && m.topic === topic,
      'the private topic dropped',
    )
    // The old token's socket hears nothing more on the topic; one signed in with the new token does.
    const fresh = await openSocket(t.app, { origin: t.config.publicOrigin })
    expect(await fresh.auth(res.json().token)).toMatchObject({ type: 'authed', userId: me.id })
    expect(await fresh.subscribe([topic])).toEqual({ type: 'subscribed', topics: [topic] })
    await t.app.live.publish(topic, 'role.changed', { role: 'member', contributor: false })
    await fresh.waitFor((m) => m.type === 'event' && m.topic === topic, 'an event for the new session')
    expect(other.events(topic)).toEqual([])
    for (const socket of [other, fresh]) {
      socket.ws.close()
      await socket.closed
    }
  })

  it('rate-limits repeated wrong current passwords per account', async () => {
    const limited = await buildTestApp({
      config: {
        rateLimit: {
          loginPerMinute: 100,
          signupPerMinute: 5,
          accountFailuresPerHour: 2,
          tokenPerMinute: 300,
        },
      },
    })
    try {
      const me = await createUser(limited.db)
      const token = loginAs(limited.app, me)
      const attempt = (currentPassword: string) =>
        limited.app.inject({
          method: 'PUT',
          url: '/api/users',
          headers: authHeader(token),
          payload: { currentPassword, newPassword: 'whatever-123' },
        })
      expect((await attempt('wrong-1')).statusCode).toBe(422)
      expect((await attempt('wrong-2')).statusCode).toBe(422)
      const blocked = await attempt(me.password)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.headers['retry-after']).toBeDefined()
    } finally {
      await limited.close()
    }
  })
})

describe('PUT /api/users/avatar', () => {
  it('re-encodes a JPEG to a square of at most 512 px, serves it and removes the replaced file', async () => {
    const me = await createUser(t.db)
    const { events, stop } = recordEvents(t.bus)
    const first = await uploadAvatar(
      me,
      multipartBody('image', 'me.jpg', 'image/jpeg', await photo(1600, 900)),
    ).finally(stop)
    expect(first.statusCode).toBe(200)
    const firstUrl: string = first.json().avatar
    // Cards of theirs show the new avatar live.
    expect(events.filter((e) => e.event === 'author.updated')).toEqual([
      {
        topic: 'posts',
        event: 'author.updated',
        data: { userId: me.id, username: me.username, avatar: firstUrl },
      },
    ])
    expect(firstUrl).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}\.jpg$/)

    const served = await t.app.inject({ method: 'GET', url: firstUrl })
    expect(served.statusCode).toBe(200)
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    const meta = await sharp(served.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512])
    expect(meta.exif).toBeUndefined()

    const header = await t.app.inject({
      method: 'GET',
      url: '/api/website/user/profile/header',
      headers: authHeader(loginAs(t.app, me)),
    })
    expect(header.json().avatar).toBe(firstUrl)

    const second = await uploadAvatar(
      me,
      multipartBody('image', 'me.png', 'image/png', await photo(300, 200, 'png')),
    )
    expect(second.statusCode).toBe(200)
    expect(second.json().avatar).toMatch(/\.png$/)
    const firstFile = join(t.config.dataDir, 'uploads', 'avatars', firstUrl.split('/').pop() ?? '')
    expect(existsSync(firstFile)).toBe(false)
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404)
  })

  it('answers 413 above 5 MB', async () => {
    const me = await createUser(t.db)
    const big = Buffer.concat([await photo(10, 10), Buffer.alloc(5 * 1024 * 1024 + 1)])
    const res = await uploadAvatar(me, multipartBody('image', 'big.jpg', 'image/jpeg', big))
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe(AVATAR_TOO_LARGE)
  })

  it.each([
    ['an SVG renamed .png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an HTML file renamed .png', '<!doctype html><script>alert(document.cookie)</script>'],
    ['a text file', 'just some text'],
  ])('answers 415 for %s', async (_name, text) => {
    const me = await createUser(t.db)
    const res = await uploadAvatar(me, multipartBody('image', 'avatar.png', 'image/png', Buffer.from(text)))
    expect(res.statusCode).toBe(415)
    expect(res.json().message).toBe(UNSUPPORTED_IMAGE_MESSAGE)
    const row = await t.db
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(row.avatar).toBeNull()
  })

  it('answers 422 for a PNG whose header claims 50000×50000 pixels', async () => {
    const me = await createUser(t.db)
    const res = await uploadAvatar(
      me,
      multipartBody('image', 'bomb.png', 'image/png', hugePngHeader(50_000, 50_000)),
    )
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(IMAGE_TOO_LARGE_MESSAGE)
  })

  it('answers 400 when the file is not in the field `image`, 415 when the body is not multipart', async () => {
    const me = await createUser(t.db)
    const wrongField = await uploadAvatar(
      me,
      multipartBody('file', 'me.jpg', 'image/jpeg', await photo(20, 20)),
    )
    expect(wrongField.statusCode).toBe(400)
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/users/avatar',
      headers: authHeader(loginAs(t.app, me)),
      payload: { image: 'x' },
    })
    expect(json.statusCode).toBe(415)
  })
})

describe('PUT /api/users/avatar with a crop', () => {
  /** A 400×200 PNG, red on its left half and blue on its right. */
  async function halves(): Promise<Buffer> {
    const red = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer()
    return sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .png()
      .toBuffer()
  }

  /** The avatar form as the settings page sends it: the crop fields, then the file. */
  async function cropForm(fields: Record<string, string>) {
    return multipartForm(fields, [
      { name: 'image', filename: 'me.png', contentType: 'image/png', data: await halves() },
    ])
  }

  /** The RGB of the stored avatar at (x, y). */
  async function storedPixel(url: string, x: number, y: number): Promise<number[]> {
    const served = await t.app.inject({ method: 'GET', url })
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true })
    const at = (y * info.width + x) * info.channels
    return [...data.subarray(at, at + 3)]
  }

  function storedAvatars(): number {
    const dir = join(t.config.dataDir, 'uploads', 'avatars')
    return existsSync(dir) ? readdirSync(dir).length : 0
  }

  it('stores the framed square: the crop moves what the avatar shows', async () => {
    const me = await createUser(t.db)
    const centred = await uploadAvatar(me, await cropForm({}))
    expect(centred.statusCode).toBe(200)
    // The centred square (x 100–300) straddles the halves.
    expect(await storedPixel(centred.json().avatar, 10, 100)).toEqual([255, 0, 0])
    expect(await storedPixel(centred.json().avatar, 190, 100)).toEqual([0, 0, 255])

    const right = await uploadAvatar(me, await cropForm({ cropX: '200', cropY: '0', cropSize: '200' }))
    expect(right.statusCode).toBe(200)
    const url: string = right.json().avatar
    const meta = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 200])
    expect(await storedPixel(url, 10, 100)).toEqual([0, 0, 255])
    expect(await storedPixel(url, 190, 100)).toEqual([0, 0, 255])

    // A smaller square in the red half, its fields sent after the file: read in either order.
    const file = { name: 'image', filename: 'me.png', contentType: 'image/png', data: await halves() }
    const boundary = 'avatar-crop-after-the-file'
    const fields = { cropX: '20', cropY: '40', cropSize: '100' }
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ])
    const left = await uploadAvatar(me, {
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    expect(left.statusCode).toBe(200)
    expect(await storedPixel(left.json().avatar, 50, 50)).toEqual([255, 0, 0])
    expect(await storedPixel(left.json().avatar, 99, 99)).toEqual([255, 0, 0])
  })

  it.each([
    ['a square past the right edge', { cropX: '201', cropY: '0', cropSize: '200' }],
    ['a square past the bottom edge', { cropX: '0', cropY: '1', cropSize: '200' }],
    ['a square larger than the image', { cropX: '0', cropY: '0', cropSize: '401' }],
    ['a side of 0', { cropX: '0', cropY: '0', cropSize: '0' }],
    ['a negative edge', { cropX: '-1', cropY: '0', cropSize: '10' }],
    ['a fraction', { cropX: '0.5', cropY: '0', cropSize: '10' }],
    ['an exponent', { cropX: '1e2', cropY: '0', cropSize: '10' }],
    ['a padded number', { cropX: ' 1', cropY: '0', cropSize: '10' }],
    ['an empty field', { cropX: '', cropY: '0', cropSize: '10' }],
    ['a missing field', { cropX: '0', cropY: '0' }],
    ['an absurdly long number', { cropX: '0', cropY: '0', cropSize: '99999999999999999999' }],
  ])('answers 422 for %s, and stores nothing', async (_name, fields) => {
    const me = await createUser(t.db)
    const before = storedAvatars()
    const res = await uploadAvatar(me, await cropForm(fields))
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(AVATAR_CROP_INVALID)
    const row = await t.db
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(row.avatar).toBeNull()
    expect(storedAvatars()).toBe(before)
  })
})

describe('points through the posts API', () => {
  it('keeps the total equal to the recomputed ledger sum: post +10, upvote +2, switch, delete', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const voterA = await createUser(t.db)
    const voterB = await createUser(t.db)
    // Once the votes so far have settled (their points follow the vote in a batch).
    const state = async () => {
      await t.app.voteSettler.settleAll()
      const user = await t.db
        .selectFrom('users')
        .select('points')
        .where('id', '=', author.id)
        .executeTakeFirstOrThrow()
      const ledger = await t.db
        .selectFrom('points_ledger')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('delta'), eb.lit(0)).as('sum'))
        .where('user_id', '=', author.id)
        .executeTakeFirstOrThrow()
      return { points: user.points, ledger: Number(ledger.sum) }
    }
    const as = (user: TestUser) => authHeader(loginAs(t.app, user))

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts/create',
      headers: as(author),
      payload: {
        title: `Ledger post ${randomUUID().slice(0, 8)}`,
        command: `ls -la /tmp/${randomUUID()}`,
        description: '<p>Lists everything in a directory.</p>',
        category: category.id,
      },
    })
    expect(created.statusCode).toBe(201)
    const postId: string = created.json().post._id
    expect(await state()).toEqual({ points: 10, ledger: 10 })

    await t.app.inject({ method: 'POST', url: `/api/posts/upvote/${postId}`, headers: as(voterA) })
    expect(await state()).toEqual({ points: 12, ledger: 12 })
    await t.app.inject({ method: 'POST', url: `/api/posts/upvote/${postId}`, headers: as(voterB) })
    expect(await state()).toEqual({ points: 14, ledger: 14 })
    // Switching takes back the +2 and records the −1.
    await t.app.inject({ method: 'POST', url: `/api/posts/downvote/${postId}`, headers: as(voterA) })
    expect(await state()).toEqual({ points: 11, ledger: 11 })

    const board = await t.app.inject({ method: 'GET', url: '/api/website/leaderboard?period=week' })
    expect(board.json()).toContainEqual(expect.objectContaining({ _id: author.id, points: 11 }))

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/posts/${postId}`, headers: as(author) })
    expect(deleted.statusCode).toBe(200)
    expect(await state()).toEqual({ points: 0, ledger: 0 })
    const after = await t.app.inject({ method: 'GET', url: '/api/website/leaderboard?period=week' })
    expect(after.json().map((e: { _id: string }) => e._id)).not.toContain(author.id)
  })
})
