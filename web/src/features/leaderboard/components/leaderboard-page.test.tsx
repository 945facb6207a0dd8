import type { LeaderboardEntry, LeaderboardResponse } from '@bashboard/server/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { newestSocket } from '../../../test/fake-socket'
import { type MockAnswer, mockApi } from '../../../test/mock-api'
import { renderApp } from '../../../test/render-app'
import { mergeTopEntries } from '../api'

function entry(index: number, points: number, badge: LeaderboardEntry['badge'] = 'None'): LeaderboardEntry {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    username: `user_${index}`,
    avatar: null,
    points,
    badge,
  }
}

function board(
  period: LeaderboardResponse['period'],
  entries: LeaderboardEntry[],
  liveId = '4',
): LeaderboardResponse {
  return {
    period,
    entries,
    stats: { totalUsers: 40, activeUsers: 12, experts: 1, totalPoints: 4321 },
    liveId,
  }
}

const twelve = Array.from({ length: 12 }, (_, index) =>
  entry(index + 1, 1200 - index * 100, index === 0 ? 'Expert' : 'None'),
)

function mockBoards(answers: Partial<Record<LeaderboardResponse['period'], MockAnswer>>) {
  return mockApi({
    'GET /api/leaderboard': (request) => {
      const period = (request.query.get('period') ?? 'all') as LeaderboardResponse['period']
      return answers[period] ?? { status: 500 }
    },
  })
}

function rowNames(): string[] {
  return screen.getAllByTestId('leaderboard-row').map((row) => row.dataset.username ?? '')
}

