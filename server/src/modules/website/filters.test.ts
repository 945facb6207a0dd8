import type { CategoryRow } from '@bashboard/db'
import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  authHeader,
  createCategory,
  createPost,
  createPostViaApi,
  createUser,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import { xssPayloads } from '../../../test/xss-corpus.ts'
import type { PostCard } from '../../contract/posts.ts'
import { commandFlags, fillCommandFlags, recheckCommandFlags } from '../posts/command-flags.ts'
import { replaceCommandFlags } from '../posts/command-flags-repo.ts'
import { NO_FILTERS, parseBrowseFilters } from './filters.ts'
import { FILTER_COUNT_CAP, filteredCountQuery, filteredPageQuery } from './repo.ts'

let t: TestApp
let author: TestUser
let voters: TestUser[]

beforeAll(async () => {
  t = await buildTestApp()
  author = await createUser(t.db, { role: 'contributor' })
  voters = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)])
})
afterAll(async () => {
  await t?.close()
})

let sequence = 0

/** A post through the API (so its flags are set as in production), in `category`. */
async function post(category: CategoryRow, command: string, tags: string[] = []): Promise<PostCard> {
  sequence += 1
  return createPostViaApi(t.app, author, {
    title: `Filter post ${sequence}`,
    command,
    description: '<p>A post for the filter tests.</p>',
    category: category.id,
    tags,
  })
}

