import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { errorBody, mockApi, profileFixture, type RecordedRequest } from '../../../test/mock-api'
import { browseFixture, detailFixture, postFixture } from '../../../test/post-fixtures'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const post = postFixture({ title: 'Tail a log', savedCount: 4, isSaved: false })

/** Holds every request whose path matches until `release()`; the rest pass straight to the mock. */
function holdRequests(pathSuffix: string) {
  const mocked = globalThis.fetch
  const held: Array<() => void> = []
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (!path.endsWith(pathSuffix)) return mocked(input, init)
    return new Promise<Response>((resolve) => held.push(() => resolve(mocked(input, init))))
  })
  return {
    release: () => {
      for (const go of held.splice(0)) go()
    },
    count: () => held.length,
  }
}

function saves(requests: RecordedRequest[]) {
  return requests.filter((request) => request.path === `/api/posts/${post._id}/save`)
}

async function renderBrowse(routes = {}) {
  const requests = mockApi({
    'GET /api/website/browse': { status: 200, body: browseFixture({ posts: [post] }) },
    'GET /api/website/user/profile/header': { status: 200, body: profileFixture() },
    'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
    ...routes,
  })
  const view = renderApp('/browse')
  const card = await screen.findByRole('article', { name: 'Tail a log' })
  return { ...view, requests, card }
}

describe('SaveButton', () => {
  it('sends a guest to /login with the Authentication Required toast instead of saving', async () => {
    const { card, requests, router } = await renderBrowse()
    const save = within(card).getByRole('button', { name: 'Save' })
    expect(save).toHaveAttribute('aria-pressed', 'false')
    expect(save).toHaveAccessibleDescription('Saved by 4 people')
    await userEvent.click(save)
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument()
    expect(screen.getByText('Please log in to save commands.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(saves(requests)).toHaveLength(0)
  })

  it('saves at once, ignores presses while the request is out, and keeps the server’s count', async () => {
    storeSession(validSession())
    const { card, requests } = await renderBrowse({
      [`POST /api/posts/${post._id}/save`]: {
        status: 200,
        body: { postId: post._id, saved: true, savedCount: 7 },
      },
    })
    const gate = holdRequests('/save')
    const save = within(card).getByRole('button', { name: 'Save' })
    // Two presses in one tick: the second comes before the optimistic state, so only the guard stops it.
    act(() => {
      fireEvent.click(save)
      fireEvent.click(save)
    })
    // Optimistic: the mark and the count change before the server answers.
    const unsave = await within(card).findByRole('button', { name: 'Unsave' })
    expect(unsave).toHaveAttribute('aria-pressed', 'true')
    expect(within(card).getByTestId('saved-count')).toHaveTextContent('5')
    expect(gate.count()).toBe(1)
    gate.release()
    expect(await screen.findByText('Saved!')).toBeInTheDocument()
    // Someone else saved it meanwhile: the answer's absolute count wins.
    await waitFor(() => expect(within(card).getByTestId('saved-count')).toHaveTextContent('7'))
    expect(saves(requests).map((request) => request.method)).toEqual(['POST'])
  })

  it('puts the mark and the count back and shows an error toast when the save fails', async () => {
    storeSession(validSession())
    const { card } = await renderBrowse({
      [`POST /api/posts/${post._id}/save`]: { status: 500, body: errorBody(500, 'Internal Server Error') },
    })
    const gate = holdRequests('/save')
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(within(card).getByTestId('saved-count')).toHaveTextContent('5'))
    gate.release()
    expect(await screen.findByText('Failed to save. Please try again.')).toBeInTheDocument()
    const save = within(card).getByRole('button', { name: 'Save' })
    expect(save).toHaveAttribute('aria-pressed', 'false')
    expect(within(card).getByTestId('saved-count')).toHaveTextContent('4')
  })

  it('unsaves on the detail page with DELETE and updates the Saves statistic too', async () => {
    storeSession(validSession())
    const saved = { ...post, isSaved: true }
    const requests = mockApi({
      [`GET /api/posts/${post.slug}`]: { status: 200, body: detailFixture({ post: saved, isSaved: true }) },
      'GET /api/website/user/profile/header': { status: 200, body: profileFixture() },
      'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
      [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '0' } },
      [`DELETE /api/posts/${post._id}/save`]: {
        status: 200,
        body: { postId: post._id, saved: false, savedCount: 3 },
      },
    })
    renderApp(`/post/${post.slug}`)
    const unsave = await screen.findByRole('button', { name: 'Unsave' })
    expect(unsave).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(unsave)
    expect(await screen.findByText('Removed from saved')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false')
    const stats = screen.getByRole('complementary', { name: 'About this command' })
    expect(within(stats).getByText('Saves').parentElement?.parentElement).toHaveTextContent('3')
    expect(saves(requests).map((request) => request.method)).toEqual(['DELETE'])
  })
})
