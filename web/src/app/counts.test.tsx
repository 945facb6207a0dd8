import type {
  BlogSummary,
  LeaderboardEntry,
  ModActivityItem,
  ModApplication,
  ModStatsResponse,
  PublicProfileResponse,
  UserProfile,
} from '@bashboard/server/contract'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { collectionDetailFixture, collectionSummaryFixture } from '../test/collection-fixtures'
import { mockApi, profileFixture, statsFixture } from '../test/mock-api'
import {
  browseFixture,
  categoryFixture,
  detailFixture,
  postFixture,
  websiteFixture,
} from '../test/post-fixtures'
import { renderApp, storeSession, validSession } from '../test/render-app'

/*
 * Every count the web pages print, drawn with data giving 1 and 2 (and 0 where a page prints 0): the noun
 * follows the number (contract/plurals.ts), so "1 comment" and "2 comments", never "1 comments". The text
 * is read as a screen reader and a copy hear it (textContent, visually hidden words included), so a number
 * glued to its noun ("2comments") fails too. The curl pages are checked in server's terminal/counts.test.ts,
 * the CLI in cli/test/counts.test.ts.
 */

const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

/** The innermost elements whose whole text reads `text` (or matches it). */
function findAllReading(text: string | RegExp, container: HTMLElement = document.body) {
  const reads = (element: Element | null) => {
    const value = normalize(element?.textContent)
    return typeof text === 'string' ? value === text : text.test(value)
  }
  return within(container).findAllByText(
    (_content, element) => reads(element) && !Array.from(element?.children ?? []).some(reads),
  )
}

/** Expects each text on screen, in `container`, read whole by one element. */
async function expectReading(texts: readonly (string | RegExp)[], container?: HTMLElement) {
  for (const text of texts) {
    const found = await findAllReading(text, container).catch(() => [])
    if (found.length === 0) {
      // Name the text, and the counts around it, rather than dump the whole page.
      const shown = normalize((container ?? document.body).textContent).match(/.{0,30}\d+\s?[a-z]+.{0,10}/g)
      throw new Error(`nothing reads ${JSON.stringify(String(text))}; counts shown: ${JSON.stringify(shown)}`)
    }
  }
}

// What no page may print anywhere: a 1 with a plural, or another number with a singular.
const PLURALS_SEEN =
  'articles|categories|clicks|collections|commands|comments|downvotes|endpoints|events|points|posts|pts|tokens|upvotes|views'
const SINGULARS_SEEN =
  'article|category|click|collection|command|comment|downvote|endpoint|event|point|post|pt|token|upvote|view|person'
const ONE_WITH_PLURAL = new RegExp(`(?<![\\d,.])1 (${PLURALS_SEEN}|people)\\b`)
const MANY_WITH_SINGULAR = new RegExp(`(?<![\\d,.])(0|[2-9]|[1-9][\\d,]+) (${SINGULARS_SEEN})\\b`)

function expectNoMisreadCount() {
  const text = normalize(document.body.textContent)
  expect(text).not.toMatch(ONE_WITH_PLURAL)
  expect(text).not.toMatch(MANY_WITH_SINGULAR)
}

const NOTIFICATIONS = { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } }

/** Signs in as `header` (a member by default) and mocks the header's own calls besides `routes`. */
function signedIn(routes: Parameters<typeof mockApi>[0], header = profileFixture()) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: header },
    'GET /api/notifications': NOTIFICATIONS,
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    ...routes,
  })
}

const moderator = profileFixture({ role: 'moderator', contributor: true, username: 'grace_mod' })

// A count on a card, read at 0, 1 and 2.
const CARD_COUNTS = [
  [0, { views: '0 views', comments: '0 comments', saves: 'Saved by 0 people' }],
  [1, { views: '1 view', comments: '1 comment', saves: 'Saved by 1 person' }],
  [2, { views: '2 views', comments: '2 comments', saves: 'Saved by 2 people' }],
] as const

