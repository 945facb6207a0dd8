import type { UserProfile } from '@bashboard/server/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { type MockAnswer, mockApi, profileFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const POST_ID = '00000000-0000-4000-8000-0000000000a1'
const OTHER_POST_ID = '00000000-0000-4000-8000-0000000000a2'

function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    ...profileFixture({ points: 120, badge: 'Rising' }),
    createdAt: '2026-03-02T10:00:00.000Z',
    badgeProgress: { badge: 'Rising', next: 'Hot', pointsToNext: 30, percent: 40 },
    tiers: [
      { name: 'Newbie', min: 0, earned: true, percent: 100 },
      { name: 'Explorer', min: 50, earned: true, percent: 100 },
      { name: 'Rising', min: 100, earned: true, percent: 100 },
      { name: 'Hot', min: 150, earned: false, percent: 80 },
      { name: 'Advanced', min: 250, earned: false, percent: 48 },
    ],
    totalPosts: 1,
    posts: [
      {
        _id: POST_ID,
        title: 'Find large files',
        slug: 'find-large-files',
        createdAt: '2026-11-01T10:00:00.000Z',
        uplikeCount: 7,
        downlikeCount: 1,
        commentsCount: 2,
        viewCount: 90,
      },
    ],
    favorites: [
      {
        _id: OTHER_POST_ID,
        title: 'Tail a log',
        slug: 'tail-a-log',
        createdAt: '2026-10-01T10:00:00.000Z',
        uplikeCount: 3,
        downlikeCount: 0,
        commentsCount: 0,
        viewCount: 12,
        author: { _id: '00000000-0000-4000-8000-0000000000b1', username: 'grace' },
      },
    ],
    comments: [
      {
        _id: '00000000-0000-4000-8000-0000000000c1',
        content: 'Works great with -h too.',
        createdAt: '2026-11-10T10:00:00.000Z',
        post: { _id: OTHER_POST_ID, title: 'Tail a log', slug: 'tail-a-log' },
      },
    ],
    ...overrides,
  }
}

function mockProfile(answer: MockAnswer, header = profileFixture()) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: header },
    'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
    'GET /api/website/user/profile': answer,
  })
}

