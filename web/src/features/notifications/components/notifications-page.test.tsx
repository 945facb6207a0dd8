import type { Notification, NotificationsResponse } from '@bashboard/server/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, profileFixture, type RecordedRequest, statsFixture } from '../../../test/mock-api'
import { notificationFixture } from '../../../test/notification-fixtures'
import { renderApp, storeSession, validSession } from '../../../test/render-app'
import { KIND_LABELS } from '../kind-labels'
import { NOTIFICATION_KINDS } from '../notification-kinds'

const me = profileFixture()

const notification = notificationFixture

/** 31 notifications: 29 comments, a reply (index 5) and a read removal (index 8), newest first. */
const ALL = Array.from({ length: 31 }, (_, index) =>
  notification(index, {
    ...(index === 5 ? { kind: 'reply' as const, text: 'ada replied to your comment' } : {}),
    ...(index === 8
      ? { kind: 'removal' as const, read: true, text: 'A moderator removed your comment' }
      : {}),
  }),
)

/** The server's answer for a request's page, kind and unread filters, as the route computes it. */
function answer(request: RecordedRequest, all: Notification[]): NotificationsResponse {
  const page = Number(request.query.get('page') ?? '1')
  const kind = request.query.get('kind')
  const matching = all.filter(
    (n) => (!kind || n.kind === kind) && (request.query.get('unread') !== 'true' || !n.read),
  )
  const total = matching.length
  return {
    notifications: matching.slice((page - 1) * 30, page * 30),
    unreadCount: all.filter((n) => !n.read).length,
    pagination: { page, pageSize: 30, total, totalPages: Math.ceil(total / 30) },
    liveId: '7',
  }
}

function mockPage(all: Notification[] = ALL) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    'GET /api/website/user/profile/header': { status: 200, body: me },
    'GET /api/notifications': (request) => ({ status: 200, body: answer(request, all) }),
    'POST /api/notifications/read-all': { status: 200, body: { unreadCount: 0 } },
    [`POST /api/notifications/${notification(0)._id}/read`]: { status: 200, body: { unreadCount: 29 } },
  })
}

const pageRequests = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path === '/api/notifications' && r.query.has('page'))

describe('Notifications page', () => {
  it('accepts in the URL exactly the kinds it offers to filter by', () => {
    expect([...NOTIFICATION_KINDS].sort()).toEqual(Object.keys(KIND_LABELS).sort())
  })

  it('sends guests to the login page', async () => {
    mockApi({ 'GET /api/website/stats': { status: 200, body: statsFixture() } })
    const { router } = renderApp('/notifications')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('lists a page of notifications with the unread count, and pages through them', async () => {
    const requests = mockPage()
    const { router } = renderApp('/notifications')
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Notifications' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(30)
    expect(screen.getByText('30 notifications unread.')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 2 · 31 notifications')).toBeInTheDocument()

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }))
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    )
    expect(pageRequests(requests).map((r) => r.query.get('page'))).toEqual(['1', '2'])
  })

  it('filters by kind and by unread, in the URL, and says when nothing matches', async () => {
    const requests = mockPage()
    const { router } = renderApp('/notifications')
    const events = userEvent.setup()
    await events.selectOptions(await screen.findByLabelText('Show'), 'Replies to your comments')
    await waitFor(() => expect(router.state.location.search).toEqual({ kind: 'reply' }))
    const list = await screen.findByRole('list', { name: 'Notifications' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    expect(list).toHaveTextContent('ada replied to your comment')

    await events.selectOptions(screen.getByLabelText('Show'), 'Removals by moderators')
    await events.click(screen.getByRole('checkbox', { name: 'Unread only' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ kind: 'removal', unread: true }))
    expect(
      await screen.findByText('No unread removals by moderators. You are all caught up.'),
    ).toBeInTheDocument()
    expect(pageRequests(requests).at(-1)?.query.toString()).toBe('page=1&kind=removal&unread=true')
  })

  it('opens a notification, marking it read, and marks all read', async () => {
    const requests = mockPage()
    const { router } = renderApp('/notifications')
    const events = userEvent.setup()
    await events.click(await screen.findByRole('link', { name: /Command 0"/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/command-0'))
    expect(requests.some((r) => r.path === `/api/notifications/${notification(0)._id}/read`)).toBe(true)

    await router.navigate({ to: '/notifications' })
    await events.click(await screen.findByRole('button', { name: 'Mark all read' }))
    await waitFor(() => expect(requests.some((r) => r.path === '/api/notifications/read-all')).toBe(true))
  })

  it('reads unknown filters in the URL as none', async () => {
    const requests = mockPage()
    renderApp('/notifications?kind=poke&unread=yes&page=0')
    const list = await screen.findByRole('list', { name: 'Notifications' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(30)
    expect(pageRequests(requests)[0]?.query.toString()).toBe('page=1')
  })

  it('says so when a member has no notifications at all', async () => {
    mockPage([])
    renderApp('/notifications')
    expect(
      await screen.findByText(
        'No notifications yet. Comments, replies and upvotes on your commands show up here.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled()
  })
})