describe('post cards and the post page', () => {
  it.each(CARD_COUNTS)('a browse card with %d of each', async (count, reads) => {
    const post = postFixture({ title: 'The card', viewCount: count, commentsCount: count, savedCount: count })
    mockApi({ 'GET /api/website/browse': { status: 200, body: browseFixture({ posts: [post] }) } })
    renderApp('/browse')
    const card = await screen.findByRole('article', { name: 'The card' })
    await expectReading([reads.views, reads.comments, reads.saves], card)
    expectNoMisreadCount()
  })

  it.each(CARD_COUNTS)('the post page with %d of each', async (count, reads) => {
    const post = postFixture({ title: 'The post', viewCount: count, commentsCount: count, savedCount: count })
    mockApi({
      [`GET /api/posts/${post.slug}`]: { status: 200, body: detailFixture({ post }) },
      [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '9' } },
    })
    renderApp(`/post/${post.slug}`)
    const main = (await screen.findByRole('heading', { level: 1, name: 'The post' })).closest('main')
    await expectReading([reads.views, reads.comments, reads.saves], main ?? undefined)
    expectNoMisreadCount()
  })

  it('the save-to-collection dialog counts each collection’s commands', async () => {
    const post = postFixture({ title: 'The post' })
    signedIn({
      [`GET /api/posts/${post.slug}`]: { status: 200, body: detailFixture({ post }) },
      [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '9' } },
      'GET /api/collections': {
        status: 200,
        body: {
          collections: [
            collectionSummaryFixture({ name: 'Empty', postCount: 0 }),
            collectionSummaryFixture({ name: 'Single', postCount: 1 }),
            collectionSummaryFixture({ name: 'Pair', postCount: 2 }),
          ],
          liveId: '0',
        },
      },
    })
    renderApp(`/post/${post.slug}`)
    // The button is drawn again once the session is known; press the one that stays.
    await screen.findByRole('button', { name: /ada_lovelace/ })
    await userEvent.click(screen.getByRole('button', { name: 'Save to collection…' }))
    const dialog = await screen.findByRole('dialog')
    await expectReading(['0 commands', '1 command', '2 commands'], dialog)
    expectNoMisreadCount()
  })
})

describe('browse', () => {
  it.each([
    [1, [/· 1 command in total$/, 'Total: 1 command in 1 category']],
    [2, [/· 2 commands in total$/, 'Total: 2 commands in 2 categories']],
  ] as const)('with %d command(s) in as many categories', async (count, reads) => {
    const categories = Array.from({ length: count }, (_, index) =>
      categoryFixture({ name: `Topic ${index + 1}`, postCount: 1 }),
    )
    mockApi({
      'GET /api/website/browse': {
        status: 200,
        body: browseFixture({
          categories,
          pagination: { page: 1, pageSize: 10, totalPosts: count, totalPages: 1 },
        }),
      },
    })
    renderApp('/browse')
    await screen.findByRole('heading', { level: 1, name: 'Browse Commands' })
    await expectReading(reads)
    expectNoMisreadCount()
  })

  it('names each suggested tag with its count of posts', async () => {
    mockApi({
      'GET /api/website/browse': { status: 200, body: browseFixture() },
      'GET /api/website/tags': {
        status: 200,
        body: {
          tags: [
            { tag: 'docker', postCount: 1 },
            { tag: 'tar', postCount: 2 },
          ],
        },
      },
    })
    renderApp('/browse')
    await userEvent.click(await screen.findByRole('button', { name: /Advanced Filters/ }))
    expect(await screen.findByRole('button', { name: 'Add tag docker (1 post)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add tag tar (2 posts)' })).toBeInTheDocument()
  })

  it.each([
    [1, ['tar — 1 command']],
    [2, ['tar — 2 commands']],
  ] as const)('a program page with %d command(s)', async (count, reads) => {
    const posts = Array.from({ length: count }, (_, index) => postFixture({ title: `Tar ${index}` }))
    mockApi({
      'GET /api/programs/tar': {
        status: 200,
        body: {
          program: 'tar',
          posts,
          pagination: { page: 1, pageSize: 20, totalPosts: count, totalPages: 1 },
          myReactedPosts: null,
          liveId: '0',
        },
      },
    })
    renderApp('/tar')
    await expectReading(reads)
    expectNoMisreadCount()
  })

  it.each([
    [1, 'tar has 1 command on 1 page.'],
    [2, 'tar has 2 commands on 2 pages.'],
  ] as const)('a program page past its end, with %d of each, reads "%s"', async (count, text) => {
    mockApi({
      'GET /api/programs/tar': {
        status: 200,
        body: {
          program: 'tar',
          posts: [],
          pagination: { page: 3, pageSize: 20, totalPosts: count, totalPages: count },
          myReactedPosts: null,
          liveId: '0',
        },
      },
    })
    renderApp('/tar?page=3')
    await expectReading([text])
    expectNoMisreadCount()
  })
})

