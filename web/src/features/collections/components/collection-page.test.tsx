import type { CollectionDetail } from '@bashboard/server/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { collectionDetailFixture, collectionSummaryFixture } from '../../../test/collection-fixtures'
import {
  errorBody,
  type MockAnswer,
  mockApi,
  profileFixture,
  type RecordedRequest,
} from '../../../test/mock-api'
import { postFixture } from '../../../test/post-fixtures'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const alpha = postFixture({ title: 'Alpha: disk usage', command: 'du -sh *' })
const beta = postFixture({ title: 'Beta: free space', command: 'df -h' })
const gamma = postFixture({ title: 'Gamma: biggest files', command: 'find . -size +100M' })
const PAGE = '/api/collections/by-slug/ada_lovelace/disk-tricks'

function detail(overrides: Partial<CollectionDetail> = {}) {
  return collectionDetailFixture([alpha, beta, gamma], {
    _id: '00000000-0000-4000-8000-00000000c011',
    name: 'Disk tricks',
    description: 'What fills the disk, and how to find it.',
    ...overrides,
  })
}

const ok = (body: CollectionDetail): MockAnswer => ({ status: 200, body })

function renderPage(page: MockAnswer, routes: Parameters<typeof mockApi>[0] = {}, signedIn = true) {
  if (signedIn) storeSession(validSession())
  const requests = mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: profileFixture() },
    'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
    [`GET ${PAGE}`]: page,
    ...routes,
  })
  const view = renderApp('/c/ada_lovelace/disk-tricks')
  return { ...view, requests, events: userEvent.setup() }
}

function titles(): string[] {
  const list = screen.getByRole('list', { name: 'Commands in this collection' })
  return within(list)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent ?? '')
}

const orders = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'PUT').map((request) => request.body)

