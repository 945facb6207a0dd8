import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { CategoryRow } from '@bashboard/db'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { recordEvents } from '../../../test/events.ts'
import { authHeader, createCategory, createUser, loginAs, type TestUser } from '../../../test/factories.ts'
import { multipartBody, pngBytes } from '../../../test/uploads.ts'
import type { LeaderboardEntry, LeaderboardResponse } from '../../contract/leaderboard.ts'
import { ACCOUNT_EXPORT_FORMAT, type AccountExport, LEAVING_MESSAGES } from '../../contract/leaving.ts'
import { ACCOUNT_MESSAGES } from '../../contract/limits.ts'
import { DELETED_MEMBER_ID, DELETED_MEMBER_NAME } from '../../lib/deleted-member.ts'
import { exportFilename } from './export.ts'

let t: TestApp
let category: CategoryRow

beforeAll(async () => {
  t = await buildTestApp()
  category = await createCategory(t.db)
})
afterAll(async () => {
  await t?.close()
})

const session = (user: TestUser) => authHeader(loginAs(t.app, user))

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
}

async function ok<T>(response: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status)
  return response.json() as T
}

let sequence = 0
/** A post by `author` through the API (so it earns its +10 and is counted as in production). */
async function postBy(author: TestUser, title = 'Command'): Promise<{ _id: string; slug: string }> {
  sequence += 1
  const tag = `${sequence}-${randomUUID().slice(0, 8)}`
  const res = await call('POST', '/api/posts/create', session(author), {
    title: `${title} ${tag}`,
    command: `echo leaving-${tag}`,
    description: '<p>Prints a word to the terminal.</p>',
    category: category.id,
  })
  return (await ok<{ post: { _id: string; slug: string } }>(res, 201)).post
}

async function castVote(user: TestUser, postId: string, direction: 'upvote' | 'downvote') {
  const res = await call('POST', `/api/posts/${direction}/${postId}`, session(user))
  expect(res.statusCode, res.body).toBe(200)
}

async function comment(user: TestUser, postId: string, content: string, parentId?: string) {
  const res = await call('POST', `/api/comments/${postId}/`, session(user), {
    post: postId,
    content,
    ...(parentId ? { parentId } : {}),
  })
  return (await ok<{ comment: { _id: string } }>(res, 201)).comment._id
}

async function deleteComment(user: TestUser, commentId: string) {
  expect((await call('DELETE', `/api/comments/${commentId}`, session(user))).statusCode).toBe(200)
}

async function save(user: TestUser, postId: string) {
  expect((await call('POST', `/api/posts/${postId}/save`, session(user))).statusCode).toBe(200)
}

async function tokenFor(user: TestUser, scopes: string[]): Promise<string> {
  const res = await call('POST', '/api/tokens', session(user), {
    name: `t ${randomUUID().slice(0, 6)}`,
    scopes,
  })
  return (await ok<{ token: string }>(res, 201)).token
}

function deleteAccount(headers: Record<string, string>, payload: object) {
  return call('DELETE', '/api/users/me', headers, payload)
}

/**
 * Every counter the site keeps, against a recount of the rows it counts: posts' votes, comments and
 * saves, members' and categories' post counts, members' points (their ledger; no test here floors a
 * total), the daily rollup, the week and month sums, the points totals and the user count. Answers
 * the mismatches, so a failing test says which counter drifted.
 */
