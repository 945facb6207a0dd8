import type { LeaderboardEntry, WebsiteResponse } from '@bashboard/server/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, statsFixture } from '../../../test/mock-api'
import { websiteFixture } from '../../../test/post-fixtures'
import { renderApp } from '../../../test/render-app'

const leaders: WebsiteResponse['userLeaderboard'] = [
  { _id: '00000000-0000-4000-8000-0000000000b1', username: 'linus', avatar: null, points: 30, badge: 'Hot' },
  {
    _id: '00000000-0000-4000-8000-0000000000b2',
    username: 'grace',
    avatar: null,
    points: 20,
    badge: 'Explorer',
  },
]

function pushed(leader: WebsiteResponse['userLeaderboard'][number], points: number): LeaderboardEntry {
  return { _id: leader._id, username: leader.username, avatar: null, points, badge: 'None' }
}

function leaderNames(): string[] {
  const card = screen.getByRole('heading', { name: "This Week's Leaders" }).parentElement as HTMLElement
  return within(card)
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByText(/^(linus|grace)$/)[0]?.textContent ?? '')
}

describe("Home's weekly leaders card", () => {
  it('subscribes to the leaderboard and reorders on a pushed week board', async () => {
    mockApi({
      'GET /api/website/stats': { status: 200, body: statsFixture() },
      'GET /api/website': { status: 200, body: websiteFixture({ userLeaderboard: leaders }) },
    })
    const { sockets } = renderApp('/')
    await screen.findByRole('heading', { name: "This Week's Leaders" })
    expect(leaderNames()).toEqual(['linus', 'grace'])
    const socket = sockets.at(-1)
    if (!socket) throw new Error('the app opened no socket')
    await act(async () => socket.open())
    await waitFor(() =>
      expect(socket.sentOfType('subscribe').some((message) => message.topics.includes('leaderboard'))).toBe(
        true,
      ),
    )

    const [linus, grace] = leaders as [
      WebsiteResponse['userLeaderboard'][number],
      WebsiteResponse['userLeaderboard'][number],
    ]
    act(() =>
      socket.receive({
        type: 'event',
        topic: 'leaderboard',
        event: 'leaderboard.updated',
        id: '3',
        data: { period: 'week', entries: [pushed(grace, 34), pushed(linus, 30)] },
      }),
    )
    // The flash is set by an effect after the reordering render: wait for both.
    await waitFor(() => {
      expect(leaderNames()).toEqual(['grace', 'linus'])
      expect(screen.getByText('+34 pts').closest('li')).toHaveAttribute('data-flashing', 'true')
    })
    // The tier badge the push does not carry is kept.
    expect(
      within(screen.getByText('+34 pts').closest('li') as HTMLElement).getByText('Explorer'),
    ).toBeInTheDocument()
  })
})
