import type { CategoryRow } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createCategory, createPostViaApi, createUser, type TestUser } from '../../../test/factories.ts'
import type { PostCard } from '../../contract/posts.ts'
import type { BrowseResponse } from '../../contract/website.ts'
import type { SearchIndex } from './search-index.ts'

/*
 * What a browse answer says about the search it ran: how many posts match, and which misspelt words it
 * corrected (`correctedSearch`), unless asked for the exact words (`exact=true`). Both paths say the
 * same: the in-memory index (no filters) and PostgreSQL (with a filter).
 */

let t: TestApp
let author: TestUser
let networking: CategoryRow
let files: CategoryRow
const grepPosts: PostCard[] = []

beforeAll(async () => {
  t = await buildTestApp()
  await (t.app.searchIndex as SearchIndex).whenReady()
  author = await createUser(t.db, { role: 'contributor' })
  networking = await createCategory(t.db, { name: 'Networking', slug: 'networking' })
  files = await createCategory(t.db, { name: 'Files', slug: 'files' })
  for (const [title, command] of [
    ['Search logs for errors', 'grep -rn error /var/log'],
    ['Count matching lines', 'grep -c pattern notes.txt'],
    ['Show lines around a match', 'grep -C 3 pattern notes.txt'],
  ] as const) {
    grepPosts.push(
      await createPostViaApi(t.app, author, {
        title,
        command,
        description: '<p>Reads text.</p>',
        category: files.id,
      }),
    )
  }
  await createPostViaApi(t.app, author, {
    title: 'List listening ports',
    command: 'ss -tlnp',
    description: '<p>Sockets that accept connections.</p>',
    category: networking.id,
  })
})
afterAll(async () => {
  await t?.close()
})

async function browse(query: string): Promise<BrowseResponse> {
  const response = await t.app.inject({ url: `/api/website/browse?${query}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<BrowseResponse>()
}

const ids = (posts: Array<{ _id: string }>) => posts.map((post) => post._id).sort()

describe('browse answers what it searched', () => {
  it('counts the matches of a search and of a filtered list', async () => {
    const search = await browse('search=grep')
    expect(search.pagination.totalPosts).toBe(3)
    expect(search.correctedSearch).toBeUndefined()
    const category = await browse(`category=${networking.slug}`)
    expect(category.pagination.totalPosts).toBe(1)
    const filtered = await browse('tags=grep')
    expect(filtered.pagination.totalPosts).toBe(3)
  })

  it('says which misspelt word it corrected, keeping the rest of the search as typed', async () => {
    const corrected = await browse(`search=${encodeURIComponent('Gerp pattern')}`)
    expect(corrected.search).toBe('Gerp pattern')
    expect(corrected.correctedSearch).toBe('grep pattern')
    expect(corrected.pagination.totalPosts).toBe(2)
    // With a filter the search runs in PostgreSQL, which corrects the same way.
    const inDatabase = await browse('search=gerp&tags=grep')
    expect(inDatabase.correctedSearch).toBe('grep')
    expect(ids(inDatabase.posts)).toEqual(ids(grepPosts))
  })

  it('searches the exact words when asked, correcting nothing', async () => {
    const exact = await browse('search=gerp&exact=true')
    expect(exact.correctedSearch).toBeUndefined()
    expect(exact.posts).toEqual([])
    expect(exact.pagination.totalPosts).toBe(0)
    const inDatabase = await browse('search=gerp&exact=true&tags=grep')
    expect(inDatabase.correctedSearch).toBeUndefined()
    expect(inDatabase.posts).toEqual([])
    // A prefix of a known word still matches: exact turns off corrections only.
    expect((await browse('search=gre&exact=true')).pagination.totalPosts).toBe(3)
    // The shared page cache keeps the two apart.
    expect((await browse('search=gerp')).correctedSearch).toBe('grep')
  })

  it('refuses an exact flag that is not a boolean', async () => {
    const response = await t.app.inject({ url: '/api/website/browse?search=gerp&exact=maybe' })
    expect(response.statusCode).toBe(400)
  })

  it('takes a category by slug or by id alike', async () => {
    const bySlug = await browse(`category=${files.slug}`)
    const byId = await browse(`category=${files.id}`)
    expect(ids(bySlug.posts)).toEqual(ids(grepPosts))
    expect(ids(byId.posts)).toEqual(ids(grepPosts))
    expect(bySlug.pagination.totalPosts).toBe(3)
  })
})
