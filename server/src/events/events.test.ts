import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import {
  authHeader,
  createCategory,
  createComment,
  createPost,
  createUser,
  headersFor,
  loginAs,
} from '../../test/factories.ts'
import { multipartForm, pngBytes } from '../../test/uploads.ts'
import { signInBrowser } from '../../test/web-session.ts'
import type { DomainEventName, RaisedEvent } from './catalog.ts'

/*
 * Each domain event is delivered after its write commits, never after a rollback. "After commit" is
 * proved by a probe started from another connection the moment the event is delivered: it must
 * already see the write. "Never after a rollback" uses a deferred constraint trigger that fails the
 * write at COMMIT, i.e. after the service has raised its event.
 */

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

interface Case {
  event: DomainEventName
  /** The table and operation whose commit the rollback case fails. */
  fails: { table: string; on: 'INSERT' | 'UPDATE' | 'DELETE' }
  /** Sets up what the write needs and returns the write. */
  prepare(): Promise<{
    write(): Promise<unknown>
    /** Whether the write is visible from another connection; 'other' for a batch that isn't this write's. */
    visible(event: RaisedEvent): Promise<boolean | 'other'>
  }>
}

/** Whether the member's token version is one above what it was made with (sessions ended). */
async function tokenVersionBumped(member: { id: string; token_version: number }): Promise<boolean> {
  const row = await t.db
    .selectFrom('users')
    .select('token_version')
    .where('id', '=', member.id)
    .executeTakeFirst()
  return row?.token_version === member.token_version + 1
}

async function contributorWithPost() {
  const author = await createUser(t.db, { role: 'contributor' })
  const category = await createCategory(t.db)
  const post = await createPost(t.db, { authorId: author.id, categoryId: category.id })
  return { author, category, post }
}

/** A member's contributor application through the API (a PNG as the document). */
async function applyAs(member: {
  id: string
  role: 'member' | 'contributor' | 'moderator'
  token_version: number
}) {
  const body = multipartForm(
    {
      coverLetter: 'I write shell one-liners every day and would like to share the useful ones.',
      docCategory: 'Passport',
    },
    [{ name: 'document', filename: 'passport.png', contentType: 'image/png', data: await pngBytes() }],
  )
  return t.app.inject({
    method: 'POST',
    url: '/api/applications/create',
    headers: { ...headersFor(t.app, member), ...body.headers },
    payload: body.payload,
  })
}

const postTitle = async (id: string) =>
  (await t.db.selectFrom('posts').select('title').where('id', '=', id).executeTakeFirst())?.title

