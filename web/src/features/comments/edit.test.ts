import type { Comment } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { type CommentsData, commentKeys } from './api'
import { COMMENT_EDIT_WINDOW_MINUTES, canEditComment, replaceComment } from './edit'
import { commentsLive } from './live'

const postId = '00000000-0000-4000-8000-0000000000a1'
const author: Comment['author'] = {
  _id: '00000000-0000-4000-8000-000000000001',
  username: 'grace',
  avatar: null,
  badge: 'Rising',
}

function comment(n: number, fields: Partial<Comment> = {}): Comment {
  return {
    _id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    postId,
    content: `Comment ${n}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    author,
    ...fields,
  }
}

describe('canEditComment', () => {
  const created = Date.parse('2026-11-20T10:00:00.000Z')
  it('lets the author edit inside the window only', () => {
    const windowMs = COMMENT_EDIT_WINDOW_MINUTES * 60_000
    expect(canEditComment(comment(1), author._id, created + windowMs - 1000)).toBe(true)
    expect(canEditComment(comment(1), author._id, created + windowMs + 1000)).toBe(false)
  })

  it('never lets anyone else, or a guest, edit', () => {
    expect(canEditComment(comment(1), '00000000-0000-4000-8000-000000000009', created)).toBe(false)
    expect(canEditComment(comment(1), undefined, created)).toBe(false)
  })
})

describe('replaceComment and the comment.updated live event', () => {
  it('replaces the comment in place with its new text and editedAt', () => {
    const queryClient = new QueryClient()
    const list: CommentsData = { comments: [comment(1), comment(2), comment(3)], liveId: '4' }
    queryClient.setQueryData(commentKeys.list(postId), list)
    const edited = comment(2, { content: 'Better words', editedAt: '2026-11-20T10:05:00.000Z' })

    commentsLive.events['comment.updated'](queryClient, edited)

    const after = queryClient.getQueryData<CommentsData>(commentKeys.list(postId))
    expect(after?.comments.map((item) => item._id)).toEqual(list.comments.map((item) => item._id))
    expect(after?.comments[1]).toEqual(edited)
    expect(after?.comments[0]).toBe(list.comments[0])
  })

  it('leaves a list without the comment as it was', () => {
    const list: CommentsData = { comments: [comment(1)], liveId: '4' }
    expect(replaceComment(list, comment(9, { content: 'elsewhere' }))).toBe(list)
    expect(replaceComment(undefined, comment(1))).toBeUndefined()
  })
})
