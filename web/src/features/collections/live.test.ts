import type { CollectionDetail, SavedPostsResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { collectionDetailFixture, collectionSummaryFixture } from '../../test/collection-fixtures'
import { postFixture } from '../../test/post-fixtures'
import { collectionsLive } from './live'
import { collectionKeys } from './queries'

function saved(posts: SavedPostsResponse['posts']): SavedPostsResponse {
  return {
    posts,
    pagination: { page: 1, pageSize: 20, totalPosts: posts.length, totalPages: 1 },
    liveId: '3',
  }
}

describe('collectionsLive', () => {
  it('drops a deleted post from cached collection pages and saved pages at once', () => {
    const kept = postFixture()
    const gone = postFixture()
    const queryClient = new QueryClient()
    const page = collectionDetailFixture([kept, gone])
    queryClient.setQueryData(collectionKeys.page('ada_lovelace', page.slug), page)
    queryClient.setQueryData(collectionKeys.savedPage(1), saved([gone, kept]))

    collectionsLive.events['post.deleted'](queryClient, { postId: gone._id })

    const after = queryClient.getQueryData<CollectionDetail>(collectionKeys.page('ada_lovelace', page.slug))
    expect(after?.posts.map((post) => post._id)).toEqual([kept._id])
    expect(after?.postCount).toBe(1)
    expect(
      queryClient
        .getQueryData<SavedPostsResponse>(collectionKeys.savedPage(1))
        ?.posts.map((post) => post._id),
    ).toEqual([kept._id])
  })

  it("refetches the owner's lists and that collection's page when it changes in another tab", () => {
    const queryClient = new QueryClient()
    const page = collectionDetailFixture([postFixture()])
    const other = collectionDetailFixture([], { name: 'Other' })
    queryClient.setQueryData(collectionKeys.page('ada_lovelace', page.slug), page)
    queryClient.setQueryData(collectionKeys.page('ada_lovelace', other.slug), other)
    queryClient.setQueryData(collectionKeys.myList(), { collections: [], liveId: '1' })

    collectionsLive.events['collection.changed'](queryClient, {
      collection: collectionSummaryFixture({ _id: page._id }),
      change: 'updated',
      postId: null,
    })

    const state = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated
    expect(state(collectionKeys.page('ada_lovelace', page.slug))).toBe(true)
    expect(state(collectionKeys.page('ada_lovelace', other.slug))).toBe(false)
    expect(state(collectionKeys.myList())).toBe(true)
  })
})

describe('collections post cards live', () => {
  it('writes a pushed vote into saved and collection pages holding the post, and leaves the rest', () => {
    const post = postFixture({ uplikeCount: 1, downlikeCount: 0 })
    const other = postFixture()
    const queryClient = new QueryClient()
    const page = collectionDetailFixture([other, post])
    const otherPage = collectionDetailFixture([other], { name: 'Other' })
    queryClient.setQueryData(collectionKeys.page('ada_lovelace', page.slug), page)
    queryClient.setQueryData(collectionKeys.page('ada_lovelace', otherPage.slug), otherPage)
    queryClient.setQueryData(collectionKeys.savedPage(1), saved([post]))
    const foreign = { posts: [post] }
    queryClient.setQueryData(['elsewhere'], foreign)

    collectionsLive.events['post.votes'](queryClient, { postId: post._id, uplikeCount: 4, downlikeCount: 1 })

    const after = queryClient.getQueryData<CollectionDetail>(collectionKeys.page('ada_lovelace', page.slug))
    expect(after?.posts[1]).toMatchObject({ _id: post._id, uplikeCount: 4, downlikeCount: 1 })
    expect(after?.posts[0]).toBe(other)
    expect(
      queryClient.getQueryData<SavedPostsResponse>(collectionKeys.savedPage(1))?.posts[0]?.uplikeCount,
    ).toBe(4)
    expect(queryClient.getQueryData(collectionKeys.page('ada_lovelace', otherPage.slug))).toBe(otherPage)
    expect(queryClient.getQueryData(['elsewhere'])).toBe(foreign)
  })

  it('turns the bookmark off on the cards at once when the post is unsaved in another tab, then refetches', () => {
    const post = postFixture({ isSaved: true, savedCount: 3 })
    const queryClient = new QueryClient()
    const page = collectionDetailFixture([post])
    queryClient.setQueryData(collectionKeys.page('ada_lovelace', page.slug), page)
    queryClient.setQueryData(collectionKeys.savedPage(1), saved([post]))

    collectionsLive.events['saved.changed'](queryClient, { postId: post._id, saved: false, savedCount: 2 })

    const after = queryClient.getQueryData<CollectionDetail>(collectionKeys.page('ada_lovelace', page.slug))
    expect(after?.posts[0]).toMatchObject({ isSaved: false, savedCount: 2 })
    expect(queryClient.getQueryState(collectionKeys.savedPage(1))?.isInvalidated).toBe(true)
  })

  it('refetches only the pages holding the post when its `post:<id>` topic is reset', () => {
    const post = postFixture()
    const queryClient = new QueryClient()
    const page = collectionDetailFixture([post])
    const otherPage = collectionDetailFixture([postFixture()], { name: 'Other' })
    queryClient.setQueryData(collectionKeys.page('ada_lovelace', page.slug), page)
    queryClient.setQueryData(collectionKeys.page('ada_lovelace', otherPage.slug), otherPage)
    queryClient.setQueryData(collectionKeys.myList(), { collections: [], liveId: '1' })

    collectionsLive.reset(queryClient, `post:${post._id}`)

    const state = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated
    expect(state(collectionKeys.page('ada_lovelace', page.slug))).toBe(true)
    expect(state(collectionKeys.page('ada_lovelace', otherPage.slug))).toBe(false)
    expect(state(collectionKeys.myList())).toBe(false)
  })
})
