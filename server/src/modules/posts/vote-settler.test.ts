import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { authHeader, createPost, createUser, loginAs, type TestUser } from '../../../test/factories.ts'
import { POINTS } from './points.ts'
import { SETTLE_LOCK_KEY, VOTE_SETTLE_DELAY_MS } from './vote-settler.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

function voteAs(user: TestUser, postId: string, direction: 'upvote' | 'downvote' = 'upvote') {
  return t.app.inject({
    method: 'POST',
    url: `/api/posts/${direction}/${postId}`,
    headers: authHeader(loginAs(t.app, user)),
  })
}

async function pointsOf(userId: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('points')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.points
}

async function queuedEffects(): Promise<number> {
  const row = await t.db
    .selectFrom('vote_effects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

async function ledgerOf(userId: string, postId: string) {
  return t.db
    .selectFrom('points_ledger')
    .select(['delta', 'reason', 'actor_id'])
    .where('user_id', '=', userId)
    .where('subject_id', '=', postId)
    .execute()
}

describe('vote effects', () => {
  it('settles a vote’s points, ledger entry and upvote notification shortly after it, unasked', async () => {
    const author = await createUser(t.db, { role: 'contributor', points: 5 })
    const post = await createPost(t.db, { authorId: author.id })
    const voter = await createUser(t.db)
    const started = Date.now()
    expect((await voteAs(voter, post.id)).statusCode).toBe(200)
    await expect
      .poll(() => pointsOf(author.id), { timeout: 3000, interval: 20 })
      .toBe(5 + POINTS.upvoteReceived)
    // Within a few settle delays, not at the 5 s sweep.
    expect(Date.now() - started).toBeLessThan(VOTE_SETTLE_DELAY_MS * 20)
    expect(await ledgerOf(author.id, post.id)).toEqual([
      { delta: POINTS.upvoteReceived, reason: 'upvote_received', actor_id: voter.id },
    ])
    const notices = await t.db
      .selectFrom('notifications')
      .select(['kind', 'count', 'text'])
      .where('user_id', '=', author.id)
      .execute()
    expect(notices).toEqual([
      { kind: 'upvotes', count: 1, text: `Your command "${post.title}" got 1 new upvote` },
    ])
    expect(await queuedEffects()).toBe(0)
  })

  it('applies each effect once when several settle runs race, in one batch per author', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const posts = await Promise.all([1, 2, 3].map(() => createPost(t.db, { authorId: author.id })))
    const voters = await Promise.all(Array.from({ length: 30 }, () => createUser(t.db)))
    // Ten voters on each post; every fifth downvotes.
    const responses = await Promise.all(
      voters.map((voter, i) => voteAs(voter, posts[i % 3]?.id ?? '', i % 5 === 0 ? 'downvote' : 'upvote')),
    )
    expect(responses.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([])
    await Promise.all([
      t.app.voteSettler.settleAll(),
      t.app.voteSettler.settleAll(),
      t.app.voteSettler.settleAll(),
    ])

    const downvotes = voters.filter((_, i) => i % 5 === 0).length
    const upvotes = voters.length - downvotes
    const expected = upvotes * POINTS.upvoteReceived + downvotes * POINTS.downvoteReceived
    expect(await pointsOf(author.id)).toBe(expected)
    const entries = await t.db
      .selectFrom('points_ledger')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('delta').as('sum')])
      .where('user_id', '=', author.id)
      .executeTakeFirstOrThrow()
    expect({ n: Number(entries.n), sum: Number(entries.sum) }).toEqual({ n: voters.length, sum: expected })
    // One unread batch row per post, counting that post's upvotes.
    const notices = await t.db
      .selectFrom('notifications')
      .select(['subject_id', 'count'])
      .where('user_id', '=', author.id)
      .where('kind', '=', 'upvotes')
      .execute()
    const upvotesOn = (postId: string) =>
      voters.filter((_, i) => posts[i % 3]?.id === postId && i % 5 !== 0).length
    expect(notices.map((n) => [n.subject_id, n.count]).sort()).toEqual(
      posts.map((post) => [post.id, upvotesOn(post.id)]).sort(),
    )
    expect(await queuedEffects()).toBe(0)
  })

  it('leaves an author whose post is deleted where they were, whether its votes settled first or not', async () => {
    const author = await createUser(t.db, { role: 'contributor', points: 40 })
    const [settled, pending] = await Promise.all([
      createPost(t.db, { authorId: author.id }),
      createPost(t.db, { authorId: author.id }),
    ])
    const voter = await createUser(t.db)
    expect((await voteAs(voter, settled.id)).statusCode).toBe(200)
    await t.app.voteSettler.settleAll()
    expect(await pointsOf(author.id)).toBe(40 + POINTS.upvoteReceived)

    const remove = (postId: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/posts/${postId}`,
        headers: authHeader(loginAs(t.app, author)),
      })
    // Settled first: the deletion takes its points back.
    expect((await remove(settled.id)).statusCode).toBe(200)
    expect(await pointsOf(author.id)).toBe(40)

    // Still queued when the post goes: the settler drops it. The settle lock is held meanwhile (on
    // PGlite's single connection the app's own timer may not have run yet either way).
    const hold = async (fn: () => Promise<void>) => {
      if (!process.env.DATABASE_URL) return fn()
      await t.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${SETTLE_LOCK_KEY})`.execute(trx)
        await fn()
      })
    }
    await hold(async () => {
      expect((await voteAs(voter, pending.id)).statusCode).toBe(200)
      expect((await remove(pending.id)).statusCode).toBe(200)
    })
    await t.app.voteSettler.settleAll()
    expect(await pointsOf(author.id)).toBe(40)
    expect(await ledgerOf(author.id, pending.id)).toEqual([])
    expect(await queuedEffects()).toBe(0)
  })
})
