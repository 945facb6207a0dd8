import type { BrowseResponse, PostDetailResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { browseFixture, detailFixture, postFixture } from '../../test/post-fixtures'
import { postKeys } from './api'
import { postsLive } from './live'

const browseParams = { page: 1, search: '', category: '', sort: 'latest' } as const

function seeded() {
  const post = postFixture({ savedCount: 2, isSaved: false })
  const other = postFixture({ savedCount: 9 })
  const queryClient = new QueryClient()
  queryClient.setQueryData(postKeys.browse(browseParams), browseFixture({ posts: [post, other] }))
  queryClient.setQueryData(postKeys.detail(post.slug), detailFixture({ post, isSaved: false }))
  return { post, other, queryClient }
}

describe('postsLive saves', () => {
  it('writes a pushed saved count into every copy of the post, and only the count', () => {
    const { post, other, queryClient } = seeded()
    postsLive.events['post.saves'](queryClient, { postId: post._id, savedCount: 3 })
    const browse = queryClient.getQueryData<BrowseResponse>(postKeys.browse(browseParams))
    const detail = queryClient.getQueryData<PostDetailResponse>(postKeys.detail(post.slug))
    expect(browse?.posts[0]).toMatchObject({ savedCount: 3, isSaved: false })
    expect(browse?.posts[1]).toBe(other)
    expect(detail?.post.savedCount).toBe(3)
    expect(detail?.isSaved).toBe(false)
  })

  it("turns the user's bookmark on everywhere when they saved the post in another tab", () => {
    const { post, queryClient } = seeded()
    postsLive.events['saved.changed'](queryClient, { postId: post._id, saved: true, savedCount: 3 })
    const browse = queryClient.getQueryData<BrowseResponse>(postKeys.browse(browseParams))
    const detail = queryClient.getQueryData<PostDetailResponse>(postKeys.detail(post.slug))
    expect(browse?.posts[0]).toMatchObject({ savedCount: 3, isSaved: true })
    expect(detail).toMatchObject({ isSaved: true, post: { isSaved: true, savedCount: 3 } })
  })
})
