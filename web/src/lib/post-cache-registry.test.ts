import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { postFixture } from '../test/post-fixtures'
import { patchCards, withChanges } from './post-cache'
import {
  invalidatePostQueries,
  type PostCardQueries,
  postCardEvents,
  registeredPostCardQueries,
  registerPostCardQueries,
  resetPostCards,
  restorePostCards,
  writePostChange,
} from './post-cache-registry'

type ListData = { posts: ReturnType<typeof postFixture>[] }

/** A feature whose queries under ['shelf'] hold a list of cards. */
const shelf: PostCardQueries<ListData> = {
  queryKey: ['shelf'],
  cards: (data) => data.posts,
  patch: (data, change) => withChanges(data, { posts: patchCards(data.posts, change) }),
}
const queries: readonly PostCardQueries[] = [shelf]

function seeded() {
  const post = postFixture({ uplikeCount: 1, downlikeCount: 0 })
  const other = postFixture()
  const queryClient = new QueryClient()
  queryClient.setQueryData(['shelf', 1], { posts: [post, other] })
  queryClient.setQueryData(['shelf', 2], { posts: [other] })
  // Another feature's data with the same card, under a key this one does not own.
  queryClient.setQueryData(['elsewhere'], { posts: [post] })
  return { post, other, queryClient }
}

describe('writePostChange', () => {
  it("writes into the feature's queries holding the post, and returns what it replaced", () => {
    const { post, other, queryClient } = seeded()
    const untouched = queryClient.getQueryData(['shelf', 2])
    const elsewhere = queryClient.getQueryData(['elsewhere'])

    const snapshot = writePostChange(queryClient, queries, { postId: post._id, uplikeCount: 4 })

    expect(queryClient.getQueryData<ListData>(['shelf', 1])?.posts[0]?.uplikeCount).toBe(4)
    expect(queryClient.getQueryData<ListData>(['shelf', 1])?.posts[1]).toBe(other)
    expect(queryClient.getQueryData(['shelf', 2])).toBe(untouched)
    expect(queryClient.getQueryData(['elsewhere'])).toBe(elsewhere)
    expect(snapshot.map(([key]) => key)).toEqual([['shelf', 1]])

    restorePostCards(queryClient, snapshot)
    expect(queryClient.getQueryData<ListData>(['shelf', 1])?.posts[0]).toEqual(post)
  })

  it('writes each query once when two registrations cover it', () => {
    const { post, queryClient } = seeded()
    const before = queryClient.getQueryData(['shelf', 1])
    const snapshot = writePostChange(
      queryClient,
      [shelf, { ...shelf, queryKey: ['shelf', 1] }] as readonly PostCardQueries[],
      {
        postId: post._id,
        uplikeCount: 4,
      },
    )
    expect(snapshot).toEqual([[['shelf', 1], before]])
  })
})

describe('invalidatePostQueries', () => {
  it('marks stale only the queries holding the post', async () => {
    const { post, queryClient } = seeded()
    await invalidatePostQueries(queryClient, queries, post._id)
    expect(queryClient.getQueryState(['shelf', 1])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['shelf', 2])?.isInvalidated).toBe(false)
    expect(queryClient.getQueryState(['elsewhere'])?.isInvalidated).toBe(false)
  })
})

describe('postCardEvents', () => {
  it('writes live counters and the saved mark into the cards, and refetches on a deletion', () => {
    const { post, queryClient } = seeded()
    const events = postCardEvents(queries)
    events['post.votes'](queryClient, { postId: post._id, uplikeCount: 7, downlikeCount: 2 })
    events['post.views'](queryClient, { postId: post._id, viewCount: 99 })
    events['saved.changed'](queryClient, { postId: post._id, saved: true, savedCount: 5 })
    events['comment.deleted'](queryClient, { postId: post._id, commentId: 'c1', commentsCount: 0 })
    expect(queryClient.getQueryData<ListData>(['shelf', 1])?.posts[0]).toMatchObject({
      uplikeCount: 7,
      downlikeCount: 2,
      viewCount: 99,
      isSaved: true,
      savedCount: 5,
      commentsCount: 0,
    })
    events['post.deleted'](queryClient, { postId: post._id })
    expect(queryClient.getQueryState(['shelf', 1])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['shelf', 2])?.isInvalidated).toBe(false)
  })
})

describe('resetPostCards', () => {
  it('refetches the queries holding the post of a reset `post:<id>`, and leaves other topics to the feature', () => {
    const { post, queryClient } = seeded()
    expect(resetPostCards(queryClient, queries, 'posts')).toBe(false)
    expect(queryClient.getQueryState(['shelf', 1])?.isInvalidated).toBe(false)
    expect(resetPostCards(queryClient, queries, `post:${post._id}`)).toBe(true)
    expect(queryClient.getQueryState(['shelf', 1])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['shelf', 2])?.isInvalidated).toBe(false)
  })

  it("refetches every one of the feature's queries on a reset `user:<id>` (the caller's missed marks)", () => {
    const { queryClient } = seeded()
    expect(resetPostCards(queryClient, queries, 'user:u1')).toBe(true)
    expect(queryClient.getQueryState(['shelf', 1])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['shelf', 2])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['elsewhere'])?.isInvalidated).toBe(false)
  })
})

describe('registerPostCardQueries', () => {
  it('keeps each registration once', () => {
    registerPostCardQueries(queries)
    registerPostCardQueries(queries)
    expect(registeredPostCardQueries().filter((entry) => entry === queries[0])).toHaveLength(1)
  })
})
