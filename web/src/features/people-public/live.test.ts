import type { PublicProfileResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { publicProfileLive } from './live'
import { publicProfileKeys } from './queries'

const postId = '00000000-0000-4000-8000-0000000000d1'
const otherId = '00000000-0000-4000-8000-0000000000d2'

function row(_id: string): PublicProfileResponse['posts'][number] {
  return {
    _id,
    title: 'Find big files',
    slug: `find-big-files-${_id.slice(-2)}`,
    command: 'du -ah . | sort -rh | head',
    createdAt: '2026-11-20T10:00:00.000Z',
    uplikeCount: 4,
    downlikeCount: 0,
    commentsCount: 1,
    viewCount: 30,
  }
}

function profile(posts: PublicProfileResponse['posts']): PublicProfileResponse {
  return {
    user: {
      _id: '00000000-0000-4000-8000-0000000000aa',
      username: 'grace_hopper',
      avatar: null,
      badge: 'Rising',
      points: 120,
      createdAt: '2026-01-02T00:00:00.000Z',
      totalPosts: posts.length,
      totalComments: 0,
    },
    posts,
    postsPage: { page: 1, pageSize: 10, totalPosts: posts.length, totalPages: 1 },
    collections: [],
    comments: [],
  }
}

describe('publicProfileLive', () => {
  it("writes a pushed vote into the profile's post rows and leaves other queries as they were", () => {
    const queryClient = new QueryClient()
    const other = row(otherId)
    queryClient.setQueryData(publicProfileKeys.profile('grace_hopper', 1), profile([other, row(postId)]))
    const otherProfile = profile([row(otherId)])
    queryClient.setQueryData(publicProfileKeys.profile('ada', 1), otherProfile)
    const foreign = { posts: [row(postId)] }
    queryClient.setQueryData(['elsewhere'], foreign)

    publicProfileLive.events['post.votes'](queryClient, { postId, uplikeCount: 9, downlikeCount: 2 })

    const after = queryClient.getQueryData<PublicProfileResponse>(
      publicProfileKeys.profile('grace_hopper', 1),
    )
    expect(after?.posts[1]).toMatchObject({ _id: postId, uplikeCount: 9, downlikeCount: 2 })
    expect(after?.posts[0]).toBe(other)
    expect(queryClient.getQueryData(publicProfileKeys.profile('ada', 1))).toBe(otherProfile)
    expect(queryClient.getQueryData(['elsewhere'])).toBe(foreign)
  })

  it('writes pushed comment and view counts, and nothing for a saved count the rows do not show', () => {
    const queryClient = new QueryClient()
    const before = profile([row(postId)])
    queryClient.setQueryData(publicProfileKeys.profile('grace_hopper', 1), before)
    publicProfileLive.events['post.saves'](queryClient, { postId, savedCount: 3 })
    expect(queryClient.getQueryData(publicProfileKeys.profile('grace_hopper', 1))).toBe(before)
    publicProfileLive.events['post.views'](queryClient, { postId, viewCount: 31 })
    const after = queryClient.getQueryData<PublicProfileResponse>(
      publicProfileKeys.profile('grace_hopper', 1),
    )
    expect(after?.posts[0]?.viewCount).toBe(31)
  })
})
