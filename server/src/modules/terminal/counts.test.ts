import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  authHeader,
  createCategory,
  createPostViaApi,
  createUser,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import type { ModBlog } from '../../contract/blogs.ts'
import type { CollectionSummary } from '../../contract/collections.ts'
import type { PostCard } from '../../contract/posts.ts'
import { renderList } from './presenter/render.ts'
import { PLAIN } from './presenter/text.ts'

/*
 * Every count the text pages for curl print, read through the app for a count of 1 and of 2: the noun
 * follows the number (contract/plurals.ts), so "1 comment" and "2 comments", never "1 comments". Also the
 * page heads the server writes for a browser's first screen (the profile's and collection's descriptions).
 */

const CURL = { 'user-agent': 'curl/8.5.0' }
// biome-ignore lint/suspicious/noControlCharactersInRegex: our own colour codes, removed to read the text
const SGR = /\u001b\[\d+m/g

let t: TestApp
let one: TestUser
let two: TestUser
let moderator: TestUser
let categoryId: string
const posts: Record<'one' | 'two', PostCard[]> = { one: [], two: [] }
const slugs: Record<'oneCollection' | 'twoCollection', string> = { oneCollection: '', twoCollection: '' }

async function text(url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: CURL })
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.body.replace(SGR, '')
}

async function inject(user: TestUser, method: 'POST', url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method, url, headers: authHeader(loginAs(t.app, user)), payload })
  expect(res.statusCode, res.body).toBeLessThan(300)
  return res
}

async function collection(owner: TestUser, name: string, items: PostCard[]): Promise<CollectionSummary> {
  const created = (
    await inject(owner, 'POST', '/api/collections', { name, description: '', public: true })
  ).json<CollectionSummary>()
  for (const { _id } of items)
    await inject(owner, 'POST', `/api/collections/${created._id}/posts`, { postId: _id })
  return created
}

async function blog(title: string, views: number): Promise<void> {
  const created = (
    await inject(moderator, 'POST', '/api/mod/blogs', {
      title,
      metadescription: `${title}, in short.`,
      content: '<p>Text.</p>',
      image: null,
      status: 'published',
    })
  ).json<{ blog: ModBlog }>().blog
  await t.db.updateTable('blogs').set({ view_count: views }).where('id', '=', created._id).execute()
}

beforeAll(async () => {
  // No page caches: each read sees what the test wrote just before.
  t = await buildTestApp({ config: { pageCache: false } })
  one = await createUser(t.db, { role: 'contributor', username: 'count_one' })
  two = await createUser(t.db, { role: 'contributor', username: 'count_two' })
  moderator = await createUser(t.db, { role: 'moderator', username: 'count_mod' })
  categoryId = (await createCategory(t.db, { name: 'Counting' })).id
  // `wombat` is the program of one command, `numbat` of two, each user's.
  posts.one.push(
    await createPostViaApi(t.app, one, {
      title: 'Count wombats',
      command: 'wombat --count',
      description: '<p>Counts the wombats.</p>',
      category: categoryId,
      tags: ['wombat'],
    }),
  )
  for (const n of [1, 2])
    posts.two.push(
      await createPostViaApi(t.app, two, {
        title: `Count numbats ${n}`,
        command: `numbat --count ${n}`,
        description: '<p>Counts the numbats.</p>',
        category: categoryId,
        tags: ['numbat'],
      }),
    )
  // One comment on the wombat command, by its author; two on the first numbat command, by theirs.
  await inject(one, 'POST', `/api/comments/${posts.one[0]?._id}/`, {
    post: posts.one[0]?._id,
    content: 'First!',
  })
  for (const content of ['One', 'Two'])
    await inject(two, 'POST', `/api/comments/${posts.two[0]?._id}/`, { post: posts.two[0]?._id, content })
  // A public collection each, of one and of two commands (`two` has a second one).
  slugs.oneCollection = (await collection(one, 'Wombat kit', posts.one)).slug
  slugs.twoCollection = (await collection(two, 'Numbat kit', posts.two)).slug
  await collection(two, 'Numbat spare', posts.two.slice(0, 1))
  // Points written directly, after the posts earned theirs: 1 and 2.
  await t.db.updateTable('users').set({ points: 1 }).where('id', '=', one.id).execute()
  await t.db.updateTable('users').set({ points: 2 }).where('id', '=', two.id).execute()
  await t.db.updateTable('users').set({ points: 0 }).where('id', '=', moderator.id).execute()
  t.app.leaderboard.recount()
  await blog('Seen once', 1)
  await t.app.searchIndex?.rebuild()
})

