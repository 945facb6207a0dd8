import { randomUUID } from 'node:crypto'
import type { CategoryRow, CommentRow, PostRow } from '@bashboard/db'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AD_MESSAGES } from '../src/contract/ads.ts'
import {
  ACCOUNT_MESSAGES,
  APPLICATION_MESSAGES,
  BLOG_MESSAGES,
  COLLECTION_MESSAGES,
  MOD_MESSAGES,
  POST_RULE_MESSAGES,
  TOKEN_NAME_MESSAGES,
} from '../src/contract/limits.ts'
import { COMMENT_CONTROL_CHARACTERS } from '../src/modules/comments/service.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import {
  authHeader,
  createCategory,
  createComment,
  createPost,
  createUser,
  loginAs,
  type TestUser,
} from './factories.ts'
import { multipartForm, pngBytes } from './uploads.ts'

/*
 * docs/product-rules.md#security: every text field of every endpoint refuses a carriage return that is
 * not part of a CRLF and Unicode's text-direction controls (the Bidi_Control characters), like the
 * other control characters, with a 422 naming the field, and changes nothing. A terminal draws what
 * follows a lone CR over the line's start, and the direction controls reorder what is drawn, so the
 * line a reader sees (on the site, in curl, in a navi or tldr export) could differ from what runs.
 * Passwords are exempt: they are never shown, only compared.
 */

/** Each kind of character the rule refuses, inside otherwise ordinary text. */
const HOSTILE: Record<string, string> = {
  'a lone carriage return': 'echo safe\rrm -rf ~ done',
  'U+202E right-to-left override': 'abc \u202Eevil\u202C end',
  'U+202A left-to-right embedding': 'abc \u202Aevil\u202C end',
  'U+2066 left-to-right isolate': 'abc \u2066evil\u2069 end',
  'U+200F right-to-left mark': 'abc\u200F end',
  'U+061C Arabic letter mark': 'abc\u061C end',
}

let t: TestApp
let contributor: TestUser
let moderator: TestUser
let category: CategoryRow
let post: PostRow
let comment: CommentRow
let collectionId = ''
let adId = ''
let blogId = ''
let applicationId = ''
let png: Buffer
let sequence = 0

// Every request from its own address, so the per-IP limits (sign-up: 5 a minute) never answer first.
function send(
  user: TestUser | null,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload: object,
): Promise<LightMyRequestResponse> {
  sequence += 1
  return t.app.inject({
    method,
    url,
    headers: user ? authHeader(loginAs(t.app, user)) : {},
    payload,
    remoteAddress: `10.77.${Math.floor(sequence / 250)}.${sequence % 250}`,
  })
}

function applyWith(user: TestUser, coverLetter: string) {
  const body = multipartForm({ coverLetter, docCategory: 'Passport' }, [
    { name: 'document', filename: 'passport.png', contentType: 'image/png', data: png },
  ])
  return t.app.inject({
    method: 'POST',
    url: '/api/applications/create',
    headers: { ...authHeader(loginAs(t.app, user)), ...body.headers },
    payload: body.payload,
  })
}

