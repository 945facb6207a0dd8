import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { recordEvents } from '../../../test/events.ts'
import {
  createCategory,
  createPostViaApi,
  createUser,
  headersFor,
  type TestUser,
} from '../../../test/factories.ts'
import type { PostRevisionsResponse } from '../../contract/post-revisions.ts'
import type { PostCard, PostDetailResponse } from '../../contract/posts.ts'
import { REVISION_MESSAGES } from './revisions.ts'

let t: TestApp
let author: TestUser
let moderator: TestUser
let member: TestUser
let categoryId: string

beforeAll(async () => {
  t = await buildTestApp()
  author = await createUser(t.db, { role: 'contributor' })
  moderator = await createUser(t.db, { role: 'moderator' })
  member = await createUser(t.db, { role: 'member' })
  categoryId = (await createCategory(t.db)).id
})
afterAll(async () => {
  await t?.close()
})

const unique = () => randomUUID().slice(0, 8)

async function newPost(): Promise<PostCard> {
  const tag = unique()
  return createPostViaApi(t.app, author, {
    title: `Original title ${tag}`,
    command: `grep -rn original-${tag} .`,
    description: `<p>The original description of ${tag}.</p>`,
    category: categoryId,
  })
}

const update = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/posts/update', headers: headersFor(t.app, user), payload })

const history = (key: string) => t.app.inject({ url: `/api/posts/${key}/revisions` })

