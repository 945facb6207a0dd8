import type { CategoryRow } from '@bashboard/db'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  authHeader,
  createCategory,
  createPostViaApi,
  createUser,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import type { PostCard } from '../../contract/posts.ts'
import { RECENT_CARD_MS } from '../posts/page-caches.ts'
import type { SearchIndex } from './search-index.ts'

/*
 * A search reuses the cards other searches loaded lately (posts/page-caches.ts recentCards,
 * website/service.ts searchCards): their rows are not read again, the card store keeps them true by
 * live events, and what no event announces is read again once the card is RECENT_CARD_MS old.
 */

let t: TestApp
let author: TestUser
let voter: TestUser
let category: CategoryRow

beforeAll(async () => {
  t = await buildTestApp()
  await (t.app.searchIndex as SearchIndex).whenReady()
  author = await createUser(t.db, { role: 'contributor' })
  voter = await createUser(t.db)
  category = await createCategory(t.db, { name: 'Shelf', slug: 'shelf' })
})
afterAll(async () => {
  await t?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

let sequence = 0
/** A post through the API (so the index hears of it), its title holding `words`. */
async function createViaApi(words: string): Promise<PostCard> {
  sequence += 1
  return createPostViaApi(t.app, author, {
    title: `Shelf ${words} ${sequence}`,
    command: `echo shelf-${sequence}`,
    description: '<p>A post for the recent cards tests.</p>',
    category: category.id,
  })
}

async function searchFor(search: string): Promise<PostCard[]> {
  const res = await t.app.inject({ url: `/api/posts/v1/search?search=${encodeURIComponent(search)}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().posts
}

async function browseSearchFor(search: string): Promise<PostCard[]> {
  const res = await t.app.inject({ url: `/api/website/browse?search=${encodeURIComponent(search)}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().posts
}

/** Changes a post's title behind the app's back: no event, so only a read of its row shows it. */
async function retitleSilently(postId: string, title: string): Promise<void> {
  await sql`UPDATE posts SET title = ${title} WHERE id = ${postId}`.execute(t.db)
}

const titleOf = (posts: PostCard[], id: string) => posts.find((post) => post._id === id)?.title

describe('cards reused across searches', () => {
  it('reuses the card another search loaded instead of reading the post again', async () => {
    const post = await createViaApi('quokka wombat')
    expect(titleOf(await searchFor('quokka'), post._id)).toBe(post.title)
    await retitleSilently(post._id, 'Retitled quokka wombat')
    // Another search, not cached, lists the same post: the card comes from the first search.
    expect(titleOf(await searchFor('wombat'), post._id)).toBe(post.title)
    expect(titleOf(await browseSearchFor('wombat quokka'), post._id)).toBe(post.title)
  })

  it('keeps a reused card true by live events: votes and edits', async () => {
    const post = await createViaApi('numbat bilby')
    await searchFor('numbat')
    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/posts/upvote/${post._id}`,
      headers: authHeader(loginAs(t.app, voter)),
    })
    expect(vote.statusCode).toBe(200)
    const afterVote = (await searchFor('bilby')).find((card) => card._id === post._id)
    expect(afterVote?.uplikeCount).toBe(1)

    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/posts/update',
      headers: authHeader(loginAs(t.app, author)),
      payload: { id: post._id, title: `Edited numbat bilby ${sequence}` },
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect(titleOf(await searchFor('bilby numbat'), post._id)).toBe(`Edited numbat bilby ${sequence}`)
  })

  it('reads a card again once it was loaded more than RECENT_CARD_MS ago', async () => {
    const post = await createViaApi('dingo echidna')
    await searchFor('dingo')
    await retitleSilently(post._id, 'Retitled dingo echidna')
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + RECENT_CARD_MS + 1 })
    expect(titleOf(await searchFor('echidna'), post._id)).toBe('Retitled dingo echidna')
  })

  it('never shows a deleted post, even one whose card is kept', async () => {
    const kept = await createViaApi('platypus kiwi')
    const other = await createViaApi('platypus kiwi')
    expect((await searchFor('platypus')).map((card) => card._id)).toEqual(
      expect.arrayContaining([kept._id, other._id]),
    )
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${kept._id}`,
      headers: authHeader(loginAs(t.app, author)),
    })
    expect(removed.statusCode, removed.body).toBe(200)
    const ids = (await searchFor('kiwi')).map((card) => card._id)
    expect(ids).toContain(other._id)
    expect(ids).not.toContain(kept._id)
  })
})
