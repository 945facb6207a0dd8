import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { errorBody, mockApi, statsFixture } from '../../../test/mock-api'
import { websiteFixture } from '../../../test/post-fixtures'
import { renderApp } from '../../../test/render-app'

function tileValue(label: string): string | null {
  return within(screen.getByRole('group', { name: label })).getByTestId('stat-value').textContent
}

describe('HomePage', () => {
  it('shows the four stat tiles, the welcome banner and, for guests, the join card', async () => {
    mockApi({
      'GET /api/website/stats': { status: 200, body: statsFixture({ totalPosts: 1234 }) },
      'GET /api/website': { status: 200, body: websiteFixture() },
    })
    renderApp('/')
    expect(await screen.findByRole('group', { name: 'Total Posts' })).toBeInTheDocument()
    expect(tileValue('Total Posts')).toBe('1,234')
    expect(tileValue('Total Users')).toBe('48')
    expect(tileValue('Categories')).toBe('9')
    expect(tileValue('Active Today')).toBe('5')
    expect(screen.getByRole('link', { name: 'Browse Commands' })).toHaveAttribute('href', '/browse')
    expect(screen.getByRole('link', { name: 'Sign Up Free' })).toHaveAttribute('href', '/register')
    expect(document.title).toBe('Home | Bashboard')
  })

  it('subscribes to the stats topic from the loaded liveId and applies pushed numbers live', async () => {
    mockApi({
      'GET /api/website/stats': { status: 200, body: statsFixture({ liveId: '41' }) },
      'GET /api/website': { status: 200, body: websiteFixture() },
    })
    const { sockets } = renderApp('/')
    await screen.findByRole('group', { name: 'Total Users' })
    const socket = sockets.at(-1)
    if (!socket) throw new Error('the app opened no socket')
    await act(async () => socket.open())
    expect(screen.getByTestId('live-status')).toHaveAttribute('data-status', 'open')
    // The tile's effect subscribes after it is on screen; wait for the message rather than race it.
    // Other sections subscribe in the same tick (posts, each post); find the stats topic among them.
    await waitFor(() =>
      expect(
        socket
          .sentOfType('subscribe')
          .some((message) => message.topics.includes('stats') && message.since?.stats === '41'),
      ).toBe(true),
    )

    act(() =>
      socket.receive({
        type: 'event',
        topic: 'stats',
        event: 'stats.updated',
        id: '42',
        data: { totalPosts: 120, totalUsers: 49, totalCategories: 9, todaysPosts: [], activeToday: 6 },
      }),
    )
    // Checked together, as soon as the push is applied: the flash is brief, and a slow machine must not
    // find it already over.
    await waitFor(() => {
      expect(tileValue('Total Users')).toBe('49')
      expect(tileValue('Active Today')).toBe('6')
      expect(screen.getByRole('group', { name: 'Total Users' })).toHaveAttribute('data-flashing', 'true')
      expect(screen.getByRole('group', { name: 'Total Posts' })).not.toHaveAttribute('data-flashing')
    })
  })

  it('shows an error with Retry when the stats cannot be loaded', async () => {
    mockApi({
      'GET /api/website/stats': { status: 500, body: errorBody(500, 'Internal Server Error') },
      'GET /api/website': { status: 200, body: websiteFixture() },
    })
    renderApp('/')
    expect(await screen.findByText('The community numbers could not be loaded.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(within(screen.getByRole('alert')).getByText('Failed to load website data.')).toBeInTheDocument()
  })

  it('lists the top posts of the week and the latest commands with links to Browse, and the weekly leaders', async () => {
    mockApi({
      'GET /api/website/stats': { status: 200, body: statsFixture() },
      'GET /api/website': { status: 200, body: websiteFixture() },
    })
    renderApp('/')
    const latest = await screen.findByRole('list', { name: 'Latest shared commands' })
    expect(within(latest).getByRole('link', { name: 'Newest command' })).toBeInTheDocument()
    const top = screen.getByRole('list', { name: 'Top of the week' })
    expect(within(top).getByRole('link', { name: 'Best of the week' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /View all/ })).toHaveAttribute('href', '/browse?sort=latest')
    expect(screen.getByRole('link', { name: /See trending/ })).toHaveAttribute(
      'href',
      '/browse?sort=trending',
    )
    expect(screen.getByRole('link', { name: /View Leaderboard/ })).toHaveAttribute('href', '/leaderboard')
    expect(screen.getByText('linus')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Networking/ })).toBeInTheDocument()
  })
})
