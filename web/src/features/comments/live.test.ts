import type { Comment, CommentListItem } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { type CommentsData, commentKeys } from './api'
import { commentsLive } from './live'

const firstPost = '00000000-0000-4000-8000-0000000000a1'
const secondPost = '00000000-0000-4000-8000-0000000000a2'
const quietPost = '00000000-0000-4000-8000-0000000000a3'
const grace: Comment['author'] = {
  _id: '00000000-0000-4000-8000-000000000001',
  username: 'grace',
  avatar: null,
  badge: 'Rising',
}
const ada: Comment['author'] = {
  _id: '00000000-0000-4000-8000-000000000002',
  username: 'ada',
  avatar: '/uploads/avatars/ada.png',
  badge: 'Pro',
}

let counter = 0
function comment(postId: string, author: Comment['author']): Comment {
  counter += 1
  return {
    _id: `00000000-0000-4000-8000-0000000001${String(counter).padStart(2, '0')}`,
    postId,
    content: `Comment ${counter}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    author,
  }
}

function seededClient() {
  const queryClient = new QueryClient()
  const lists: Record<string, CommentsData> = {
    [firstPost]: { comments: [comment(firstPost, grace), comment(firstPost, ada)], liveId: '4' },
    [secondPost]: { comments: [comment(secondPost, ada), comment(secondPost, grace)], liveId: '7' },
    [quietPost]: { comments: [comment(quietPost, ada)], liveId: '2', commentsCount: 1 },
  }
  for (const [postId, list] of Object.entries(lists)) queryClient.setQueryData(commentKeys.list(postId), list)
  return queryClient
}

/** The author shown with a list entry; placeholders of deleted comments show none. */
function authorOf(item: CommentListItem | undefined): Comment['author'] | null {
  return item && 'author' in item ? item.author : null
}

function listOf(queryClient: QueryClient, postId: string): CommentsData | undefined {
  return queryClient.getQueryData<CommentsData>(commentKeys.list(postId))
}

describe('commentsLive', () => {
  it('writes a renamed author into their comments in every cached list, leaving everyone else’s as they were', () => {
    const queryClient = seededClient()
    const adasComment = listOf(queryClient, firstPost)?.comments[1]
    const quiet = listOf(queryClient, quietPost)

    commentsLive.events['author.updated'](queryClient, {
      userId: grace._id,
      username: 'grace_h',
      avatar: '/uploads/avatars/grace.png',
    })

    const renamed = { ...grace, username: 'grace_h', avatar: '/uploads/avatars/grace.png' }
    expect(listOf(queryClient, firstPost)?.comments.map(authorOf)).toEqual([renamed, ada])
    expect(listOf(queryClient, secondPost)?.comments.map(authorOf)).toEqual([ada, renamed])
    expect(listOf(queryClient, firstPost)?.liveId).toBe('4')
    // Other authors' comments and a list without the renamed author's are the same objects: no re-render.
    expect(listOf(queryClient, firstPost)?.comments[1]).toBe(adasComment)
    expect(listOf(queryClient, quietPost)).toBe(quiet)
  })

  it('takes a new avatar (or its removal) under the same name', () => {
    const queryClient = seededClient()
    commentsLive.events['author.updated'](queryClient, { userId: ada._id, username: 'ada', avatar: null })
    expect(authorOf(listOf(queryClient, quietPost)?.comments[0])).toEqual({ ...ada, avatar: null })
    expect(listOf(queryClient, quietPost)?.commentsCount).toBe(1)
  })

  it('refetches every cached list when `posts` is reset, and only that post’s list on `post:<id>`', () => {
    const queryClient = seededClient()
    commentsLive.reset(queryClient, `post:${secondPost}`)
    expect(queryClient.getQueryState(commentKeys.list(secondPost))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(commentKeys.list(firstPost))?.isInvalidated).toBe(false)

    // A missed `author.updated` may concern any list.
    commentsLive.reset(queryClient, 'posts')
    for (const postId of [firstPost, secondPost, quietPost])
      expect(queryClient.getQueryState(commentKeys.list(postId))?.isInvalidated).toBe(true)
  })
})