async function upvote(postId: string, count: number): Promise<void> {
  for (const voter of voters.slice(0, count)) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/posts/upvote/${postId}`,
      headers: authHeader(loginAs(t.app, voter)),
    })
    expect(res.statusCode).toBe(200)
  }
}

async function setCreatedAt(postId: string, at: string): Promise<void> {
  await t.db
    .updateTable('posts')
    .set({ created_at: new Date(at) })
    .where('id', '=', postId)
    .execute()
}

async function browse(query: string) {
  const res = await t.app.inject({ url: `/api/website/browse?${query}` })
  return res
}

async function browseIds(query: string): Promise<string[]> {
  const res = await browse(query)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().posts.map((card: PostCard) => card._id)
}

describe('the command flags', () => {
  it('follow the placeholder and safety rules the cards show', () => {
    expect(commandFlags('tar -czf {{archive.tar.gz}} {{path/to/dir}}')).toEqual({
      has_placeholders: true,
      has_warning: false,
    })
    expect(commandFlags('ssh-copy-id -i ~/.ssh/id.pub <user>@<host>')).toMatchObject({
      has_placeholders: true,
    })
    expect(commandFlags("docker ps --format '{{.Names}}'")).toMatchObject({ has_placeholders: false })
    expect(commandFlags('sort < in.txt > out.txt')).toMatchObject({ has_placeholders: false })
    expect(commandFlags('rm -rf /')).toMatchObject({ has_warning: true })
    expect(commandFlags('ls -la')).toEqual({ has_placeholders: false, has_warning: false })
  })

  it('are set on create, changed by a command edit, and filled at startup for rows inserted directly', async () => {
    const category = await createCategory(t.db)
    const created = await post(category, 'echo flags-{{name}}')
    const flagsOf = (postId: string) =>
      t.db
        .selectFrom('post_command_flags')
        .select(['has_placeholders', 'has_warning'])
        .where('post_id', '=', postId)
        .executeTakeFirst()
    expect(await flagsOf(created._id)).toEqual({ has_placeholders: true, has_warning: false })

    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/posts/update',
      headers: authHeader(loginAs(t.app, author)),
      payload: { id: created._id, command: 'rm -rf / # flags' },
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect(await flagsOf(created._id)).toEqual({ has_placeholders: false, has_warning: true })

    const direct = await createPost(t.db, { authorId: author.id, command: 'scp <file> <host>:/tmp' })
    expect(await flagsOf(direct.id)).toBeUndefined()
    expect(await fillCommandFlags(t.db)).toBeGreaterThanOrEqual(1)
    expect(await flagsOf(direct.id)).toEqual({ has_placeholders: true, has_warning: false })
    // Nothing left to do: a second pass adds nothing.
    expect(await fillCommandFlags(t.db)).toBe(0)
  })

  it('are brought up to the current rules at startup when an older build stored them', async () => {
    const category = await createCategory(t.db)
    // Issue 48: the danger rule of older builds did not see this disk, so its stored flag says "safe".
    const disk = await post(category, 'dd if=/dev/zero of=/dev/sdX bs=1M # recheck')
    const fine = await post(category, 'ls -la # recheck')
    const stale = { has_placeholders: false, has_warning: false }
    await t.db.updateTable('post_command_flags').set(stale).where('post_id', '=', disk._id).execute()
    const flagsOf = (postId: string) =>
      t.db
        .selectFrom('post_command_flags')
        .select(['has_placeholders', 'has_warning'])
        .where('post_id', '=', postId)
        .executeTakeFirstOrThrow()

    expect(await recheckCommandFlags(t.db)).toBe(1)
    expect(await flagsOf(disk._id)).toEqual({ has_placeholders: false, has_warning: true })
    expect(await flagsOf(fine._id)).toEqual(stale)
    expect(await browseIds(`category=${category.slug}&hasWarning=true`)).toEqual([disk._id])
    expect(await recheckCommandFlags(t.db)).toBe(0)

    // A pass that read a command before an edit leaves the flags the edit wrote.
    await t.db.updateTable('posts').set({ command: 'rm -rf / # edited' }).where('id', '=', fine._id).execute()
    await t.db
      .updateTable('post_command_flags')
      .set(commandFlags('rm -rf / # edited'))
      .where('post_id', '=', fine._id)
      .execute()
    await replaceCommandFlags(t.db, [{ postId: fine._id, command: 'ls -la # recheck', flags: stale }])
    expect(await flagsOf(fine._id)).toEqual({ has_placeholders: false, has_warning: true })

    // Shutdown stops the pass before its next batch.
    await t.db.updateTable('post_command_flags').set(stale).where('post_id', '=', disk._id).execute()
    expect(await recheckCommandFlags(t.db, AbortSignal.abort())).toBe(0)
    expect(await flagsOf(disk._id)).toEqual(stale)
    await recheckCommandFlags(t.db)
  })
})

describe('GET /api/website/browse filters', () => {
  let category: CategoryRow
  let archive: PostCard
  let copyId: PostCard
  let wipe: PostCard
  let listing: PostCard
  let dockerNames: PostCard
  let q: string

  beforeAll(async () => {
    category = await createCategory(t.db)
    q = `category=${category.slug}`
    archive = await post(category, 'tar -czf {{archive.tar.gz}} {{path/to/dir}}', ['backup'])
    copyId = await post(category, 'ssh-copy-id -i ~/.ssh/id_ed25519.pub <user>@<host>', ['ssh-keys'])
    wipe = await post(category, 'sudo rm -rf / --no-preserve-root', ['danger'])
    listing = await post(category, 'ls -la | sort', ['backup'])
    dockerNames = await post(category, "docker ps --format '{{.Names}}'", ['backup'])
    await setCreatedAt(archive._id, '2026-03-01T10:00:00Z')
    await setCreatedAt(copyId._id, '2026-03-02T23:59:59Z')
    await setCreatedAt(wipe._id, '2026-03-03T00:00:00Z')
    await setCreatedAt(listing._id, '2026-03-04T12:00:00Z')
    await setCreatedAt(dockerNames._id, '2026-03-05T12:00:00Z')
    await upvote(archive._id, 3)
    await upvote(copyId._id, 1)
    await upvote(listing._id, 2)
  })

  it('keeps posts carrying every listed tag, comma-separated or repeated, in any case', async () => {
    expect(await browseIds(`${q}&tags=backup`)).toEqual([dockerNames._id, listing._id, archive._id])
    expect(await browseIds(`${q}&tags=backup,tar`)).toEqual([archive._id])
    expect(await browseIds(`${q}&tags=backup&tags=TAR`)).toEqual([archive._id])
    expect(await browseIds(`${q}&tags=backup,ssh-keys`)).toEqual([])
    expect(await browseIds(`${q}&tags=%23ls,sort`)).toEqual([listing._id])
  })

  it('keeps posts created within the UTC days from and to, both included', async () => {
    expect(await browseIds(`${q}&from=2026-03-02&to=2026-03-03`)).toEqual([wipe._id, copyId._id])
    expect(await browseIds(`${q}&from=2026-03-04`)).toEqual([dockerNames._id, listing._id])
    expect(await browseIds(`${q}&to=2026-03-01`)).toEqual([archive._id])
    expect(await browseIds(`${q}&from=2026-03-03&to=2026-03-03`)).toEqual([wipe._id])
  })

  it('keeps posts with or without placeholders, Go templates and redirections not counting', async () => {
    expect(await browseIds(`${q}&hasPlaceholders=true`)).toEqual([copyId._id, archive._id])
    expect(await browseIds(`${q}&hasPlaceholders=false`)).toEqual([dockerNames._id, listing._id, wipe._id])
  })

  it('keeps posts with or without a safety warning', async () => {
    expect(await browseIds(`${q}&hasWarning=true`)).toEqual([wipe._id])
    expect(await browseIds(`${q}&hasWarning=false`)).toEqual([
      dockerNames._id,
      listing._id,
      copyId._id,
      archive._id,
    ])
  })

  it('keeps posts whose score (up minus down) reaches minScore', async () => {
    expect(await browseIds(`${q}&minScore=2`)).toEqual([listing._id, archive._id])
    expect(await browseIds(`${q}&minScore=0`)).toHaveLength(5)
    expect(await browseIds(`${q}&minScore=4`)).toEqual([])
  })

  it('combines every filter with each other, the category, each sort and the page count', async () => {
    const all = `${q}&tags=tar&hasPlaceholders=true&minScore=1&from=2026-03-01&to=2026-03-02`
    expect(await browseIds(all)).toEqual([archive._id])
    expect(await browseIds(`${q}&tags=backup&sort=upvotes`)).toEqual([
      archive._id,
      listing._id,
      dockerNames._id,
    ])
    expect(await browseIds(`${q}&hasPlaceholders=true&minScore=1&sort=upvotes`)).toEqual([
      archive._id,
      copyId._id,
    ])
    expect(await browseIds(`${q}&hasWarning=false&sort=views`)).toHaveLength(4)
    // Trending lists the window's posts: these were dated March 2026, outside it.
    expect(await browseIds(`${q}&tags=backup&sort=trending`)).toEqual([])
    const res = await browse(`${q}&tags=backup&page=1`)
    expect(res.json().pagination).toEqual({ page: 1, pageSize: 10, totalPosts: 3, totalPages: 1 })
    const other = await createCategory(t.db)
    expect(await browseIds(`category=${other.slug}&tags=backup`)).toEqual([])
    expect((await browse(`category=${other.slug}&tags=backup`)).json().pagination.totalPosts).toBe(0)
  })

  it('applies the filters to a search too', async () => {
    const term = encodeURIComponent('ssh-copy-id')
    expect(await browseIds(`search=${term}`)).toContain(copyId._id)
    expect(await browseIds(`search=${term}&hasPlaceholders=false`)).not.toContain(copyId._id)
    expect(await browseIds(`search=${term}&tags=ssh-keys`)).toEqual([copyId._id])
  })

  it('refuses malformed query values with 400 and well-formed but impossible filters with 422', async () => {
    const cases: Array<[string, number]> = [
      ['hasPlaceholders=maybe', 400],
      ['hasWarning=2', 400],
      ['minScore=abc', 400],
      ['minScore=-1', 400],
      ['minScore=1.5', 400],
      ['minScore=99999999', 400],
      ['from=2026-3-1', 400],
      ['to=yesterday', 400],
      ['from=2026-02-30', 422],
      ['from=2026-03-05&to=2026-03-01', 422],
      ['tags=not%20a%20tag!', 422],
      [`tags=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')}`, 422],
      [Array.from({ length: 11 }, (_, i) => `tags=t${i}`).join('&'), 400],
      ['tags=a%00b', 400],
    ]
    for (const [query, status] of cases) {
      const res = await browse(query)
      expect({ query, status: res.statusCode }).toEqual({ query, status })
      expect(res.json()).toMatchObject({
        statusCode: status,
        error: expect.any(String),
        message: expect.any(String),
      })
    }
    expect((await browse('from=2026-03-05&to=2026-03-01')).json().message).toMatch(/ends before it starts/)
  })

  it('refuses every payload of the XSS corpus as a tag, and answers tag suggestions for it as JSON', async () => {
    for (const payload of xssPayloads()) {
      const res = await browse(`tags=${encodeURIComponent(payload.slice(0, 300))}`)
      expect([400, 422], payload).toContain(res.statusCode)
      const tags = await t.app.inject({
        url: `/api/website/tags?q=${encodeURIComponent(payload.slice(0, 30))}`,
      })
      expect([200, 400]).toContain(tags.statusCode)
      expect(tags.headers['content-type']).toMatch(/^application\/json/)
    }
  })

  it('normalises filters, so the same filter written two ways is one cache entry', () => {
    const a = parseBrowseFilters({ tags: ['Tar', 'backup,tar'] })
    const b = parseBrowseFilters({ tags: 'backup, tar' })
    expect(a).toEqual(b)
    expect(a.tags).toEqual(['backup', 'tar'])
  })
})

