import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { recordEvents } from '../../../test/events.ts'
import {
  authHeader,
  createUser,
  createUsers,
  headersFor,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import { exifImage, type FilePart, multipartForm, pngBytes } from '../../../test/uploads.ts'
import { APPLICATION_MESSAGES, type UserApplicationResponse } from '../../contract/applications.ts'
import { MAIL_MESSAGES } from '../../contract/mail.ts'
import { MOD_MESSAGES, type ModApplication } from '../../contract/moderation.ts'
import { documentName } from './service.ts'

let t: TestApp
let moderator: TestUser
let otherModerator: TestUser
let png: Buffer
let jpegWithExif: Buffer

const COVER_LETTER =
  'I have been writing shell one-liners for ten years and would love to share the useful ones here.'

/** A minimal, inert one-page PDF; `catalogExtra` goes into the catalog, `tail` after %%EOF. */
function pdf(catalogExtra = '', tail = ''): Buffer {
  return Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>\nendobj\n` +
      '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n' +
      `trailer\n<< /Root 1 0 R /Size 4 >>\nstartxref\n0\n%%EOF\n${tail}`,
    'latin1',
  )
}

function documentPart(data: Buffer, filename = 'passport.png', contentType = 'image/png'): FilePart {
  return { name: 'document', filename, contentType, data }
}

function apply(
  user: TestUser | null,
  fields: Record<string, string> = { coverLetter: COVER_LETTER, docCategory: 'Passport' },
  files: FilePart[] = [documentPart(png)],
) {
  const body = multipartForm(fields, files)
  return t.app.inject({
    method: 'POST',
    url: '/api/applications/create',
    headers: { ...headersFor(t.app, user), ...body.headers },
    payload: body.payload,
  })
}

function get(user: TestUser | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: headersFor(t.app, user) })
}

function decide(user: TestUser, id: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/mod/applications/${id}/decision`,
    headers: authHeader(loginAs(t.app, user)),
    payload,
  })
}

/** A member with a fresh application under review; returns the application id. */
async function appliedMember(): Promise<{ member: TestUser; id: string }> {
  const member = await createUser(t.db)
  const res = await apply(member)
  expect(res.statusCode).toBe(201)
  const body: UserApplicationResponse = res.json()
  return { member, id: body.application?._id ?? '' }
}

beforeAll(async () => {
  t = await buildTestApp()
  ;[moderator, otherModerator] = await createUsers(t.db, 'moderator', 'moderator')
  png = await pngBytes(64, 40)
  jpegWithExif = await exifImage('jpeg', 50, 50, { IFD0: { Copyright: 'secret-gps-marker' } })
})
afterAll(async () => {
  await t?.close()
})