const rollback = (user: TestUser | null, postId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/mod/posts/${postId}/rollback`,
    headers: headersFor(t.app, user),
    payload,
  })

async function revisionsOf(key: string): Promise<PostRevisionsResponse> {
  const res = await history(key)
  expect(res.statusCode).toBe(200)
  return res.json<PostRevisionsResponse>()
}

const auditOf = (postId: string) =>
  t.db.selectFrom('moderation_log').selectAll().where('subject_id', '=', postId).execute()

describe('post revisions', () => {
  it('keeps the replaced version of each edit, newest first, with who made each version', async () => {
    const post = await newPost()
    expect((await revisionsOf(post.slug)).revisions).toEqual([])

    const second = `Second title ${unique()}`
    expect((await update(author, { id: post._id, title: second })).statusCode).toBe(200)
    const command = `grep -rn third-${unique()} .`
    expect((await update(moderator, { id: post._id, command })).statusCode).toBe(200)

    const { current, revisions, postId, slug } = await revisionsOf(post._id)
    expect({ postId, slug }).toEqual({ postId: post._id, slug: expect.stringContaining('second-title') })
    expect(current).toMatchObject({
      title: second,
      command,
      change: 'edit',
      madeBy: { username: moderator.username },
    })
    expect(revisions.map((r) => [r.title, r.command, r.change, r.madeBy?.username])).toEqual([
      [second, post.command, 'edit', author.username],
      [post.title, post.command, 'created', author.username],
    ])
    expect(revisions[1]).toMatchObject({
      description: post.description,
      descriptionText: expect.stringContaining('The original description'),
      tags: post.tags,
      category: { _id: categoryId },
      madeAt: post.createdAt,
    })
    expect(Date.parse(current.madeAt)).toBeGreaterThanOrEqual(Date.parse(revisions[0]?.madeAt ?? ''))
  })

  it('keeps no revision for an edit that changes nothing shown', async () => {
    const post = await newPost()
    const same = await update(author, { id: post._id, title: post.title, description: post.description })
    expect(same.statusCode).toBe(200)
    expect((await revisionsOf(post.slug)).revisions).toEqual([])
  })

  it('answers the history to guests by id, slug or old slug, and 404 for an unknown post', async () => {
    const post = await newPost()
    await update(author, { id: post._id, title: `Renamed ${unique()}` })
    const byOldSlug = await revisionsOf(post.slug)
    expect(byOldSlug.postId).toBe(post._id)
    expect(byOldSlug.slug).not.toBe(post.slug)
    expect(byOldSlug.revisions).toHaveLength(1)
    const missing = await history(`no-such-post-${unique()}`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
  })

  it('rolls back for a moderator: the old version returns, the replaced one is kept, live and audited', async () => {
    const post = await newPost()
    const otherCategory = await createCategory(t.db)
    const edited = {
      title: `Vandalised ${unique()}`,
      command: `rm -rf ./vandal-${unique()}`,
      description: '<p>Nothing useful is written here anymore.</p>',
      category: otherCategory.id,
    }
    expect((await update(author, { id: post._id, ...edited })).statusCode).toBe(200)
    const [original] = (await revisionsOf(post._id)).revisions
    if (!original) throw new Error('the edit kept no revision')

    const { events, stop } = recordEvents(t.bus)
    const res = await rollback(moderator, post._id, {
      revisionId: original._id,
      reason: "Restoring the author's text",
    }).finally(stop)
    expect(res.statusCode).toBe(200)
    const restored = res.json<{ post: PostCard }>().post
    expect(restored).toMatchObject({
      _id: post._id,
      slug: post.slug,
      title: post.title,
      command: post.command,
      description: post.description,
      tags: post.tags,
      category: { _id: categoryId },
    })
    const page = (await t.app.inject({ url: `/api/posts/${post.slug}` })).json<PostDetailResponse>()
    expect(page.post).toMatchObject({ title: post.title, command: post.command })

    const after = await revisionsOf(post._id)
    expect(after.current).toMatchObject({
      title: post.title,
      change: 'rollback',
      madeBy: { username: moderator.username },
    })
    expect(after.revisions.map((r) => r.title)).toEqual([edited.title, post.title])

    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          topic: `post:${post._id}`,
          event: 'post.updated',
          data: expect.objectContaining({ title: post.title }),
        }),
        expect.objectContaining({ topic: 'mod', event: 'activity' }),
      ]),
    )
    expect(await auditOf(post._id)).toEqual([
      expect.objectContaining({
        action: 'post.rolled_back',
        subject_type: 'post',
        subject_title: post.title,
        moderator_id: moderator.id,
        reason: "Restoring the author's text",
      }),
    ])
    // The category counts follow the rollback as they follow an edit.
    const counts = await t.db
      .selectFrom('categories')
      .select(['id', 'post_count'])
      .where('id', 'in', [categoryId, otherCategory.id])
      .execute()
    expect(counts.find((c) => c.id === otherCategory.id)?.post_count).toBe(0)
  })

  it('answers 401 to guests and 403 to members and the post author', async () => {
    const post = await newPost()
    await update(author, { id: post._id, title: `Changed ${unique()}` })
    const [revision] = (await revisionsOf(post._id)).revisions
    const body = { revisionId: revision?._id, reason: 'Put it back please' }
    expect((await rollback(null, post._id, body)).statusCode).toBe(401)
    for (const user of [member, author]) {
      const res = await rollback(user, post._id, body)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' })
    }
    expect((await revisionsOf(post._id)).revisions).toHaveLength(1)
  })

  it('answers 404, 400 and 422 to bad rollbacks', async () => {
    const post = await newPost()
    const other = await newPost()
    await update(author, { id: post._id, title: `Changed ${unique()}` })
    await update(author, { id: other._id, title: `Changed too ${unique()}` })
    const [revision] = (await revisionsOf(post._id)).revisions
    const [othersRevision] = (await revisionsOf(other._id)).revisions
    const reason = 'Put it back please'
    const cases: [string, Record<string, unknown>, number, string?][] = [
      [randomUUID(), { revisionId: revision?._id, reason }, 404],
      ['not-a-uuid', { revisionId: revision?._id, reason }, 404],
      [post._id, { revisionId: randomUUID(), reason }, 404, REVISION_MESSAGES.notFound],
      [post._id, { revisionId: othersRevision?._id, reason }, 404, REVISION_MESSAGES.notFound],
      [post._id, { reason }, 400],
      [post._id, { revisionId: revision?._id, reason, title: 'mass assignment' }, 400],
      [post._id, { revisionId: revision?._id }, 400],
      [post._id, { revisionId: revision?._id, reason: '  ' }, 422],
    ]
    for (const [id, body, status, message] of cases) {
      const res = await rollback(moderator, id, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
      expect(res.json()).toMatchObject({ statusCode: status, ...(message ? { message } : {}) })
    }
    // Rolled back once, the same version again is already what the post shows.
    expect((await rollback(moderator, post._id, { revisionId: revision?._id, reason })).statusCode).toBe(200)
    const again = await rollback(moderator, post._id, { revisionId: revision?._id, reason })
    expect(again.statusCode).toBe(422)
    expect(again.json()).toMatchObject({ message: REVISION_MESSAGES.unchanged })
  })

  it('changes nothing when a rollback fails: another post took the old command since', async () => {
    const post = await newPost()
    const command = `grep -rn moved-${unique()} .`
    await update(author, { id: post._id, command })
    const [revision] = (await revisionsOf(post._id)).revisions
    // Another post takes the command this post had.
    const taker = await createPostViaApi(t.app, author, {
      title: `Taker ${unique()}`,
      command: post.command,
      description: '<p>This one has the old command now.</p>',
      category: categoryId,
    })
    expect(taker.command).toBe(post.command)

    const res = await rollback(moderator, post._id, {
      revisionId: revision?._id,
      reason: 'Put it back please',
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ statusCode: 409, error: 'Conflict' })
    const after = await revisionsOf(post._id)
    expect(after.current.command).toBe(command)
    expect(after.revisions).toHaveLength(1)
    expect(await auditOf(post._id)).toEqual([])
  })
})

describe('a rollback that fails after writing', () => {
  it('leaves the post, its revisions and the audit log as they were', async () => {
    const post = await newPost()
    const title = `Edited ${unique()}`
    await update(author, { id: post._id, title })
    const [revision] = (await revisionsOf(post._id)).revisions
    // The audit entry is the rollback's last write: refusing it proves the earlier writes go with it.
    await sql`CREATE FUNCTION refuse_audit_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused for the test'; END $$`.execute(t.db)
    await sql`CREATE TRIGGER refuse_audit_for_test BEFORE INSERT ON moderation_log
      FOR EACH ROW EXECUTE FUNCTION refuse_audit_for_test()`.execute(t.db)
    try {
      const res = await rollback(moderator, post._id, {
        revisionId: revision?._id,
        reason: 'Put it back please',
      })
      expect(res.statusCode).toBe(500)
    } finally {
      await sql`DROP TRIGGER refuse_audit_for_test ON moderation_log`.execute(t.db)
      await sql`DROP FUNCTION refuse_audit_for_test()`.execute(t.db)
    }
    const after = await revisionsOf(post._id)
    expect(after.current.title).toBe(title)
    expect(after.revisions.map((r) => r.title)).toEqual([post.title])
    const page = (await t.app.inject({ url: `/api/posts/${after.slug}` })).json<PostDetailResponse>()
    expect(page.post.title).toBe(title)
    expect(await auditOf(post._id)).toEqual([])
  })
})
