import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { authHeader, createPost, createUser, loginAs, type TestUser } from '../../test/factories.ts'
import { multipartForm, pngBytes } from '../../test/uploads.ts'
import { APPLICATION_MESSAGES } from '../contract/limits.ts'
import { holdsNul, malformedIntegers, NUL_CHARACTER_MESSAGE } from './input-guards.ts'

let t: TestApp
let member: TestUser
let postId: string

beforeAll(async () => {
  t = await buildTestApp()
  member = await createUser(t.db)
  const author = await createUser(t.db, { role: 'contributor' })
  postId = (await createPost(t.db, { authorId: author.id })).id
})
afterAll(async () => {
  await t?.close()
})

const refused = { statusCode: 400, error: 'Bad Request', message: NUL_CHARACTER_MESSAGE }

describe('text with a NUL character', () => {
  it.each([
    '/api/website/browse?search=grep%00',
    '/api/website/browse?category=%00tools',
    '/api/posts/v1/search?search=a%00b',
    '/api/posts/some-slug%00',
    '/api/blogs/a-post%00',
  ])('is refused with a 400 in the query or path: %s', async (url) => {
    const res = await t.app.inject({ url })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(refused)
  })

  it('is refused in a JSON body, anonymous or signed in, and nothing is written', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { emailOrUsername: 'someone\u0000', password: 'whatever1' },
    })
    expect(login.statusCode).toBe(400)
    expect(login.json()).toEqual(refused)

    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${postId}/`,
      headers: authHeader(loginAs(t.app, member)),
      payload: { post: postId, content: 'looks fine\u0000 until here' },
    })
    expect(comment.statusCode).toBe(400)
    expect(comment.json()).toEqual(refused)
    const rows = await t.db.selectFrom('comments').select('id').where('post_id', '=', postId).execute()
    expect(rows).toEqual([])
  })

  it('is refused in a multipart text field before the database, and nothing is written', async () => {
    const body = multipartForm(
      {
        coverLetter: `I would like to share the shell one-liners I use every day.\u0000 Thanks for reading.`,
        docCategory: 'Passport',
      },
      [{ name: 'document', filename: 'passport.png', contentType: 'image/png', data: await pngBytes() }],
    )
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications/create',
      headers: { ...authHeader(loginAs(t.app, member)), ...body.headers },
      payload: body.payload,
    })
    // The field's own control-character rule (contract/limits.ts) answers first, naming the field;
    // the database error mapping (the same 400 as a JSON body's) stays as the last resort.
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(APPLICATION_MESSAGES.coverLetterCharacters)
    const rows = await t.db.selectFrom('applications').select('id').where('user_id', '=', member.id).execute()
    expect(rows).toEqual([])
  })

  it('finds NUL characters in nested values and keys only', () => {
    expect(holdsNul({ a: [{ b: 'x\u0000' }] })).toBe(true)
    expect(holdsNul({ 'k\u0000': 1 })).toBe(true)
    expect(holdsNul({ a: ['fine', 1, null, true] })).toBe(false)
    expect(holdsNul('plain')).toBe(false)
  })
})

describe('integer query parameters', () => {
  it.each(['1.5', '%201', '0x10', '1e1', '-1', 'abc', ''])('refuses page=%s with a 400', async (page) => {
    const res = await t.app.inject({ url: `/api/website/browse?page=${page}` })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('page must be a whole number written with digits only')
  })

  it('accepts plain whole numbers, and leaves the range to the schema', async () => {
    expect((await t.app.inject({ url: '/api/website/browse?page=2' })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/posts/v1/search?search=x&page=1&limit=5' })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/website/browse?page=0' })).statusCode).toBe(400)
  })

  it('checks only the integer fields of the route schema', () => {
    const schema = { properties: { page: { type: 'integer' }, search: { type: 'string' } } }
    expect(malformedIntegers(schema, { page: '3', search: '1.5' })).toEqual([])
    expect(malformedIntegers(schema, { page: '3.0' })).toEqual(['page'])
    expect(malformedIntegers(undefined, { page: '3.0' })).toEqual([])
  })
})
