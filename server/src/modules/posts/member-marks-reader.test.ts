import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  authHeader,
  createCategory,
  createPost,
  createUser,
  createVote,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import { handDrivenLive } from '../../../test/hand-driven-live.ts'
import { countStatements, StatementCounter } from '../../../test/statement-counter.ts'
import { createMemberMarksReader, MARKS_KEPT_MS } from './member-marks-reader.ts'

/*
 * A member's votes and saves are kept per member with the page caches on: a page they read again costs
 * no statement (their token's row is kept too: accounts/session-users.ts), and every vote or save,
 * theirs or anyone's, is seen on the next read.
 */

let t: TestApp
let author: TestUser
let member: TestUser
let other: TestUser
const postIds: string[] = []
let categorySlug = ''

beforeAll(async () => {
  t = await buildTestApp({ wrapDb: (db) => db.withPlugin(new StatementCounter()) })
  ;[author, member, other] = await Promise.all([
    createUser(t.db, { role: 'contributor' }),
    createUser(t.db),
    createUser(t.db),
  ])
  const category = await createCategory(t.db, { name: 'Marks', slug: 'marks' })
  categorySlug = category.slug
  for (let i = 0; i < 3; i++) {
    const post = await createPost(t.db, {
      authorId: author.id,
      categoryId: category.id,
      command: `echo marks-${i}`,
    })
    postIds.push(post.id)
  }
})
afterAll(async () => {
  await t?.close()
})

interface BrowseBody {
  posts: Array<{ _id: string; isSaved: boolean }>
  myReactedPosts: { likedPosts: string[]; dislikedPosts: string[] }
}

/** The member's browse page of the category, and how many statements it took. */
async function browseAs(user: TestUser): Promise<{ body: BrowseBody; statements: number }> {
  const { result, statements } = await countStatements(async () =>
    t.app.inject({
      url: `/api/website/browse?category=${categorySlug}`,
      headers: authHeader(loginAs(t.app, user)),
    }),
  )
  expect(result.statusCode).toBe(200)
  return { body: result.json(), statements }
}

const savedIn = (body: BrowseBody) => body.posts.filter((post) => post.isSaved).map((post) => post._id)

describe("a member's marks with the page caches on", () => {
  it('are read once, then a page read again costs no statement', async () => {
    await browseAs(member)
    const again = await browseAs(member)
    expect(again.statements).toBe(0)
    expect(again.body.myReactedPosts).toEqual({ likedPosts: [], dislikedPosts: [] })
  })

  it("show the member's own vote and save on the very next read", async () => {
    await browseAs(member)
    const headers = authHeader(loginAs(t.app, member))
    const [voted, saved] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/posts/downvote/${postIds[0]}`, headers }),
      t.app.inject({ method: 'POST', url: `/api/posts/${postIds[1]}/save`, headers }),
    ])
    expect([voted.statusCode, saved.statusCode]).toEqual([200, 200])
    const { body } = await browseAs(member)
    expect(body.myReactedPosts).toEqual({ likedPosts: [], dislikedPosts: [postIds[0]] })
    expect(savedIn(body)).toEqual([postIds[1]])
    const unsaved = await t.app.inject({ method: 'DELETE', url: `/api/posts/${postIds[1]}/save`, headers })
    expect(unsaved.statusCode).toBe(200)
    expect(savedIn((await browseAs(member)).body)).toEqual([])
  })

  it("read a post's marks again after anyone's vote on it, and only that post's", async () => {
    await browseAs(member)
    const voted = await t.app.inject({
      method: 'POST',
      url: `/api/posts/upvote/${postIds[2]}`,
      headers: authHeader(loginAs(t.app, other)),
    })
    expect(voted.statusCode).toBe(200)
    const { body, statements } = await browseAs(member)
    // The member's marks of the one post the vote touched.
    expect(statements).toBe(1)
    expect(body.myReactedPosts.likedPosts).toEqual([])
    expect((await browseAs(member)).statements).toBe(0)
  })
})

describe('the reader itself', () => {
  /** A reader over the test database following a live channel the test drives by hand. */
  function readerWithHandDrivenLive() {
    const { live, event, resumed } = handDrivenLive()
    const reader = createMemberMarksReader({ db: t.db, live })
    const changed = (postId: string) => event(`post:${postId}`, 'post.votes')
    return { reader, changed, resumed }
  }

  it('keeps nothing it read while an event of the post landed', async () => {
    const voter = await createUser(t.db)
    const post = postIds[0] as string
    const { reader, changed } = readerWithHandDrivenLive()
    const reading = reader.read(voter.id, [post])
    // The statement is on its way; the vote's event arrives before its answer.
    changed(post)
    expect((await reading).votes.size).toBe(0)
    await createVote(t.db, { postId: post, userId: voter.id, value: 1 })
    expect((await reader.read(voter.id, [post])).votes.get(post)).toBe(1)
  })

  it('forgets everything when the live channel was away (events may be lost)', async () => {
    const voter = await createUser(t.db)
    const post = postIds[1] as string
    const { reader, resumed } = readerWithHandDrivenLive()
    expect((await reader.read(voter.id, [post])).votes.size).toBe(0)
    // Written without an event, as if its event had been lost.
    await createVote(t.db, { postId: post, userId: voter.id, value: -1 })
    expect((await reader.read(voter.id, [post])).votes.size).toBe(0)
    resumed()
    expect((await reader.read(voter.id, [post])).votes.get(post)).toBe(-1)
  })

  it("reads a member's marks again once they are a minute old, events or not", async () => {
    const voter = await createUser(t.db)
    const post = postIds[0] as string
    const { reader } = readerWithHandDrivenLive()
    expect((await reader.read(voter.id, [post])).votes.size).toBe(0)
    await createVote(t.db, { postId: post, userId: voter.id, value: 1 })
    expect((await reader.read(voter.id, [post])).votes.size).toBe(0)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + MARKS_KEPT_MS + 1)
      expect((await reader.read(voter.id, [post])).votes.get(post)).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('reads every time without a live channel (PAGE_CACHE=false)', async () => {
    const voter = await createUser(t.db)
    const post = postIds[2] as string
    const reader = createMemberMarksReader({ db: t.db, live: null })
    expect((await reader.read(voter.id, [post])).votes.size).toBe(0)
    await createVote(t.db, { postId: post, userId: voter.id, value: 1 })
    expect((await reader.read(voter.id, [post])).votes.get(post)).toBe(1)
  })
})