describe('home and leaderboard', () => {
  it('the weekly leaders read "+1 pt", "+2 pts" and "+0 pts"', async () => {
    const leader = (index: number, points: number) => ({
      _id: `00000000-0000-4000-8000-0000000000b${index}`,
      username: `leader_${index}`,
      avatar: null,
      points,
      badge: 'Rising' as const,
    })
    mockApi({
      'GET /api/website/stats': { status: 200, body: statsFixture() },
      'GET /api/website': {
        status: 200,
        body: websiteFixture({ userLeaderboard: [leader(1, 2), leader(2, 1), leader(3, 0)] }),
      },
    })
    renderApp('/')
    await expectReading(['+2 pts', '+1 pt', '+0 pts'])
    expectNoMisreadCount()
  })

  it('the podium and the ranked list read "2 pts", "1 pt" and "0 pts"', async () => {
    const entry = (index: number, points: number): LeaderboardEntry => ({
      _id: `00000000-0000-4000-8000-00000000000${index}`,
      username: `user_${index}`,
      avatar: null,
      points,
      badge: 'None',
    })
    const entries = [entry(1, 2), entry(2, 1), entry(3, 0), entry(4, 0)]
    mockApi({
      'GET /api/leaderboard': {
        status: 200,
        body: {
          period: 'all',
          entries,
          stats: { totalUsers: 4, activeUsers: 2, experts: 0, totalPoints: 3 },
          liveId: '4',
        },
      },
    })
    renderApp('/leaderboard')
    const podium = await screen.findAllByTestId('podium-entry')
    await expectReading(['2 pts'], podium[0])
    await expectReading(['1 pt'], podium[1])
    await expectReading(['0 pts'], podium[2])
    const points = screen
      .getAllByTestId('leaderboard-points')
      .map((element) => normalize(element.textContent))
    expect(points).toEqual(['2 pts', '1 pt', '0 pts', '0 pts'])
    expectNoMisreadCount()
  })

  it.each([
    [1, '· 1 pt'],
    [2, '· 2 pts'],
  ] as const)('the user menu of a member with %d points reads "%s"', async (points, text) => {
    signedIn({ 'GET /api/website': { status: 200, body: websiteFixture() } }, profileFixture({ points }))
    renderApp('/')
    const banner = await screen.findByRole('banner')
    await userEvent.click(await within(banner).findByRole('button', { name: /ada_lovelace/ }))
    await expectReading([`${profileFixture().badge} ${text}`], banner)
  })
})

/** The signed-in user's own profile, with `count` of every counter. */
function userProfile(count: number): UserProfile {
  return {
    ...profileFixture({ points: count }),
    createdAt: '2026-03-02T10:00:00.000Z',
    badgeProgress: { badge: 'Newbie', next: 'Explorer', pointsToNext: count, percent: 40 },
    tiers: [
      { name: 'Newbie', min: 0, earned: true, percent: 100 },
      { name: 'Explorer', min: 50, earned: false, percent: 4 },
    ],
    totalPosts: 1,
    posts: [
      {
        _id: '00000000-0000-4000-8000-0000000000a1',
        title: 'Find large files',
        slug: 'find-large-files',
        createdAt: '2026-11-01T10:00:00.000Z',
        uplikeCount: count,
        downlikeCount: count,
        commentsCount: count,
        viewCount: count,
      },
    ],
    favorites: [],
    comments: [],
  }
}

