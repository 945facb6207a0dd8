import type { BrowseResponse, PostCard, PostDetailResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { browseFixture, detailFixture, postFixture } from '../../test/post-fixtures'
import { postKeys } from './api'
import { postsLive } from './live'

const browseParams = { page: 1, search: '', category: '', sort: 'latest' } as const

function seededClient(post: PostCard, other: PostCard) {
  const queryClient = new QueryClient()
  queryClient.setQueryData(postKeys.browse(browseParams), browseFixture({ posts: [post, other] }))
  queryClient.setQueryData(
    postKeys.browse({ ...browseParams, sort: 'views' }),
    browseFixture({ posts: [other, post] }),
  )
  queryClient.setQueryData(postKeys.browse({ ...browseParams, page: 2 }), browseFixture({ posts: [other] }))
  queryClient.setQueryData(postKeys.detail(post.slug), detailFixture({ post }))
  // Another post's page, listing the post among its related posts.
  queryClient.setQueryData(postKeys.detail(other.slug), detailFixture({ post: other, related: [post] }))
  return queryClient
}

describe('postsLive', () => {
  it('writes pushed vote counts into each of its queries holding the post and leaves the rest untouched', () => {
    const post = postFixture({ uplikeCount: 1, downlikeCount: 0 })
    const other = postFixture({ uplikeCount: 8 })
    const queryClient = seededClient(post, other)
    const untouched = queryClient.getQueryData(postKeys.browse({ ...browseParams, page: 2 }))
    const foreign = { posts: [post] }
    queryClient.setQueryData(['home', 'website'], foreign)
    queryClient.setQueryData(postKeys.incoming(), [post])

    postsLive.events['post.votes'](queryClient, { postId: post._id, uplikeCount: 5, downlikeCount: 2 })

    const copies = [
      queryClient.getQueryData<BrowseResponse>(postKeys.browse(browseParams))?.posts[0],
      queryClient.getQueryData<BrowseResponse>(postKeys.browse({ ...browseParams, sort: 'views' }))?.posts[1],
      queryClient.getQueryData<PostDetailResponse>(postKeys.detail(post.slug))?.post,
      queryClient.getQueryData<PostDetailResponse>(postKeys.detail(other.slug))?.related[0],
      queryClient.getQueryData<PostCard[]>(postKeys.incoming())?.[0],
    ]
    for (const copy of copies) expect(copy).toMatchObject({ _id: post._id, uplikeCount: 5, downlikeCount: 2 })
    expect(queryClient.getQueryData<BrowseResponse>(postKeys.browse(browseParams))?.posts[1]).toBe(other)
    expect(queryClient.getQueryData(postKeys.browse({ ...browseParams, page: 2 }))).toBe(untouched)
    // Other features write their own queries (their live.ts): a key the posts feature does not own is left.
    expect(queryClient.getQueryData(['home', 'website'])).toBe(foreign)
  })

  it('writes pushed view counts everywhere the post is cached', () => {
    const post = postFixture({ viewCount: 10 })
    const queryClient = seededClient(post, postFixture())
    postsLive.events['post.views'](queryClient, { postId: post._id, viewCount: 11 })
    expect(queryClient.getQueryData<PostDetailResponse>(postKeys.detail(post.slug))?.post.viewCount).toBe(11)
    const browse = queryClient.getQueryData<BrowseResponse>(postKeys.browse(browseParams))
    expect(browse?.posts[0]?.viewCount).toBe(11)
  })

  it('writes pushed comment counts into the cards of the post', () => {
    const post = postFixture({ commentsCount: 2 })
    const queryClient = seededClient(post, postFixture())
    postsLive.events['comment.deleted'](queryClient, { postId: post._id, commentId: 'c1', commentsCount: 1 })
    expect(queryClient.getQueryData<PostDetailResponse>(postKeys.detail(post.slug))?.post.commentsCount).toBe(
      1,
    )
  })

  it('holds a new post for the banner instead of inserting it into the list', () => {
    const queryClient = seededClient(postFixture(), postFixture())
    const created = postFixture({ title: 'Brand new' })
    postsLive.events['post.created'](queryClient, created)
    postsLive.events['post.created'](queryClient, created)
    expect(queryClient.getQueryData<PostCard[]>(postKeys.incoming())).toEqual([created])
    expect(queryClient.getQueryData<BrowseResponse>(postKeys.browse(browseParams))?.posts).toHaveLength(2)
  })

  it('marks every query holding a deleted post stale, and drops it from the waiting posts', () => {
    const post = postFixture()
    const queryClient = seededClient(post, postFixture())
    queryClient.setQueryData(postKeys.incoming(), [post])
    postsLive.events['post.deleted'](queryClient, { postId: post._id })
    expect(queryClient.getQueryData(postKeys.incoming())).toEqual([])
    expect(queryClient.getQueryState(postKeys.detail(post.slug))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(postKeys.browse(browseParams))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(postKeys.browse({ ...browseParams, page: 2 }))?.isInvalidated).toBe(
      false,
    )
  })

  it('refetches every query holding an edited post, and only those', () => {
    const post = postFixture()
    const other = postFixture()
    const queryClient = seededClient(post, other)
    const editedAt = '2026-11-25T02:00:00.000Z'
    postsLive.events['post.updated'](queryClient, { ...post, title: 'An edited title', editedAt })
    // The post's own page shows the edit at once, without a refetch.
    expect(queryClient.getQueryState(postKeys.detail(post.slug))?.isInvalidated).toBe(false)
    expect(queryClient.getQueryData<PostDetailResponse>(postKeys.detail(post.slug))?.post).toMatchObject({
      title: 'An edited title',
      editedAt,
    })
    expect(queryClient.getQueryState(postKeys.detail(other.slug))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(postKeys.browse(browseParams))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(postKeys.browse({ ...browseParams, page: 2 }))?.isInvalidated).toBe(
      false,
    )
  })

  it('writes a renamed author into every cached card of theirs, leaving other authors’ cards as they were', () => {
    const post = postFixture()
    const other = postFixture({
      author: { ...postFixture().author, _id: '00000000-0000-4000-8000-0000000000bb', username: 'ada' },
    })
    const queryClient = seededClient(post, other)
    const untouched = queryClient.getQueryData(postKeys.browse({ ...browseParams, page: 2 }))

    postsLive.events['author.updated'](queryClient, {
      userId: post.author._id,
      username: 'grace',
      avatar: '/uploads/avatars/grace.png',
    })

    const renamed = { username: 'grace', avatar: '/uploads/avatars/grace.png' }
    const detail = queryClient.getQueryData<PostDetailResponse>(postKeys.detail(post.slug))
    expect(detail?.post.author).toMatchObject(renamed)
    const browse = queryClient.getQueryData<BrowseResponse>(postKeys.browse(browseParams))
    expect(browse?.posts.map((card) => card.author.username)).toEqual(['grace', 'ada'])
    // A page holding only the other author's card is the same object: nothing re-renders for it.
    expect(queryClient.getQueryData(postKeys.browse({ ...browseParams, page: 2 }))).toBe(untouched)
  })

  it('renames the author on posts only: comment lists, owned by the comments feature, are left alone', () => {
    const post = postFixture()
    const queryClient = seededClient(post, postFixture())
    // A comment-shaped record by the same user, under a key the posts feature does not own.
    const comments = {
      comments: [
        { _id: 'c1', postId: post._id, content: 'Nice', createdAt: post.createdAt, author: post.author },
      ],
      liveId: '3',
    }
    queryClient.setQueryData(['elsewhere', 'comments'], comments)

    postsLive.events['author.updated'](queryClient, {
      userId: post.author._id,
      username: 'grace',
      avatar: null,
    })

    expect(
      queryClient.getQueryData<PostDetailResponse>(postKeys.detail(post.slug))?.post.author.username,
    ).toBe('grace')
    expect(queryClient.getQueryData(['elsewhere', 'comments'])).toBe(comments)
  })

  it('refetches detail pages as well as browse pages when `posts` is reset (they hold it for renames)', () => {
    const post = postFixture()
    const queryClient = seededClient(post, postFixture())
    postsLive.reset(queryClient, 'posts')
    expect(queryClient.getQueryState(postKeys.detail(post.slug))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(postKeys.browse(browseParams))?.isInvalidated).toBe(true)
  })

  it('refetches its queries holding the post when `post:<id>` is reset', () => {
    const post = postFixture()
    const queryClient = seededClient(post, postFixture())
    postsLive.reset(queryClient, `post:${post._id}`)
    expect(queryClient.getQueryState(postKeys.detail(post.slug))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(postKeys.browse(browseParams))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(postKeys.browse({ ...browseParams, page: 2 }))?.isInvalidated).toBe(
      false,
    )
  })
})