describe('POST /api/applications/create', () => {
  it('stores a re-encoded image privately, answers 201 and tells the moderators after commit', async () => {
    const member = await createUser(t.db)
    const { events, stop } = recordEvents(t.bus)
    const res = await apply(member, { coverLetter: `  ${COVER_LETTER}  `, docCategory: 'Driving License' }, [
      documentPart(jpegWithExif, 'my licence.jpeg', 'image/jpeg'),
    ])
    stop()
    expect(res.statusCode).toBe(201)
    const body: UserApplicationResponse = res.json()
    expect(body).toMatchObject({
      hasApplication: true,
      status: 'reviewing',
      message: null,
      reviewedAt: null,
      application: {
        docCategory: 'Driving License',
        coverLetter: COVER_LETTER,
        documentName: 'my licence.jpg',
      },
    })
    const row = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ document_mime: 'image/jpeg', status: 'reviewing' })
    const stored = await t.app.files.readPrivate(row.document_key)
    // Re-encoded: a decodable JPEG without the uploaded metadata.
    expect((await sharp(stored).metadata()).format).toBe('jpeg')
    expect(stored.includes(Buffer.from('secret-gps-marker'))).toBe(false)
    expect(jpegWithExif.includes(Buffer.from('secret-gps-marker'))).toBe(true)

    const mod = events.filter((e) => e.topic === 'mod')
    expect(mod.map((e) => e.event)).toEqual(['application.submitted', 'activity'])
    expect(mod[0]?.data).toMatchObject({ _id: row.id, userId: member.id, username: member.username })
    expect(mod[1]?.data).toMatchObject({
      kind: 'application',
      actor: { _id: member.id },
      subject: { _id: row.id },
    })
  })

  it('accepts a clean PDF and keeps it byte for byte', async () => {
    const member = await createUser(t.db)
    const res = await apply(member, { coverLetter: COVER_LETTER, docCategory: 'NID' }, [
      documentPart(pdf(), 'id.pdf', 'application/pdf'),
    ])
    expect(res.statusCode).toBe(201)
    const row = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow()
    expect(row.document_mime).toBe('application/pdf')
    expect((await t.app.files.readPrivate(row.document_key)).equals(pdf())).toBe(true)
  })

  it.each([
    ['/JavaScript', pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>')],
    ['/Launch', pdf('/OpenAction << /S /Launch /F (calc.exe) >>')],
    ['/EmbeddedFile', pdf('/Names << /EmbeddedFiles << /Names [(a) 4 0 R] >> >>')],
    ['hex-escaped /J#61vaScript', pdf('/OpenAction << /S /J#61vaScript /JS (x) >>')],
    ['a PDF/ZIP polyglot', pdf('', `PK\x03\x04${'\x00'.repeat(26)}payload.html`)],
  ])('refuses a PDF with %s (422) and stores nothing', async (_, data) => {
    const member = await createUser(t.db)
    const res = await apply(member, { coverLetter: COVER_LETTER, docCategory: 'Passport' }, [
      documentPart(data, 'doc.pdf', 'application/pdf'),
    ])
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(APPLICATION_MESSAGES.unsafePdf)
    const rows = await t.db.selectFrom('applications').select('id').where('user_id', '=', member.id).execute()
    expect(rows).toEqual([])
  })

  it.each([
    ['HTML named .png', Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png'],
    [
      'SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'x.svg',
      'image/svg+xml',
    ],
    ['HTML before a PDF header', Buffer.concat([Buffer.from('<html>'), pdf()]), 'x.pdf', 'application/pdf'],
    ['a text file', Buffer.from('just text'), 'x.txt', 'text/plain'],
  ])('refuses %s by content with 415', async (_, data, filename, contentType) => {
    const res = await apply(await createUser(t.db), undefined, [documentPart(data, filename, contentType)])
    expect(res.statusCode).toBe(415)
    expect(res.json().message).toBe(APPLICATION_MESSAGES.invalidDocument)
  })

  it('refuses a PNG signature on a body that is not a PNG (polyglot) with 415', async () => {
    const fake = Buffer.concat([png.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')])
    const res = await apply(await createUser(t.db), undefined, [documentPart(fake)])
    expect(res.statusCode).toBe(415)
  })

  it('drops a payload appended to a JPEG (image/HTML polyglot) by re-encoding it', async () => {
    const member = await createUser(t.db)
    const polyglot = Buffer.concat([
      jpegWithExif,
      Buffer.from('<html><script>alert(document.cookie)</script>'),
    ])
    const res = await apply(member, undefined, [documentPart(polyglot, 'scan.jpg', 'image/jpeg')])
    expect(res.statusCode).toBe(201)
    const row = await t.db
      .selectFrom('applications')
      .select('document_key')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow()
    const stored = await t.app.files.readPrivate(row.document_key)
    expect(stored.includes(Buffer.from('<script>'))).toBe(false)
  })

  it('refuses a document over 10 MB with 413', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)])
    const res = await apply(await createUser(t.db), undefined, [
      documentPart(big, 'big.pdf', 'application/pdf'),
    ])
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe(APPLICATION_MESSAGES.documentTooLarge)
  })

  it.each([
    ['no document', { coverLetter: COVER_LETTER, docCategory: 'Passport' }, false],
    ['no cover letter', { docCategory: 'Passport' }, true],
    ['a blank cover letter', { coverLetter: '   ', docCategory: 'Passport' }, true],
    ['no category', { coverLetter: COVER_LETTER }, true],
  ])('answers 422 "Please fill in all required fields" with %s', async (_, fields, withDocument) => {
    const res = await apply(await createUser(t.db), fields, withDocument ? [documentPart(png)] : [])
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(APPLICATION_MESSAGES.missingFields)
  })

  it('answers 422 naming the field for an unknown category or a short or long cover letter', async () => {
    const member = await createUser(t.db)
    const category = await apply(member, { coverLetter: COVER_LETTER, docCategory: 'Library Card' })
    expect(category.statusCode).toBe(422)
    expect(category.json().message).toBe(APPLICATION_MESSAGES.invalidDocCategory)
    // 49 characters after trimming is one short.
    const short = await apply(member, { coverLetter: `  ${'a'.repeat(49)}  `, docCategory: 'Passport' })
    expect(short.statusCode).toBe(422)
    expect(short.json().message).toBe(APPLICATION_MESSAGES.coverLetterTooShort)
    const long = await apply(member, { coverLetter: 'a'.repeat(5001), docCategory: 'Passport' })
    expect(long.statusCode).toBe(422)
    expect(long.json().message).toBe(APPLICATION_MESSAGES.coverLetterTooLong)
    const exact = await apply(member, { coverLetter: 'a'.repeat(50), docCategory: 'Others' })
    expect(exact.statusCode).toBe(201)
  })

  it('answers 409 while an application is under review, and to contributors and moderators', async () => {
    const { member } = await appliedMember()
    const again = await apply(member)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(APPLICATION_MESSAGES.alreadyReviewing)
    for (const role of ['contributor', 'moderator'] as const) {
      const res = await apply(await createUser(t.db, { role }))
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(APPLICATION_MESSAGES.alreadyContributor)
    }
  })

  it('lets only one of two simultaneous submissions through', async () => {
    const member = await createUser(t.db)
    const results = await Promise.all([apply(member), apply(member)])
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const rows = await t.db.selectFrom('applications').select('id').where('user_id', '=', member.id).execute()
    expect(rows).toHaveLength(1)
  })

  it('needs a signed-in user (401) and a multipart body (415)', async () => {
    expect((await apply(null)).statusCode).toBe(401)
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/applications/create',
      headers: authHeader(loginAs(t.app, await createUser(t.db))),
      payload: { coverLetter: COVER_LETTER, docCategory: 'Passport' },
    })
    expect(json.statusCode).toBe(415)
  })
})