afterAll(async () => {
  await t?.close()
})

describe('counts on the text pages', () => {
  it('a program: "1 command", "2 commands"', async () => {
    expect(await text('/wombat')).toContain('wombat — 1 command from the Bashboard community')
    expect(await text('/numbat')).toContain('numbat — 2 commands from the Bashboard community')
  })

  it('a search and browse: "1 command", "2 commands"', async () => {
    expect(await text('/~wombat')).toContain('Search "wombat" — 1 command\n')
    expect(await text('/~numbat')).toContain('Search "numbat" — 2 commands\n')
    expect(await text('/browse?tags=wombat')).toMatch(/— 1 command, newest first/)
    expect(await text('/browse?tags=numbat')).toMatch(/— 2 commands, newest first/)
  })

  it('a command: "1 comment", "2 comments"', async () => {
    expect(await text(`/post/${posts.one[0]?.slug}`)).toContain(' · 1 comment · ')
    expect(await text(`/post/${posts.two[0]?.slug}`)).toContain(' · 2 comments · ')
  })

  it('a member: points, commands, comments, public collections and each collection’s commands', async () => {
    const first = await text('/u/count_one')
    expect(first).toContain(', 1 point, member since')
    expect(first).toContain('# 1 command · 1 comment · 1 public collection\n')
    expect(first).toContain('#   Wombat kit (1 command)')
    const second = await text('/u/count_two')
    expect(second).toContain(', 2 points, member since')
    expect(second).toContain('# 2 commands · 2 comments · 2 public collections\n')
    expect(second).toContain('#   Numbat kit (2 commands)')
  })

  it('a collection: "1 command", "2 commands"', async () => {
    expect(await text(`/c/count_one/${slugs.oneCollection}`)).toContain(
      'a collection by count_one, 1 command\n',
    )
    expect(await text(`/c/count_two/${slugs.twoCollection}`)).toContain(
      'a collection by count_two, 2 commands\n',
    )
  })

  it('the leaderboard: "1 point", "2 points"', async () => {
    const board = await text('/leaderboard')
    expect(board).toMatch(/count_two +2 points/)
    expect(board).toMatch(/count_one +1 point(?!s)/)
    expect(board).toMatch(/# 3 members · 2 with points · 0 experts · 3 points in all/)
  })

  it('the blog: "1 article" then "2 articles", "1 view", "2 views"', async () => {
    // The list shows each article's views without counting one (reading an article counts a view).
    const first = await text('/blog')
    expect(first).toContain('# Blog — 1 article\n')
    expect(first).toContain(' · 1 view\n')
    await blog('Seen twice', 2)
    const second = await text('/blog')
    expect(second).toContain('# Blog — 2 articles\n')
    expect(second).toContain(' · 2 views\n')
  })

  it('the program list: "N programs"; one program reads "1 program"', async () => {
    expect(await text('/:list')).toMatch(/^# 2 programs with commands/)
    const single = renderList({ origin: 'http://localhost:3000', palette: PLAIN }, [
      { name: 'wombat', count: 1 },
    ])
    expect(single).toMatch(/^# 1 program with commands/)
  })
})

describe('counts in the page heads for a browser', () => {
  const description = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
    return res.body.match(/<meta name="description" content="([^"]*)"/)?.[1]
  }

  it('a member: "1 point and 1 command", "2 points and 2 commands"', async () => {
    expect(await description('/u/count_one')).toMatch(/ with 1 point and 1 command shared,/)
    expect(await description('/u/count_two')).toMatch(/ with 2 points and 2 commands shared,/)
  })

  it('a collection: "a collection of 1 command", "of 2 commands"', async () => {
    expect(await description(`/c/count_one/${slugs.oneCollection}`)).toContain(
      'A collection of 1 command by count_one',
    )
    expect(await description(`/c/count_two/${slugs.twoCollection}`)).toContain(
      'A collection of 2 commands by count_two',
    )
  })
})