describe('Collection page', () => {
  it('shows a public collection to a guest without the owner controls', async () => {
    renderPage(ok(detail({ isOwner: false })), {}, false)
    expect(await screen.findByRole('heading', { level: 1, name: 'Disk tricks' })).toBeInTheDocument()
    expect(screen.getByText('What fills the disk, and how to find it.')).toBeInTheDocument()
    expect(screen.getByText('Public')).toBeInTheDocument()
    expect(screen.getByText('ada_lovelace')).toBeInTheDocument()
    expect(titles()).toEqual([alpha.title, beta.title, gamma.title])
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Move .* (up|down)/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
  })

  it('shows the not-found screen for a private collection of someone else (404)', async () => {
    renderPage({ status: 404, body: errorBody(404, 'Collection not found') }, {}, false)
    expect(await screen.findByRole('heading', { level: 1, name: 'Collection not found' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Commands in this collection' })).not.toBeInTheDocument()
  })

  it('reorders by keyboard: the card moves at once, the order is sent, and focus stays on the moved card', async () => {
    const { requests, events } = renderPage(ok(detail()), {
      'PUT /api/collections/00000000-0000-4000-8000-00000000c011/order': (request) => ({
        status: 200,
        body: {
          collection: collectionSummaryFixture({ _id: '00000000-0000-4000-8000-00000000c011', postCount: 3 }),
          postIds: (request.body as { postIds: string[] }).postIds,
        },
      }),
    })
    await screen.findByRole('heading', { level: 1, name: 'Disk tricks' })
    expect(screen.getByRole('button', { name: `Move ${alpha.title} up` })).toBeDisabled()
    expect(screen.getByRole('button', { name: `Move ${gamma.title} down` })).toBeDisabled()

    screen.getByRole('button', { name: `Move ${alpha.title} down` }).focus()
    await events.keyboard('{Enter}')
    // The optimistic update lands after the page's query is cancelled, a task after the key press: wait
    // for it. Only that update can draw the new order (the server's answer keeps the cached cards as they
    // are).
    await waitFor(() => expect(titles()).toEqual([beta.title, alpha.title, gamma.title]))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Move ${alpha.title} down` })).toHaveFocus(),
    )
    expect(screen.getByText(`${alpha.title} moved to position 2 of 3.`)).toBeInTheDocument()

    // At the bottom it can only go up: focus moves to that button rather than being lost.
    await events.keyboard(' ')
    await waitFor(() => expect(titles()).toEqual([beta.title, gamma.title, alpha.title]))
    await waitFor(() => expect(screen.getByRole('button', { name: `Move ${alpha.title} up` })).toHaveFocus())

    await waitFor(() =>
      expect(orders(requests)).toEqual([
        { postIds: [beta._id, alpha._id, gamma._id] },
        { postIds: [beta._id, gamma._id, alpha._id] },
      ]),
    )
  })

  it('puts the old order back with an error toast when the server refuses a move', async () => {
    const { events } = renderPage(ok(detail()), {
      'PUT /api/collections/00000000-0000-4000-8000-00000000c011/order': {
        status: 500,
        body: errorBody(500, 'Internal Server Error'),
      },
    })
    await screen.findByRole('heading', { level: 1, name: 'Disk tricks' })
    await events.click(screen.getByRole('button', { name: `Move ${gamma.title} up` }))
    expect(await screen.findByText('Failed to move the command. Please try again.')).toBeInTheDocument()
    expect(titles()).toEqual([alpha.title, beta.title, gamma.title])
  })

  it('lets the owner make it private, remove a command, and delete it after confirming', async () => {
    const { requests, events, router } = renderPage(ok(detail()), {
      'PATCH /api/collections/00000000-0000-4000-8000-00000000c011': {
        status: 200,
        body: collectionSummaryFixture({
          _id: '00000000-0000-4000-8000-00000000c011',
          name: 'Disk tricks',
          description: 'What fills the disk, and how to find it.',
          public: false,
          postCount: 3,
        }),
      },
      [`DELETE /api/collections/00000000-0000-4000-8000-00000000c011/posts/${beta._id}`]: {
        status: 200,
        body: {
          collection: collectionSummaryFixture({ _id: '00000000-0000-4000-8000-00000000c011', postCount: 2 }),
          postId: beta._id,
          saved: true,
          savedCount: 1,
        },
      },
      'DELETE /api/collections/00000000-0000-4000-8000-00000000c011': {
        status: 200,
        body: { collectionId: '00000000-0000-4000-8000-00000000c011' },
      },
      'GET /api/website/user/profile': { status: 500 },
    })
    await screen.findByRole('heading', { level: 1, name: 'Disk tricks' })

    await events.click(screen.getByRole('button', { name: 'Make private' }))
    expect(await screen.findByText('Collection is now private')).toBeInTheDocument()
    expect(screen.getByText('Private')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Make public' })).toBeInTheDocument()

    await events.click(screen.getByRole('button', { name: `Remove ${beta.title} from this collection` }))
    await waitFor(() => expect(titles()).toEqual([alpha.title, gamma.title]))

    await events.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this collection?' })
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await events.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(requests.some((request) => request.method === 'DELETE' && request.path.endsWith('c011'))).toBe(
      false,
    )

    await events.click(screen.getByRole('button', { name: 'Delete' }))
    await events.click(
      within(screen.getByRole('dialog', { name: 'Delete this collection?' })).getByRole('button', {
        name: 'Delete collection',
      }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'))
    expect(router.state.location.search).toEqual({ tab: 'collections' })
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ public: false })
  })

  it('drops a command deleted by its author while the page is open, leaving no broken card', async () => {
    let deleted = false
    const { sockets } = renderPage(
      ok(detail({ isOwner: false })),
      {
        // The server leaves deleted posts out of a collection.
        [`GET ${PAGE}`]: () => ({
          status: 200,
          body: deleted
            ? { ...detail({ isOwner: false }), posts: [alpha, gamma], postCount: 2 }
            : detail({ isOwner: false }),
        }),
      },
      false,
    )
    await screen.findByRole('heading', { level: 1, name: 'Disk tricks' })
    const socket = sockets.at(-1)
    if (!socket) throw new Error('the app opened no socket')
    await act(async () => socket.open())
    await waitFor(() =>
      expect(socket.sentOfType('subscribe').some((message) => message.topics.includes('posts'))).toBe(true),
    )
    deleted = true
    act(() =>
      socket.receive({
        type: 'event',
        topic: 'posts',
        event: 'post.deleted',
        id: '4',
        data: { postId: beta._id },
      }),
    )
    await waitFor(() => expect(titles()).toEqual([alpha.title, gamma.title]))
    expect(screen.getByText('2 commands')).toBeInTheDocument()
  })
})
