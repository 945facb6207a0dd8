import type { NotificationsResponse } from '@bashboard/server/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { newestSocket } from '../../../test/fake-socket'
import { mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { notificationFixture } from '../../../test/notification-fixtures'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const me = profileFixture()

const notification = notificationFixture

/** The menu's page 1 of `list`: the menu reads no pagination, so it is always one page here. */
function mockMenu(list: Omit<NotificationsResponse, 'pagination'>) {
  const total = list.notifications.length
  const body: NotificationsResponse = {
    ...list,
    pagination: { page: 1, pageSize: 30, total, totalPages: total === 0 ? 0 : 1 },
  }
  storeSession(validSession())
  return mockApi({
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    'GET /api/website/user/profile/header': { status: 200, body: me },
    'GET /api/notifications': { status: 200, body },
    'POST /api/notifications/read-all': { status: 200, body: { unreadCount: 0 } },
    [`POST /api/notifications/${notification(1)._id}/read`]: { status: 200, body: { unreadCount: 1 } },
  })
}

describe('Notifications menu', () => {
  it('is not shown to guests', async () => {
    mockApi({ 'GET /api/website/stats': { status: 200, body: statsFixture() } })
    renderApp('/')
    await screen.findByRole('link', { name: 'Login' })
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument()
  })

  it('shows the unread count, lists the notifications and marks them all read', async () => {
    const requests = mockMenu({
      notifications: [notification(1), notification(2), notification(3, { read: true })],
      unreadCount: 2,
      liveId: '3',
    })
    renderApp('/')
    const events = userEvent.setup()
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' })
    expect(within(bell).getByTestId('unread-count')).toHaveTextContent('2')

    await events.click(bell)
    const panel = screen.getByRole('dialog', { name: 'Notifications' })
    const items = within(panel).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/post/command-1')
    expect(within(panel).getAllByText('Unread')).toHaveLength(2)

    await events.click(within(panel).getByRole('button', { name: 'Mark all read' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument())
    expect(within(panel).queryByText('Unread')).not.toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled()
    expect(
      requests.some((request) => request.method === 'POST' && request.path === '/api/notifications/read-all'),
    ).toBe(true)
  })

  it('opens a notification, marks it read and closes with Escape back on the bell', async () => {
    const requests = mockMenu({
      notifications: [notification(1), notification(2)],
      unreadCount: 2,
      liveId: '3',
    })
    const { router } = renderApp('/')
    const events = userEvent.setup()
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' })
    await events.click(bell)
    await events.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument()
    expect(bell).toHaveFocus()

    await events.click(bell)
    await events.click(within(screen.getByRole('dialog')).getByRole('link', { name: /Command 1/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/command-1'))
    expect(
      requests.some((request) => request.path === `/api/notifications/${notification(1)._id}/read`),
    ).toBe(true)
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
  })

  it("shows a moderator's removal with the reason and links to the guidelines and the moderators", async () => {
    const removal = notification(1, {
      kind: 'removal',
      text: 'A moderator removed your command "Command 1". See the community guidelines before you post again, and contact the moderators if you think this was a mistake.',
      link: '/guidelines',
      reason: 'Advertising: the command only downloads a paid tool.\nPlease post the tool itself.',
    })
    const requests = mockMenu({ notifications: [removal, notification(2)], unreadCount: 2, liveId: '3' })
    const { router } = renderApp('/')
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }))
    const item = within(screen.getByRole('dialog')).getAllByRole('listitem')[0] as HTMLElement
    expect(item).toHaveTextContent('A moderator removed your command "Command 1".')
    expect(
      within(item).getByText(/^Advertising: the command only downloads a paid tool\./),
    ).toHaveTextContent(
      'Reason: Advertising: the command only downloads a paid tool. Please post the tool itself.',
    )
    expect(within(item).getByRole('link', { name: 'Community guidelines' })).toHaveAttribute(
      'href',
      '/guidelines',
    )
    expect(within(item).getByRole('link', { name: 'Contact the moderators' })).toHaveAttribute(
      'href',
      '/contact',
    )
    expect(within(item).getByText('Unread')).toBeInTheDocument()

    await events.click(within(item).getByRole('link', { name: 'Contact the moderators' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'))
    expect(requests.some((request) => request.path === `/api/notifications/${removal._id}/read`)).toBe(true)
  })

  it('keeps the reason of a removal pushed live', async () => {
    mockMenu({ notifications: [], unreadCount: 0, liveId: '3' })
    const { sockets } = renderApp('/')
    await screen.findByRole('button', { name: 'Notifications' })
    const socket = await newestSocket(sockets)
    await act(async () => socket.open())
    act(() => socket.receive({ type: 'authed', userId: me._id, role: 'member' }))
    await waitFor(() =>
      expect(socket.sentOfType('subscribe')).toContainEqual(
        expect.objectContaining({ topics: expect.arrayContaining([`user:${me._id}`]) }),
      ),
    )
    const pushed = notification(9, {
      kind: 'removal',
      text: 'A moderator removed your comment "buy cheap pills" on "Command 9".',
      link: '/guidelines',
      reason: 'Spam',
    })
    act(() =>
      socket.receive({
        type: 'event',
        topic: `user:${me._id}`,
        event: 'notification',
        id: '4',
        data: { ...pushed, unreadCount: 1 },
      }),
    )
    expect(await screen.findByText('Removed by a moderator')).toBeInTheDocument()
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    const item = within(screen.getByRole('dialog')).getByRole('listitem')
    expect(item).toHaveTextContent('Reason: Spam')
    expect(within(item).getByRole('link', { name: 'Community guidelines' })).toBeInTheDocument()
  })

  it('says so when there are no notifications', async () => {
    mockMenu({ notifications: [], unreadCount: 0, liveId: '0' })
    renderApp('/')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notifications' }))
    expect(screen.getByText(/No notifications yet/)).toBeInTheDocument()
  })

  it('adds a pushed notification to the list, raises the count and shows a toast', async () => {
    mockMenu({ notifications: [notification(1)], unreadCount: 1, liveId: '3' })
    const { sockets } = renderApp('/')
    await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    const socket = await newestSocket(sockets)
    await act(async () => socket.open())
    await waitFor(() => expect(socket.sentOfType('auth')).toHaveLength(1))
    act(() => socket.receive({ type: 'authed', userId: me._id, role: 'member' }))
    await waitFor(() =>
      expect(socket.sentOfType('subscribe')).toContainEqual(
        expect.objectContaining({ topics: expect.arrayContaining([`user:${me._id}`]) }),
      ),
    )

    const pushed = notification(9, {
      kind: 'upvotes',
      text: 'Your command "Command 9" got 3 new upvotes',
      count: 3,
    })
    act(() =>
      socket.receive({
        type: 'event',
        topic: `user:${me._id}`,
        event: 'notification',
        id: '4',
        data: { ...pushed, unreadCount: 2 },
      }),
    )
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument()
    const toast = (await screen.findByText('New upvotes')).closest('li') as HTMLElement
    expect(within(toast).getByText('Your command "Command 9" got 3 new upvotes')).toBeInTheDocument()

    await userEvent.setup().click(screen.getByRole('button', { name: 'Notifications, 2 unread' }))
    const items = within(screen.getByRole('dialog')).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('got 3 new upvotes')
  })
})
