import { describe, expect, it } from 'vitest'
import { postFixture } from '../test/post-fixtures'
import { holdsPost, patchCard, patchCards, patchReacted, withChanges } from './post-cache'

const grace = postFixture().author

describe('patchCard', () => {
  it('writes the counters and the saved mark into the card of the post', () => {
    const card = postFixture({ uplikeCount: 1, downlikeCount: 0, savedCount: 2, isSaved: false })
    const next = patchCard(card, {
      postId: card._id,
      uplikeCount: 5,
      downlikeCount: 2,
      saved: true,
      savedCount: 3,
    })
    expect(next).toEqual({ ...card, uplikeCount: 5, downlikeCount: 2, isSaved: true, savedCount: 3 })
    expect(card.uplikeCount).toBe(1)
  })

  it("returns another post's card, or one already showing the values, as the same object", () => {
    const card = postFixture({ viewCount: 10 })
    expect(patchCard(card, { postId: postFixture()._id, viewCount: 11 })).toBe(card)
    expect(patchCard(card, { postId: card._id, viewCount: 10 })).toBe(card)
  })

  it('writes only the fields a row has (a profile row has no saved count or mark)', () => {
    const row = { _id: 'p1', title: 'List', uplikeCount: 1, downlikeCount: 0, commentsCount: 0, viewCount: 3 }
    expect(patchCard(row, { postId: 'p1', savedCount: 4, saved: true })).toBe(row)
    expect(patchCard(row, { postId: 'p1', uplikeCount: 2, savedCount: 4 })).toEqual({
      ...row,
      uplikeCount: 2,
    })
  })

  it('renames the author on every card of theirs, with the avatar where the card shows one', () => {
    const card = postFixture()
    const change = { userId: grace._id, username: 'grace', avatar: '/uploads/avatars/grace.png' }
    expect(patchCard(card, change).author).toMatchObject({
      username: 'grace',
      avatar: '/uploads/avatars/grace.png',
    })
    const favorite = { _id: 'p2', uplikeCount: 1, author: { _id: grace._id, username: 'grace_hopper' } }
    expect(patchCard(favorite, change).author).toEqual({ _id: grace._id, username: 'grace' })
    const someoneElse = postFixture({ author: { ...grace, _id: 'u2' } })
    expect(patchCard(someoneElse, change)).toBe(someoneElse)
    const noAuthor = { _id: 'p3', uplikeCount: 0, author: null }
    expect(patchCard(noAuthor, change)).toBe(noAuthor)
  })
})

describe('patchCards', () => {
  it('keeps the array and the other cards when it rewrites one, and the array when none changes', () => {
    const post = postFixture({ commentsCount: 1 })
    const other = postFixture()
    const cards = [other, post]
    const next = patchCards(cards, { postId: post._id, commentsCount: 2 })
    expect(next).not.toBe(cards)
    expect(next[0]).toBe(other)
    expect(next[1]?.commentsCount).toBe(2)
    expect(patchCards(cards, { postId: 'absent', commentsCount: 2 })).toBe(cards)
  })
})

describe('patchReacted', () => {
  const reacted = { likedPosts: ['a'], dislikedPosts: ['b'] }

  it("moves the post between the caller's vote lists", () => {
    expect(patchReacted(reacted, { postId: 'b', vote: 'liked' })).toEqual({
      likedPosts: ['a', 'b'],
      dislikedPosts: [],
    })
    expect(patchReacted(reacted, { postId: 'a', vote: 'none' })).toEqual({
      likedPosts: [],
      dislikedPosts: ['b'],
    })
  })

  it('leaves the lists as they are without a vote, for guests, and when they already say it', () => {
    expect(patchReacted(reacted, { postId: 'a', uplikeCount: 3 })).toBe(reacted)
    expect(patchReacted(reacted, { postId: 'a', vote: 'liked' })).toBe(reacted)
    expect(patchReacted(null, { postId: 'a', vote: 'liked' })).toBeNull()
  })
})

describe('withChanges', () => {
  it('returns the data itself when every field is the value it holds, a copy otherwise', () => {
    const posts = [postFixture()]
    const data = { posts, liveId: '3' }
    expect(withChanges(data, { posts })).toBe(data)
    const next = withChanges(data, { posts: [] })
    expect(next).toEqual({ posts: [], liveId: '3' })
  })
})

describe('holdsPost', () => {
  it('tells whether any card is the post', () => {
    const post = postFixture()
    expect(holdsPost([postFixture(), post], post._id)).toBe(true)
    expect(holdsPost([postFixture()], post._id)).toBe(false)
  })
})
