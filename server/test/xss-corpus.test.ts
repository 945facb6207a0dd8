import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passkey, PasskeyList, PasskeyRegistrationStart } from '../src/contract/passkeys.ts'
import { PASSKEY_NAME_MAX } from '../src/contract/passkeys.ts'
import type { PostRevisionsResponse } from '../src/contract/post-revisions.ts'
import type { PostCard } from '../src/contract/posts.ts'
import { RICH_TEXT_TAGS } from '../src/contract/rich-text.ts'
import { htmlToText, sanitizeDescription } from '../src/lib/sanitize.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { createCategory, createPostViaApi, createUser, headersFor, type TestUser } from './factories.ts'
import { SoftwareAuthenticator } from './webauthn-authenticator.ts'
import { xssPayloads } from './xss-corpus.ts'

/*
 * docs/product-rules.md#security: the XSS corpus through the server's sanitiser, which every post description
 * and blog article passes on write. What comes out may only hold the editor's tags, and links only http(s) or
 * mailto hrefs. (The end-to-end journey renders the same corpus in Chromium.)
 */

const payloads = xssPayloads()
const ALLOWED_TAGS = new Set<string>(RICH_TEXT_TAGS)

/** Every problem in sanitised HTML: a tag outside the allowlist, a handler, a script URL. */
function problemsIn(html: string): string[] {
  const problems: string[] = []
  for (const [, tag] of html.matchAll(/<\/?([a-zA-Z][\w:-]*)/g)) {
    if (!ALLOWED_TAGS.has((tag ?? '').toLowerCase())) problems.push(`tag <${tag}>`)
  }
  for (const [attribute] of html.matchAll(/<[^>]*\s(on\w+|style|src|srcdoc|formaction|xlink:href)\s*=/gi)) {
    problems.push(`attribute ${attribute}`)
  }
  for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
    // http(s), mailto, or a relative URL (no scheme at all, so it cannot be javascript: or data:).
    if (!/^(https?:|mailto:|[^:]*$)/i.test(href ?? '')) problems.push(`href ${href}`)
  }
  return problems
}

describe('the XSS corpus', () => {
  it('holds several hundred payloads, each calling its own number', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(300)
    expect(new Set(payloads).size).toBe(payloads.length)
  })

  it('keeps nothing executable in a sanitised description or article', () => {
    const failures: string[] = []
    for (const payload of payloads) {
      // Alone, and wrapped in editor markup the way a pasted payload arrives.
      for (const input of [payload, `<p>before ${payload} after</p>`]) {
        const problems = problemsIn(sanitizeDescription(input))
        if (problems.length > 0) failures.push(`${input} → ${problems.join(', ')}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('the checker itself catches what the sanitiser removes', () => {
    // Guards the guard: unsanitised payloads must trip it, or the test above proves nothing.
    const caught = payloads.filter((payload) => problemsIn(payload).length > 0)
    expect(caught.length).toBeGreaterThan(payloads.length * 0.9)
  })

  it('turns every payload into inert text for excerpts and meta descriptions', () => {
    for (const payload of payloads) expect(htmlToText(payload)).not.toMatch(/<\s*[a-z]/i)
  })
})

/*
 * Post history keeps every replaced description and a rollback restores one: both must hand out only
 * what the sanitiser let through, never the payload as it was sent.
 */
describe('the XSS corpus through post revisions and rollbacks', () => {
  const BATCH = 60
  let t: TestApp
  let author: TestUser
  let moderator: TestUser

  beforeAll(async () => {
    t = await buildTestApp()
    author = await createUser(t.db, { role: 'contributor' })
    moderator = await createUser(t.db, { role: 'moderator' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('keeps nothing executable in a revision, its text, or the post it is rolled back to', async () => {
    const category = (await createCategory(t.db)).id
    const failures: string[] = []
    for (let start = 0; start < payloads.length; start += BATCH) {
      const batch = payloads.slice(start, start + BATCH).join('')
      const tag = randomUUID().slice(0, 8)
      const post = await createPostViaApi(t.app, author, {
        title: `XSS revisions ${tag}`,
        command: `echo xss-revisions-${tag}`,
        description: `<p>Payloads from ${start + 1}.</p>${batch}`,
        category,
      })
      const headers = headersFor(t.app, author)
      const description = `<p>Replaced with ${batch}</p>`
      const edit = { id: post._id, description }
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/posts/update', headers, payload: edit })).statusCode,
      ).toBe(200)

      const history = (
        await t.app.inject({ url: `/api/posts/${post._id}/revisions` })
      ).json<PostRevisionsResponse>()
      const [revision] = history.revisions
      if (!revision) throw new Error('the edit kept no revision')
      for (const version of [history.current, revision]) {
        failures.push(...problemsIn(version.description))
        if (/<\s*[a-z]/i.test(version.descriptionText)) failures.push(`markup in text of ${post._id}`)
      }
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/mod/posts/${post._id}/rollback`,
        headers: headersFor(t.app, moderator),
        payload: { revisionId: revision._id, reason: 'Back to the first batch' },
      })
      expect(res.statusCode).toBe(200)
      failures.push(...problemsIn(res.json<{ post: PostCard }>().post.description))
    }
    expect(failures).toEqual([])
  }, 120_000)
})

/*
 * Passkey names are the member's plain text: kept and answered as typed (trimmed, white space runs as
 * one space), only ever as JSON, never as markup, so the web shows them as text. Names holding control
 * characters or bidi overrides are refused (422).
 */
describe('the XSS corpus as passkey names', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('keeps every payload as inert JSON text, exactly as named', async () => {
    const member = await createUser(t.db)
    const headers = headersFor(t.app, member)
    const options = await t.app.inject({ method: 'POST', url: '/api/users/me/passkeys/options', headers })
    const credential = new SoftwareAuthenticator().register(options.json<PasskeyRegistrationStart>().options)
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/passkeys',
      headers,
      payload: { credential },
    })
    expect(added.statusCode).toBe(201)
    const url = `/api/users/me/passkeys/${added.json<Passkey>()._id}`

    const failures: string[] = []
    let kept = 0
    for (const payload of payloads) {
      const name = [...payload].slice(0, PASSKEY_NAME_MAX).join('')
      const expected = name.trim().replace(/\s+/g, ' ')
      const res = await t.app.inject({ method: 'PATCH', url, headers, payload: { name } })
      if (/[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(expected) || expected === '') {
        if (res.statusCode !== 422)
          failures.push(`${res.statusCode} for a control character in ${JSON.stringify(name)}`)
        continue
      }
      if (res.statusCode !== 200) failures.push(`${res.statusCode} for ${JSON.stringify(name)}`)
      else if (!String(res.headers['content-type']).startsWith('application/json')) failures.push('not JSON')
      else if (res.json<Passkey>().name !== expected) failures.push(`changed ${JSON.stringify(name)}`)
      else kept += 1
    }
    expect(failures).toEqual([])
    // Nearly the whole corpus is a valid name: the check above is not vacuous.
    expect(kept).toBeGreaterThan(payloads.length * 0.9)
    const listed = await t.app.inject({ url: '/api/users/me/passkeys', headers })
    expect(listed.headers['x-content-type-options']).toBe('nosniff')
    expect(listed.json<PasskeyList>().passkeys).toHaveLength(1)
  }, 120_000)
})
