import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { authHeader, createPost, createUser, loginAs } from '../../../test/factories.ts'
import { linkIn, type ReceivedMail, type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts'
import { MAIL_MESSAGES } from '../../contract/mail.ts'
import { queueDueDigests } from './digests.ts'

let smtp: SmtpPeer
let t: TestApp
const ORIGIN = 'http://localhost:3000'
let ipCounter = 0
/** Each request from its own address, so the per-address limits of one test never reach another. */
function freshIp(): string {
  ipCounter += 1
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
}

beforeAll(async () => {
  smtp = await startSmtpPeer()
  t = await buildTestApp({
    config: { mail: { mode: 'smtp', smtpUrl: smtp.url, from: 'Bashboard <no-reply@localhost>' } },
  })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})
beforeEach(() => smtp.refuseWith(null))

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers, remoteAddress: freshIp() })

const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address)
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? ''

/** A header's value as sent (mailparser folds List-* headers into an object of its own). */
function rawHeader(mail: ReceivedMail, key: string): string {
  const line = mail.parsed.headerLines.find((header) => header.key === key)?.line ?? ''
  return line.slice(line.indexOf(':') + 1).trim()
}

/** Every href of a mail's HTML part. */
function hrefs(mail: ReceivedMail): string[] {
  return [...String(mail.parsed.html).matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? '')
}

async function signUp(username: string) {
  const email = `${username}@example.test`
  const res = await post('/api/user/signup', { username, email, password: 'correct horse 1' })
  expect(res.statusCode).toBe(201)
  return { email, token: res.json().token as string, id: res.json().user._id as string }
}

describe('verification', () => {
  it('mails a verification link at sign-up that verifies the address once', async () => {
    const member = await signUp('mail_newcomer')
    const header = await t.app.inject({
      method: 'GET',
      url: '/api/website/user/profile/header',
      headers: authHeader(member.token),
    })
    expect(header.json().emailVerified).toBe(false)

    const mail = await smtp.waitFor(to(member.email))
    expect(mail.parsed.subject).toBe('Verify your email address for Bashboard')
    expect(mail.parsed.text).toContain('Verify my address')
    expect(mail.parsed.html).toContain('prefers-color-scheme: dark')
    for (const href of hrefs(mail)) expect(href.startsWith(`${ORIGIN}/`)).toBe(true)
    // Essential mail has no unsubscribe.
    expect(rawHeader(mail, 'list-unsubscribe')).toBe('')

    const link = linkIn(mail, `${ORIGIN}/account/verify-email?token=`)
    const verified = await post('/api/user/email/verify', { token: tokenOf(link) })
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toEqual({ email: member.email, message: MAIL_MESSAGES.emailVerified })
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/website/user/profile/header',
      headers: authHeader(member.token),
    })
    expect(after.json().emailVerified).toBe(true)

    const again = await post('/api/user/email/verify', { token: tokenOf(link) })
    expect(again.statusCode).toBe(422)
    expect(again.json().message).toBe(MAIL_MESSAGES.linkInvalid)
  })

  it('stores only a hash of the link token, and empties the queued row once sent', async () => {
    const member = await signUp('mail_hashed')
    const mail = await smtp.waitFor(to(member.email))
    const token = tokenOf(linkIn(mail, `${ORIGIN}/account/verify-email`))
    const stored = await t.db
      .selectFrom('email_tokens')
      .selectAll()
      .where('user_id', '=', member.id)
      .execute()
    expect(stored).toHaveLength(1)
    expect(stored[0]?.token_hash).not.toContain(token)
    await t.app.mailer.worker.flush()
    const row = await t.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      status: 'sent',
      data: {},
      subject: 'Verify your email address for Bashboard',
    })
  })

  it('resends a link on request, refuses once verified, and limits resends per address', async () => {
    const member = await signUp('mail_resend')
    const first = await post('/api/user/email/verification', undefined, authHeader(member.token))
    expect(first.statusCode).toBe(202)
    expect(first.json().message).toBe(MAIL_MESSAGES.verificationSent)
    await post('/api/user/email/verification', undefined, authHeader(member.token))
    const third = await post('/api/user/email/verification', undefined, authHeader(member.token))
    expect(third.statusCode).toBe(202)
    const fourth = await post('/api/user/email/verification', undefined, authHeader(member.token))
    expect(fourth.statusCode).toBe(429)

    const verified = await createUser(t.db)
    const refused = await post(
      '/api/user/email/verification',
      undefined,
      authHeader(loginAs(t.app, verified)),
    )
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(MAIL_MESSAGES.alreadyVerified)
  })

  it('on an address change, sends a link to the new address and tells the old one', async () => {
    const user = await createUser(t.db, { username: 'mail_mover', email: 'mover-old@example.test' })
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: authHeader(loginAs(t.app, user)),
      payload: { username: 'mail_mover', email: 'mover-new@example.test' },
      remoteAddress: freshIp(),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().emailVerified).toBe(false)
    const notice = await smtp.waitFor(to('mover-old@example.test'))
    expect(notice.parsed.subject).toBe('Your Bashboard email address was changed')
    expect(notice.parsed.text).toContain('mover-new@example.test')
    const link = await smtp.waitFor(to('mover-new@example.test'))
    expect(link.parsed.subject).toBe('Verify your email address for Bashboard')
  })
})