describe('Leaderboard page', () => {
  it('shows the stats, the podium, every entry with an ad break after every 5th, and the badge tiers', async () => {
    mockBoards({ all: { status: 200, body: board('all', twelve) } })
    renderApp('/leaderboard')
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument()
    const stats = within(await screen.findByRole('region', { name: 'Leaderboard stats' }))
    expect(within(stats.getByRole('group', { name: 'Total Users' })).getByText('40')).toBeInTheDocument()
    expect(within(stats.getByRole('group', { name: 'Active Users' })).getByText('12')).toBeInTheDocument()
    expect(within(stats.getByRole('group', { name: 'Experts' })).getByText('1')).toBeInTheDocument()
    expect(within(stats.getByRole('group', { name: 'Total Points' })).getByText('4,321')).toBeInTheDocument()

    const podium = screen.getAllByTestId('podium-entry')
    expect(podium.map((item) => within(item).getByText(/^user_/).textContent)).toEqual([
      'user_1',
      'user_2',
      'user_3',
    ])
    expect(within(podium[0] as HTMLElement).getByText('Expert')).toBeInTheDocument()

    expect(rowNames()).toHaveLength(12)
    expect(
      within(screen.getAllByTestId('leaderboard-row')[3] as HTMLElement).getByText('900 pts'),
    ).toBeInTheDocument()
    // 12 entries: breaks after the 5th and the 10th.
    expect(screen.getAllByTestId('leaderboard-ad-break')).toHaveLength(2)
    const list = screen.getByRole('list', { name: 'Rankings' })
    const kinds = Array.from(list.children).map((child) =>
      (child as HTMLElement).dataset.testid === 'leaderboard-ad-break' ? 'ad' : 'row',
    )
    expect(kinds.indexOf('ad')).toBe(5)
    expect(kinds.lastIndexOf('ad')).toBe(11)

    const tiers = screen.getByRole('complementary', { name: 'About badges' })
    for (const text of [
      'Expert',
      '1000+ points',
      'Pro',
      '500+ points',
      'Advanced',
      '250+ points',
      'Top Gainer',
      'Top 3 this week',
      'Rising',
      'Fast growing',
    ])
      expect(within(tiers).getByText(text)).toBeInTheDocument()
    expect(document.title).toBe('Leaderboard | Bashboard')
  })

  it('explains every label in a legend and a tooltip, so a row without one does not look broken', async () => {
    mockBoards({
      all: {
        status: 200,
        body: board('all', [
          entry(1, 240),
          entry(2, 230),
          entry(3, 90, 'Top Gainer'),
          entry(4, 80, 'Rising'),
        ]),
      },
    })
    renderApp('/leaderboard')
    const list = await screen.findByRole('list', { name: 'Rankings' })
    expect(list).toHaveAccessibleDescription(/Labels:/)
    const legend = screen.getByText(/Labels:/).closest('p') as HTMLElement
    expect(legend).toHaveTextContent('Top Gainer one of the top 3 gainers of the last 7 days (20+ points).')
    expect(legend).toHaveTextContent('Advanced 250+ points in total.')
    expect(legend).toHaveTextContent('Members with none of these show no label yet.')
    const top = within(screen.getAllByTestId('leaderboard-row')[2] as HTMLElement).getByText('Top Gainer')
    expect(top).toHaveAttribute(
      'title',
      'Top Gainer: one of the top 3 gainers of the last 7 days (20+ points)',
    )
    // "Hot" is the tier badge alone: no leaderboard label or legend uses the word.
    expect(screen.queryByText(/\bHot\b/)).not.toBeInTheDocument()
  })

  it('switches tabs with real data per period and keeps the tab in ?period=', async () => {
    const requests = mockBoards({
      all: { status: 200, body: board('all', twelve) },
      week: { status: 200, body: board('week', [entry(7, 36, 'Top Gainer')]) },
      month: { status: 200, body: board('month', []) },
    })
    const { router } = renderApp('/leaderboard')
    const events = userEvent.setup()
    await screen.findAllByTestId('leaderboard-row')
    expect(screen.getByRole('tab', { name: 'All Time' })).toHaveAttribute('aria-selected', 'true')

    await events.click(screen.getByRole('tab', { name: 'This Week' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ period: 'week' }))
    await waitFor(() => expect(rowNames()).toEqual(['user_7']))
    expect(screen.getByRole('tab', { name: 'This Week' })).toHaveAttribute('aria-selected', 'true')
    expect(requests.some((request) => request.query.get('period') === 'week')).toBe(true)

    await events.click(screen.getByRole('tab', { name: 'This Month' }))
    expect(await screen.findByText('Nobody has earned points this month yet.')).toBeInTheDocument()
    expect(screen.queryByTestId('leaderboard-row')).not.toBeInTheDocument()
  })

  it('opens the tab named in the URL', async () => {
    mockBoards({ month: { status: 200, body: board('month', [entry(3, 80)]) } })
    renderApp('/leaderboard?period=month')
    await waitFor(() => expect(rowNames()).toEqual(['user_3']))
    expect(screen.getByRole('tab', { name: 'This Month' })).toHaveAttribute('aria-selected', 'true')
  })

  it('shows a retry panel when the board cannot be loaded', async () => {
    mockBoards({})
    renderApp('/leaderboard')
    expect(await screen.findByText('Failed to fetch leaderboard data.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('merges a pushed top 10 for the shown period and flashes the rows that moved', async () => {
    mockBoards({ all: { status: 200, body: board('all', twelve, '4') } })
    const { sockets } = renderApp('/leaderboard')
    await screen.findAllByTestId('leaderboard-row')
    const socket = await newestSocket(sockets)
    await act(async () => socket.open())
    await waitFor(() =>
      expect(socket.sentOfType('subscribe')).toContainEqual(
        expect.objectContaining({ topics: ['leaderboard'], since: { leaderboard: '4' } }),
      ),
    )

    // user_12 jumps to first place; the other pushed rows keep their points.
    const top = [entry(12, 1500), ...twelve.slice(0, 9)]
    act(() =>
      socket.receive({
        type: 'event',
        topic: 'leaderboard',
        event: 'leaderboard.updated',
        id: '5',
        data: { period: 'all', entries: top },
      }),
    )
    await waitFor(() => expect(rowNames()[0]).toBe('user_12'))
    expect(rowNames()).toEqual([
      'user_12',
      ...twelve.slice(0, 9).map((item) => item.username),
      'user_10',
      'user_11',
    ])
    const first = screen.getAllByTestId('leaderboard-row')[0] as HTMLElement
    // The flash is set by an effect after the reordering render.
    await waitFor(() => expect(first).toHaveAttribute('data-flashing', 'true'))
    expect(within(first).getByText('1,500 pts')).toBeInTheDocument()

    // A push for another period leaves this tab alone.
    act(() =>
      socket.receive({
        type: 'event',
        topic: 'leaderboard',
        event: 'leaderboard.updated',
        id: '6',
        data: { period: 'week', entries: [entry(5, 10)] },
      }),
    )
    expect(rowNames()[0]).toBe('user_12')
  })
})

describe('Leaderboard stat tiles', () => {
  it('show pushed stats at once, without refetching the board', async () => {
    const requests = mockBoards({ all: { status: 200, body: board('all', twelve, '4') } })
    const { sockets } = renderApp('/leaderboard')
    const tile = (name: string) =>
      within(screen.getByRole('group', { name })).getByTestId('leaderboard-stat-value')
    await waitFor(() => expect(tile('Total Points')).toHaveTextContent('4,321'))
    const socket = await newestSocket(sockets)
    await act(async () => socket.open())
    const boardFetches = () => requests.filter((request) => request.path === '/api/leaderboard').length
    const fetched = boardFetches()

    act(() =>
      socket.receive({
        type: 'event',
        topic: 'leaderboard',
        event: 'leaderboard.stats',
        id: '5',
        data: { stats: { totalUsers: 41, activeUsers: 13, experts: 1, totalPoints: 4323 } },
      }),
    )
    await waitFor(() => expect(tile('Total Points')).toHaveTextContent('4,323'))
    expect(tile('Total Users')).toHaveTextContent(/^41$/)
    expect(tile('Active Users')).toHaveTextContent(/^13$/)
    expect(tile('Experts')).toHaveTextContent(/^1$/)
    expect(boardFetches()).toBe(fetched)
    expect(rowNames()).toHaveLength(12)
  })
})

describe('mergeTopEntries', () => {
  it('puts the pushed rows first and keeps the others below them in their old order', () => {
    const current = [entry(1, 50), entry(2, 40), entry(3, 30)]
    expect(mergeTopEntries(current, [entry(3, 60), entry(1, 50)]).map((item) => item.username)).toEqual([
      'user_3',
      'user_1',
      'user_2',
    ])
  })
})