const cases: Case[] = [
  {
    event: 'post.created',
    fails: { table: 'posts', on: 'INSERT' },
    async prepare() {
      const author = await createUser(t.db, { role: 'contributor' })
      const category = await createCategory(t.db)
      const tag = randomUUID().slice(0, 8)
      return {
        write: () =>
          t.app.inject({
            method: 'POST',
            url: '/api/posts/create',
            headers: authHeader(loginAs(t.app, author)),
            payload: {
              title: `Events ${tag}`,
              command: `echo events-${tag}`,
              description: 'Shows that domain events follow the commit.',
              category: category.id,
            },
          }),
        visible: async (e) =>
          e.name === 'post.created' && (await postTitle(e.payload.post._id)) === `Events ${tag}`,
      }
    },
  },
  {
    event: 'post.edited',
    fails: { table: 'posts', on: 'UPDATE' },
    async prepare() {
      const { author, post } = await contributorWithPost()
      const title = `Edited ${randomUUID().slice(0, 8)}`
      return {
        write: () =>
          t.app.inject({
            method: 'PUT',
            url: '/api/posts/update',
            headers: authHeader(loginAs(t.app, author)),
            payload: { id: post.id, title },
          }),
        visible: async () => (await postTitle(post.id)) === title,
      }
    },
  },
  {
    event: 'post.deleted',
    fails: { table: 'posts', on: 'DELETE' },
    async prepare() {
      const { author, post } = await contributorWithPost()
      return {
        write: () =>
          t.app.inject({
            method: 'DELETE',
            url: `/api/posts/${post.id}`,
            headers: authHeader(loginAs(t.app, author)),
          }),
        visible: async () => (await postTitle(post.id)) === undefined,
      }
    },
  },
  {
    event: 'vote.cast',
    fails: { table: 'votes', on: 'INSERT' },
    async prepare() {
      const { post } = await contributorWithPost()
      const voter = await createUser(t.db)
      return {
        write: () =>
          t.app.inject({
            method: 'POST',
            url: `/api/posts/upvote/${post.id}`,
            headers: authHeader(loginAs(t.app, voter)),
          }),
        visible: async () => {
          const row = await t.db
            .selectFrom('posts')
            .select('uplike_count')
            .where('id', '=', post.id)
            .executeTakeFirst()
          return row?.uplike_count === 1
        },
      }
    },
  },
  {
    event: 'votes.settled',
    fails: { table: 'points_ledger', on: 'INSERT' },
    async prepare() {
      const { author, post } = await contributorWithPost()
      const voter = await createUser(t.db)
      return {
        async write() {
          const vote = await t.app.inject({
            method: 'POST',
            url: `/api/posts/upvote/${post.id}`,
            headers: authHeader(loginAs(t.app, voter)),
          })
          expect(vote.statusCode).toBe(200)
          // The settler runs about 100 ms after the vote; a refused commit leaves the effect queued.
          await new Promise((resolve) => setTimeout(resolve, 600))
        },
        visible: async (e) => {
          if (e.name !== 'votes.settled' || e.payload.upvoteNoticeIds.length === 0) return 'other'
          // The batch that settled this vote grew the author's upvote notification.
          const notice = await t.db
            .selectFrom('notifications')
            .select('id')
            .where('id', 'in', [...e.payload.upvoteNoticeIds])
            .where('user_id', '=', author.id)
            .executeTakeFirst()
          if (!notice) return 'other'
          const row = await t.db
            .selectFrom('points_ledger')
            .select('id')
            .where('user_id', '=', author.id)
            .where('subject_id', '=', post.id)
            .where('reason', '=', 'upvote_received')
            .executeTakeFirst()
          return row !== undefined
        },
      }
    },
  },
  {
    event: 'comment.added',
    fails: { table: 'comments', on: 'INSERT' },
    async prepare() {
      const { post } = await contributorWithPost()
      const member = await createUser(t.db)
      return {
        write: () =>
          t.app.inject({
            method: 'POST',
            url: `/api/comments/${post.id}/`,
            headers: authHeader(loginAs(t.app, member)),
            payload: { post: post.id, content: 'Seen only after the commit.' },
          }),
        visible: async (e) =>
          e.name === 'comment.added' &&
          (await t.db
            .selectFrom('comments')
            .select('id')
            .where('id', '=', e.payload.comment._id)
            .executeTakeFirst()) !== undefined,
      }
    },
  },
  {
    event: 'comment.removed',
    fails: { table: 'comments', on: 'DELETE' },
    async prepare() {
      const { post } = await contributorWithPost()
      const member = await createUser(t.db)
      const comment = await createComment(t.db, { postId: post.id, authorId: member.id })
      return {
        write: () =>
          t.app.inject({
            method: 'DELETE',
            url: `/api/comments/${comment.id}`,
            headers: authHeader(loginAs(t.app, member)),
          }),
        visible: async () =>
          (await t.db.selectFrom('comments').select('id').where('id', '=', comment.id).executeTakeFirst()) ===
          undefined,
      }
    },
  },
  {
    event: 'comment.edited',
    fails: { table: 'comments', on: 'UPDATE' },
    async prepare() {
      const { post } = await contributorWithPost()
      const member = await createUser(t.db)
      const comment = await createComment(t.db, { postId: post.id, authorId: member.id })
      const content = `Edited ${randomUUID().slice(0, 8)}`
      return {
        write: () =>
          t.app.inject({
            method: 'PATCH',
            url: `/api/comments/${comment.id}`,
            headers: authHeader(loginAs(t.app, member)),
            payload: { content },
          }),
        visible: async (e) =>
          e.name === 'comment.edited' &&
          (
            await t.db
              .selectFrom('comments')
              .select('content')
              .where('id', '=', comment.id)
              .executeTakeFirst()
          )?.content === content,
      }
    },
  },
  {
    event: 'user.signed_up',
    fails: { table: 'users', on: 'INSERT' },
    async prepare() {
      const username = `ev_${randomUUID().slice(0, 8)}`
      return {
        write: () =>
          t.app.inject({
            method: 'POST',
            url: '/api/user/signup',
            payload: { username, email: `${username}@example.test`, password: 'password123' },
          }),
        visible: async () =>
          (await t.db
            .selectFrom('users')
            .select('id')
            .where('username', '=', username)
            .executeTakeFirst()) !== undefined,
      }
    },
  },
  {
    event: 'user.profile_changed',
    fails: { table: 'users', on: 'UPDATE' },
    async prepare() {
      const user = await createUser(t.db)
      const username = `renamed_${randomUUID().slice(0, 8)}`
      return {
        write: () =>
          t.app.inject({
            method: 'PUT',
            url: '/api/users',
            headers: authHeader(loginAs(t.app, user)),
            payload: { username, email: user.email },
          }),
        visible: async () =>
          (await t.db.selectFrom('users').select('username').where('id', '=', user.id).executeTakeFirst())
            ?.username === username,
      }
    },
  },
  {
    event: 'user.role_changed',
    fails: { table: 'users', on: 'UPDATE' },
    async prepare() {
      const moderator = await createUser(t.db, { role: 'moderator' })
      const member = await createUser(t.db)
      return {
        write: () =>
          t.app.inject({
            method: 'PUT',
            url: `/api/mod/users/${member.id}/role`,
            headers: authHeader(loginAs(t.app, moderator)),
            payload: { role: 'contributor', reason: 'Helpful answers for months' },
          }),
        visible: async () =>
          (await t.db.selectFrom('users').select('role').where('id', '=', member.id).executeTakeFirst())
            ?.role === 'contributor',
      }
    },
  },
  {
    event: 'user.password_changed',
    fails: { table: 'users', on: 'UPDATE' },
    async prepare() {
      const member = await createUser(t.db)
      return {
        write: () =>
          t.app.inject({
            method: 'PUT',
            url: '/api/users',
            headers: authHeader(loginAs(t.app, member)),
            payload: { currentPassword: member.password, newPassword: 'a-brand-new-password' },
          }),
        visible: () => tokenVersionBumped(member),
      }
    },
  },
  {
    event: 'session.ended',
    fails: { table: 'web_sessions', on: 'UPDATE' },
    async prepare() {
      const member = await createUser(t.db)
      const browser = await signInBrowser(t.app, member)
      return {
        write: () => t.app.inject({ method: 'POST', url: '/api/user/logout', headers: browser.writeHeaders }),
        visible: async () =>
          (
            await t.db
              .selectFrom('web_sessions')
              .select('ended_at')
              .where('user_id', '=', member.id)
              .executeTakeFirst()
          )?.ended_at != null,
      }
    },
  },
  {
    event: 'sessions.ended_elsewhere',
    fails: { table: 'users', on: 'UPDATE' },
    async prepare() {
      const member = await createUser(t.db)
      const browser = await signInBrowser(t.app, member)
      return {
        write: () =>
          t.app.inject({
            method: 'POST',
            url: '/api/users/me/sessions/end-others',
            headers: browser.writeHeaders,
          }),
        visible: () => tokenVersionBumped(member),
      }
    },
  },
  {
    event: 'application.submitted',
    fails: { table: 'applications', on: 'INSERT' },
    async prepare() {
      const member = await createUser(t.db)
      return {
        write: () => applyAs(member),
        visible: async () =>
          (await t.db
            .selectFrom('applications')
            .select('id')
            .where('user_id', '=', member.id)
            .executeTakeFirst()) !== undefined,
      }
    },
  },
  {
    event: 'application.decided',
    fails: { table: 'applications', on: 'UPDATE' },
    async prepare() {
      const moderator = await createUser(t.db, { role: 'moderator' })
      const member = await createUser(t.db)
      const applied = await applyAs(member)
      expect(applied.statusCode).toBe(201)
      const id: string = applied.json().application._id
      return {
        write: () =>
          t.app.inject({
            method: 'POST',
            url: `/api/mod/applications/${id}/decision`,
            headers: authHeader(loginAs(t.app, moderator)),
            payload: { decision: 'accept', message: 'Welcome aboard' },
          }),
        visible: async () =>
          (await t.db.selectFrom('applications').select('status').where('id', '=', id).executeTakeFirst())
            ?.status === 'accepted',
      }
    },
  },
  {
    event: 'post.save_changed',
    fails: { table: 'saves', on: 'INSERT' },
    async prepare() {
      const { post } = await contributorWithPost()
      const member = await createUser(t.db)
      return {
        write: () =>
          t.app.inject({
            method: 'POST',
            url: `/api/posts/${post.id}/save`,
            headers: authHeader(loginAs(t.app, member)),
          }),
        visible: async () =>
          (await t.db.selectFrom('posts').select('saved_count').where('id', '=', post.id).executeTakeFirst())
            ?.saved_count === 1,
      }
    },
  },
  {
    event: 'collection.changed',
    fails: { table: 'collections', on: 'INSERT' },
    async prepare() {
      const member = await createUser(t.db)
      const name = `Kept ${randomUUID().slice(0, 8)}`
      return {
        write: () =>
          t.app.inject({
            method: 'POST',
            url: '/api/collections',
            headers: authHeader(loginAs(t.app, member)),
            payload: { name, public: true },
          }),
        visible: async () =>
          (await t.db.selectFrom('collections').select('id').where('name', '=', name).executeTakeFirst()) !==
          undefined,
      }
    },
  },
  {
    event: 'collection.deleted',
    fails: { table: 'collections', on: 'DELETE' },
    async prepare() {
      const member = await createUser(t.db)
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/collections',
        headers: authHeader(loginAs(t.app, member)),
        payload: { name: `Gone ${randomUUID().slice(0, 8)}`, public: false },
      })
      expect(created.statusCode).toBe(201)
      const id: string = created.json()._id
      return {
        write: () =>
          t.app.inject({
            method: 'DELETE',
            url: `/api/collections/${id}`,
            headers: authHeader(loginAs(t.app, member)),
          }),
        visible: async () =>
          (await t.db.selectFrom('collections').select('id').where('id', '=', id).executeTakeFirst()) ===
          undefined,
      }
    },
  },
  {
    event: 'views.counted',
    fails: { table: 'post_views', on: 'INSERT' },
    async prepare() {
      const { post } = await contributorWithPost()
      return {
        async write() {
          const read = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` })
          expect(read.statusCode).toBe(200)
          await t.app.viewCounter.flush()
        },
        visible: async () => {
          const row = await t.db
            .selectFrom('posts')
            .select('view_count')
            .where('id', '=', post.id)
            .executeTakeFirst()
          return row?.view_count === 1
        },
      }
    },
  },
  {
    event: 'account.deleted',
    fails: { table: 'users', on: 'DELETE' },
    async prepare() {
      const member = await createUser(t.db)
      return {
        write: () =>
          t.app.inject({
            method: 'DELETE',
            url: '/api/users/me',
            headers: authHeader(loginAs(t.app, member)),
            payload: { password: member.password, content: 'remove' },
          }),
        visible: async () =>
          (await t.db.selectFrom('users').select('id').where('id', '=', member.id).executeTakeFirst()) ===
          undefined,
      }
    },
  },
]

/** Runs the case's write; for each event of its name delivered meanwhile, whether the probe saw the write. */
async function deliveredDuring(c: Case): Promise<boolean[]> {
  const { write, visible } = await c.prepare()
  const probes: Array<Promise<boolean | 'other'>> = []
  const stop = t.app.domainEvents.observe((event) => {
    if (event.name === c.event) probes.push(visible(event))
  })
  try {
    await write()
  } finally {
    stop()
  }
  return (await Promise.all(probes)).filter((seen) => seen !== 'other')
}

/**
 * Fails at COMMIT every transaction that ran `on` on `table`, while `fn` runs, and answers whether a
 * commit was refused (a sequence counts the refusals: sequences are not rolled back).
 */
async function withFailingCommit(table: string, on: string, fn: () => Promise<void>): Promise<boolean> {
  const name = `fail_${randomUUID().replaceAll('-', '')}`
  await sql`CREATE SEQUENCE ${sql.id(name)}`.execute(t.db)
  await sql`CREATE FUNCTION ${sql.id(name)}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM nextval(TG_NAME::regclass); RAISE EXCEPTION 'commit refused by the test'; END $$`.execute(
    t.db,
  )
  await sql`CREATE CONSTRAINT TRIGGER ${sql.id(name)} AFTER ${sql.raw(on)} ON ${sql.id(table)}
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${sql.id(name)}()`.execute(t.db)
  try {
    await fn()
    const { rows } = await sql<{
      refused: boolean
    }>`SELECT is_called AS refused FROM ${sql.id(name)}`.execute(t.db)
    return rows[0]?.refused ?? false
  } finally {
    await sql`DROP TRIGGER ${sql.id(name)} ON ${sql.id(table)}`.execute(t.db)
    await sql`DROP FUNCTION ${sql.id(name)}()`.execute(t.db)
    await sql`DROP SEQUENCE ${sql.id(name)}`.execute(t.db)
  }
}

describe('domain events', () => {
  it('every event has a case here and at least one reaction', () => {
    const events = cases.map((c) => c.event).sort()
    const probe = [
      'account.deleted',
      'application.decided',
      'application.submitted',
      'collection.changed',
      'collection.deleted',
      'comment.added',
      'comment.edited',
      'comment.removed',
      'post.created',
      'post.deleted',
      'post.edited',
      'post.save_changed',
      'session.ended',
      'sessions.ended_elsewhere',
      'user.password_changed',
      'user.profile_changed',
      'user.role_changed',
      'user.signed_up',
      'views.counted',
      'vote.cast',
      'votes.settled',
    ] satisfies DomainEventName[]
    expect(events).toEqual(probe)
    for (const name of probe) expect(t.app.domainEvents.reactionsTo(name).length).toBeGreaterThan(0)
  })

  for (const c of cases) {
    it(`${c.event}: delivered once, after its write committed`, async () => {
      const seen = await deliveredDuring(c)
      expect(seen).toEqual([true])
    })

    it(`${c.event}: not delivered when the write rolls back`, async () => {
      const prepared = await c.prepare()
      let delivered = 0
      const stop = t.app.domainEvents.observe((event) => {
        if (event.name === c.event) delivered += 1
      })
      let refused = false
      try {
        refused = await withFailingCommit(c.fails.table, c.fails.on, async () => {
          await prepared.write()
        })
      } finally {
        stop()
      }
      // The write reached its commit (and raised its event) before the commit was refused.
      expect(refused).toBe(true)
      expect(delivered).toBe(0)
    })
  }

  it('a reaction that throws is logged and never fails the write or the other reactions', async () => {
    const { author, post } = await contributorWithPost()
    const title = `Still edited ${randomUUID().slice(0, 8)}`
    const published: string[] = []
    const live = t.app.live
    const original = live.publish
    // The first reaction of post.edited publishes on the live hub: make it throw. Only that post's topic
    // is counted: a background batch of an earlier test may publish on another topic meanwhile.
    live.publish = (async (topic: string, event: string) => {
      if (topic === `post:${post.id}`) published.push(event)
      throw new Error('bus down')
    }) as typeof live.publish
    try {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/posts/update',
        headers: authHeader(loginAs(t.app, author)),
        payload: { id: post.id, title },
      })
      expect(response.statusCode).toBe(200)
    } finally {
      live.publish = original
    }
    expect(published).toEqual(['post.updated'])
    expect(await postTitle(post.id)).toBe(title)
  })
})