const POST_COUNTS = [
  [0, ['0 upvotes', '0 downvotes', '0 comments', '0 views']],
  [1, ['1 upvote', '1 downvote', '1 comment', '1 view']],
  [2, ['2 upvotes', '2 downvotes', '2 comments', '2 views']],
] as const

describe('profiles', () => {
  it.each(POST_COUNTS)('my posts with %d of each counter', async (count, reads) => {
    signedIn({ 'GET /api/website/user/profile': { status: 200, body: userProfile(count) } })
    renderApp('/profile')
    await expectReading(reads, await screen.findByRole('list', { name: 'My posts' }))
    expectNoMisreadCount()
  })

  it.each([
    [1, '1 point to Explorer'],
    [2, '2 points to Explorer'],
  ] as const)('the badge progress %d point(s) short reads "%s"', async (count, text) => {
    signedIn({ 'GET /api/website/user/profile': { status: 200, body: userProfile(count) } })
    renderApp('/profile?tab=badges')
    await expectReading([text])
    expectNoMisreadCount()
  })

  it.each([
    [1, '1 command saved, newest first'],
    [2, '2 commands saved, newest first'],
  ] as const)('the saved tab with %d saved reads "%s"', async (count, text) => {
    const posts = Array.from({ length: count }, (_, index) => postFixture({ title: `Saved ${index}` }))
    signedIn({
      'GET /api/website/user/profile': { status: 200, body: userProfile(1) },
      'GET /api/users/me/saved': {
        status: 200,
        body: { posts, pagination: { page: 1, pageSize: 20, totalPosts: count, totalPages: 1 }, liveId: '0' },
      },
    })
    renderApp('/profile?tab=saved')
    await expectReading([text])
    expectNoMisreadCount()
  })

  it('the collections tab counts each collection’s commands', async () => {
    signedIn({
      'GET /api/website/user/profile': { status: 200, body: userProfile(1) },
      'GET /api/collections': {
        status: 200,
        body: {
          collections: [
            collectionSummaryFixture({ name: 'Empty', postCount: 0 }),
            collectionSummaryFixture({ name: 'Single', postCount: 1 }),
            collectionSummaryFixture({ name: 'Pair', postCount: 2 }),
          ],
          liveId: '0',
        },
      },
    })
    renderApp('/profile?tab=collections')
    await expectReading(['0 commands', '1 command', '2 commands'])
    expectNoMisreadCount()
  })

  /** grace_hopper's public profile with `count` of every counter. */
  function publicProfile(count: number): PublicProfileResponse {
    return {
      user: {
        _id: '00000000-0000-4000-8000-0000000000aa',
        username: 'grace_hopper',
        avatar: null,
        badge: 'Rising',
        points: count,
        createdAt: '2026-01-02T00:00:00.000Z',
        totalPosts: 1,
        totalComments: 0,
      },
      posts: [
        {
          _id: '00000000-0000-4000-8000-0000000000d1',
          title: 'Find big files',
          slug: 'find-big-files',
          command: 'du -ah . | sort -rh | head',
          createdAt: '2026-11-20T10:00:00.000Z',
          uplikeCount: count,
          downlikeCount: count,
          commentsCount: count,
          viewCount: count,
        },
      ],
      postsPage: { page: 1, pageSize: 10, totalPosts: 1, totalPages: 1 },
      collections: [
        collectionSummaryFixture({
          name: 'Grace’s picks',
          postCount: count,
          owner: { _id: '00000000-0000-4000-8000-0000000000aa', username: 'grace_hopper', avatar: null },
        }),
      ],
      comments: [],
    }
  }

  it.each(POST_COUNTS)(
    'a public profile with %d of each counter and as many points',
    async (count, reads) => {
      mockApi({ 'GET /api/users/grace_hopper/profile': { status: 200, body: publicProfile(count) } })
      renderApp('/u/grace_hopper')
      await expectReading(reads, await screen.findByRole('list', { name: 'Commands by grace_hopper' }))
      await expectReading([count === 1 ? '1 point' : `${count} points`])
      expectNoMisreadCount()
    },
  )

  it.each([
    [0, /^0 commands · updated/],
    [1, /^1 command · updated/],
    [2, /^2 commands · updated/],
  ] as const)('a public collection of %d command(s) reads %s', async (count, text) => {
    mockApi({ 'GET /api/users/grace_hopper/profile': { status: 200, body: publicProfile(count) } })
    renderApp('/u/grace_hopper')
    await userEvent.click(await screen.findByRole('tab', { name: /Collections/ }))
    await expectReading([text], await screen.findByRole('list', { name: 'Collections by grace_hopper' }))
    expectNoMisreadCount()
  })

  it.each([
    [1, '1 command'],
    [2, '2 commands'],
  ] as const)('a collection page of %d reads "%s"', async (count, text) => {
    const posts = Array.from({ length: count }, (_, index) => postFixture({ title: `Disk ${index}` }))
    mockApi({
      'GET /api/collections/by-slug/ada_lovelace/disk-tricks': {
        status: 200,
        body: collectionDetailFixture(posts, { name: 'Disk tricks', isOwner: false }),
      },
    })
    renderApp('/c/ada_lovelace/disk-tricks')
    await screen.findByRole('heading', { level: 1, name: 'Disk tricks' })
    await expectReading([text])
    expectNoMisreadCount()
  })
})

