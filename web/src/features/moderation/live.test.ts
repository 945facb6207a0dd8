import type { ModPostListResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { type ContentSearch, modKeys } from './api'
import { moderationLive } from './live'

const postId = '00000000-0000-4000-8000-0000000000f1'
const otherId = '00000000-0000-4000-8000-0000000000f2'
const search: ContentSearch = { q: '', author: '', page: 1 }

function modPost(_id: string): ModPostListResponse['posts'][number] {
  return {
    _id,
    slug: `post-${_id.slice(-2)}`,
    title: 'List ports',
    command: 'ss -tulpn',
    author: { _id: '00000000-0000-4000-8000-0000000000b1', username: 'grace' },
    uplikeCount: 2,
    downlikeCount: 0,
    commentsCount: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
  }
}

function list(posts: ModPostListResponse['posts']): ModPostListResponse {
  return { posts, pagination: { page: 1, pageSize: 20, total: posts.length, totalPages: 1 } }
}

describe('moderationLive post rows', () => {
  it("writes a pushed vote into the console's post results and leaves other queries as they were", () => {
    const queryClient = new QueryClient()
    const other = modPost(otherId)
    queryClient.setQueryData(modKeys.posts(search), list([other, modPost(postId)]))
    const otherResults = list([modPost(otherId)])
    queryClient.setQueryData(modKeys.posts({ ...search, q: 'ss' }), otherResults)
    const activity = { items: [], liveId: '2' }
    queryClient.setQueryData(modKeys.activity(), activity)

    moderationLive.events['post.votes'](queryClient, { postId, uplikeCount: 5, downlikeCount: 1 })

    const after = queryClient.getQueryData<ModPostListResponse>(modKeys.posts(search))
    expect(after?.posts[1]).toMatchObject({ _id: postId, uplikeCount: 5, downlikeCount: 1 })
    expect(after?.posts[0]).toBe(other)
    expect(queryClient.getQueryData(modKeys.posts({ ...search, q: 'ss' }))).toBe(otherResults)
    expect(queryClient.getQueryData(modKeys.activity())).toBe(activity)
  })

  it('answers a reset of `post:<id>` with the results holding it, and a `mod` reset with the whole console', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(modKeys.posts(search), list([modPost(postId)]))
    queryClient.setQueryData(modKeys.activity(), { items: [], liveId: '2' })
    moderationLive.reset(queryClient, `post:${postId}`)
    expect(queryClient.getQueryState(modKeys.posts(search))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(modKeys.activity())?.isInvalidated).toBe(false)
    moderationLive.reset(queryClient, 'mod')
    expect(queryClient.getQueryState(modKeys.activity())?.isInvalidated).toBe(true)
  })
})
