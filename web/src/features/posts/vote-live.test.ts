import type { BrowseResponse, PostDetailResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { browseFixture, detailFixture, postFixture } from '../../test/post-fixtures'
import { postKeys } from './api'
import { postsLive } from './live'

const browseParams = { page: 1, search: '', category: '', sort: 'latest' } as const

function seeded() {
  const post = postFixture({ uplikeCount: 3, downlikeCount: 1 })
  const other = postFixture({ uplikeCount: 9 })
  const queryClient = new QueryClient()
  queryClient.setQueryData(
    postKeys.browse(browseParams),
    browseFixture({ posts: [post, other], myReactedPosts: { likedPosts: [other._id], dislikedPosts: [] } }),
  )
  queryClient.setQueryData(postKeys.detail(post.slug), detailFixture({ post }))
  // Another post's page, listing the post among its related posts.
  queryClient.setQueryData(postKeys.detail(other.slug), detailFixture({ post: other, related: [post] }))
  return { post, other, queryClient }
}

function browse(queryClient: QueryClient) {
  return queryClient.getQueryData<BrowseResponse>(postKeys.browse(browseParams))
}

function detail(queryClient: QueryClient, slug: string) {
  return queryClient.getQueryData<PostDetailResponse>(postKeys.detail(slug))
}

describe('postsLive votes from the member’s other tabs', () => {
  it('lights their arrow and sets both counts on every cached copy of the post', () => {
    const { post, other, queryClient } = seeded()
    postsLive.events['vote.changed'](queryClient, {
      postId: post._id,
      value: 1,
      uplikeCount: 4,
      downlikeCount: 1,
    })
    expect(browse(queryClient)?.myReactedPosts).toEqual({
      likedPosts: [other._id, post._id],
      dislikedPosts: [],
    })
    expect(browse(queryClient)?.posts[0]).toMatchObject({ uplikeCount: 4, downlikeCount: 1 })
    expect(browse(queryClient)?.posts[1]).toBe(other)
    expect(detail(queryClient, post.slug)).toMatchObject({
      isLiked: true,
      isDisliked: false,
      post: { uplikeCount: 4, downlikeCount: 1 },
    })
    // Another post's page shows the counts of its related card; its own marks are that post's.
    expect(detail(queryClient, other.slug)?.related[0]).toMatchObject({ uplikeCount: 4, downlikeCount: 1 })
    expect(detail(queryClient, other.slug)?.isLiked).toBe(false)
  })

  it('moves the mark from up to down on a switch, and a repeated event changes nothing', () => {
    const { post, other, queryClient } = seeded()
    const switched = { postId: post._id, value: -1, uplikeCount: 2, downlikeCount: 2 } as const
    postsLive.events['vote.changed'](queryClient, { ...switched, value: 1, uplikeCount: 3, downlikeCount: 1 })
    postsLive.events['vote.changed'](queryClient, switched)
    expect(browse(queryClient)?.myReactedPosts).toEqual({
      likedPosts: [other._id],
      dislikedPosts: [post._id],
    })
    expect(detail(queryClient, post.slug)).toMatchObject({
      isLiked: false,
      isDisliked: true,
      post: { uplikeCount: 2, downlikeCount: 2 },
    })

    // Payloads are absolute: the same event again (a replay after a reconnect) leaves the data as it is.
    const before = { list: browse(queryClient), page: detail(queryClient, post.slug) }
    postsLive.events['vote.changed'](queryClient, switched)
    expect(browse(queryClient)).toBe(before.list)
    expect(detail(queryClient, post.slug)).toBe(before.page)
  })
})