describe('blog', () => {
  function blog(index: number, viewCount: number): BlogSummary {
    return {
      _id: `00000000-0000-4000-8000-00000000000${index}`,
      slug: `article-${index}`,
      title: `Article number ${index}`,
      author: 'bashboard',
      image: null,
      metadescription: `What article ${index} is about.`,
      createdAt: '2026-11-01T10:00:00.000Z',
      viewCount,
      readingTime: 4,
    }
  }

  it.each([
    [1, [blog(1, 1)], ['1 view', 'Page 1 of 1 (1 total article)']],
    [2, [blog(1, 0), blog(2, 2)], ['0 views', '2 views', 'Page 1 of 1 (2 total articles)']],
  ] as const)('the blog list of %d article(s)', async (count, blogs, reads) => {
    mockApi({
      'GET /api/blogs': {
        status: 200,
        body: { blogs, totalBlogs: count, currentPage: 1, totalPages: 1 },
      },
    })
    renderApp('/blog')
    await expectReading(reads)
    expectNoMisreadCount()
  })

  it.each([
    [1, '1 view'],
    [2, '2 views'],
  ] as const)('an article read %d time(s) reads "%s"', async (count, text) => {
    mockApi({
      'GET /api/blogs/article-1': {
        status: 200,
        body: { blog: { ...blog(1, count), content: '<p>Hi</p>' } },
      },
    })
    renderApp('/blog/article-1')
    expect(await screen.findByTestId('blog-view-count')).toHaveTextContent(new RegExp(`^${text}$`))
  })
})