describe('filtered pages in the shared cache', () => {
  it('shows a new matching post at once, drops a deleted one, and follows an edit in or out', async () => {
    const category = await createCategory(t.db)
    const url = `category=${category.slug}&hasPlaceholders=true&tags=deploy`
    const first = await post(category, 'kubectl rollout restart deployment/{{name}}', ['deploy'])
    expect(await browseIds(url)).toEqual([first._id])

    // Created through the API (post.created): the cached filtered page is dropped.
    const second = await post(category, 'helm upgrade <release> ./chart', ['deploy'])
    expect(await browseIds(url)).toEqual([second._id, first._id])

    // Edited so it no longer has placeholders (post.updated): it leaves the filtered page.
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/posts/update',
      headers: authHeader(loginAs(t.app, author)),
      payload: { id: second._id, command: 'helm upgrade web ./chart' },
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect(await browseIds(url)).toEqual([first._id])

    // A post that did not match and gains a placeholder by an edit joins the page it was not on.
    const third = await post(category, 'kubectl get pods', ['deploy'])
    expect(await browseIds(url)).toEqual([first._id])
    const gain = await t.app.inject({
      method: 'PUT',
      url: '/api/posts/update',
      headers: authHeader(loginAs(t.app, author)),
      payload: { id: third._id, command: 'kubectl get pods -n <namespace>' },
    })
    expect(gain.statusCode, gain.body).toBe(200)
    expect(await browseIds(url)).toEqual([third._id, first._id])

    // Deleted (post.deleted): gone from the filtered page.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${first._id}`,
      headers: authHeader(loginAs(t.app, author)),
    })
    expect(del.statusCode, del.body).toBeLessThan(300)
    expect(await browseIds(url)).toEqual([third._id])
    expect((await browse(url)).json().pagination.totalPosts).toBe(1)
  })

  it('keeps filtered and unfiltered pages apart', async () => {
    const category = await createCategory(t.db)
    const plain = await post(category, 'uptime')
    const templated = await post(category, 'ping -c 3 <host>')
    expect(await browseIds(`category=${category.slug}`)).toEqual([templated._id, plain._id])
    expect(await browseIds(`category=${category.slug}&hasPlaceholders=true`)).toEqual([templated._id])
    expect(await browseIds(`category=${category.slug}&hasPlaceholders=false`)).toEqual([plain._id])
  })
})

