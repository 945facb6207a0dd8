import type { ProgramResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { postFixture } from '../../test/post-fixtures'
import { programsLive } from './live'
import { programKeys } from './queries'

function programPage(posts: ProgramResponse['posts']): ProgramResponse {
  return {
    program: 'tar',
    posts,
    pagination: { page: 1, pageSize: 20, totalPosts: posts.length, totalPages: 1 },
    myReactedPosts: { likedPosts: [], dislikedPosts: [] },
    liveId: '4',
  }
}

describe('programsLive', () => {
  it("writes a pushed vote into the program pages' cards and leaves other queries as they were", () => {
    const post = postFixture({ uplikeCount: 1, downlikeCount: 0 })
    const other = postFixture()
    const queryClient = new QueryClient()
    queryClient.setQueryData(programKeys.page('tar', 1), programPage([other, post]))
    const otherPage = programPage([other])
    queryClient.setQueryData(programKeys.page('tar', 2), otherPage)
    const foreign = { posts: [post] }
    queryClient.setQueryData(['elsewhere'], foreign)

    programsLive.events['post.votes'](queryClient, { postId: post._id, uplikeCount: 6, downlikeCount: 1 })

    const page = queryClient.getQueryData<ProgramResponse>(programKeys.page('tar', 1))
    expect(page?.posts[1]).toMatchObject({ _id: post._id, uplikeCount: 6, downlikeCount: 1 })
    expect(page?.posts[0]).toBe(other)
    expect(queryClient.getQueryData(programKeys.page('tar', 2))).toBe(otherPage)
    expect(queryClient.getQueryData(['elsewhere'])).toBe(foreign)
  })

  it('refetches the pages holding an edited post, and those holding a post whose topic is reset', () => {
    const post = postFixture()
    const queryClient = new QueryClient()
    queryClient.setQueryData(programKeys.page('tar', 1), programPage([post]))
    queryClient.setQueryData(programKeys.page('tar', 2), programPage([postFixture()]))
    programsLive.events['post.updated'](queryClient, { ...post, title: 'Edited' })
    expect(queryClient.getQueryState(programKeys.page('tar', 1))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(programKeys.page('tar', 2))?.isInvalidated).toBe(false)

    const fresh = new QueryClient()
    fresh.setQueryData(programKeys.page('tar', 1), programPage([post]))
    programsLive.reset(fresh, `post:${post._id}`)
    expect(fresh.getQueryState(programKeys.page('tar', 1))?.isInvalidated).toBe(true)
  })
})
