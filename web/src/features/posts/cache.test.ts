import type { BrowseResponse, PostDetailResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { patchCards, withChanges } from '../../lib/post-cache'
import { type PostCardQueries, registerPostCardQueries } from '../../lib/post-cache-registry'
import { browseFixture, detailFixture, postFixture } from '../../test/post-fixtures'
import { cancelPostEverywhere, restoreSnapshot, updatePostEverywhere, updateSavedEverywhere } from './cache'
import { postKeys } from './queries'

const browseParams = { page: 1, search: '', category: '', sort: 'latest' } as const

type ShelfData = { posts: ReturnType<typeof postFixture>[] }

/** Another feature's post-card queries, registered the way the app registers every feature's. */
const shelf: PostCardQueries<ShelfData> = {
  queryKey: ['shelf'],
  cards: (data) => data.posts,
  patch: (data, change) => withChanges(data, { posts: patchCards(data.posts, change) }),
}
registerPostCardQueries([shelf])

function seeded() {
  const post = postFixture({ uplikeCount: 3, downlikeCount: 1, savedCount: 2, isSaved: false })
  const other = postFixture()
  const queryClient = new QueryClient()
  queryClient.setQueryData(
    postKeys.browse(browseParams),
    browseFixture({ posts: [post, other], myReactedPosts: { likedPosts: [], dislikedPosts: [post._id] } }),
  )
  queryClient.setQueryData(postKeys.detail(post.slug), detailFixture({ post, isDisliked: true }))
  queryClient.setQueryData(['shelf', 1], { posts: [post] })
  queryClient.setQueryData(['shelf', 2], { posts: [other] })
  return { post, other, queryClient }
}

describe('updatePostEverywhere', () => {
  it("writes a vote's counts and the caller's vote into our queries and every registered feature's", () => {
    const { post, queryClient } = seeded()
    const untouched = queryClient.getQueryData(['shelf', 2])

    updatePostEverywhere(queryClient, post._id, { uplikeCount: 4, downlikeCount: 0 }, 'liked')

    const browse = queryClient.getQueryData<BrowseResponse>(postKeys.browse(browseParams))
    expect(browse?.posts[0]).toMatchObject({ uplikeCount: 4, downlikeCount: 0 })
    expect(browse?.myReactedPosts).toEqual({ likedPosts: [post._id], dislikedPosts: [] })
    const detail = queryClient.getQueryData<PostDetailResponse>(postKeys.detail(post.slug))
    expect(detail).toMatchObject({ isLiked: true, isDisliked: false, post: { uplikeCount: 4 } })
    expect(queryClient.getQueryData<ShelfData>(['shelf', 1])?.posts[0]?.uplikeCount).toBe(4)
    expect(queryClient.getQueryData(['shelf', 2])).toBe(untouched)
  })

  it('puts every copy back from the snapshot when the vote fails', () => {
    const { post, queryClient } = seeded()
    const before = {
      browse: queryClient.getQueryData(postKeys.browse(browseParams)),
      detail: queryClient.getQueryData(postKeys.detail(post.slug)),
      shelf: queryClient.getQueryData(['shelf', 1]),
    }
    const snapshot = updatePostEverywhere(
      queryClient,
      post._id,
      { uplikeCount: 4, downlikeCount: 0 },
      'liked',
    )
    expect(snapshot).toHaveLength(3)
    restoreSnapshot(queryClient, snapshot)
    expect(queryClient.getQueryData(postKeys.browse(browseParams))).toEqual(before.browse)
    expect(queryClient.getQueryData(postKeys.detail(post.slug))).toEqual(before.detail)
    expect(queryClient.getQueryData(['shelf', 1])).toEqual(before.shelf)
  })
})

describe('updateSavedEverywhere', () => {
  it("writes the caller's saved mark and the count into every card and the detail page's own mark", () => {
    const { post, other, queryClient } = seeded()
    updateSavedEverywhere(queryClient, post._id, true, 3)
    const browse = queryClient.getQueryData<BrowseResponse>(postKeys.browse(browseParams))
    expect(browse?.posts[0]).toMatchObject({ isSaved: true, savedCount: 3 })
    expect(browse?.posts[1]).toBe(other)
    expect(queryClient.getQueryData<PostDetailResponse>(postKeys.detail(post.slug))).toMatchObject({
      isSaved: true,
      post: { isSaved: true, savedCount: 3 },
    })
    expect(queryClient.getQueryData<ShelfData>(['shelf', 1])?.posts[0]).toMatchObject({ isSaved: true })
  })
})

describe('cancelPostEverywhere', () => {
  it('cancels the fetches of the queries holding the post, and only those', async () => {
    const { post, queryClient } = seeded()
    const never = () => new Promise<ShelfData>(() => {})
    void queryClient.fetchQuery({ queryKey: ['shelf', 1], queryFn: never })
    void queryClient.fetchQuery({ queryKey: ['shelf', 2], queryFn: never })
    await cancelPostEverywhere(queryClient, post._id)
    expect(queryClient.getQueryState(['shelf', 1])?.fetchStatus).toBe('idle')
    expect(queryClient.getQueryState(['shelf', 2])?.fetchStatus).toBe('fetching')
  })
})
