import type { CollectionDetail, ProgramResponse, WebsiteResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { collectionKeys } from '../features/collections/queries'
import { homeKeys } from '../features/home/api'
import { restoreSnapshot, updatePostEverywhere, updateSavedEverywhere } from '../features/posts/cache'
import { programKeys } from '../features/programs/queries'
import { collectionDetailFixture } from '../test/collection-fixtures'
import { postFixture, websiteFixture } from '../test/post-fixtures'
import './post-cache-patches'

function seeded() {
  const post = postFixture({ uplikeCount: 2, downlikeCount: 0, isSaved: false, savedCount: 1 })
  const queryClient = new QueryClient()
  queryClient.setQueryData(
    homeKeys.website(),
    websiteFixture({ latestPosts: [post], myReactedPosts: { likedPosts: [], dislikedPosts: [] } }),
  )
  const program: ProgramResponse = {
    program: 'ls',
    posts: [post],
    pagination: { page: 1, pageSize: 20, totalPosts: 1, totalPages: 1 },
    myReactedPosts: { likedPosts: [], dislikedPosts: [] },
    liveId: '1',
  }
  queryClient.setQueryData(programKeys.page('ls', 1), program)
  const page = collectionDetailFixture([post])
  queryClient.setQueryData(collectionKeys.page('ada_lovelace', page.slug), page)
  return { post, queryClient, pageKey: collectionKeys.page('ada_lovelace', page.slug) }
}

describe("the posts feature's optimistic writes", () => {
  it("reach the cards and vote lists of the other features' queries, and roll back from the snapshot", () => {
    const { post, queryClient, pageKey } = seeded()

    const snapshot = updatePostEverywhere(
      queryClient,
      post._id,
      { uplikeCount: 3, downlikeCount: 0 },
      'liked',
    )

    const home = queryClient.getQueryData<WebsiteResponse>(homeKeys.website())
    expect(home?.latestPosts[0]?.uplikeCount).toBe(3)
    expect(home?.myReactedPosts?.likedPosts).toEqual([post._id])
    const program = queryClient.getQueryData<ProgramResponse>(programKeys.page('ls', 1))
    expect(program?.posts[0]?.uplikeCount).toBe(3)
    expect(program?.myReactedPosts?.likedPosts).toEqual([post._id])
    expect(queryClient.getQueryData<CollectionDetail>(pageKey)?.posts[0]?.uplikeCount).toBe(3)

    restoreSnapshot(queryClient, snapshot)
    expect(queryClient.getQueryData<WebsiteResponse>(homeKeys.website())?.latestPosts[0]?.uplikeCount).toBe(2)
    expect(queryClient.getQueryData<CollectionDetail>(pageKey)?.posts[0]?.uplikeCount).toBe(2)
  })

  it('write the saved mark into the other features’ cards', () => {
    const { post, queryClient, pageKey } = seeded()
    updateSavedEverywhere(queryClient, post._id, true, 2)
    expect(queryClient.getQueryData<CollectionDetail>(pageKey)?.posts[0]).toMatchObject({
      isSaved: true,
      savedCount: 2,
    })
    expect(queryClient.getQueryData<WebsiteResponse>(homeKeys.website())?.latestPosts[0]?.isSaved).toBe(true)
  })
})