describe('GET /api/applications/user', () => {
  it('answers hasApplication false when there is none', async () => {
    const res = await get(await createUser(t.db), '/api/applications/user')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      hasApplication: false,
      status: null,
      submittedAt: null,
      reviewedAt: null,
      message: null,
      application: null,
    })
  })

  it("shows the latest application with the reviewer's message, and allows a new one after a rejection", async () => {
    const { member, id } = await appliedMember()
    expect(
      (await decide(moderator, id, { decision: 'reject', message: 'Please upload a clearer scan.' }))
        .statusCode,
    ).toBe(200)
    const rejected = (await get(member, '/api/applications/user')).json()
    expect(rejected).toMatchObject({
      hasApplication: true,
      status: 'rejected',
      message: 'Please upload a clearer scan.',
      application: { _id: id, status: 'rejected' },
    })
    expect(rejected.reviewedAt).toEqual(expect.any(String))

    const again = await apply(member)
    expect(again.statusCode).toBe(201)
    const latest = (await get(member, '/api/applications/user')).json()
    expect(latest).toMatchObject({ status: 'reviewing', message: null })
    expect(latest.application._id).not.toBe(id)
  })

  it('needs a signed-in user', async () => {
    expect((await get(null, '/api/applications/user')).statusCode).toBe(401)
  })
})

