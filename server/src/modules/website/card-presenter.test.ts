import { describe, expect, it, vi } from 'vitest'
import { toPostCard } from '../posts/presenter.ts'
import type { PostCardRow } from '../posts/repo.ts'
import { createCardPresenter, REMEMBERED_CARDS } from './card-presenter.ts'

// Counts how often the real presenter runs, to tell a remembered card from a presented one.
const presentSpy = vi.fn(toPostCard)

function row(id: string, changes: Partial<PostCardRow> = {}): PostCardRow {
  return {
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    command: 'rm -rf ~/ && echo {{name}}',
    description: '<p>Cleans up.</p>',
    excerpt_source: 'Cleans up.',
    tags: ['files', 'cleanup'],
    uplike_count: 3,
    downlike_count: 1,
    view_count: 40,
    comments_count: 2,
    saved_count: 1,
    created_at: new Date('2026-11-20T10:00:00.123Z'),
    edited_at: null,
    author_id: `author-${id}`,
    author_username: 'ada',
    author_avatar: null,
    author_points: 120,
    author_created_at: new Date('2026-01-02T03:04:05.678Z'),
    category_id: 'category-1',
    category_name: 'Shell',
    ...changes,
  }
}

describe('createCardPresenter', () => {
  it('gives what toPostCard gives, presenting a post again only when a field of its row changed', () => {
    const present = createCardPresenter(REMEMBERED_CARDS, presentSpy)
    presentSpy.mockClear()
    const first = present(row('a'))
    expect(first).toEqual(toPostCard(row('a')))
    expect(presentSpy).toHaveBeenCalledTimes(1)
    presentSpy.mockClear()
    expect(present(row('a'))).toEqual(first)
    expect(presentSpy).not.toHaveBeenCalled()
    for (const changes of [
      { uplike_count: 4 },
      { tags: ['files'] },
      { edited_at: new Date('2026-11-21T00:00:00.000Z') },
      { created_at: new Date('2026-11-20T10:00:00.124Z') },
      { author_username: 'grace' },
      { command: 'ls -la' },
    ]) {
      const changed = present(row('a', changes))
      expect(changed).toEqual(toPostCard(row('a', changes)))
      expect(changed).not.toEqual(first)
    }
  })

  it('returns a new copy each time, so a caller patching its card changes no one else’s', () => {
    const present = createCardPresenter(REMEMBERED_CARDS, presentSpy)
    const first = present(row('b'))
    first.uplikeCount = 99
    first.author.username = 'changed'
    first.tags.push('patched')
    const second = present(row('b'))
    expect(second).toEqual(toPostCard(row('b')))
    expect(second).not.toBe(first)
  })

  it('forgets the oldest post past the number it remembers', () => {
    const present = createCardPresenter(2, presentSpy)
    present(row('c'))
    present(row('d'))
    present(row('e'))
    presentSpy.mockClear()
    present(row('d'))
    present(row('e'))
    expect(presentSpy).not.toHaveBeenCalled()
    present(row('c'))
    expect(presentSpy).toHaveBeenCalledTimes(1)
  })
})