describe('password reset', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const user = await createUser(t.db, { email: 'reset-known@example.test' })
    const known = await post('/api/user/password/forgot', { email: 'Reset-Known@example.test' })
    const unknown = await post('/api/user/password/forgot', { email: 'nobody-here@example.test' })
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(202)
    expect(known.json()).toEqual(unknown.json())
    expect(known.json().message).toBe(MAIL_MESSAGES.resetRequested)
    await smtp.waitFor(to('reset-known@example.test'))
    await t.app.mailer.worker.flush()
    expect(smtp.received.some(to('nobody-here@example.test'))).toBe(false)
    const queued = await t.db
      .selectFrom('mail_queue')
      .select('user_id')
      .where('kind', '=', 'password_reset')
      .execute()
    expect(queued.map((row) => row.user_id)).toEqual([user.id])
  })

  it('sets a new password once, signs every session out and tells the member', async () => {
    const user = await createUser(t.db, { email: 'reset-me@example.test', password: 'old password 1' })
    const oldToken = loginAs(t.app, user)
    await post('/api/user/password/forgot', { email: 'reset-me@example.test' })
    const mail = await smtp.waitFor(
      (m) => to('reset-me@example.test')(m) && m.parsed.subject === 'Reset your Bashboard password',
    )
    const token = tokenOf(linkIn(mail, `${ORIGIN}/account/reset-password?token=`))

    const tooShort = await post('/api/user/password/reset', { token, password: 'abc' })
    expect(tooShort.statusCode).toBe(422)
    expect(tooShort.json().message).toBe('Password must be at least 6 characters long')

    const reset = await post('/api/user/password/reset', { token, password: 'new password 2' })
    expect(reset.statusCode).toBe(200)
    expect(reset.json().message).toBe(MAIL_MESSAGES.passwordReset)

    const header = await t.app.inject({
      method: 'GET',
      url: '/api/website/user/profile/header',
      headers: authHeader(oldToken),
    })
    expect(header.statusCode).toBe(401)
    const login = await post('/api/user/login', {
      emailOrUsername: 'reset-me@example.test',
      password: 'new password 2',
    })
    expect(login.statusCode).toBe(200)
    const oldLogin = await post('/api/user/login', {
      emailOrUsername: 'reset-me@example.test',
      password: 'old password 1',
    })
    expect(oldLogin.statusCode).toBe(401)

    const reused = await post('/api/user/password/reset', { token, password: 'third password 3' })
    expect(reused.statusCode).toBe(422)
    expect(reused.json().message).toBe(MAIL_MESSAGES.linkInvalid)

    const notice = await smtp.waitFor(
      (m) => to('reset-me@example.test')(m) && m.parsed.subject === 'Your Bashboard password was changed',
    )
    expect(notice.parsed.text).toContain('signed out')
  })

  it('refuses an expired link and a made-up one, changing nothing', async () => {
    const user = await createUser(t.db, { email: 'reset-late@example.test', password: 'kept password 1' })
    await post('/api/user/password/forgot', { email: 'reset-late@example.test' })
    const mail = await smtp.waitFor(to('reset-late@example.test'))
    const token = tokenOf(linkIn(mail, `${ORIGIN}/account/reset-password?token=`))
    await t.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute()
    expect((await post('/api/user/password/reset', { token, password: 'new password 2' })).statusCode).toBe(
      422,
    )
    expect(
      (await post('/api/user/password/reset', { token: 'x'.repeat(43), password: 'new password 2' }))
        .statusCode,
    ).toBe(422)
    expect(
      (await post('/api/user/password/reset', { token: 'short', password: 'new password 2' })).statusCode,
    ).toBe(422)
    const login = await post('/api/user/login', {
      emailOrUsername: 'reset-late@example.test',
      password: 'kept password 1',
    })
    expect(login.statusCode).toBe(200)
  })

  it('limits reset mails per address, whichever network asks', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/user/password/forgot', { email: 'flooded@example.test' })).statusCode).toBe(
        202,
      )
    }
    const fourth = await post('/api/user/password/forgot', { email: 'FLOODED@example.test' })
    expect(fourth.statusCode).toBe(429)
  })
})

