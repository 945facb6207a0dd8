import type { PostCard } from '../src/contract/posts.ts'

/**
 * A post card as the API presents one, for tests of what holds or writes cards; `fields` replace its
 * own. Its ids are plain strings: a test that needs the contract's uuids passes them.
 */
export function postCard(id: string, fields: Partial<PostCard> = {}): PostCard {
  return {
    _id: id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    command: 'ls -la',
    description: '<p>Lists files.</p>',
    excerpt: 'Lists files.',
    createdAt: '2026-11-01T00:00:00.000Z',
    author: {
      _id: 'author-1',
      username: 'ada',
      avatar: null,
      badge: 'Newbie',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    category: { _id: 'cat-1', name: 'Files' },
    tags: ['ls'],
    uplikeCount: 0,
    downlikeCount: 0,
    viewCount: 0,
    commentsCount: 0,
    safety: { dangerous: false, warnings: [] },
    placeholders: [],
    savedCount: 0,
    isSaved: false,
    ...fields,
  }
}
