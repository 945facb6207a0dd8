import type {
  BrowseResponse,
  Category,
  PostCard,
  PostDetailResponse,
  WebsiteResponse,
} from '@bashboard/server/contract'

let counter = 0

/** A uuid-shaped id that is unique within a test run. */
export function fixtureId(): string {
  counter += 1
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`
}

/** A post card as the server sends it. */
export function postFixture(overrides: Partial<PostCard> = {}): PostCard {
  const _id = overrides._id ?? fixtureId()
  const title = overrides.title ?? `List files ${_id.slice(-4)}`
  return {
    _id,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    title,
    command: 'ls -lah',
    description: '<p>Lists every file with sizes.</p>',
    excerpt: 'Lists every file with sizes.',
    createdAt: '2026-11-20T10:00:00.000Z',
    author: {
      _id: '00000000-0000-4000-8000-0000000000aa',
      username: 'grace_hopper',
      avatar: null,
      badge: 'Rising',
      createdAt: '2026-01-02T00:00:00.000Z',
    },
    category: { _id: '00000000-0000-4000-8000-0000000000c1', name: 'Files' },
    tags: ['ls'],
    uplikeCount: 3,
    downlikeCount: 1,
    viewCount: 40,
    commentsCount: 2,
    safety: { dangerous: false, warnings: [] },
    savedCount: 0,
    isSaved: false,
    placeholders: [],
    ...overrides,
  }
}

/** A category with a post count. */
export function categoryFixture(overrides: Partial<Category> = {}): Category {
  const _id = overrides._id ?? fixtureId()
  const name = overrides.name ?? `Category ${_id.slice(-3)}`
  return { _id, name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), postCount: 4, ...overrides }
}

/** GET /api/website/browse. */
export function browseFixture(overrides: Partial<BrowseResponse> = {}): BrowseResponse {
  const posts = overrides.posts ?? [postFixture()]
  return {
    posts,
    categories: [
      categoryFixture({ _id: '00000000-0000-4000-8000-0000000000c1', name: 'Files', postCount: 7 }),
    ],
    pagination: { page: 1, pageSize: 10, totalPosts: posts.length, totalPages: posts.length > 0 ? 1 : 0 },
    myReactedPosts: null,
    search: null,
    liveId: '5',
    ...overrides,
  }
}

/** GET /api/website. */
export function websiteFixture(overrides: Partial<WebsiteResponse> = {}): WebsiteResponse {
  return {
    latestPosts: [postFixture({ title: 'Newest command' })],
    topWeeklyPosts: [postFixture({ title: 'Best of the week' })],
    categories: [categoryFixture({ name: 'Networking' })],
    platformStats: { totalPosts: 120, totalUsers: 48, totalCategories: 9, todaysPosts: [], activeToday: 5 },
    userLeaderboard: [
      {
        _id: '00000000-0000-4000-8000-0000000000b1',
        username: 'linus',
        avatar: null,
        points: 30,
        badge: 'Hot',
      },
    ],
    myReactedPosts: null,
    liveIds: { posts: '11', stats: '7' },
    ...overrides,
  }
}

/** GET /api/posts/{slug}. */
export function detailFixture(overrides: Partial<PostDetailResponse> = {}): PostDetailResponse {
  return {
    post: postFixture(),
    isLiked: false,
    isDisliked: false,
    isSaved: false,
    related: [],
    liveId: '9',
    ...overrides,
  }
}
