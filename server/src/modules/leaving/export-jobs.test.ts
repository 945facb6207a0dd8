import { existsSync, statSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  authHeader,
  createComment,
  createPost,
  createUser,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import { linkIn, type ReceivedMail, type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts'
import {
  ACCOUNT_EXPORT_FORMAT,
  type AccountExport,
  type ExportQueued,
  type LatestExport,
  LEAVING_MESSAGES,
} from '../../contract/leaving.ts'
import { EXPORT_REQUESTS_PER_HOUR } from './export-limit.ts'

/*
 * A large member's export, prepared in the background (docs/product-rules.md#leaving): 202, the worker
 * builds the file under DATA_DIR/exports and mails a link to a real SMTP peer, the member who asked
 * downloads it signed in, and the file is deleted when it expires.
 */

const ORIGIN = 'http://localhost:3000'
/** Members with more rows than this are exported in the background here (the default is 5000). */
const THRESHOLD = 3

let smtp: SmtpPeer
let t: TestApp

beforeAll(async () => {
  smtp = await startSmtpPeer()
  t = await buildTestApp({
    config: {
      mail: { mode: 'smtp', smtpUrl: smtp.url, from: 'Bashboard <no-reply@localhost>' },
      exportBackgroundRows: THRESHOLD,
    },
  })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const session = (user: TestUser) => authHeader(loginAs(t.app, user))
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const exportsDir = () => join(t.config.dataDir, 'exports')
const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address)

/** A member with two posts and two comments: four rows, above the threshold. */
async function largeMember(): Promise<TestUser> {
  const member = await createUser(t.db)
  for (let i = 0; i < 2; i += 1) {
    const post = await createPost(t.db, { authorId: member.id })
    await createComment(t.db, { postId: post.id, authorId: member.id, content: `Comment ${i}` })
  }
  return member
}

async function tokenFor(user: TestUser, scopes: string[]): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: session(user),
    payload: { name: `export ${user.username}`, scopes },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ token: string }>().token
}

async function latest(user: TestUser): Promise<LatestExport> {
  const res = await get('/api/users/me/export/latest', session(user))
  expect(res.statusCode, res.body).toBe(200)
  return res.json<LatestExport>()
}

/** Asks for the member's export (202), builds it, and answers its job id and stored file name. */
async function readyExport(member: TestUser): Promise<{ id: string; fileName: string }> {
  const res = await get('/api/users/me/export', session(member))
  expect(res.statusCode, res.body).toBe(202)
  const id = res.json<ExportQueued>().job._id
  await t.app.exportWorker.flush()
  const row = await t.db.selectFrom('export_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  expect(row.status).toBe('ready')
  return { id, fileName: row.file_name ?? '' }
}

describe('an export too large to answer at once', () => {
  it('keeps answering a small account at once, with nothing queued', async () => {
    const member = await createUser(t.db)
    await createPost(t.db, { authorId: member.id })
    const res = await get('/api/users/me/export', session(member))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bashboard-/)
    expect(res.json<AccountExport>().format).toBe(ACCOUNT_EXPORT_FORMAT)
    expect(await latest(member)).toEqual({ job: null, inBackground: false })
  })

  it('answers 202, builds the file in the background and mails a link to the download page', async () => {
    const member = await largeMember()
    expect((await latest(member)).inBackground).toBe(true)
    const first = await get('/api/users/me/export', session(member))
    expect(first.statusCode, first.body).toBe(202)
    const queued = first.json<ExportQueued>()
    expect(queued.message).toBe(LEAVING_MESSAGES.exportQueued)
    expect(queued.job).toMatchObject({ state: 'preparing', readyAt: null, expiresAt: null, filename: null })
    // Asking again while it is prepared answers the same job: one file, one mail.
    const again = await get('/api/users/me/export', session(member))
    expect(again.json<ExportQueued>().job._id).toBe(queued.job._id)
    const download = `/api/users/me/export/${queued.job._id}/download`
    const early = await get(download, session(member))
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe(LEAVING_MESSAGES.exportNotReady)

    await t.app.exportWorker.flush()
    const mail = await smtp.waitFor(to(member.email))
    expect(mail.parsed.subject).toBe('Your Bashboard data is ready to download')
    expect(linkIn(mail, `${ORIGIN}/settings`)).toBe(`${ORIGIN}/settings?tab=account`)
    for (const [, href] of String(mail.parsed.html).matchAll(/href="([^"]+)"/g)) {
      expect(href?.startsWith(`${ORIGIN}/`), href).toBe(true)
    }
    // The link carries nothing secret: it is the Account tab, where only the signed-in member downloads.
    expect(mail.parsed.text).not.toContain(queued.job._id)

    const { job } = await latest(member)
    expect(job).toMatchObject({
      _id: queued.job._id,
      state: 'ready',
      filename: expect.stringMatching(/\.json$/),
    })
    const days = (Date.parse(job?.expiresAt ?? '') - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)

    const res = await get(download, session(member))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${job?.filename}"`)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(Number(res.headers['content-length'])).toBe(job?.bytes)
    const file = res.json<AccountExport>()
    expect(file.format).toBe(ACCOUNT_EXPORT_FORMAT)
    expect(file.profile.email).toBe(member.email)
    expect(file.posts).toHaveLength(2)
    expect(file.comments).toHaveLength(2)
  })

  it('keeps the file private: a random name under DATA_DIR/exports, never under the uploads', async () => {
    const member = await largeMember()
    const { fileName } = await readyExport(member)
    expect(fileName).toMatch(/^[A-Za-z0-9_-]{43}\.json$/)
    expect(fileName).not.toContain(member.id)
    expect(fileName).not.toContain(member.username)
    const path = join(exportsDir(), fileName)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(statSync(exportsDir()).mode & 0o777).toBe(0o700)
    expect((await get(`/uploads/${fileName}`)).statusCode).toBe(404)
    expect((await get(`/uploads/exports/${fileName}`)).statusCode).toBe(404)
  })

  it('gives the file to the member who asked only: not to others, guests or tokens', async () => {
    const member = await largeMember()
    const { id } = await readyExport(member)
    const url = `/api/users/me/export/${id}/download`
    const other = await get(url, session(await createUser(t.db)))
    expect(other.statusCode).toBe(404)
    expect(other.json().message).toBe(LEAVING_MESSAGES.exportNotFound)
    expect((await get(url)).statusCode).toBe(401)
    const token = await tokenFor(member, ['read', 'vote', 'save'])
    const byToken = await get(url, authHeader(token))
    expect(byToken.statusCode).toBe(403)
    expect(byToken.json().message).toContain('Personal access tokens cannot be used for this')
    expect((await get('/api/users/me/export/latest', authHeader(token))).statusCode).toBe(403)
    expect((await get(`/api/users/me/export/not-a-uuid/download`, session(member))).statusCode).toBe(400)
  })

  it('lets a read token ask for a large export (202, no email in the answer)', async () => {
    const member = await largeMember()
    const token = await tokenFor(member, ['read'])
    const res = await get('/api/users/me/export', authHeader(token))
    expect(res.statusCode, res.body).toBe(202)
    expect(res.body).not.toContain(member.email)
    expect(res.json<ExportQueued>().job.state).toBe('preparing')
  })

  it('prepares a small account in the background too when asked to (the Account tab’s button)', async () => {
    const member = await createUser(t.db)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/export/jobs',
      headers: session(member),
    })
    expect(res.statusCode, res.body).toBe(202)
    await t.app.exportWorker.flush()
    expect((await latest(member)).job?.state).toBe('ready')
    expect((await smtp.waitFor(to(member.email))).parsed.subject).toBe(
      'Your Bashboard data is ready to download',
    )
  })

  it('deletes the file when it expires, and the download says it is gone (410)', async () => {
    const member = await largeMember()
    const { id, fileName } = await readyExport(member)
    expect(existsSync(join(exportsDir(), fileName))).toBe(true)
    await sql`UPDATE export_jobs SET expires_at = now() - interval '1 second' WHERE id = ${id}`.execute(t.db)
    // Past its date the file is refused at once, before the sweep deletes it.
    expect((await get(`/api/users/me/export/${id}/download`, session(member))).statusCode).toBe(410)
    await t.app.exportWorker.sweep()
    expect(existsSync(join(exportsDir(), fileName))).toBe(false)
    const row = await t.db.selectFrom('export_jobs').select('status').where('id', '=', id).executeTakeFirst()
    expect(row?.status).toBe('expired')
    const gone = await get(`/api/users/me/export/${id}/download`, session(member))
    expect(gone.statusCode).toBe(410)
    expect(gone.json().message).toBe(LEAVING_MESSAGES.exportExpired)
    expect((await latest(member)).job?.state).toBe('expired')
  })

  it('deletes files no job needs (an account deleted meanwhile) and leaves live ones', async () => {
    const member = await largeMember()
    const { fileName } = await readyExport(member)
    const stray = 'A'.repeat(43)
    await writeFile(join(exportsDir(), `${stray}.json`), '{}')
    await writeFile(join(exportsDir(), `${stray}.json.part`), '{')
    await t.app.exportWorker.sweep()
    expect(existsSync(join(exportsDir(), `${stray}.json`))).toBe(false)
    expect(existsSync(join(exportsDir(), `${stray}.json.part`))).toBe(false)
    expect(existsSync(join(exportsDir(), fileName))).toBe(true)
  })

  it('takes up a job whose builder died mid-write once its lease runs out (a restart loses nothing)', async () => {
    const member = await largeMember()
    // As a dead instance leaves it: claimed, a half-written part file, the lease over.
    const name = `${'d'.repeat(43)}.json`
    await writeFile(join(exportsDir(), `${name}.part`), '{"format":')
    const job = await t.db
      .insertInto('export_jobs')
      .values({
        user_id: member.id,
        status: 'building',
        attempts: 1,
        file_name: name,
        locked_until: new Date(Date.now() - 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const queued = { job: { _id: job.id } }
    await t.app.exportWorker.flush()
    const row = await t.db
      .selectFrom('export_jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'ready', attempts: 2, file_name: name })
    expect(existsSync(join(exportsDir(), `${name}.part`))).toBe(false)
    const res = await get(`/api/users/me/export/${queued.job._id}/download`, session(member))
    expect(res.json<AccountExport>().profile.username).toBe(member.username)
    await smtp.waitFor(to(member.email))
  })

  it('retries a failed build later, and mails once it succeeds', async () => {
    const member = await largeMember()
    // The exports folder cannot be made while a plain file holds its name: every write fails.
    await t.app.exportWorker.flush()
    await rm(exportsDir(), { recursive: true, force: true })
    await writeFile(exportsDir(), 'not a folder')
    let queued: ExportQueued
    try {
      queued = (await get('/api/users/me/export', session(member))).json<ExportQueued>()
      await t.app.exportWorker.flush()
    } finally {
      await rm(exportsDir(), { force: true })
    }
    const failed = await t.db
      .selectFrom('export_jobs')
      .selectAll()
      .where('id', '=', queued.job._id)
      .executeTakeFirstOrThrow()
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, locked_until: null })
    expect(failed.last_error).toBeTruthy()
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000)
    expect((await latest(member)).job?.state).toBe('preparing')
    await t.db
      .updateTable('export_jobs')
      .set({ next_attempt_at: new Date() })
      .where('id', '=', queued.job._id)
      .execute()
    await t.app.exportWorker.flush()
    expect((await latest(member)).job?.state).toBe('ready')
    await smtp.waitFor(to(member.email))
  })

  it('deletes the member’s export files with their account', async () => {
    const member = await largeMember()
    const { fileName } = await readyExport(member)
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: session(member),
      payload: { password: member.password, content: 'remove' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(existsSync(join(exportsDir(), fileName))).toBe(false)
  })

  it(`limits export requests to ${EXPORT_REQUESTS_PER_HOUR} an hour per member, from any address`, async () => {
    const member = await createUser(t.db)
    const statuses: number[] = []
    for (let i = 0; i <= EXPORT_REQUESTS_PER_HOUR; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/me/export',
        headers: session(member),
        remoteAddress: `10.77.${i}.1`,
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, EXPORT_REQUESTS_PER_HOUR)).toEqual(Array(EXPORT_REQUESTS_PER_HOUR).fill(200))
    expect(statuses.at(-1)).toBe(429)
    // Another member's budget is their own.
    expect((await get('/api/users/me/export', session(await createUser(t.db)))).statusCode).toBe(200)
  })
})
