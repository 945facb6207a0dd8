import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createPost, createUser, headersFor } from '../../../test/factories.ts'
import { EXPORT_FORMATS } from '../../contract/values.ts'
import { buildExport, type ExportSource } from './exports.ts'

/*
 * Exports are the second line of defence against text that reads otherwise than it runs: input refuses
 * lone carriage returns and text-direction marks (contract/limits.ts, test/text-controls.test.ts), but
 * rows stored before that rule, or written by hand, may still hold them, and navi, tldr and scripts
 * would carry them byte for byte.
 */

// What must never reach an exported file: CR, C0/C1 controls but tab and LF, escapes, Bidi_Control.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Bidi_Control}]/u

const hostile: ExportSource = {
  name: 'Kit \u202Etxt.exe\u202C',
  description: 'line one\r\nline two\rover\u2066written\u2069',
  ownerUsername: 'owner',
  url: 'https://example.test/c/owner/kit',
  posts: [
    {
      title: 'Looks \u202Eefas\u202C \u001b[31mred',
      command: 'echo safe\rrm -rf ~ done\r\nls \u200F-la\u061C',
      description: 'Runs \u2067something\u2069',
      tags: ['echo\u202E'],
      url: 'https://example.test/post/looks',
    },
  ],
}

describe('exports of stored text holding control characters', () => {
  it.each(EXPORT_FORMATS)('leaves none in the %s file, and keeps the rest of the text', (format) => {
    const { body } = buildExport(hostile, format, 'kit')
    expect(body).not.toMatch(UNPRINTABLE)
    // The CR goes, nothing is turned into a second command line: what runs is what shows.
    expect(body).toContain('echo saferm -rf ~ done')
    expect(body).toContain('Looks efas')
    expect(body).not.toContain('echo safe\n')
  })
})

describe('GET /api/collections/{id}/export with a row stored before the rule', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('sends every format without a CR or a text-direction mark', async () => {
    const owner = await createUser(t.db, { role: 'contributor' })
    // Written to the table directly, as an old row or a hand-made one would be.
    const post = await createPost(t.db, {
      authorId: owner.id,
      title: 'Old \u202Etitle\u202C',
      command: 'echo safe\rrm -rf ~ done',
    })
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers: headersFor(t.app, owner),
      payload: { name: 'Old rows', public: true },
    })
    const id = created.json<{ _id: string }>()._id
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/collections/${id}/posts`,
      headers: headersFor(t.app, owner),
      payload: { postId: post.id },
    })
    expect(added.statusCode, added.body).toBeLessThan(300)
    for (const format of EXPORT_FORMATS) {
      const res = await t.app.inject({ url: `/api/collections/${id}/export?format=${format}` })
      expect(res.statusCode, format).toBe(200)
      expect(res.body, format).not.toMatch(UNPRINTABLE)
      expect(res.body, format).toContain('echo saferm -rf ~ done')
    }
  })
})