describe('GET /api/applications/:id/document', () => {
  it('serves the document to its applicant and to moderators as a private, sniff-proof attachment', async () => {
    const member = await createUser(t.db)
    await apply(member, { coverLetter: COVER_LETTER, docCategory: 'NID' }, [
      documentPart(pdf(), 'mon id é.pdf', 'application/pdf'),
    ])
    const id = (await get(member, '/api/applications/user')).json().application._id
    for (const reader of [member, moderator]) {
      const res = await get(reader, `/api/applications/${id}/document`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="mon id _.pdf"; filename*=UTF-8''mon%20id%20%C3%A9.pdf`,
      )
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['cache-control']).toBe('private, no-store')
      expect(res.headers['content-security-policy']).toContain('sandbox')
      expect(res.rawPayload.equals(pdf())).toBe(true)
    }
  })

  it('answers 404 to anyone else (even a contributor), for unknown ids, and 401 to guests', async () => {
    const { id } = await appliedMember()
    for (const role of ['member', 'contributor'] as const) {
      const res = await get(await createUser(t.db, { role }), `/api/applications/${id}/document`)
      expect(res.statusCode).toBe(404)
    }
    expect((await get(moderator, `/api/applications/${randomUUID()}/document`)).statusCode).toBe(404)
    expect((await get(moderator, '/api/applications/not-a-uuid/document')).statusCode).toBe(404)
    expect((await get(null, `/api/applications/${id}/document`)).statusCode).toBe(401)
  })

  it('is never reachable under /uploads', async () => {
    const { id } = await appliedMember()
    const row = await t.db
      .selectFrom('applications')
      .select('document_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    for (const url of [`/uploads/${row.document_key}`, `/uploads/private/documents/${row.document_key}`]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.rawPayload.equals(png)).toBe(false)
      expect(res.headers['content-type']).not.toMatch(/^image\//)
    }
  })
})

describe('GET /api/mod/applications', () => {
  it('lists pending applications first, oldest first, with the applicant and document details', async () => {
    const first = await appliedMember()
    const second = await appliedMember()
    const decided = await appliedMember()
    await decide(moderator, decided.id, { decision: 'accept' })
    // Spread the submission times so the order is certain.
    await t.db
      .updateTable('applications')
      .set({ created_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', first.id)
      .execute()

    const res = await get(moderator, '/api/mod/applications')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.liveId).toMatch(/^\d+$/)
    const list: ModApplication[] = body.applications
    const statuses = list.map((a) => a.status)
    // Every pending one comes before every decided one.
    expect(statuses.lastIndexOf('reviewing')).toBeLessThan(statuses.indexOf('accepted'))
    const ids = list.map((a) => a._id)
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id))
    const entry = list.find((a) => a._id === second.id)
    expect(entry).toMatchObject({
      applicant: {
        _id: second.member.id,
        username: second.member.username,
        email: second.member.email,
        points: 0,
      },
      coverLetter: COVER_LETTER,
      docCategory: 'Passport',
      document: { name: 'passport.png', mime: 'image/png', url: `/api/applications/${second.id}/document` },
      reviewer: null,
    })
    expect(entry?.document.size).toBeGreaterThan(0)

    const pending = (await get(moderator, '/api/mod/applications?status=reviewing')).json()
    expect(pending.applications.every((a: ModApplication) => a.status === 'reviewing')).toBe(true)
    expect(pending.pagination).toMatchObject({ page: 1, pageSize: 20 })
    expect((await get(moderator, '/api/mod/applications?status=bogus')).statusCode).toBe(400)
  })
})

describe('POST /api/mod/applications/:id/decision', () => {
  it('accepts: the member becomes a contributor, is told live, notified, and the audit log records it', async () => {
    const { member, id } = await appliedMember()
    const { events, stop } = recordEvents(t.bus)
    const res = await decide(moderator, id, { decision: 'accept', message: 'Welcome aboard!' })
    stop()
    expect(res.statusCode).toBe(200)
    expect(res.json().application).toMatchObject({
      _id: id,
      status: 'accepted',
      reviewMessage: 'Welcome aboard!',
      reviewer: { _id: moderator.id, username: moderator.username },
      applicant: { role: 'contributor' },
    })
    const user = await t.db
      .selectFrom('users')
      .select(['role', 'token_version'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow()
    expect(user).toEqual({ role: 'contributor', token_version: member.token_version })

    const mine = events.filter((e) => e.topic === `user:${member.id}`)
    expect(mine.map((e) => e.event)).toEqual(['notification', 'application.status', 'role.changed'])
    expect(mine[1]?.data).toEqual({ status: 'accepted', message: 'Welcome aboard!' })
    expect(mine[2]?.data).toEqual({ role: 'contributor', contributor: true })
    // The audit entry is part of the decision's transaction; the other moderators' list update is a
    // reaction to it: both go out after commit, in either order.
    const mod = events.filter((e) => e.topic === 'mod')
    expect(mod.map((e) => e.event).sort()).toEqual(['activity', 'application.reviewed'])
    expect(mod.find((e) => e.event === 'application.reviewed')?.data).toEqual({ _id: id, status: 'accepted' })
    expect(mod.find((e) => e.event === 'activity')?.data).toMatchObject({
      kind: 'moderation',
      actor: { _id: moderator.id },
    })

    const notification = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow()
    expect(notification).toMatchObject({ kind: 'application', link: '/application', subject_id: id })
    const log = await t.db
      .selectFrom('moderation_log')
      .selectAll()
      .where('subject_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(log).toMatchObject({
      moderator_id: moderator.id,
      action: 'application.accepted',
      subject_type: 'application',
      reason: 'Welcome aboard!',
    })

    // The old token keeps working and now carries the contributor role (the row wins).
    const header = await get(member, '/api/applications/user')
    expect(header.json().status).toBe('accepted')
  })

  it('rejects with a required message and leaves the role alone', async () => {
    const { member, id } = await appliedMember()
    const missing = await decide(moderator, id, { decision: 'reject', message: '   ' })
    expect(missing.statusCode).toBe(422)
    expect(missing.json().message).toBe(MOD_MESSAGES.rejectMessageRequired)
    const tooLong = await decide(moderator, id, { decision: 'reject', message: 'x'.repeat(1001) })
    expect(tooLong.statusCode).toBe(422)
    expect(tooLong.json().message).toBe(MOD_MESSAGES.reviewMessageTooLong)

    const { events, stop } = recordEvents(t.bus)
    const res = await decide(moderator, id, { decision: 'reject', message: 'The scan is unreadable.' })
    stop()
    expect(res.statusCode).toBe(200)
    expect(res.json().application.status).toBe('rejected')
    const mine = events.filter((e) => e.topic === `user:${member.id}`)
    expect(mine.map((e) => e.event)).toEqual(['notification', 'application.status'])
    expect(
      (await t.db.selectFrom('users').select('role').where('id', '=', member.id).executeTakeFirstOrThrow())
        .role,
    ).toBe('member')
  })

  it('answers 409 to a second decision, and only one of two concurrent decisions wins', async () => {
    const { id } = await appliedMember()
    const [a, b] = await Promise.all([
      decide(moderator, id, { decision: 'accept' }),
      decide(otherModerator, id, { decision: 'reject', message: 'No.' }),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const loser = a.statusCode === 409 ? a : b
    expect(loser.json().message).toBe(MOD_MESSAGES.alreadyReviewed)
    const logs = await t.db
      .selectFrom('moderation_log')
      .select('action')
      .where('subject_id', '=', id)
      .execute()
    expect(logs).toHaveLength(1)
    const later = await decide(moderator, id, { decision: 'accept' })
    expect(later.statusCode).toBe(409)
  })

  it('answers 404 for unknown applications', async () => {
    expect((await decide(moderator, randomUUID(), { decision: 'accept' })).statusCode).toBe(404)
    expect((await decide(moderator, 'nope', { decision: 'accept' })).statusCode).toBe(404)
  })

  it('refuses unknown fields (400) and unknown decisions (422)', async () => {
    const { id } = await appliedMember()
    expect((await decide(moderator, id, { decision: 'accept', role: 'moderator' })).statusCode).toBe(400)
    expect((await decide(moderator, id, { decision: 'maybe' })).statusCode).toBe(422)
  })
})

describe('application routes for moderators only', () => {
  it('answers 403 to members and contributors and 401 to guests', async () => {
    const { id } = await appliedMember()
    for (const role of ['member', 'contributor'] as const) {
      const user = await createUser(t.db, { role })
      expect((await get(user, '/api/mod/applications')).statusCode).toBe(403)
      expect((await decide(user, id, { decision: 'accept' })).statusCode).toBe(403)
    }
    expect((await get(null, '/api/mod/applications')).statusCode).toBe(401)
    const row = await t.db
      .selectFrom('applications')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('reviewing')
  })
})

describe('documentName', () => {
  it('keeps the base name, drops paths, quotes and control characters, and uses the stored extension', () => {
    expect(documentName('C:\\Users\\me\\scan.PDF', 'pdf')).toBe('scan.pdf')
    expect(documentName('../../etc/passwd', 'png')).toBe('passwd.png')
    expect(documentName('a"b\u0000c.jpeg', 'jpg')).toBe('abc.jpg')
    expect(documentName('', 'pdf')).toBe('document.pdf')
  })
})

describe('applying needs a verified address', () => {
  it('refuses an unverified member with the way to verify, before reading the upload', async () => {
    const member = await createUser(t.db, { emailVerified: false })
    const res = await apply(member)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(MAIL_MESSAGES.verificationRequired)
    const rows = await t.db.selectFrom('applications').select('id').where('user_id', '=', member.id).execute()
    expect(rows).toEqual([])
  })

  it('lets the member apply on a site that sends no mail (MAIL=off), where no address can be verified', async () => {
    const mailOff = await buildTestApp({
      config: { mail: { mode: 'off', from: 'Bashboard <no-reply@localhost>' } },
    })
    try {
      const member = await createUser(mailOff.db, { emailVerified: false })
      const body = multipartForm({ coverLetter: COVER_LETTER, docCategory: 'Passport' }, [documentPart(png)])
      const res = await mailOff.app.inject({
        method: 'POST',
        url: '/api/applications/create',
        headers: { ...headersFor(mailOff.app, member), ...body.headers },
        payload: body.payload,
      })
      expect(res.statusCode).toBe(201)
    } finally {
      await mailOff.close()
    }
  })

  it('queues the decision mail with the decision, unless the applicant turned it off', async () => {
    const { member, id } = await appliedMember()
    expect(
      (await decide(moderator, id, { decision: 'reject', message: 'Tell us more about your work.' }))
        .statusCode,
    ).toBe(200)
    const queued = await t.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('user_id', '=', member.id)
      .where('kind', '=', 'application_decided')
      .execute()
    expect(queued.map((row) => row.data)).toEqual([
      { status: 'rejected', message: 'Tell us more about your work.' },
    ])

    const quiet = await appliedMember()
    await t.db
      .insertInto('mail_preferences')
      .values({ user_id: quiet.member.id, applications: false })
      .execute()
    expect((await decide(moderator, quiet.id, { decision: 'accept' })).statusCode).toBe(200)
    const none = await t.db
      .selectFrom('mail_queue')
      .select('id')
      .where('user_id', '=', quiet.member.id)
      .where('kind', '=', 'application_decided')
      .execute()
    expect(none).toEqual([])
  })
})