describe('GET /api/website/tags', () => {
  it('lists the most used tags with their counts, narrowed by a prefix', async () => {
    // A fresh app with only these posts (the tag list is cached for a minute).
    const fresh = await buildTestApp()
    try {
      const user = await createUser(fresh.db, { role: 'contributor' })
      for (const [command, tags] of [
        ['zqfilter one', ['zq-common']],
        ['zqfilter two', ['zq-common']],
        ['zqfilter three', ['zq-rare']],
      ] as const) {
        await createPost(fresh.db, { authorId: user.id, command })
        await fresh.db
          .updateTable('posts')
          .set({ tags: ['zqfilter', ...tags] })
          .where('command', '=', command)
          .execute()
      }
      const res = await fresh.app.inject({ url: '/api/website/tags?q=ZQ' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        tags: [
          { tag: 'zqfilter', postCount: 3 },
          { tag: 'zq-common', postCount: 2 },
          { tag: 'zq-rare', postCount: 1 },
        ],
      })
      const limited = await fresh.app.inject({ url: '/api/website/tags?q=zq&limit=1' })
      expect(limited.json().tags).toEqual([{ tag: 'zqfilter', postCount: 3 }])
      const none = await fresh.app.inject({ url: '/api/website/tags?q=nosuchtag' })
      expect(none.json()).toEqual({ tags: [] })
      const all = await fresh.app.inject({ url: '/api/website/tags' })
      expect(all.json().tags[0]).toEqual({ tag: 'zqfilter', postCount: 3 })
    } finally {
      await fresh.close()
    }
  })

  it('refuses a bad limit or an over-long prefix', async () => {
    for (const query of ['limit=0', 'limit=51', 'limit=x', `q=${'a'.repeat(31)}`]) {
      const res = await t.app.inject({ url: `/api/website/tags?${query}` })
      expect([400, 422]).toContain(res.statusCode)
      expect(res.json()).toMatchObject({ statusCode: res.statusCode, message: expect.any(String) })
    }
  })
})