describe('community mail', () => {
  it('mails a reply at once, with one-click unsubscribe that works without signing in', async () => {
    const author = await createUser(t.db, { email: 'replied-to@example.test', role: 'contributor' })
    const replier = await createUser(t.db)
    const target = await createPost(t.db, { authorId: author.id })
    const first = await post(
      `/api/comments/${target.id}/`,
      { post: target.id, content: 'first' },
      authHeader(loginAs(t.app, author)),
    )
    expect(first.statusCode).toBe(201)
    const reply = await post(
      `/api/comments/${target.id}/`,
      { post: target.id, content: 'an answer', parentId: first.json().comment._id },
      authHeader(loginAs(t.app, replier)),
    )
    expect(reply.statusCode).toBe(201)
    const mail = await smtp.waitFor(to('replied-to@example.test'))
    expect(mail.parsed.subject).toContain('replied to your comment')
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const header = rawHeader(mail, 'list-unsubscribe')
    const oneClick = /<([^>]+)>/.exec(header)?.[1] ?? ''
    expect(oneClick.startsWith(`${ORIGIN}/api/mail/unsubscribe?token=`)).toBe(true)
    expect(linkIn(mail, `${ORIGIN}/account/unsubscribe?token=`)).toBeTruthy()

    // As a mail client sends it (RFC 8058): a form POST, no cookie, no token.
    const url = new URL(oneClick)
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: freshIp(),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().topic).toBe('replies')
    const prefs = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/mail',
      headers: authHeader(loginAs(t.app, author)),
    })
    expect(prefs.json()).toMatchObject({ replies: 'off', mentions: 'immediate' })

    const forged = await post(
      `/api/mail/unsubscribe?token=${author.id}.replies.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    )
    expect(forged.statusCode).toBe(422)
  })

  it('never mails an unverified address about the community', async () => {
    const author = await createUser(t.db, {
      email: 'unverified-author@example.test',
      role: 'contributor',
      emailVerified: false,
    })
    const target = await createPost(t.db, { authorId: author.id })
    const first = await post(
      `/api/comments/${target.id}/`,
      { post: target.id, content: 'mine' },
      authHeader(loginAs(t.app, author)),
    )
    const replier = await createUser(t.db)
    await post(
      `/api/comments/${target.id}/`,
      { post: target.id, content: '@x hi', parentId: first.json().comment._id },
      authHeader(loginAs(t.app, replier)),
    )
    await t.app.mailer.worker.flush()
    const rows = await t.db.selectFrom('mail_queue').select('kind').where('user_id', '=', author.id).execute()
    expect(rows).toEqual([])
  })

  it('collects replies and mentions into a daily digest for members who chose one', async () => {
    const member = await createUser(t.db, {
      username: 'digest_reader',
      email: 'digest@example.test',
      role: 'contributor',
    })
    const auth = authHeader(loginAs(t.app, member))
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/mail',
      headers: auth,
      payload: { mentions: 'daily' },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({
      mentions: 'daily',
      replies: 'immediate',
      weeklyDigest: false,
      emailVerified: true,
    })
    const other = await createUser(t.db, { role: 'contributor' })
    const target = await createPost(t.db, { authorId: other.id })
    await post(
      `/api/comments/${target.id}/`,
      { post: target.id, content: 'look @digest_reader' },
      authHeader(loginAs(t.app, other)),
    )
    await t.app.mailer.worker.flush()
    expect(smtp.received.some(to('digest@example.test'))).toBe(false)

    // The digest's window starts a day back for a member who never had one.
    const queued = await queueDueDigests(t.db)
    expect(queued.daily).toBeGreaterThanOrEqual(1)
    t.app.mailer.worker.poke()
    const digest = await smtp.waitFor(to('digest@example.test'))
    expect(digest.parsed.subject).toBe('1 notification for you on Bashboard: replies and mentions')
    expect(digest.parsed.text).toContain('mentioned you')
    // Claimed: a second run the same day queues nothing for this member.
    await queueDueDigests(t.db)
    await t.app.mailer.worker.flush()
    expect(smtp.received.filter(to('digest@example.test'))).toHaveLength(1)
  })

  it("sends the week's best commands to members who opted in, and only them", async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    await createPost(t.db, { authorId: author.id, title: 'Weekly winner command' })
    const reader = await createUser(t.db, { email: 'weekly@example.test' })
    const optedOut = await createUser(t.db, { email: 'not-weekly@example.test' })
    const auth = authHeader(loginAs(t.app, reader))
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/users/me/mail',
          headers: auth,
          payload: { weeklyDigest: true },
        })
      ).statusCode,
    ).toBe(200)
    await queueDueDigests(t.db)
    t.app.mailer.worker.poke()
    const mail = await smtp.waitFor(to('weekly@example.test'))
    expect(mail.parsed.subject).toContain("This week's best commands")
    expect(mail.parsed.text).toContain('Weekly winner command')
    await t.app.mailer.worker.flush()
    expect(smtp.received.some(to(optedOut.email))).toBe(false)
  })

  it('refuses an empty or unknown preference change', async () => {
    const user = await createUser(t.db)
    const auth = authHeader(loginAs(t.app, user))
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/users/me/mail', headers: auth, payload: {} }))
        .statusCode,
    ).toBe(422)
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/mail',
      headers: auth,
      payload: { replies: 'hourly' },
    })
    expect(bad.statusCode).toBe(422)
  })
})

describe('a failing SMTP server', () => {
  it('keeps a refused mail queued and sends it once the server takes mail again', async () => {
    smtp.refuseWith(451)
    const user = await createUser(t.db, { email: 'retry-me@example.test' })
    await post('/api/user/password/forgot', { email: 'retry-me@example.test' })
    await t.app.mailer.worker.flush()
    const waiting = await t.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 })
    expect(waiting.last_error).toContain('refused')
    expect(waiting.next_attempt_at.getTime()).toBeGreaterThan(Date.now())

    smtp.refuseWith(null)
    await t.db
      .updateTable('mail_queue')
      .set({ next_attempt_at: new Date() })
      .where('id', '=', waiting.id)
      .execute()
    t.app.mailer.worker.poke()
    await smtp.waitFor(to('retry-me@example.test'))
    await t.app.mailer.worker.flush()
    const sent = await t.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('id', '=', waiting.id)
      .executeTakeFirstOrThrow()
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 })
    expect(smtp.received.filter(to('retry-me@example.test'))).toHaveLength(1)
  })

  it('marks a mail failed at once when the server refuses it for good', async () => {
    smtp.refuseWith(550)
    const user = await createUser(t.db, { email: 'refused-for-good@example.test' })
    await post('/api/user/password/forgot', { email: 'refused-for-good@example.test' })
    await t.app.mailer.worker.flush()
    const row = await t.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('failed')
  })

  it('takes up a mail whose sender died once the lease is over, and not before', async () => {
    const user = await createUser(t.db, { email: 'orphan@example.test' })
    // As a crashed instance leaves it: claimed, leased, never marked.
    await t.db
      .insertInto('mail_queue')
      .values({
        kind: 'password_changed',
        user_id: user.id,
        status: 'sending',
        attempts: 1,
        locked_until: new Date(Date.now() + 60_000),
      })
      .execute()
    await t.app.mailer.worker.flush()
    expect(smtp.received.some(to('orphan@example.test'))).toBe(false)
    await t.db
      .updateTable('mail_queue')
      .set({ locked_until: new Date(Date.now() - 1) })
      .where('user_id', '=', user.id)
      .execute()
    t.app.mailer.worker.poke()
    await smtp.waitFor(to('orphan@example.test'))
  })
})

describe('COMMENTS_NEED_VERIFIED_EMAIL', () => {
  it('makes commenting wait for a verified address, and changes nothing meanwhile', async () => {
    const strict = await buildTestApp({ config: { commentsNeedVerifiedEmail: true } })
    try {
      const author = await createUser(strict.db, { role: 'contributor' })
      const target = await createPost(strict.db, { authorId: author.id })
      const comment = (userToken: string) =>
        strict.app.inject({
          method: 'POST',
          url: `/api/comments/${target.id}/`,
          headers: authHeader(userToken),
          payload: { post: target.id, content: 'hello' },
        })
      const unverified = await createUser(strict.db, { emailVerified: false })
      const refused = await comment(loginAs(strict.app, unverified))
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toBe(MAIL_MESSAGES.verificationRequired)
      const count = await strict.db
        .selectFrom('posts')
        .select('comments_count')
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow()
      expect(count.comments_count).toBe(0)
      expect((await comment(loginAs(strict.app, await createUser(strict.db)))).statusCode).toBe(201)
    } finally {
      await strict.close()
    }
  })
})