describe('moderation console', () => {
  const modPost = (index: number, commentsCount: number) => ({
    _id: `00000000-0000-4000-8000-0000000000d${index}`,
    slug: `post-${index}`,
    title: `Post ${index}`,
    command: 'echo hi',
    author: { _id: '00000000-0000-4000-8000-0000000000e1', username: 'spammer' },
    uplikeCount: 0,
    downlikeCount: 0,
    commentsCount,
    createdAt: new Date().toISOString(),
  })

  it.each([
    [1, [modPost(1, 1)], ['1 post', /· 1 comment$/]],
    [2, [modPost(1, 0), modPost(2, 2)], ['2 posts', /· 0 comments$/, /· 2 comments$/]],
  ] as const)('the posts panel with %d post(s) found', async (count, posts, reads) => {
    signedIn(
      {
        'GET /api/mod/posts': {
          status: 200,
          body: { posts, pagination: { page: 1, pageSize: 20, total: count, totalPages: 1 } },
        },
      },
      moderator,
    )
    renderApp('/mod/content')
    await expectReading(
      reads,
      await screen
        .findByRole('list', { name: 'Posts found' })
        .then((list) => list.parentElement ?? undefined),
    )
    expectNoMisreadCount()
  })

  it.each([
    [1, '1 comment'],
    [2, '2 comments'],
  ] as const)('the comments panel with %d found reads "%s"', async (count, text) => {
    const comments = Array.from({ length: count }, (_, index) => ({
      _id: `00000000-0000-4000-8000-0000000000f${index}`,
      content: `Comment ${index}`,
      author: { _id: '00000000-0000-4000-8000-0000000000e1', username: 'spammer' },
      post: { _id: '00000000-0000-4000-8000-0000000000d1', slug: 'post-1', title: 'Post 1' },
      createdAt: new Date().toISOString(),
    }))
    signedIn(
      {
        'GET /api/mod/posts': {
          status: 200,
          body: { posts: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } },
        },
        'GET /api/mod/comments': {
          status: 200,
          body: { comments, pagination: { page: 1, pageSize: 20, total: count, totalPages: 1 } },
        },
      },
      moderator,
    )
    renderApp('/mod/content')
    await userEvent.click(await screen.findByRole('button', { name: 'Comments' }))
    await expectReading(
      [text],
      await screen
        .findByRole('list', { name: 'Comments found' })
        .then((list) => list.parentElement ?? undefined),
    )
    expectNoMisreadCount()
  })

  it('the users panel reads "0 pts", "1 pt" and "2 pts"', async () => {
    const user = (index: number, points: number) => ({
      _id: `00000000-0000-4000-8000-0000000000f${index}`,
      username: `user_${index}`,
      email: `user${index}@example.test`,
      avatar: null,
      role: 'member' as const,
      points,
      createdAt: new Date().toISOString(),
    })
    signedIn(
      {
        'GET /api/mod/posts': {
          status: 200,
          body: { posts: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } },
        },
        'GET /api/mod/users': {
          status: 200,
          body: {
            users: [user(0, 0), user(1, 1), user(2, 2)],
            pagination: { page: 1, pageSize: 20, total: 3, totalPages: 1 },
          },
        },
      },
      moderator,
    )
    renderApp('/mod/content')
    await userEvent.click(await screen.findByRole('button', { name: 'Users & roles' }))
    await expectReading([
      'user0@example.test · 0 pts · Member',
      'user1@example.test · 1 pt · Member',
      'user2@example.test · 2 pts · Member',
    ])
    expectNoMisreadCount()
  })

  function application(index: number, points: number): ModApplication {
    const _id = `00000000-0000-4000-8000-0000000000a${index}`
    return {
      _id,
      status: 'reviewing',
      applicant: {
        _id: `00000000-0000-4000-8000-0000000000b${index}`,
        username: `applicant_${index}`,
        email: `applicant${index}@example.test`,
        points,
        role: 'member',
      },
      coverLetter: 'I write shell scripts every day and would love to share the useful ones here.',
      docCategory: 'Passport',
      document: {
        name: 'passport.png',
        mime: 'image/png',
        size: 2048,
        url: `/api/applications/${_id}/document`,
      },
      submittedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      reviewedAt: null,
      reviewMessage: null,
      reviewer: null,
    }
  }

  it('the application cards read the applicant’s "0 pts", "1 pt" and "2 pts"', async () => {
    const applications = [application(0, 0), application(1, 1), application(2, 2)]
    signedIn(
      {
        'GET /api/mod/applications': {
          status: 200,
          body: {
            applications,
            pagination: { page: 1, pageSize: 20, total: 3, totalPages: 1 },
            liveId: '4',
          },
        },
      },
      moderator,
    )
    renderApp('/mod/applications')
    await expectReading([
      /^applicant0@example\.test · 0 pts ·/,
      /^applicant1@example\.test · 1 pt ·/,
      /^applicant2@example\.test · 2 pts ·/,
    ])
    expectNoMisreadCount()
  })

  it('the paused activity stream reads "1 new event" then "2 new events"', async () => {
    const activity = (kind: ModActivityItem['kind'], secondsAgo: number): ModActivityItem => ({
      kind,
      actor: { _id: '00000000-0000-4000-8000-0000000000c1', username: `${kind}_user` },
      subject: {
        type: 'post',
        _id: `00000000-0000-4000-8000-${String(secondsAgo).padStart(12, '0')}`,
        title: 'Find',
      },
      at: new Date(Date.now() - secondsAgo * 1000).toISOString(),
    })
    const stats: ModStatsResponse = {
      connectedNow: 1,
      signupsToday: 1,
      votesPerMinute: [0],
      commentsPerMinute: [0],
    }
    signedIn(
      {
        'GET /api/mod/activity': { status: 200, body: { items: [activity('post', 20)], liveId: '9' } },
        'GET /api/mod/stats': { status: 200, body: stats },
      },
      moderator,
    )
    const { sockets } = renderApp('/mod/activity')
    await screen.findByRole('list', { name: 'Activity' })
    const socket = sockets[0]
    if (!socket) throw new Error('no socket was opened')
    act(() => socket.open())
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }))
    const push = (item: ModActivityItem, id: string) =>
      act(() => socket.receive({ type: 'event', topic: 'mod', event: 'activity', id, data: item }))
    push(activity('comment', 3), '10')
    await expectReading(['1 new event · Resume to show'])
    push(activity('vote', 2), '11')
    await expectReading(['2 new events · Resume to show'])
    expectNoMisreadCount()
  })

  it('the ads list reads "0 clicks", "1 click" and "2 clicks"', async () => {
    const ad = (index: number, clickCount: number) => ({
      _id: `00000000-0000-4000-8000-0000000000d${index}`,
      title: `Ad ${index}`,
      page: 'Blog',
      slot: 'ads2',
      size: 'box',
      url: 'https://bashboard.dev/blog',
      adImage: '/house-ads/blog-box.png',
      imageName: '/house-ads/blog-box.png',
      active: true,
      startsAt: null,
      endsAt: null,
      showing: true,
      clickCount,
      createdAt: '2026-11-01T10:00:00.000Z',
    })
    signedIn(
      { 'GET /api/mod/ads': { status: 200, body: { ads: [ad(0, 0), ad(1, 1), ad(2, 2)] } } },
      moderator,
    )
    renderApp('/mod/ads')
    await screen.findByRole('list', { name: 'Ads' })
    expect(screen.getAllByTestId('ad-clicks').map((element) => normalize(element.textContent))).toEqual([
      '0 clicks',
      '1 click',
      '2 clicks',
    ])
    expectNoMisreadCount()
  })
})