describe('filtered query plans', () => {
  let planApp: TestApp

  beforeAll(async () => {
    planApp = await buildTestApp()
    const user = await createUser(planApp.db, { role: 'contributor' })
    // Enough rows, spread over time and tags, that an index is clearly cheaper than a scan; one post
    // in ten has a placeholder, one in two hundred a warning, as in real data.
    await sql`
      INSERT INTO posts (author_id, title, slug, command, command_key, description, description_text,
                         tags, uplike_count, created_at)
      SELECT ${user.id}, 'Generated post ' || n, 'generated-post-' || n,
             CASE WHEN n % 10 = 0 THEN 'echo <name> ' || n WHEN n % 200 = 1 THEN 'rm -rf / ' || n
                  ELSE 'echo generated-' || n END,
             'key-' || n, '<p>Generated</p>', 'Generated ' || n,
             ARRAY['gen', 'tag' || (n % 50)], n % 97, now() - make_interval(mins => n)
      FROM generate_series(1, 5000) AS n`.execute(planApp.db)
    await fillCommandFlags(planApp.db)
    await sql`VACUUM ANALYZE`.execute(planApp.db)
  }, 60_000)
  afterAll(async () => {
    await planApp?.close()
  })

  async function plan(compiled: CompiledQuery): Promise<string> {
    const result = await planApp.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
    )
    return result.rows.map((row) => row['QUERY PLAN']).join('\n')
  }

  it('reads filtered pages and counts through indexes, never scanning posts', async () => {
    const combos = {
      tag: { tags: ['tag7'] },
      'two tags': { tags: ['gen', 'tag7'] },
      placeholders: { hasPlaceholders: true },
      warning: { hasWarning: true },
      'date range': { from: '2020-01-01', to: new Date().toISOString().slice(0, 10) },
      'tag, placeholders and score': { tags: ['tag10'], hasPlaceholders: true, minScore: 3 },
    }
    for (const [name, filters] of Object.entries(combos)) {
      for (const sort of ['latest', 'upvotes'] as const) {
        const opts = { sort, limit: 10, offset: 0, filters: { ...NO_FILTERS, ...filters } }
        const page = await plan(filteredPageQuery(planApp.db, opts).compile())
        expect({ name, sort, seqScanOnPosts: /Seq Scan on posts/.test(page) }, page).toEqual({
          name,
          sort,
          seqScanOnPosts: false,
        })
        const count = await plan(filteredCountQuery(opts).compile(planApp.db))
        expect({ name, sort, countSeqScan: /Seq Scan on posts/.test(count) }, count).toEqual({
          name,
          sort,
          countSeqScan: false,
        })
      }
    }
  })

  it('counts at most FILTER_COUNT_CAP matches', async () => {
    const opts = { sort: 'latest' as const, limit: 10, offset: 0, filters: { ...NO_FILTERS, tags: ['gen'] } }
    const { rows } = await filteredCountQuery(opts).execute(planApp.db)
    expect(Number(rows[0]?.n)).toBe(FILTER_COUNT_CAP)
  })
})
