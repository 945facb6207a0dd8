import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { sleep } from '../../../test/events.ts'
import { createPost, createUser } from '../../../test/factories.ts'
import { pruneViews, startViewPruning, VIEW_RETENTION_MS } from './service.ts'

let t: TestApp
let postId: string
let blogId: string

beforeAll(async () => {
  t = await buildTestApp()
  const author = await createUser(t.db, { role: 'contributor' })
  postId = (await createPost(t.db, { authorId: author.id })).id
  blogId = (
    await t.db
      .insertInto('blogs')
      .values({
        slug: 'pruning',
        title: 'Pruning',
        author_name: 'Author',
        metadescription: 'm',
        content: '<p>c</p>',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
})
afterAll(async () => {
  await t?.close()
})

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)

/** Inserts `count` view rows of each table in the hour bucket `hours` ago. */
async function insertViews(hours: number, count: number, prefix: string): Promise<void> {
  const keys = Array.from({ length: count }, (_, i) => `${prefix}-${i}`)
  const bucket = hoursAgo(hours)
  await t.db
    .insertInto('post_views')
    .values(keys.map((viewer_key) => ({ post_id: postId, viewer_key, bucket })))
    .execute()
  await t.db
    .insertInto('blog_views')
    .values(keys.map((viewer_key) => ({ blog_id: blogId, viewer_key, bucket })))
    .execute()
}

async function countViews(): Promise<{ posts: number; blogs: number }> {
  const posts = await t.db
    .selectFrom('post_views')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  const blogs = await t.db
    .selectFrom('blog_views')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return { posts: Number(posts.n), blogs: Number(blogs.n) }
}

describe('view pruning', () => {
  it('deletes view rows of buckets before the cutoff, in batches, and keeps the recent ones', async () => {
    await insertViews(5, 25, 'old')
    await insertViews(0, 3, 'now')
    // A batch of 10 takes three statements per table for 25 old rows.
    const deleted = await pruneViews(t.db, new Date(Date.now() - VIEW_RETENTION_MS), 10)
    expect(deleted).toBe(50)
    expect(await countViews()).toEqual({ posts: 3, blogs: 3 })
    // The recent rows still stop a repeat visit in the same hour from counting.
    expect(await pruneViews(t.db, new Date(Date.now() - VIEW_RETENTION_MS))).toBe(0)
  })

  it('runs on its own every interval until stopped', async () => {
    await insertViews(3, 4, 'timer')
    const warnings: unknown[] = []
    const log = { debug() {}, info() {}, warn: (obj: object) => warnings.push(obj), error() {} }
    const pruner = startViewPruning({ db: t.db, log }, 50)
    try {
      // Each run prunes post views, then blog views: wait for both (generous for a loaded machine).
      const deadline = Date.now() + 15_000
      for (let views = await countViews(); views.posts + views.blogs > 6 && Date.now() < deadline; ) {
        await sleep(50)
        views = await countViews()
      }
      expect(await countViews()).toEqual({ posts: 3, blogs: 3 })
      expect(warnings).toEqual([])
    } finally {
      pruner.stop()
    }
  })
})

describe('web session pruning', () => {
  it('deletes sessions that ended or expired over a day ago, and keeps the rest', async () => {
    const member = await createUser(t.db)
    const session = (label: string, values: { expires: number; ended?: number; created?: number }) => ({
      user_id: member.id,
      secret_hash: label.repeat(64).slice(0, 64),
      token_version: 0,
      method: 'password' as const,
      created_at: hoursAgo(values.created ?? 72),
      expires_at: hoursAgo(values.expires),
      ended_at: values.ended === undefined ? null : hoursAgo(values.ended),
    })
    await t.db
      .insertInto('web_sessions')
      .values([
        session('a', { expires: 48 }),
        session('b', { expires: -1, ended: 30 }),
        session('c', { expires: 2 }),
        session('d', { expires: -1, created: 0.5 }),
      ])
      .execute()
    const pruner = startViewPruning({ db: t.db, log: { debug() {}, info() {}, warn() {}, error() {} } }, 50)
    try {
      const left = async () =>
        (
          await t.db
            .selectFrom('web_sessions')
            .select('secret_hash')
            .where('user_id', '=', member.id)
            .execute()
        )
          .map((row) => row.secret_hash[0])
          .sort()
      const deadline = Date.now() + 15_000
      while ((await left()).length > 2 && Date.now() < deadline) await sleep(50)
      expect(await left()).toEqual(['c', 'd'])
    } finally {
      await pruner.stop()
    }
  })
})
