import type { UserProfile } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { profileFixture } from '../../test/mock-api'
import { profileKeys } from './api'
import { profileLive } from './live'

const ownPost = '00000000-0000-4000-8000-0000000000e1'
const favoritePost = '00000000-0000-4000-8000-0000000000e2'
const grace = { _id: '00000000-0000-4000-8000-0000000000b1', username: 'grace' }

function userProfile(): UserProfile {
  const counters = { uplikeCount: 3, downlikeCount: 0, commentsCount: 0, viewCount: 12 }
  return {
    ...profileFixture(),
    createdAt: '2026-03-02T10:00:00.000Z',
    badgeProgress: { badge: 'Newbie', next: 'Explorer', pointsToNext: 8, percent: 80 },
    tiers: [],
    totalPosts: 1,
    posts: [
      { _id: ownPost, title: 'Find', slug: 'find', createdAt: '2026-11-01T10:00:00.000Z', ...counters },
    ],
    favorites: [
      {
        _id: favoritePost,
        title: 'Tail a log',
        slug: 'tail-a-log',
        createdAt: '2026-10-01T10:00:00.000Z',
        ...counters,
        author: grace,
      },
    ],
    comments: [],
  }
}

describe('profileLive', () => {
  it("writes a pushed vote into the profile's lists and leaves other queries as they were", () => {
    const queryClient = new QueryClient()
    const before = userProfile()
    queryClient.setQueryData(profileKeys.profile(), before)
    const foreign = { posts: before.favorites }
    queryClient.setQueryData(['elsewhere'], foreign)

    profileLive.events['post.votes'](queryClient, { postId: favoritePost, uplikeCount: 4, downlikeCount: 1 })

    const after = queryClient.getQueryData<UserProfile>(profileKeys.profile())
    expect(after?.favorites[0]).toMatchObject({ uplikeCount: 4, downlikeCount: 1 })
    expect(after?.posts).toBe(before.posts)
    expect(queryClient.getQueryData(['elsewhere'])).toBe(foreign)
  })

  it('refetches the favorites when a vote in another tab adds, lifts or removes one, and only then', () => {
    const otherPost = '00000000-0000-4000-8000-0000000000e3'
    const vote = (postId: string, value: 1 | -1) => {
      const queryClient = new QueryClient()
      queryClient.setQueryData(profileKeys.profile(), userProfile())
      profileLive.events['vote.changed'](queryClient, { postId, value, uplikeCount: 5, downlikeCount: 2 })
      return queryClient
    }
    const stale = (queryClient: QueryClient) =>
      queryClient.getQueryState(profileKeys.profile())?.isInvalidated

    // A new upvote joins the favorites at the top; a switch to a downvote takes a favorite off.
    expect(stale(vote(otherPost, 1))).toBe(true)
    expect(stale(vote(favoritePost, -1))).toBe(true)
    // A downvote of a post that is no favorite, or the top favorite's upvote again, moves nothing; the
    // counts are still written in.
    const unmoved = vote(favoritePost, 1)
    expect(stale(unmoved)).toBe(false)
    expect(unmoved.getQueryData<UserProfile>(profileKeys.profile())?.favorites[0]).toMatchObject({
      uplikeCount: 5,
      downlikeCount: 2,
    })
    expect(stale(vote(otherPost, -1))).toBe(false)
  })

  it('renames the author of a favorite, and leaves an empty profile answer alone', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(profileKeys.profile(), userProfile())
    profileLive.events['author.updated'](queryClient, {
      userId: grace._id,
      username: 'grace_h',
      avatar: null,
    })
    expect(queryClient.getQueryData<UserProfile>(profileKeys.profile())?.favorites[0]?.author).toEqual({
      ...grace,
      username: 'grace_h',
    })

    const empty = new QueryClient()
    empty.setQueryData(profileKeys.profile(), null)
    profileLive.events['post.votes'](empty, { postId: ownPost, uplikeCount: 4, downlikeCount: 1 })
    expect(empty.getQueryData(profileKeys.profile())).toBeNull()
  })
})