describe('settings and API docs', () => {
  const token = (index: number) => ({
    _id: `00000000-0000-4000-8000-0000000000a${index}`,
    name: `token ${index}`,
    scopes: ['read'],
    lastFour: 'wxyz',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
    expiresAt: null,
    expired: false,
  })

  it.each([
    [1, 'Revoke your token?', '1 token revoked.'],
    [2, 'Revoke all 2 tokens?', '2 tokens revoked.'],
  ] as const)('revoking all of %d token(s) asks "%s" and says "%s"', async (count, title, done) => {
    let tokens = Array.from({ length: count }, (_, index) => token(index))
    signedIn({
      'GET /api/tokens': () => ({ status: 200, body: { tokens } }),
      'DELETE /api/tokens': () => {
        const revoked = tokens.length
        tokens = []
        return { status: 200, body: { revoked } }
      },
    })
    renderApp('/settings?tab=tokens')
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Revoke all tokens' }))
    const dialog = await screen.findByRole('dialog', { name: title })
    await events.click(within(dialog).getByRole('button', { name: 'Revoke all' }))
    await expectReading([done])
    expectNoMisreadCount()
  })

  it.each([
    [1, '1 endpoint · v1.0.0'],
    [2, '2 endpoints · v1.0.0'],
  ] as const)('the API page with %d operation(s) reads "%s"', async (count, text) => {
    const paths = Object.fromEntries(
      Array.from({ length: count }, (_, index) => [
        `/api/thing${index}`,
        { get: { tags: ['things'], summary: `Thing ${index}`, responses: { '200': { description: 'OK' } } } },
      ]),
    )
    mockApi({
      'GET /api/openapi.json': { status: 200, body: { openapi: '3.0.3', info: { version: '1.0.0' }, paths } },
    })
    renderApp('/api')
    await expectReading([text])
    expectNoMisreadCount()
  })
})
