import type { Comment } from '@bashboard/server/contract'
import { describe, expect, it } from 'vitest'
import { applyDeletion, groupThreads } from './threads'

const postId = '00000000-0000-4000-8000-0000000000cc'
const author = {
  _id: '00000000-0000-4000-8000-000000000001',
  username: 'grace',
  avatar: null,
  badge: 'Pro' as const,
}

function comment(id: string, parentId: string | null = null): Comment {
  return { _id: id, postId, content: id, createdAt: '2026-11-20T10:00:00.000Z', author, parentId }
}

describe('groupThreads', () => {
  it('puts each reply under its parent, in order, and keeps the threads in list order', () => {
    const list = [comment('a'), comment('b'), comment('a1', 'a'), comment('b1', 'b'), comment('a2', 'a')]
    expect(groupThreads(list).map((t) => [t.comment._id, t.replies.map((r) => r._id)])).toEqual([
      ['a', ['a1', 'a2']],
      ['b', ['b1']],
    ])
  })

  it('shows a reply whose parent is not in the list as a thread of its own, and treats a missing parentId as top-level', () => {
    const legacy = { ...comment('old') }
    delete legacy.parentId
    const threads = groupThreads([legacy, comment('orphan', 'gone')])
    expect(threads.map((t) => t.comment._id)).toEqual(['old', 'orphan'])
  })
})

describe('applyDeletion', () => {
  const list = [comment('a'), comment('a1', 'a'), comment('b')]

  it('drops a comment, or leaves its placeholder when it keeps replies, the same however often applied', () => {
    const dropped = applyDeletion(list, { postId, commentId: 'b', commentsCount: 2 })
    expect(dropped.map((c) => c._id)).toEqual(['a', 'a1'])
    const kept = applyDeletion(dropped, { postId, commentId: 'a', commentsCount: 1, placeholder: true })
    expect(kept[0]).toEqual({
      _id: 'a',
      postId,
      createdAt: list[0]?.createdAt,
      parentId: null,
      deleted: true,
    })
    expect(applyDeletion(kept, { postId, commentId: 'a', commentsCount: 1, placeholder: true })).toEqual(kept)
  })

  it('drops a placeholder with its last reply', () => {
    const next = applyDeletion(list, { postId, commentId: 'a1', commentsCount: 1, removedParentId: 'a' })
    expect(next.map((c) => c._id)).toEqual(['b'])
  })
})