async function drift(): Promise<string[]> {
  await sql`SELECT counters.window_gains_current()`.execute(t.db)
  const checks: Array<[string, ReturnType<typeof sql<{ n: number }>>]> = [
    [
      'post vote counts',
      sql`SELECT count(*)::int AS n FROM posts p WHERE
        p.uplike_count <> (SELECT count(*) FROM votes v WHERE v.post_id = p.id AND v.value = 1)
        OR p.downlike_count <> (SELECT count(*) FROM votes v WHERE v.post_id = p.id AND v.value = -1)`,
    ],
    [
      'post comment counts',
      sql`SELECT count(*)::int AS n FROM posts p WHERE p.comments_count <>
        (SELECT count(*) FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL)`,
    ],
    [
      'post saved counts',
      sql`SELECT count(*)::int AS n FROM posts p
        WHERE p.saved_count <> (SELECT count(*) FROM saves s WHERE s.post_id = p.id)`,
    ],
    [
      'member post counts',
      sql`SELECT count(*)::int AS n FROM users u
        WHERE u.post_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id)`,
    ],
    [
      'category post counts',
      sql`SELECT count(*)::int AS n FROM categories c
        WHERE c.post_count <> (SELECT count(*) FROM posts p WHERE p.category_id = c.id)`,
    ],
    [
      'points totals against the ledger',
      sql`SELECT count(*)::int AS n FROM users u WHERE u.points <>
        greatest(0, (SELECT coalesce(sum(l.delta), 0) FROM points_ledger l WHERE l.user_id = u.id))`,
    ],
    [
      'daily rollup against the ledger',
      sql`SELECT count(*)::int AS n FROM (
        SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, sum(delta)::int AS delta
        FROM points_ledger GROUP BY 1, 2
      ) l FULL JOIN points_daily d ON d.user_id = l.user_id AND d.day = l.day
      WHERE coalesce(l.delta, 0) <> coalesce(d.delta, 0)`,
    ],
    [
      'week and month sums against the ledger',
      sql`SELECT count(*)::int AS n FROM (
        SELECT user_id,
          sum(delta) FILTER (WHERE (created_at AT TIME ZONE 'UTC')::date >= (now() AT TIME ZONE 'UTC')::date - 6)::int AS week,
          sum(delta) FILTER (WHERE (created_at AT TIME ZONE 'UTC')::date >= (now() AT TIME ZONE 'UTC')::date - 29)::int AS month
        FROM points_ledger GROUP BY 1
      ) l FULL JOIN counters.window_gains g ON g.user_id = l.user_id
      WHERE coalesce(l.week, 0) <> coalesce(g.week, 0) OR coalesce(l.month, 0) <> coalesce(g.month, 0)`,
    ],
    [
      'points totals row',
      sql`SELECT count(*)::int AS n FROM counters.points_totals t, (
        SELECT count(*) FILTER (WHERE points > 0) AS active, count(*) FILTER (WHERE points >= 1000) AS experts,
          coalesce(sum(points), 0) AS total FROM users
      ) r WHERE t.active <> r.active OR t.experts <> r.experts OR t.total <> r.total`,
    ],
    [
      'user count (the deleted-member account is nobody)',
      sql`SELECT count(*)::int AS n FROM counters.table_counts c
        WHERE c.name = 'users' AND c.n <> (SELECT count(*) FROM users WHERE id <> ${DELETED_MEMBER_ID}::uuid)`,
    ],
  ]
  const drifted: string[] = []
  for (const [name, query] of checks) {
    const { rows } = await query.execute(t.db)
    if ((rows[0]?.n ?? 0) > 0) drifted.push(`${name}: ${rows[0]?.n} rows`)
  }
  return drifted
}

/** An author's total recounted from the rows: +10 a post, +2 an upvote and −1 a downvote on them. */
async function recountedPoints(userId: string): Promise<number> {
  const { rows } = await sql<{ points: number }>`
    SELECT (10 * (SELECT count(*) FROM posts WHERE author_id = ${userId})
      + 2 * (SELECT count(*) FROM votes v JOIN posts p ON p.id = v.post_id WHERE p.author_id = ${userId} AND v.value = 1)
      - (SELECT count(*) FROM votes v JOIN posts p ON p.id = v.post_id WHERE p.author_id = ${userId} AND v.value = -1)
    )::int AS points`.execute(t.db)
  return rows[0]?.points ?? 0
}

async function pointsOf(userId: string): Promise<number> {
  const row = await t.db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirst()
  return row?.points ?? -1
}

async function postCounts(postId: string) {
  return t.db
    .selectFrom('posts')
    .select(['uplike_count', 'downlike_count', 'comments_count', 'saved_count', 'author_id'])
    .where('id', '=', postId)
    .executeTakeFirst()
}

async function board(period: 'all' | 'week' | 'month'): Promise<LeaderboardEntry[]> {
  return ok(await call('GET', `/api/website/leaderboard?period=${period}`, {}))
}

