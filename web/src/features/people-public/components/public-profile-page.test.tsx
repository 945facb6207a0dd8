import type { PublicProfileResponse } from '@bashboard/server/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi } from '../../../test/mock-api'
import { renderApp } from '../../../test/render-app'

function profileFixture(overrides: Partial<PublicProfileResponse> = {}): PublicProfileResponse {
  return {
    user: {
      _id: '00000000-0000-4000-8000-0000000000aa',
      username: 'grace_hopper',
      avatar: null,
      badge: 'Rising',
      points: 120,
      createdAt: '2026-01-02T00:00:00.000Z',
      totalPosts: 12,
      totalComments: 1,
    },
    posts: [
      {
        _id: '00000000-0000-4000-8000-0000000000p1',
        title: 'Find big files',
        slug: 'find-big-files',
        command: 'du -ah . | sort -rh | head',
        createdAt: '2026-11-20T10:00:00.000Z',
        uplikeCount: 4,
        downlikeCount: 0,
        commentsCount: 1,
        viewCount: 30,
      },
    ],
    postsPage: { page: 1, pageSize: 10, totalPosts: 12, totalPages: 2 },
    collections: [],
    comments: [
      {
        _id: '00000000-0000-4000-8000-0000000000m1',
        content: 'Nice one',
        createdAt: '2026-11-21T10:00:00.000Z',
        post: { _id: '00000000-0000-4000-8000-0000000000p2', title: 'List ports', slug: 'list-ports' },
      },
    ],
    ...overrides,
  }
}

describe('PublicProfilePage', () => {
  it('shows the member, their commands with a pager, and the sections as tabs', async () => {
    const requests = mockApi({
      'GET /api/users/grace_hopper/profile': (request) => ({
        status: 200,
        body:
          request.query.get('page') === '2'
            ? profileFixture({
                posts: [],
                postsPage: { page: 2, pageSize: 10, totalPosts: 12, totalPages: 2 },
              })
            : profileFixture(),
      }),
    })
    renderApp('/u/grace_hopper')
    expect(await screen.findByRole('heading', { name: 'grace_hopper' })).toBeInTheDocument()
    expect(screen.getByText('Rising')).toBeInTheDocument()
    expect(screen.getByText(/Member since/)).toHaveTextContent('Member since January 2026')
    const list = screen.getByRole('list', { name: 'Commands by grace_hopper' })
    expect(within(list).getByRole('link', { name: 'Find big files' })).toHaveAttribute(
      'href',
      '/post/find-big-files',
    )
    expect(document.title).toBe('grace_hopper | Bashboard')

    const events = userEvent.setup()
    await events.click(screen.getByRole('button', { name: /Next/ }))
    await waitFor(() => expect(requests.some((request) => request.query.get('page') === '2')).toBe(true))

    await events.click(screen.getByRole('tab', { name: /Comments/ }))
    expect(await screen.findByText('Nice one')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'List ports' })).toHaveAttribute('href', '/post/list-ports')
    await events.click(screen.getByRole('tab', { name: /Collections/ }))
    expect(await screen.findByText('grace_hopper has no public collections yet.')).toBeInTheDocument()
  })

  it('shows the not-found card for an unknown member', async () => {
    mockApi({
      'GET /api/users/nobody/profile': {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'User not found' },
      },
    })
    renderApp('/u/nobody')
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument()
  })
})