describe('Profile page', () => {
  it('sends guests to /login', async () => {
    mockApi({})
    const { router } = renderApp('/profile')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('shows the header, the stat tiles and a Become Contributor call to action for members', async () => {
    mockProfile({ status: 200, body: userProfile() })
    renderApp('/profile')
    expect(await screen.findByRole('heading', { level: 1, name: 'ada_lovelace' })).toBeInTheDocument()
    expect(screen.getByText('ada@example.test')).toBeInTheDocument()
    expect(screen.queryByText('Verified Contributor')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/settings')
    expect(within(screen.getByRole('group', { name: 'Total Posts' })).getByText('1')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Points' })).getByText('120')).toBeInTheDocument()
    expect(
      within(screen.getByRole('group', { name: 'Current Badge' })).getByText('Rising'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Become Contributor' })).toHaveAttribute('href', '/application')
    expect(screen.queryByRole('link', { name: 'Create New Post' })).not.toBeInTheDocument()
  })

  it('shows contributors the Verified Contributor marker and Create New Post', async () => {
    const contributor = { contributor: true, role: 'contributor' as const }
    mockProfile({ status: 200, body: userProfile(contributor) }, profileFixture(contributor))
    renderApp('/profile')
    expect(await screen.findByText('Verified Contributor')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create New Post' })).toHaveAttribute('href', '/create-post')
    expect(screen.queryByRole('link', { name: 'Become Contributor' })).toBeNull()
  })

  it('lists my posts, favorites and comments in their tabs, each linking to the post', async () => {
    mockProfile({ status: 200, body: userProfile() })
    renderApp('/profile')
    const events = userEvent.setup()
    const myPosts = await screen.findByRole('list', { name: 'My posts' })
    expect(within(myPosts).getByRole('link', { name: 'Find large files' })).toHaveAttribute(
      'href',
      '/post/find-large-files',
    )
    expect(screen.getByRole('tab', { name: /My Posts/ })).toHaveAttribute('aria-selected', 'true')

    await events.click(screen.getByRole('tab', { name: /Upvoted/ }))
    const favorites = screen.getByRole('list', { name: 'Upvoted posts' })
    expect(within(favorites).getByRole('link', { name: 'Tail a log' })).toHaveAttribute(
      'href',
      '/post/tail-a-log',
    )
    expect(within(favorites).getByText(/by grace/)).toBeInTheDocument()

    await events.click(screen.getByRole('tab', { name: /Comments/ }))
    const comments = screen.getByRole('list', { name: 'My comments' })
    expect(within(comments).getByText('Works great with -h too.')).toBeInTheDocument()
    expect(within(comments).getByRole('link', { name: 'Tail a log' })).toHaveAttribute(
      'href',
      '/post/tail-a-log',
    )
  })

  it('opens Upvoted from its old address, ?tab=favorites', async () => {
    mockProfile({ status: 200, body: userProfile() })
    const { router } = renderApp('/profile?tab=favorites')
    expect(await screen.findByRole('tab', { name: /Upvoted/ })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('list', { name: 'Upvoted posts' })).toBeInTheDocument()
    expect(router.state.location.search).toMatchObject({ tab: 'upvoted' })
  })

  it('moves between tabs with the arrow keys', async () => {
    mockProfile({ status: 200, body: userProfile() })
    renderApp('/profile')
    const events = userEvent.setup()
    const first = await screen.findByRole('tab', { name: /My Posts/ })
    first.focus()
    await events.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: /Upvoted/ })).toHaveFocus()
    expect(screen.getByRole('tab', { name: /Upvoted/ })).toHaveAttribute('aria-selected', 'true')
    await events.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Badge Progress' })).toHaveAttribute('aria-selected', 'true')
  })

  it('shows badge progress with Earned and In Progress rows and their percentages', async () => {
    mockProfile({ status: 200, body: userProfile() })
    renderApp('/profile')
    const events = userEvent.setup()
    await events.click(await screen.findByRole('tab', { name: 'Badge Progress' }))
    expect(screen.getByText('points to', { exact: false })).toHaveTextContent('30 points to Hot')
    expect(screen.getAllByRole('progressbar', { name: 'Progress to Hot' })[0]).toHaveAttribute(
      'aria-valuenow',
      '40',
    )
    const rows = screen.getAllByTestId('tier-row')
    expect(rows).toHaveLength(5)
    expect(within(rows[2] as HTMLElement).getByText('Earned')).toBeInTheDocument()
    const hot = rows[3] as HTMLElement
    expect(within(hot).getByText('In Progress')).toBeInTheDocument()
    expect(within(hot).getByText('80%')).toBeInTheDocument()
    expect(within(hot).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80')
  })

  it('shows an empty state in every list tab', async () => {
    mockProfile({ status: 200, body: userProfile({ posts: [], favorites: [], comments: [], totalPosts: 0 }) })
    renderApp('/profile')
    const events = userEvent.setup()
    expect(await screen.findByText(/You haven't shared any commands yet/)).toBeInTheDocument()
    await events.click(screen.getByRole('tab', { name: /Upvoted/ }))
    expect(screen.getByText(/No upvoted commands yet/)).toBeInTheDocument()
    await events.click(screen.getByRole('tab', { name: /Comments/ }))
    expect(screen.getByText("You haven't commented on any command yet.")).toBeInTheDocument()
  })

  it("shows 'Failed to load profile data' with Try Again, which reloads the page", async () => {
    mockProfile({ status: 500 })
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    renderApp('/profile')
    expect(await screen.findByText('Failed to load profile data')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it("shows 'No profile data found' with Reload when the answer is empty", async () => {
    mockProfile({ status: 204 })
    renderApp('/profile')
    expect(await screen.findByText('No profile data found')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })
})
