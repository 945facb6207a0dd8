import { randomUUID } from 'node:crypto'
import { CompiledQuery, sql } from 'kysely'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createUser } from '../../../test/factories.ts'
import { ErrorResponse } from '../../contract/common.ts'
import {
  USER_SUGGESTION_LIMIT,
  USER_SUGGESTIONS_PER_MINUTE,
  UserSuggestResponse,
} from '../../contract/user-suggestions.ts'
import { suggestUsersQuery } from './repo.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

const suggest = (query: string) => t.app.inject({ method: 'GET', url: `/api/users/suggest?${query}` })

/** A prefix no other test's users start with, so each test sees only the members it made. */
const freshPrefix = () => `s${randomUUID().replaceAll('-', '').slice(0, 6)}`

describe('GET /api/users/suggest', () => {
  it('answers the members whose usernames start with the prefix, ignoring case, in name order', async () => {
    const p = freshPrefix()
    await createUser(t.db, { username: `${p}Adam` })
    await createUser(t.db, { username: `${p}ada` })
    await createUser(t.db, { username: `${p}Ad_min` })
    await createUser(t.db, { username: `${p}bob` })
    await createUser(t.db, { username: `x${p}ada` })

    const res = await suggest(`prefix=${p.toUpperCase()}AD`)

    expect(res.statusCode).toBe(200)
    const body = res.json<UserSuggestResponse>()
    expect(Value.Check(UserSuggestResponse, body)).toBe(true)
    // Lower-cased code-point order: `_` (0x5F) sorts before the letters.
    expect(body.users.map((user) => user.username)).toEqual([`${p}Ad_min`, `${p}ada`, `${p}Adam`])
  })

  it('takes `_` and `-` as themselves, not as wildcards', async () => {
    const p = freshPrefix()
    await createUser(t.db, { username: `${p}_x` })
    await createUser(t.db, { username: `${p}ax` })
    await createUser(t.db, { username: `${p}-y` })

    const underscore = await suggest(`prefix=${p}_`)
    expect(underscore.json<UserSuggestResponse>().users.map((user) => user.username)).toEqual([`${p}_x`])
    const dash = await suggest(`prefix=${p}-`)
    expect(dash.json<UserSuggestResponse>().users.map((user) => user.username)).toEqual([`${p}-y`])
  })

  it(`answers at most ${USER_SUGGESTION_LIMIT} members`, async () => {
    const p = freshPrefix()
    for (let i = 0; i < USER_SUGGESTION_LIMIT + 3; i += 1) {
      await createUser(t.db, { username: `${p}m${String(i).padStart(2, '0')}` })
    }

    const res = await suggest(`prefix=${p}`)

    const names = res.json<UserSuggestResponse>().users.map((user) => user.username)
    expect(names).toHaveLength(USER_SUGGESTION_LIMIT)
    expect(names[0]).toBe(`${p}m00`)
    expect(names.at(-1)).toBe(`${p}m09`)
  })

  it('shows the username and avatar URL only, nothing private', async () => {
    const p = freshPrefix()
    const user = await createUser(t.db, {
      username: `${p}private`,
      role: 'moderator',
      points: 900,
      avatar: 'face.webp',
    })

    const res = await suggest(`prefix=${p}`)

    expect(res.json()).toEqual({ users: [{ username: user.username, avatar: '/uploads/avatars/face.webp' }] })
    for (const secret of [user.email, user.id, user.password_hash, 'moderator', '900']) {
      expect(res.body).not.toContain(secret)
    }
  })

  it('answers an empty list when nobody starts with the prefix', async () => {
    const res = await suggest(`prefix=${freshPrefix()}zz`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ users: [] })
  })

  it.each([
    ['no prefix', ''],
    ['an empty prefix', 'prefix='],
    ['a character no username has', 'prefix=ad%25'],
    ['a space', 'prefix=a%20d'],
    ['an SQL wildcard', 'prefix=%25'],
    ['a prefix longer than any username', `prefix=${'a'.repeat(31)}`],
    ['an unknown parameter', 'prefix=ad&limit=100'],
  ])('refuses %s with 400', async (_case, query) => {
    const res = await suggest(query)
    expect(res.statusCode).toBe(400)
    expect(Value.Check(ErrorResponse, res.json())).toBe(true)
  })

  it('is rate limited per client address', async () => {
    const limited = await buildTestApp()
    try {
      const statuses: number[] = []
      for (let i = 0; i <= USER_SUGGESTIONS_PER_MINUTE; i += 1) {
        const res = await limited.app.inject({ method: 'GET', url: '/api/users/suggest?prefix=a' })
        statuses.push(res.statusCode)
      }
      expect(statuses.slice(0, USER_SUGGESTIONS_PER_MINUTE).every((status) => status === 200)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
    } finally {
      await limited.close()
    }
  }, 60_000)
})

describe('the suggestion query plan', () => {
  it('reads users_username_prefix_idx as a range instead of scanning users', async () => {
    await sql`
      INSERT INTO users (username, email, password_hash)
      SELECT 'plan_' || left(md5(n::text), 20), 'plan_' || n || '@example.test', 'hash'
      FROM generate_series(1, 5000) AS n`.execute(t.db)
    await sql`ANALYZE users`.execute(t.db)

    const compiled = suggestUsersQuery(t.db, 'plan_ab', USER_SUGGESTION_LIMIT).compile()
    const result = await t.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
    )
    const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n')

    expect(plan).toMatch(/Index Scan using users_username_prefix_idx/)
    expect(plan).toMatch(/Index Cond/)
    expect(plan).not.toMatch(/Seq Scan on users|Sort/)
  })
})
