import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { authHeader, createCategory, createPost, createUser, loginAs } from '../../../test/factories.ts'
import type { PostCard } from '../../contract/posts.ts'
import { EXCERPT_LENGTH, excerpt } from '../../lib/sanitize.ts'

/*
 * A card carries only the start of its post's description text from the database (posts/repo.ts
 * EXCERPT_SOURCE), cut where the excerpt needs it. Every list gives the excerpt the whole text gives,
 * whatever the characters at the cut, and an export still gets the whole text.
 */

let t: TestApp
let categorySlug = ''
/** Two posts' description texts: plain ASCII, and astral characters (two UTF-16 units, one
 * PostgreSQL character) on both sides of the cut. */
const texts = [
  `${'Follow the kernel log as it is written. '.repeat(8)}The end.`,
  `${'🐧 kernel '.repeat(14)}${'word '.repeat(40)}and the end of it.`,
]
const posts: Array<{ id: string; slug: string; text: string }> = []

beforeAll(async () => {
  t = await buildTestApp({ config: { pageCache: false } })
  const author = await createUser(t.db, { role: 'contributor' })
  const category = await createCategory(t.db, { name: 'Excerpts', slug: 'excerpts' })
  categorySlug = category.slug
  for (const [i, text] of texts.entries()) {
    const post = await createPost(t.db, {
      authorId: author.id,
      categoryId: category.id,
      title: `Trace the penguin kernel ${i}`,
      command: `dmesg --follow # ${i}`,
    })
    await t.db
      .updateTable('posts')
      .set({ description: `<p>${text}</p>`, description_text: text })
      .where('id', '=', post.id)
      .execute()
    posts.push({ id: post.id, slug: post.slug, text })
  }
  await t.app.searchIndex?.rebuild()
})
afterAll(async () => {
  await t?.close()
})

async function json<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await t.app.inject({ url, headers })
  expect(res.statusCode, url).toBe(200)
  return res.json<T>()
}

describe("a card's excerpt", () => {
  it('is the excerpt of the whole text on every list and on the post page', async () => {
    const home = await json<{ latestPosts: PostCard[] }>('/api/website')
    const browse = await json<{ posts: PostCard[] }>(`/api/website/browse?category=${categorySlug}`)
    const search = await json<{ posts: PostCard[] }>('/api/posts/v1/search?search=penguin%20dmesg')
    for (const post of posts) {
      expect(post.text.length).toBeGreaterThan(EXCERPT_LENGTH + 1)
      const expected = excerpt(post.text)
      const cardOf = (cards: PostCard[]) => cards.find((card) => card._id === post.id)
      const detail = await json<{ post: PostCard }>(`/api/posts/${post.slug}`)
      expect(cardOf(home.latestPosts)?.excerpt).toBe(expected)
      expect(cardOf(browse.posts)?.excerpt).toBe(expected)
      expect(cardOf(search.posts)?.excerpt).toBe(expected)
      expect(detail.post.excerpt).toBe(expected)
    }
  })

  it('leaves the whole text to an export of a collection holding the post', async () => {
    const owner = await createUser(t.db)
    const headers = authHeader(loginAs(t.app, owner))
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers,
      payload: { name: 'Kernel notes', public: true },
    })
    expect(created.statusCode).toBe(201)
    const collectionId = created.json<{ _id: string }>()._id
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/collections/${collectionId}/posts`,
      headers,
      payload: { postId: posts[0]?.id },
    })
    expect(added.statusCode).toBe(200)
    const exported = await json<{ posts: Array<{ description: string }> }>(
      `/api/collections/${collectionId}/export?format=json`,
      headers,
    )
    expect(exported.posts.map((post) => post.description)).toEqual([posts[0]?.text])
  })
})