const countOf = (
  table:
    | 'posts'
    | 'comments'
    | 'collections'
    | 'access_tokens'
    | 'users'
    | 'applications'
    | 'blogs'
    | 'ads'
    | 'ad_clicks',
) =>
  t.db
    .selectFrom(table)
    .select(({ fn }) => fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
function unique(): string {
  sequence += 1
  return `${Date.now().toString(36)}-${sequence}`
}
const longEnough = (text: string) => `${text} and enough words after it to pass every length rule.`

/** A field of an endpoint: how to send a value in it, what the refusal says, what must not change. */
interface TextField {
  name: string
  send(value: string): Promise<LightMyRequestResponse>
  message: string
  /** The state the request must leave as it was. */
  state(): Promise<unknown>
  /** A one-line field that folds every whitespace run (line breaks too) into one space. */
  foldsWhitespace?: true
}

const fields: TextField[] = [
  {
    name: 'POST /api/posts/create title',
    send: (value) =>
      send(contributor, 'POST', '/api/posts/create', {
        title: value,
        command: `echo ${unique()}`,
        description: '<p>Shows something useful on the screen.</p>',
        category: category.id,
      }),
    message: POST_RULE_MESSAGES.titleControlCharacters,
    state: () => countOf('posts'),
  },
  {
    name: 'POST /api/posts/create command',
    send: (value) =>
      send(contributor, 'POST', '/api/posts/create', {
        title: `Command ${unique()}`,
        command: value,
        description: '<p>Shows something useful on the screen.</p>',
        category: category.id,
      }),
    message: POST_RULE_MESSAGES.commandControlCharacters,
    state: () => countOf('posts'),
  },
  {
    name: 'PUT /api/posts/update title',
    send: (value) => send(contributor, 'PUT', '/api/posts/update', { id: post.id, title: value }),
    message: POST_RULE_MESSAGES.titleControlCharacters,
    state: () => t.db.selectFrom('posts').selectAll().where('id', '=', post.id).executeTakeFirst(),
  },
  {
    name: 'PUT /api/posts/update command',
    send: (value) => send(contributor, 'PUT', '/api/posts/update', { id: post.id, command: value }),
    message: POST_RULE_MESSAGES.commandControlCharacters,
    state: () => t.db.selectFrom('posts').selectAll().where('id', '=', post.id).executeTakeFirst(),
  },
  {
    name: 'POST /api/comments/{postId}/ content',
    send: (value) =>
      send(contributor, 'POST', `/api/comments/${post.id}/`, { post: post.id, content: value }),
    message: COMMENT_CONTROL_CHARACTERS,
    state: () => countOf('comments'),
  },
  {
    name: 'PATCH /api/comments/{commentId} content',
    send: (value) => send(contributor, 'PATCH', `/api/comments/${comment.id}`, { content: value }),
    message: COMMENT_CONTROL_CHARACTERS,
    state: () => t.db.selectFrom('comments').selectAll().where('id', '=', comment.id).executeTakeFirst(),
  },
  {
    name: 'POST /api/collections name',
    send: (value) => send(contributor, 'POST', '/api/collections', { name: value, public: true }),
    message: COLLECTION_MESSAGES.nameCharacters,
    state: () => countOf('collections'),
  },
  {
    name: 'POST /api/collections description',
    send: (value) =>
      send(contributor, 'POST', '/api/collections', {
        name: `Kit ${unique()}`,
        description: value,
        public: true,
      }),
    message: COLLECTION_MESSAGES.descriptionCharacters,
    state: () => countOf('collections'),
  },
  {
    name: 'PATCH /api/collections/{id} name and description',
    send: async (value) => {
      const byName = await send(contributor, 'PATCH', `/api/collections/${collectionId}`, { name: value })
      if (byName.statusCode !== 422 || byName.json().message !== COLLECTION_MESSAGES.nameCharacters)
        return byName
      return send(contributor, 'PATCH', `/api/collections/${collectionId}`, { description: value })
    },
    message: COLLECTION_MESSAGES.descriptionCharacters,
    state: () => t.db.selectFrom('collections').selectAll().where('id', '=', collectionId).executeTakeFirst(),
  },
  {
    name: 'POST /api/tokens name',
    send: (value) => send(contributor, 'POST', '/api/tokens', { name: value, scopes: ['read'] }),
    message: TOKEN_NAME_MESSAGES.nameCharacters,
    state: () => countOf('access_tokens'),
  },
  {
    name: 'POST /api/user/signup username',
    send: (value) =>
      send(null, 'POST', '/api/user/signup', {
        username: value,
        email: `${unique()}@example.test`,
        password: 'password123',
      }),
    message: ACCOUNT_MESSAGES.usernameRule,
    state: () => countOf('users'),
  },
  {
    name: 'POST /api/user/signup email',
    send: (value) =>
      send(null, 'POST', '/api/user/signup', {
        username: `new_${unique().replaceAll('-', '_')}`,
        email: `x${value.replaceAll(' ', '')}@example.test`,
        password: 'password123',
      }),
    message: 'Please enter a valid email address',
    state: () => countOf('users'),
  },
  {
    name: 'PUT /api/users email',
    send: (value) =>
      send(contributor, 'PUT', '/api/users', {
        username: contributor.username,
        email: `x${value.replaceAll(' ', '')}@example.test`,
      }),
    message: 'Please enter a valid email address',
    state: () => t.db.selectFrom('users').selectAll().where('id', '=', contributor.id).executeTakeFirst(),
  },
  {
    name: 'POST /api/applications/create coverLetter (multipart)',
    send: async (value) => applyWith(await createUser(t.db), longEnough(value)),
    message: APPLICATION_MESSAGES.coverLetterCharacters,
    state: () => countOf('applications'),
  },
  {
    name: 'POST /api/mod/applications/{id}/decision message',
    send: (value) =>
      send(moderator, 'POST', `/api/mod/applications/${applicationId}/decision`, {
        decision: 'reject',
        message: value,
      }),
    message: MOD_MESSAGES.reviewMessageCharacters,
    state: () =>
      t.db.selectFrom('applications').selectAll().where('id', '=', applicationId).executeTakeFirst(),
  },
  {
    name: 'DELETE /api/mod/posts/{id} reason',
    send: (value) => send(moderator, 'DELETE', `/api/mod/posts/${post.id}`, { reason: value }),
    message: MOD_MESSAGES.reasonCharacters,
    state: () => t.db.selectFrom('posts').select('id').where('id', '=', post.id).executeTakeFirst(),
  },
  {
    name: 'DELETE /api/mod/comments/{id} reason',
    send: (value) => send(moderator, 'DELETE', `/api/mod/comments/${comment.id}`, { reason: value }),
    message: MOD_MESSAGES.reasonCharacters,
    state: () => t.db.selectFrom('comments').select('id').where('id', '=', comment.id).executeTakeFirst(),
  },
  {
    name: 'PUT /api/mod/users/{id}/role reason',
    send: (value) =>
      send(moderator, 'PUT', `/api/mod/users/${contributor.id}/role`, { role: 'member', reason: value }),
    message: MOD_MESSAGES.reasonCharacters,
    state: () => t.db.selectFrom('users').select('role').where('id', '=', contributor.id).executeTakeFirst(),
  },
  {
    name: 'POST /api/mod/blogs title',
    send: (value) =>
      send(moderator, 'POST', '/api/mod/blogs', {
        title: value,
        metadescription: 'An article about commands.',
        content: '<p>Words of the article.</p>',
        image: null,
        status: 'draft',
      }),
    message: BLOG_MESSAGES.titleCharacters,
    state: () => countOf('blogs'),
  },
  {
    name: 'PUT /api/mod/blogs/{id} metadescription',
    send: (value) => send(moderator, 'PUT', `/api/mod/blogs/${blogId}`, { metadescription: value }),
    message: BLOG_MESSAGES.metadescriptionCharacters,
    state: () => t.db.selectFrom('blogs').selectAll().where('id', '=', blogId).executeTakeFirst(),
    foldsWhitespace: true,
  },
  {
    name: 'POST /api/mod/ads title',
    send: (value) =>
      send(moderator, 'POST', '/api/mod/ads', {
        title: value,
        page: 'Homepage',
        slot: 'ads1',
        size: 'banner',
        url: '#',
        image: 'https://example.com/ad.png',
      }),
    message: AD_MESSAGES.titleCharacters,
    state: () => countOf('ads'),
  },
  {
    name: 'PUT /api/mod/ads/{id} url (a site path)',
    send: (value) =>
      send(moderator, 'PUT', `/api/mod/ads/${adId}`, { url: `/blog/${value.replaceAll(' ', '-')}` }),
    message: AD_MESSAGES.urlInvalid,
    state: () => t.db.selectFrom('ads').selectAll().where('id', '=', adId).executeTakeFirst(),
  },
  {
    name: 'POST /api/ads/track-click pageName',
    send: (value) =>
      send(null, 'POST', '/api/ads/track-click', { adId, pageName: value, timestamp: Date.now() }),
    message: AD_MESSAGES.pageNameCharacters,
    state: () => countOf('ad_clicks'),
  },
]

/** HTML fields: line breaks are the markup's, but a direction mark is refused, entity-encoded too. */
const htmlFields: TextField[] = [
  {
    name: 'POST /api/posts/create description',
    send: (value) =>
      send(contributor, 'POST', '/api/posts/create', {
        title: `Described ${unique()}`,
        command: `echo ${unique()}`,
        description: `<p>${longEnough(value)}</p>`,
        category: category.id,
      }),
    message: POST_RULE_MESSAGES.descriptionDirectionMarks,
    state: () => countOf('posts'),
  },
  {
    name: 'PUT /api/mod/blogs/{id} content',
    send: (value) => send(moderator, 'PUT', `/api/mod/blogs/${blogId}`, { content: `<p>${value}</p>` }),
    message: BLOG_MESSAGES.contentDirectionMarks,
    state: () => t.db.selectFrom('blogs').selectAll().where('id', '=', blogId).executeTakeFirst(),
  },
]

beforeAll(async () => {
  t = await buildTestApp()
  png = await pngBytes(64, 40)
  contributor = await createUser(t.db, { role: 'contributor' })
  moderator = await createUser(t.db, { role: 'moderator' })
  category = await createCategory(t.db)
  post = await createPost(t.db, { authorId: contributor.id, categoryId: category.id })
  comment = await createComment(t.db, { postId: post.id, authorId: contributor.id })
  const collection = await send(contributor, 'POST', '/api/collections', { name: 'Toolbox', public: true })
  collectionId = collection.json()._id
  const ad = await send(moderator, 'POST', '/api/mod/ads', {
    title: 'House ad',
    page: 'Homepage',
    slot: 'ads1',
    size: 'banner',
    url: '/blog',
    image: 'https://example.com/ad.png',
  })
  expect(ad.statusCode, ad.body).toBe(201)
  adId = ad.json().ad._id
  const blog = await send(moderator, 'POST', '/api/mod/blogs', {
    title: 'Shell tips',
    metadescription: 'Tips for the shell.',
    content: '<p>Words of the article.</p>',
    image: null,
    status: 'draft',
  })
  expect(blog.statusCode, blog.body).toBe(201)
  blogId = blog.json().blog._id
  const applied = await applyWith(await createUser(t.db), longEnough('I would like to share commands'))
  expect(applied.statusCode, applied.body).toBe(201)
  applicationId = applied.json().application._id
})
afterAll(async () => {
  await t?.close()
})

describe('text fields refuse lone carriage returns and text-direction marks', () => {
  it.each(fields.map((field) => [field.name, field] as const))('%s', async (_name, field) => {
    for (const [kind, value] of Object.entries(HOSTILE)) {
      if (field.foldsWhitespace && value.includes('\r')) {
        // A line break of any kind is whitespace there: stored as a space, never as a CR.
        const folded = await field.send(value)
        expect(folded.statusCode, folded.body).toBe(200)
        expect(folded.body).not.toContain('\\r')
        expect(JSON.stringify(await field.state())).not.toContain('\\r')
        continue
      }
      const before = await field.state()
      const res = await field.send(value)
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(422)
      expect(res.json(), kind).toEqual({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: field.message,
      })
      expect(await field.state(), kind).toEqual(before)
    }
  })

  it.each(htmlFields.map((field) => [field.name, field] as const))('%s (HTML)', async (_name, field) => {
    const marks = Object.entries(HOSTILE).filter(([kind]) => kind.startsWith('U+'))
    for (const [kind, value] of [...marks, ['an entity-encoded U+202E', 'abc &#x202E;evil end'] as const]) {
      const before = await field.state()
      const res = await field.send(value)
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(422)
      expect(res.json().message, kind).toBe(field.message)
      expect(await field.state(), kind).toEqual(before)
    }
  })
})

describe('line breaks in multi-line text', () => {
  it('keeps CRLF line breaks of commands, comments and descriptions, stored as LF', async () => {
    const created = await send(contributor, 'POST', '/api/posts/create', {
      title: `Two lines ${unique()}`,
      command: 'cd /srv/app &&\r\n  ls -la',
      description: '<p>Lists the files of the app.</p>',
      category: category.id,
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().post.command).toBe('cd /srv/app &&\n  ls -la')
    const row = await t.db
      .selectFrom('posts')
      .select('command')
      .where('id', '=', created.json().post._id)
      .executeTakeFirstOrThrow()
    expect(row.command).toBe('cd /srv/app &&\n  ls -la')

    const said = await send(contributor, 'POST', `/api/comments/${post.id}/`, {
      post: post.id,
      content: 'first line\r\nsecond line',
    })
    expect(said.statusCode, said.body).toBe(201)
    expect(said.json().comment.content).toBe('first line\nsecond line')

    const kit = await send(contributor, 'POST', '/api/collections', {
      name: `Lines ${unique()}`,
      description: 'one\r\ntwo',
      public: false,
    })
    expect(kit.statusCode, kit.body).toBe(201)
    expect(kit.json().description).toBe('one\ntwo')
  })

  it('refuses a CR that only looks like the start of a CRLF', async () => {
    const res = await send(contributor, 'POST', `/api/comments/${post.id}/`, {
      post: post.id,
      content: `a\r\r\nb ${randomUUID()}`,
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(COMMENT_CONTROL_CHARACTERS)
  })
})
