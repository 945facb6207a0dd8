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
import type { LiveEventMap } from '../../contract/live.ts'
import { CATEGORY_COUNTS_COALESCE_MS } from './category-counts.ts'

type CategoriesUpdated = LiveEventMap['posts']['categories.updated']

let t: TestApp
let author: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  author = await createUser(t.db, { role: 'contributor' })
})
afterAll(async () => {
  await t?.close()
})

/** The `categories.updated` payloads published on `posts` while `act` runs and the window after it. */
async function pushesDuring(act: () => Promise<unknown>): Promise<CategoriesUpdated[]> {
  const pushes: CategoriesUpdated[] = []
  const unsubscribe = t.bus.subscribe({
    message: (m) => {
      if (m.topic === 'posts' && m.event === 'categories.updated') pushes.push(JSON.parse(m.frame).data)
    },
    resumed: () => {},
  })
  try {
    await act()
    await new Promise((resolve) => setTimeout(resolve, CATEGORY_COUNTS_COALESCE_MS + 300))
  } finally {
    unsubscribe()
  }
  return pushes
}

const countOf = (push: CategoriesUpdated | undefined, slug: string) =>
  push?.categories.find((category) => category.slug === slug)?.postCount

describe('categories.updated on posts', () => {
  it('pushes every category with its new count once after a burst of new posts, and after a delete', async () => {
    const radio = await createCategory(t.db, { name: 'Radio', slug: 'radio' })
    await createCategory(t.db, { name: 'Quiet', slug: 'quiet' })
    const created = await pushesDuring(() =>
      Promise.all(
        ['one', 'two', 'three'].map((word) =>
          createPostViaApi(t.app, author, {
            title: `Tune the radio ${word}`,
            command: `rtl_fm -f ${word}`,
            description: '<p>Listens to a station.</p>',
            category: radio.id,
          }),
        ),
      ),
    )
    expect(created).toHaveLength(1)
    expect(countOf(created[0], 'radio')).toBe(3)
    expect(countOf(created[0], 'quiet')).toBe(0)
    // The sidebar's order: most posts first.
    expect(created[0]?.categories[0]?.slug).toBe('radio')

    const [first] = await t.db.selectFrom('posts').select('id').where('category_id', '=', radio.id).execute()
    const deleted = await pushesDuring(async () => {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/posts/${first?.id}`,
        headers: authHeader(loginAs(t.app, author)),
      })
      expect(response.statusCode).toBe(200)
    })
    expect(deleted.map((push) => countOf(push, 'radio'))).toEqual([2])
  })
})
