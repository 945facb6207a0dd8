import type { CategoryRow } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  authHeader,
  createCategory,
  createPostViaApi,
  createUsers,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import type { PostCard } from '../../contract/posts.ts'

let t: TestApp
let contributor: TestUser
let category: CategoryRow

beforeAll(async () => {
  t = await buildTestApp()
  ;[contributor] = await createUsers(t.db, 'contributor')
  category = await createCategory(t.db)
})
afterAll(async () => {
  await t?.close()
})

function createPost(title: string, command: string): Promise<PostCard> {
  return createPostViaApi(t.app, contributor, {
    title,
    command,
    description: '<p>Copies a file to a server.</p>',
    category: category.id,
  })
}

async function getJson<T>(url: string): Promise<T> {
  const res = await t.app.inject({ url })
  expect(res.statusCode, url).toBe(200)
  return res.json() as T
}

const cardOf = (posts: PostCard[], id: string) => posts.find((post) => post._id === id)

describe('placeholders on post cards', () => {
  it('lists a post’s placeholders on create, detail, home, browse and both searches', async () => {
    const post = await createPost(
      'Upload a quokkafile to a server',
      'scp -P <port> {{quokkafile.txt}} <user>@<host>:<dest> 2>/dev/null && ssh <user>@<host> ls <dest>',
    )
    const expected = ['port', 'quokkafile.txt', 'user', 'host', 'dest']
    expect(post.placeholders).toEqual(expected)

    const detail = await getJson<{ post: PostCard }>(`/api/posts/${post.slug}`)
    expect(detail.post.placeholders).toEqual(expected)
    const home = await getJson<{ latestPosts: PostCard[] }>('/api/website')
    expect(cardOf(home.latestPosts, post._id)?.placeholders).toEqual(expected)
    const browse = await getJson<{ posts: PostCard[] }>(`/api/website/browse?category=${category.slug}`)
    expect(cardOf(browse.posts, post._id)?.placeholders).toEqual(expected)
    const browseSearch = await getJson<{ posts: PostCard[] }>('/api/website/browse?search=quokkafile')
    expect(cardOf(browseSearch.posts, post._id)?.placeholders).toEqual(expected)
    const search = await getJson<{ posts: PostCard[] }>('/api/posts/v1/search?search=quokkafile')
    expect(cardOf(search.posts, post._id)?.placeholders).toEqual(expected)
  })

  it('answers an empty list for a command whose angle brackets are redirections', async () => {
    const post = await createPost('Sort a wombat list into a file', 'sort < wombats.txt > sorted.txt 2>&1')
    expect(post.placeholders).toEqual([])
    expect((await getJson<{ post: PostCard }>(`/api/posts/${post._id}`)).post.placeholders).toEqual([])
  })

  it('follows an edit of the command, also in the cached detail page', async () => {
    const post = await createPost('Ping a numbat host', 'ping -c 4 numbat.example.com')
    expect((await getJson<{ post: PostCard }>(`/api/posts/${post._id}`)).post.placeholders).toEqual([])
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/posts/update',
      headers: authHeader(loginAs(t.app, contributor)),
      payload: { id: post._id, command: 'ping -c {{count}} <host> # numbat' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().post.placeholders).toEqual(['count', 'host'])
    expect((await getJson<{ post: PostCard }>(`/api/posts/${post._id}`)).post.placeholders).toEqual([
      'count',
      'host',
    ])
  })
})