/**
 * A member with a full life on the site: votes (one switched), comments (a reply, a comment others
 * answered, one they deleted while it had a reply), saves, a collection and a token, on posts of two
 * authors who are voted on by someone else too; and, when a contributor, two posts of their own that
 * others voted on, commented on and saved.
 */
async function memberWithHistory(role: 'member' | 'contributor' = 'member') {
  const [authorA, authorB, other, member] = await Promise.all([
    createUser(t.db, { role: 'contributor' }),
    createUser(t.db, { role: 'contributor' }),
    createUser(t.db),
    createUser(t.db, { role }),
  ])
  const [p1, p2] = [await postBy(authorA), await postBy(authorA)]
  const p3 = await postBy(authorB)
  await castVote(member, p1._id, 'upvote')
  await castVote(member, p2._id, 'upvote')
  await castVote(member, p2._id, 'downvote')
  await castVote(member, p3._id, 'downvote')
  await castVote(other, p1._id, 'upvote')
  await castVote(other, p3._id, 'upvote')

  const answered = await comment(member, p1._id, 'Works on my machine')
  const answer = await comment(other, p1._id, `@${member.username} thanks, same here`, answered)
  const othersComment = await comment(other, p3._id, 'Try it with sudo')
  const reply = await comment(member, p3._id, `@${other.username} no need`, othersComment)
  const lonely = await comment(member, p2._id, 'Nobody answered this one')
  const deletedWithReply = await comment(member, p1._id, 'I will delete this')
  const keptReply = await comment(other, p1._id, 'Too late, I answered', deletedWithReply)
  await deleteComment(member, deletedWithReply)

  await save(member, p1._id)
  await save(member, p3._id)
  const collection = await ok<{ _id: string }>(
    await call('POST', '/api/collections', session(member), { name: `Mine ${sequence}`, public: false }),
    201,
  )
  await ok(
    await call('POST', `/api/collections/${collection._id}/posts`, session(member), { postId: p2._id }),
  )
  const token = await tokenFor(member, ['read'])

  const own: Array<{ _id: string; slug: string }> = []
  if (role === 'contributor') {
    own.push(await postBy(member, 'Own'), await postBy(member, 'Own'))
    for (const post of own) {
      await castVote(other, post._id, 'upvote')
      await comment(other, post._id, 'Nice one')
      await save(other, post._id)
    }
  }
  await t.app.voteSettler.settleAll()
  return {
    authorA,
    authorB,
    other,
    member,
    posts: { p1, p2, p3 },
    own,
    comments: { answered, answer, othersComment, reply, lonely, deletedWithReply, keptReply },
    collection,
    token,
  }
}

