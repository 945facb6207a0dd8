import type { MyCollectionsResponse } from '@bashboard/server/contract'
import { COLLECTION_LIMITS } from '@bashboard/server/contract/limits'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { collectionSummaryFixture } from '../../../test/collection-fixtures'
import {
  errorBody,
  type MockAnswer,
  mockApi,
  profileFixture,
  type RecordedRequest,
} from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

function profileBody() {
  return {
    ...profileFixture(),
    createdAt: '2026-03-02T10:00:00.000Z',
    badgeProgress: { badge: 'Newbie', next: 'Explorer', pointsToNext: 8, percent: 84 },
    tiers: [],
    totalPosts: 0,
    posts: [],
    favorites: [],
    comments: [],
  }
}

/** Opens the profile's Collections tab with `collections` answering GET /api/collections. */
async function openCollectionsTab(
  collections: (request: RecordedRequest) => MyCollectionsResponse,
  create: (request: RecordedRequest) => MockAnswer,
) {
  storeSession(validSession())
  const requests = mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: profileFixture() },
    'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
    'GET /api/website/user/profile': { status: 200, body: profileBody() },
    'GET /api/collections': (request) => ({ status: 200, body: collections(request) }),
    'POST /api/collections': create,
  })
  const view = renderApp('/profile?tab=collections')
  expect(await screen.findByRole('tab', { name: 'Collections' })).toHaveAttribute('aria-selected', 'true')
  return { ...view, requests, events: userEvent.setup() }
}

const posts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.path === '/api/collections')

describe('The collection form (profile › Collections › New collection)', () => {
  it('creates a collection with the trimmed values and lists it', async () => {
    let created = false
    const made = collectionSummaryFixture({
      name: 'Disk tricks',
      description: 'Find what fills /',
      public: true,
    })
    const { requests, events } = await openCollectionsTab(
      () => ({ collections: created ? [made] : [], liveId: '0' }),
      () => {
        created = true
        return { status: 201, body: made }
      },
    )
    expect(await screen.findByText(/No collections yet/)).toBeInTheDocument()

    await events.click(screen.getByRole('button', { name: 'New collection' }))
    const form = screen.getByRole('form', { name: 'New collection' })
    expect(within(form).getByLabelText('Name')).toHaveFocus()
    await events.type(within(form).getByLabelText('Name'), '  Disk tricks  ')
    await events.type(within(form).getByLabelText(/Description/), 'Find what fills /')
    await events.click(within(form).getByRole('checkbox', { name: /Public/ }))
    await events.click(within(form).getByRole('button', { name: 'Create collection' }))

    expect(await screen.findByText('Collection created')).toBeInTheDocument()
    expect(posts(requests).map((request) => request.body)).toEqual([
      { name: 'Disk tricks', description: 'Find what fills /', public: true },
    ])
    const list = await screen.findByRole('list', { name: 'Your collections' })
    expect(within(list).getByRole('link', { name: 'Disk tricks' })).toHaveAttribute(
      'href',
      '/c/ada_lovelace/disk-tricks',
    )
    expect(within(list).getByText('Public')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'New collection' })).not.toBeInTheDocument()
  })

  it('checks the name and description limits before sending anything', async () => {
    const { requests, events } = await openCollectionsTab(
      () => ({ collections: [], liveId: '0' }),
      () => ({ status: 500 }),
    )
    await events.click(await screen.findByRole('button', { name: 'New collection' }))
    const form = screen.getByRole('form', { name: 'New collection' })
    const name = within(form).getByLabelText('Name')
    const submit = within(form).getByRole('button', { name: 'Create collection' })

    // Spaces only are no name.
    await events.type(name, '   ')
    await events.click(submit)
    expect(within(form).getByText('Collection name is required')).toBeInTheDocument()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveFocus()

    fireEvent.input(name, { target: { value: 'x'.repeat(COLLECTION_LIMITS.nameMaxLength + 1) } })
    expect(within(form).queryByText('Collection name is required')).not.toBeInTheDocument()
    await events.click(submit)
    expect(within(form).getByText('Collection name must be at most 60 characters')).toBeInTheDocument()

    // Exactly at the limits is fine for the name; one character over the description's is not.
    fireEvent.input(name, { target: { value: 'x'.repeat(COLLECTION_LIMITS.nameMaxLength) } })
    fireEvent.input(within(form).getByLabelText(/Description/), {
      target: { value: 'd'.repeat(COLLECTION_LIMITS.descriptionMaxLength + 1) },
    })
    await events.click(submit)
    expect(within(form).queryByText(/Collection name/)).not.toBeInTheDocument()
    expect(within(form).getByText('Description must be at most 500 characters')).toBeInTheDocument()
    expect(within(form).getByLabelText(/Description/)).toHaveFocus()
    expect(posts(requests)).toHaveLength(0)
  })

  it("shows the server's duplicate-name answer under the name and keeps the form open", async () => {
    const { requests, events } = await openCollectionsTab(
      () => ({ collections: [collectionSummaryFixture({ name: 'Disk tricks' })], liveId: '0' }),
      () => ({ status: 409, body: errorBody(409, 'You already have a collection with this name') }),
    )
    await screen.findByRole('list', { name: 'Your collections' })
    await events.click(screen.getByRole('button', { name: 'New collection' }))
    const form = screen.getByRole('form', { name: 'New collection' })
    const name = within(form).getByLabelText('Name')
    await events.type(name, 'disk TRICKS')
    await events.click(within(form).getByRole('button', { name: 'Create collection' }))

    expect(await within(form).findByText('You already have a collection with this name')).toBeInTheDocument()
    await waitFor(() => expect(name).toHaveFocus())
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveValue('disk TRICKS')
    expect(posts(requests)).toHaveLength(1)
    expect(screen.queryByText('Collection created')).not.toBeInTheDocument()
  })
})