describe('GET /api/users/me/export', () => {
  it('downloads everything the member made as one JSON file named after them and the day', async () => {
    const life = await memberWithHistory('contributor')
    const res = await call('GET', '/api/users/me/export', session(life.member))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="bashboard-${life.member.username}-${new Date().toISOString().slice(0, 10)}.json"`,
    )
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body))

    const file = res.json<AccountExport>()
    expect(file.format).toBe(ACCOUNT_EXPORT_FORMAT)
    expect(file.site).toBe(t.config.publicOrigin)
    expect(file.profile).toMatchObject({
      _id: life.member.id,
      username: life.member.username,
      email: life.member.email,
      role: 'contributor',
      postCount: 2,
    })
    expect(file.posts.map((post) => post._id)).toEqual(life.own.map((post) => post._id))
    expect(file.posts[0]).toMatchObject({
      url: `${t.config.publicOrigin}/post/${life.own[0]?.slug}`,
      uplikeCount: 1,
      commentsCount: 1,
      savedCount: 1,
      category: { name: category.name, slug: category.slug },
    })
    // Their comments, oldest first; the one they deleted (a placeholder now) is not theirs to take.
    expect(file.comments.map((c) => c._id)).toEqual([
      life.comments.answered,
      life.comments.reply,
      life.comments.lonely,
    ])
    expect(file.comments[1]).toMatchObject({
      parentId: life.comments.othersComment,
      postId: life.posts.p3._id,
    })
    expect(file.votes.map((v) => [v.postId, v.vote])).toEqual([
      [life.posts.p1._id, 'up'],
      [life.posts.p2._id, 'down'],
      [life.posts.p3._id, 'down'],
    ])
    expect(file.saves.map((s) => s.postId).sort()).toEqual(
      [life.posts.p1._id, life.posts.p2._id, life.posts.p3._id].sort(),
    )
    expect(file.collections).toHaveLength(1)
    expect(file.collections[0]).toMatchObject({ _id: life.collection._id, public: false })
    expect(file.collections[0]?.items.map((item) => item.postId)).toEqual([life.posts.p2._id])
    expect(file.accessTokens).toHaveLength(1)
    expect(file.accessTokens[0]?.scopes).toEqual(['read'])
    expect(file.applications).toEqual([])
  })

  it('holds no secret and nothing private of anyone else', async () => {
    const life = await memberWithHistory()
    // Another member's private things the member's posts and lists touch.
    const privateName = `Secret list ${randomUUID()}`
    await ok(
      await call('POST', '/api/collections', session(life.other), { name: privateName, public: false }),
      201,
    )
    const otherToken = await tokenFor(life.other, ['read'])
    const res = await call('GET', '/api/users/me/export', session(life.member))
    expect(res.statusCode).toBe(200)
    const body = res.body
    const stored = await t.db
      .selectFrom('access_tokens')
      .select(['token_hash', 'last_four'])
      .where('user_id', '=', life.member.id)
      .executeTakeFirstOrThrow()
    for (const secret of [
      life.member.password_hash,
      life.token,
      stored.token_hash,
      `bb_pat_…${stored.last_four}`,
      life.other.email,
      life.other.password_hash,
      otherToken,
      privateName,
    ]) {
      expect(body).not.toContain(secret)
    }
    expect(body).not.toMatch(/password|token_hash|tokenHash|lastFour/i)
  })

  it('answers a personal access token with scope read, without the email', async () => {
    const life = await memberWithHistory()
    const res = await call('GET', '/api/users/me/export', authHeader(life.token))
    expect(res.statusCode, res.body).toBe(200)
    const file = res.json<AccountExport>()
    expect(file.profile.username).toBe(life.member.username)
    expect(file.profile.email).toBeUndefined()
    expect(res.body).not.toContain(life.member.email)
    expect(file.votes).toHaveLength(3)
  })

  it('refuses a token without scope read and a guest', async () => {
    const member = await createUser(t.db)
    const voteOnly = await tokenFor(member, ['vote'])
    const refused = await call('GET', '/api/users/me/export', authHeader(voteOnly))
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toContain('lacks the "read" scope')
    expect((await call('GET', '/api/users/me/export', {})).statusCode).toBe(401)
  })

  it('reads every list in pages past the page size, in order', async () => {
    const member = await createUser(t.db)
    const author = await createUser(t.db, { role: 'contributor' })
    const post = await postBy(author)
    // More comments than one cursor page holds (the export reads 500 at a time).
    await sql`INSERT INTO comments (post_id, author_id, content, created_at)
      SELECT ${post._id}::uuid, ${member.id}::uuid, 'comment ' || n, now() - (1200 - n) * interval '1 second'
      FROM generate_series(1, 1100) AS n`.execute(t.db)
    await sql`UPDATE posts SET comments_count = 1100 WHERE id = ${post._id}::uuid`.execute(t.db)
    const res = await call('GET', '/api/users/me/export', session(member))
    const file = res.json<AccountExport>()
    expect(file.comments).toHaveLength(1100)
    expect(file.comments.map((c) => c.content)).toEqual(
      Array.from({ length: 1100 }, (_, i) => `comment ${i + 1}`),
    )
  })

  it('names the file after the member and the UTC day', () => {
    expect(exportFilename('ada_lovelace', new Date('2026-12-03T23:30:00Z'))).toBe(
      'bashboard-ada_lovelace-2026-12-03.json',
    )
  })
})

describe('DELETE /api/users/me', () => {
  it('refuses every personal access token, whatever its scopes', async () => {
    const member = await createUser(t.db)
    const token = await tokenFor(member, ['read', 'vote', 'save'])
    const res = await deleteAccount(authHeader(token), { password: member.password, content: 'remove' })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toContain('Personal access tokens cannot be used for this')
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', member.id).executeTakeFirst(),
    ).toBeDefined()
  })

  it('answers a wrong password with a 422 on the password field and changes nothing', async () => {
    const life = await memberWithHistory()
    const before = {
      points: await pointsOf(life.authorA.id),
      p1: await postCounts(life.posts.p1._id),
      p3: await postCounts(life.posts.p3._id),
    }
    const res = await deleteAccount(session(life.member), { password: 'not-the-password', content: 'remove' })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.currentPasswordIncorrect)
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', life.member.id).executeTakeFirst(),
    ).toEqual({
      id: life.member.id,
    })
    expect(await pointsOf(life.authorA.id)).toBe(before.points)
    expect(await postCounts(life.posts.p1._id)).toEqual(before.p1)
    expect(await postCounts(life.posts.p3._id)).toEqual(before.p3)
    expect((await call('GET', '/api/users/me/export', authHeader(life.token))).statusCode).toBe(200)
  })

  it('refuses malformed bodies before anything is checked, and changes nothing', async () => {
    const member = await createUser(t.db)
    const answers = []
    for (const payload of [
      {},
      { password: member.password },
      { password: member.password, content: 'keep', role: 'moderator' },
      { password: member.password, content: 'archive' },
    ]) {
      answers.push((await deleteAccount(session(member), payload)).statusCode)
    }
    // Missing and unknown fields are malformed (400); a choice that is not one is an invalid field (422).
    expect(answers).toEqual([400, 400, 400, 422])
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', member.id).executeTakeFirst(),
    ).toBeDefined()
  })

  it('removes the account: no sign-in, old sessions and tokens refused, votes gone and every counter true', async () => {
    const life = await memberWithHistory('contributor')
    const sessionHeaders = session(life.member)
    const recorded = recordEvents(t.bus)
    const res = await deleteAccount(sessionHeaders, { password: life.member.password, content: 'remove' })
    recorded.stop()
    const answer = await ok<Record<string, unknown>>(res)
    expect(answer).toEqual({
      deleted: true,
      content: 'remove',
      posts: { kept: 0, removed: 2 },
      comments: { kept: 0, removed: 3 },
      votes: 3,
      saves: 3,
      collections: 1,
      accessTokens: 1,
    })

    // Gone: no row, no sign-in, no session, no token.
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', life.member.id).executeTakeFirst(),
    ).toBe(undefined)
    const login = await call(
      'POST',
      '/api/user/login',
      {},
      {
        emailOrUsername: life.member.username,
        password: life.member.password,
      },
    )
    expect(login.statusCode).toBe(401)
    expect((await call('GET', '/api/website/user/profile/header', sessionHeaders)).statusCode).toBe(401)
    expect((await call('GET', '/api/users/me/export', authHeader(life.token))).statusCode).toBe(401)
    for (const table of ['votes', 'saves', 'access_tokens', 'points_ledger', 'notifications'] as const) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}
        WHERE user_id = ${life.member.id}`.execute(t.db)
      expect(rows[0]?.n, table).toBe(0)
    }

    // Every post score, vote count, comment count and points total equals a recount.
    expect(await drift()).toEqual([])
    expect(await pointsOf(life.authorA.id)).toBe(await recountedPoints(life.authorA.id))
    expect(await pointsOf(life.authorB.id)).toBe(await recountedPoints(life.authorB.id))
    // authorA: two posts and the other member's upvote; authorB: a post and an upvote.
    expect(await pointsOf(life.authorA.id)).toBe(22)
    expect(await pointsOf(life.authorB.id)).toBe(12)
    expect(await postCounts(life.posts.p1._id)).toMatchObject({
      uplike_count: 1,
      downlike_count: 0,
      // The answer and the reply kept under the placeholder.
      comments_count: 2,
      saved_count: 0,
    })
    expect(await postCounts(life.posts.p2._id)).toMatchObject({
      uplike_count: 0,
      downlike_count: 0,
      comments_count: 0,
    })
    expect(await postCounts(life.posts.p3._id)).toMatchObject({
      uplike_count: 1,
      downlike_count: 0,
      comments_count: 1,
    })
    for (const post of life.own) expect(await postCounts(post._id)).toBeUndefined()

    // Comments: their answered one is a placeholder (others' replies stay in their thread), the rest gone.
    const remaining = await t.db
      .selectFrom('comments')
      .select(['id', 'author_id', 'content', 'deleted_at'])
      .where('id', 'in', Object.values(life.comments))
      .execute()
    const byId = new Map(remaining.map((row) => [row.id, row]))
    expect(byId.get(life.comments.answered)).toMatchObject({ author_id: DELETED_MEMBER_ID, content: '' })
    expect(byId.get(life.comments.answered)?.deleted_at).not.toBeNull()
    expect(byId.get(life.comments.deletedWithReply)).toMatchObject({ author_id: DELETED_MEMBER_ID })
    for (const kept of [life.comments.answer, life.comments.keptReply, life.comments.othersComment]) {
      expect(byId.has(kept), kept).toBe(true)
    }
    for (const gone of [life.comments.reply, life.comments.lonely]) expect(byId.has(gone), gone).toBe(false)
    // Their reply told the other member; with the comment gone, so is the notification.
    const { rows: notices } = await sql<{ text: string }>`SELECT text FROM notifications
      WHERE user_id = ${life.other.id} AND kind = 'reply'`.execute(t.db)
    expect(notices.map((n) => n.text).filter((text) => text.startsWith(life.member.username))).toEqual([])

    // The boards and their stats, as the API serves them, agree with the recount.
    const all = await board('all')
    expect(all.find((row) => row._id === life.member.id)).toBeUndefined()
    expect(all.find((row) => row._id === DELETED_MEMBER_ID)).toBeUndefined()
    expect(all.find((row) => row._id === life.authorA.id)?.points).toBe(22)
    expect((await board('week')).find((row) => row._id === life.authorA.id)?.points).toBe(22)
    expect((await board('month')).find((row) => row._id === life.authorB.id)?.points).toBe(12)
    const page = await ok<LeaderboardResponse>(await call('GET', '/api/leaderboard', {}))
    const { rows: users } = await sql<{ n: number; total: number }>`SELECT count(*)::int AS n,
      coalesce(sum(points), 0)::int AS total FROM users WHERE id <> ${DELETED_MEMBER_ID}::uuid`.execute(t.db)
    expect(page.stats.totalUsers).toBe(users[0]?.n)
    expect(page.stats.totalPoints).toBe(users[0]?.total)

    // Everything went out after the commit, with absolute counts.
    const published = (event: string) => recorded.events.filter((e) => e.event === event)
    expect(
      published('post.votes')
        .map((e) => e.data)
        .sort((a, b) => String(a.postId).localeCompare(String(b.postId))),
    ).toEqual(
      [
        { postId: life.posts.p1._id, uplikeCount: 1, downlikeCount: 0 },
        { postId: life.posts.p2._id, uplikeCount: 0, downlikeCount: 0 },
        { postId: life.posts.p3._id, uplikeCount: 1, downlikeCount: 0 },
      ].sort((a, b) => a.postId.localeCompare(b.postId)),
    )
    expect(
      published('post.deleted')
        .map((e) => e.data.postId)
        .sort(),
    ).toEqual(life.own.map((p) => p._id).sort())
    expect(published('comment.deleted').map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { postId: life.posts.p3._id, commentId: life.comments.reply, commentsCount: 1 },
        { postId: life.posts.p1._id, commentId: life.comments.answered, commentsCount: 2, placeholder: true },
        { postId: life.posts.p2._id, commentId: life.comments.lonely, commentsCount: 0 },
      ]),
    )
    expect(published('session.revoked').map((e) => e.topic)).toEqual([`user:${life.member.id}`])
    expect(published('author.updated').map((e) => e.data)).toEqual([
      { userId: life.member.id, username: DELETED_MEMBER_NAME, avatar: null },
    ])
  })

  it('takes an old vote’s points back on the day they were earned: the week’s board keeps its sum', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const member = await createUser(t.db)
    const post = await postBy(author)
    // An upvote settled twelve days ago (in the month's window, not the week's), as the settler wrote it.
    const then = new Date(Date.now() - 12 * 24 * 3600 * 1000)
    await t.db
      .insertInto('votes')
      .values({ user_id: member.id, post_id: post._id, value: 1, created_at: then, updated_at: then })
      .execute()
    await t.db.updateTable('posts').set({ uplike_count: 1 }).where('id', '=', post._id).execute()
    await t.db
      .insertInto('points_ledger')
      .values({
        user_id: author.id,
        delta: 2,
        reason: 'upvote_received',
        subject_id: post._id,
        actor_id: member.id,
        created_at: then,
      })
      .execute()
    await t.db.updateTable('users').set({ points: 12 }).where('id', '=', author.id).execute()
    const gain = async (period: 'week' | 'month') =>
      (await board(period)).find((row) => row._id === author.id)?.points
    t.app.leaderboard.recount()
    expect([await gain('week'), await gain('month')]).toEqual([10, 12])

    await ok(await deleteAccount(session(member), { password: member.password, content: 'keep' }))
    expect([await gain('week'), await gain('month')]).toEqual([10, 10])
    expect(await pointsOf(author.id)).toBe(10)
    expect(await drift()).toEqual([])
  })

  it('keeps every counter true while other members vote, save and comment on the same posts', async () => {
    const [author, member, ...others] = await Promise.all([
      createUser(t.db, { role: 'contributor' }),
      createUser(t.db, { role: 'contributor' }),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
    ])
    const posts = [await postBy(author), await postBy(author), await postBy(author)]
    const own = await postBy(member)
    for (const post of posts) {
      await castVote(member, post._id, 'upvote')
      await comment(member, post._id, 'Mine')
      await save(member, post._id)
    }
    await t.app.voteSettler.settleAll()
    const busy = others.flatMap((other, index) =>
      [...posts, own].map(async (post, n) => [
        (
          await call(
            'POST',
            `/api/posts/${(index + n) % 2 ? 'upvote' : 'downvote'}/${post._id}`,
            session(other),
          )
        ).statusCode,
        (await call('POST', `/api/posts/${post._id}/save`, session(other))).statusCode,
        (
          await call('POST', `/api/comments/${post._id}/`, session(other), {
            post: post._id,
            content: 'Me too',
          })
        ).statusCode,
      ]),
    )
    const [deleted, ...statuses] = await Promise.all([
      deleteAccount(session(member), { password: member.password, content: 'remove' }),
      ...busy,
    ])
    // The member's own post may be gone before a write reaches it (404); nothing fails or deadlocks.
    expect(statuses.flat().filter((status) => ![200, 201, 404].includes(status))).toEqual([])
    expect(deleted.statusCode, deleted.body).toBe(200)
    await t.app.voteSettler.settleAll()
    expect(await drift()).toEqual([])
    expect(await pointsOf(author.id)).toBe(await recountedPoints(author.id))
  })

  it('keeps posts and comments under the deleted-member name when the member chooses keep', async () => {
    const life = await memberWithHistory('contributor')
    const before = await postCounts(life.own[0]?._id ?? '')
    const res = await deleteAccount(session(life.member), { password: life.member.password, content: 'keep' })
    expect(await ok(res)).toMatchObject({
      content: 'keep',
      posts: { kept: 2, removed: 0 },
      comments: { kept: 3, removed: 0 },
      votes: 3,
    })
    expect(await drift()).toEqual([])
    for (const post of life.own) {
      const page = await ok<{ post: { author: { _id: string; username: string }; commentsCount: number } }>(
        await call('GET', `/api/posts/${post._id}`, {}),
      )
      expect(page.post.author).toMatchObject({ _id: DELETED_MEMBER_ID, username: DELETED_MEMBER_NAME })
    }
    // Others' votes on the kept posts stay counted; nobody holds the points they earned.
    expect(await postCounts(life.own[0]?._id ?? '')).toEqual({ ...before, author_id: DELETED_MEMBER_ID })
    const ghost = await t.db
      .selectFrom('users')
      .select(['points', 'post_count', 'role'])
      .where('id', '=', DELETED_MEMBER_ID)
      .executeTakeFirstOrThrow()
    expect(ghost.points).toBe(0)
    expect(ghost.post_count).toBeGreaterThanOrEqual(2)
    // Their comments read as the deleted member's; the counts did not move.
    const comments = await t.db
      .selectFrom('comments')
      .select(['id', 'author_id', 'content'])
      .where('id', 'in', [life.comments.answered, life.comments.reply, life.comments.lonely])
      .execute()
    expect(comments.every((row) => row.author_id === DELETED_MEMBER_ID && row.content !== '')).toBe(true)
    expect((await postCounts(life.posts.p1._id))?.comments_count).toBe(3)
    // The other member's reply notification names the deleted member now.
    const { rows: notices } = await sql<{ text: string }>`SELECT text FROM notifications
      WHERE user_id = ${life.other.id} AND kind = 'reply'`.execute(t.db)
    expect(notices.some((n) => n.text.startsWith(`${DELETED_MEMBER_NAME} replied to your comment`))).toBe(
      true,
    )
    expect(notices.some((n) => n.text.includes(life.member.username))).toBe(false)

    // A vote on a kept post still counts, and earns the deleted-member account nothing.
    const voter = await createUser(t.db)
    await castVote(voter, life.own[0]?._id ?? '', 'upvote')
    await t.app.voteSettler.settleAll()
    expect(await pointsOf(DELETED_MEMBER_ID)).toBe(0)
    expect(await drift()).toEqual([])

    // The account is no one: it cannot sign in, be suggested, be given a role or appear on the board.
    const login = await call(
      'POST',
      '/api/user/login',
      {},
      { emailOrUsername: DELETED_MEMBER_NAME, password: '!' },
    )
    expect(login.statusCode).toBe(401)
    const suggested = await ok<{ users: Array<{ username: string }> }>(
      await call('GET', '/api/users/suggest?prefix=deleted', {}),
    )
    expect(suggested.users.map((u) => u.username)).not.toContain(DELETED_MEMBER_NAME)
    const moderator = await createUser(t.db, { role: 'moderator' })
    const promote = await call('PUT', `/api/mod/users/${DELETED_MEMBER_ID}/role`, session(moderator), {
      role: 'moderator',
      reason: 'Trying to revive the ghost',
    })
    expect(promote.statusCode).toBe(404)
    expect((await board('all')).some((row) => row._id === DELETED_MEMBER_ID)).toBe(false)
  })

  it('deletes the avatar file after the commit', async () => {
    const member = await createUser(t.db)
    const body = multipartBody('image', 'me.png', 'image/png', await pngBytes())
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/users/avatar',
      headers: { ...session(member), ...body.headers },
      payload: body.payload,
    })
    expect(upload.statusCode, upload.body).toBe(200)
    const { avatar } = await t.db
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow()
    const file = join(t.config.dataDir, 'uploads', 'avatars', avatar ?? '')
    expect(existsSync(file)).toBe(true)
    await ok(await deleteAccount(session(member), { password: member.password, content: 'remove' }))
    expect(existsSync(file)).toBe(false)
  })

  it('refuses the last moderator, and lets a moderator go when another remains', async () => {
    // Other tests' moderators: this one must be the only one.
    await t.db.updateTable('users').set({ role: 'member' }).where('role', '=', 'moderator').execute()
    const moderator = await createUser(t.db, { role: 'moderator' })
    const refused = await deleteAccount(session(moderator), { password: moderator.password, content: 'keep' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(LEAVING_MESSAGES.lastModerator)
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', moderator.id).executeTakeFirst(),
    ).toBeDefined()
    await createUser(t.db, { role: 'moderator' })
    await ok(await deleteAccount(session(moderator), { password: moderator.password, content: 'keep' }))
  })

  it('publishes nothing when the deletion fails', async () => {
    const member = await createUser(t.db)
    const recorded = recordEvents(t.bus)
    await deleteAccount(session(member), { password: 'wrong-password', content: 'keep' })
    recorded.stop()
    const mine = recorded.events.filter(
      (e) => e.topic === `user:${member.id}` || (e.event === 'author.updated' && e.data.userId === member.id),
    )
    expect(mine).toEqual([])
  })
})
