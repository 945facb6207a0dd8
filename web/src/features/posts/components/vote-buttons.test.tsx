import type { LiveEventMap } from '@bashboard/server/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { FakeSocket } from '../../../test/fake-socket'
import { errorBody, mockApi, profileFixture, type RecordedRequest } from '../../../test/mock-api'
import { browseFixture, detailFixture, postFixture } from '../../../test/post-fixtures'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const post = postFixture({ title: 'Show disk usage', uplikeCount: 3, downlikeCount: 1 })

function voteResponse(up: number, down: number, vote: 'liked' | 'disliked' | 'none') {
  return {
    status: 200,
    body: {
      postId: post._id,
      uplikeCount: up,
      downlikeCount: down,
      isLiked: vote === 'liked',
      isDisliked: vote === 'disliked',
    },
  }
}

/** Holds every request whose path matches until `release()`; the rest pass straight to the mock. */
function holdRequests(pathPrefix: string) {
  const mocked = globalThis.fetch
  const held: Array<() => void> = []
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (!path.startsWith(pathPrefix)) return mocked(input, init)
    return new Promise<Response>((resolve) => held.push(() => resolve(mocked(input, init))))
  })
  return {
    release: () => {
      for (const go of held.splice(0)) go()
    },
    count: () => held.length,
  }
}

function votes(requests: RecordedRequest[]) {
  return requests.filter((request) => request.method === 'POST' && request.path.startsWith('/api/posts/'))
}

async function renderBrowse(reacted: { likedPosts: string[]; dislikedPosts: string[] } | null, routes = {}) {
  const requests = mockApi({
    'GET /api/website/browse': {
      status: 200,
      body: browseFixture({ posts: [post], myReactedPosts: reacted }),
    },
    'GET /api/website/user/profile/header': { status: 200, body: profileFixture() },
    ...routes,
  })
  const view = renderApp('/browse')
  const card = await screen.findByRole('article', { name: 'Show disk usage' })
  return { ...view, requests, card }
}

/**
 * Signs the app's socket in as the test's member and waits for their `user:<id>` topic; returns a push
 * of `vote.changed` on it, as the server sends it when the member votes in another tab.
 */
async function pushedVotes(sockets: readonly FakeSocket[]) {
  const socket = sockets.at(-1)
  if (!socket) throw new Error('no socket was opened')
  const me = profileFixture()
  await act(async () => socket.open())
  await waitFor(() => expect(socket.sentOfType('auth')).toHaveLength(1))
  act(() => socket.receive({ type: 'authed', userId: me._id, role: 'member' }))
  await waitFor(() =>
    expect(socket.sentOfType('subscribe').flatMap((message) => message.topics)).toContain(`user:${me._id}`),
  )
  let id = 10
  return (data: LiveEventMap['user']['vote.changed']) => {
    id += 1
    act(() =>
      socket.receive({ type: 'event', topic: `user:${me._id}`, event: 'vote.changed', id: String(id), data }),
    )
  }
}

describe('VoteButtons', () => {
  it('sends a guest to /login with the Authentication Required toast instead of voting', async () => {
    const { card, requests, router } = await renderBrowse(null)
    await userEvent.click(within(card).getByRole('button', { name: /^Upvote/ }))
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument()
    expect(screen.getByText('Please log in to vote on posts.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(votes(requests)).toHaveLength(0)
  })

  it('counts an upvote at once, ignores presses while it is in flight and confirms with a toast', async () => {
    storeSession(validSession())
    const { card, requests } = await renderBrowse(
      { likedPosts: [], dislikedPosts: [] },
      { [`POST /api/posts/upvote/${post._id}`]: voteResponse(4, 1, 'liked') },
    )
    const gate = holdRequests('/api/posts/upvote')
    const upvote = within(card).getByRole('button', { name: /^Upvote/ })
    // Two presses in one tick: the second comes before the optimistic state, so only the guard stops it.
    act(() => {
      fireEvent.click(upvote)
      fireEvent.click(upvote)
    })
    // Optimistic: the count and the mark change before the server answers.
    await waitFor(() => expect(within(card).getByTestId('upvote-count')).toHaveTextContent('4'))
    expect(upvote).toHaveAttribute('aria-pressed', 'true')
    // The opposite vote stays available: pressing it would switch the vote.
    expect(within(card).getByRole('button', { name: /^Downvote/ })).toBeEnabled()
    expect(gate.count()).toBe(1)
    gate.release()
    expect(await screen.findByText('Post upvoted!')).toBeInTheDocument()
    expect(votes(requests)).toHaveLength(1)
    expect(within(card).getByTestId('upvote-count')).toHaveTextContent('4')
  })

  it('does nothing when the vote already held is pressed again', async () => {
    storeSession(validSession())
    const { card, requests } = await renderBrowse({ likedPosts: [post._id], dislikedPosts: [] })
    const upvote = within(card).getByRole('button', { name: /^Upvote/ })
    expect(upvote).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(upvote)
    expect(votes(requests)).toHaveLength(0)
    expect(within(card).getByTestId('upvote-count')).toHaveTextContent('3')
  })

  it('shows a held vote as a state: pressed, filled, "You upvoted this", no hover action', async () => {
    storeSession(validSession())
    const { card, requests } = await renderBrowse({ likedPosts: [post._id], dislikedPosts: [] })
    const upvote = within(card).getByRole('button', { name: /^Upvote/ })
    const downvote = within(card).getByRole('button', { name: /^Downvote/ })
    expect(upvote).toHaveAttribute('aria-pressed', 'true')
    expect(upvote).toHaveAttribute('title', 'You upvoted this')
    expect(upvote).toHaveAccessibleDescription('You upvoted this')
    expect(upvote.querySelector('svg')).toHaveAttribute('fill', 'currentColor')
    // Nothing about it changes under the pointer, and the pointer is not a hand.
    expect(upvote.className).not.toMatch(/hover:/)
    expect(upvote).toHaveClass('cursor-default')
    // The other button is still an action: it switches the vote.
    expect(downvote).toHaveAttribute('aria-pressed', 'false')
    expect(downvote).not.toHaveAttribute('title')
    expect(downvote.className).toMatch(/hover:/)
    upvote.focus()
    await userEvent.keyboard('{Enter}')
    expect(votes(requests)).toHaveLength(0)
  })

  it('says "You downvoted this" on a held downvote', async () => {
    storeSession(validSession())
    const { card } = await renderBrowse({ likedPosts: [], dislikedPosts: [post._id] })
    const downvote = within(card).getByRole('button', { name: /^Downvote/ })
    expect(downvote).toHaveAttribute('aria-pressed', 'true')
    expect(downvote).toHaveAccessibleDescription('You downvoted this')
    expect(downvote.className).not.toMatch(/hover:/)
    expect(within(card).getByRole('button', { name: /^Upvote/ })).not.toHaveAccessibleDescription()
  })

  it('rolls the counts back and shows the error toast when the vote fails', async () => {
    storeSession(validSession())
    const { card } = await renderBrowse(
      { likedPosts: [], dislikedPosts: [] },
      {
        [`POST /api/posts/downvote/${post._id}`]: {
          status: 500,
          body: errorBody(500, 'Internal Server Error'),
        },
      },
    )
    const gate = holdRequests('/api/posts/downvote')
    await userEvent.click(within(card).getByRole('button', { name: /^Downvote/ }))
    await waitFor(() => expect(within(card).getByTestId('downvote-count')).toHaveTextContent('2'))
    gate.release()
    expect(await screen.findByText('Failed to vote. Please try again.')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
    expect(within(card).getByTestId('downvote-count')).toHaveTextContent('1')
    expect(within(card).getByRole('button', { name: /^Downvote/ })).toHaveAttribute('aria-pressed', 'false')
    expect(within(card).getByRole('button', { name: /^Upvote/ })).toBeEnabled()
  })

  it('switches a held upvote to a downvote at once and keeps it when the server agrees', async () => {
    storeSession(validSession())
    const { card, requests } = await renderBrowse(
      { likedPosts: [post._id], dislikedPosts: [] },
      { [`POST /api/posts/downvote/${post._id}`]: voteResponse(2, 2, 'disliked') },
    )
    const gate = holdRequests('/api/posts/downvote')
    const downvote = within(card).getByRole('button', { name: /^Downvote/ })
    expect(downvote).toBeEnabled()
    await userEvent.click(downvote)
    // Optimistic: one vote moves from up to down before the server answers.
    await waitFor(() => expect(within(card).getByTestId('downvote-count')).toHaveTextContent('2'))
    expect(within(card).getByTestId('upvote-count')).toHaveTextContent('2')
    expect(downvote).toHaveAttribute('aria-pressed', 'true')
    expect(within(card).getByRole('button', { name: /^Upvote/ })).toHaveAttribute('aria-pressed', 'false')
    gate.release()
    expect(await screen.findByText('Post downvoted!')).toBeInTheDocument()
    expect(votes(requests).map((request) => request.path)).toEqual([`/api/posts/downvote/${post._id}`])
    expect(within(card).getByTestId('upvote-count')).toHaveTextContent('2')
    expect(within(card).getByTestId('downvote-count')).toHaveTextContent('2')
  })

  it('puts a switched vote back as it was when the server refuses the switch', async () => {
    storeSession(validSession())
    const { card } = await renderBrowse(
      { likedPosts: [], dislikedPosts: [post._id] },
      {
        [`POST /api/posts/upvote/${post._id}`]: {
          status: 500,
          body: errorBody(500, 'Internal Server Error'),
        },
      },
    )
    const gate = holdRequests('/api/posts/upvote')
    await userEvent.click(within(card).getByRole('button', { name: /^Upvote/ }))
    await waitFor(() => expect(within(card).getByTestId('upvote-count')).toHaveTextContent('4'))
    expect(within(card).getByTestId('downvote-count')).toHaveTextContent('0')
    gate.release()
    expect(await screen.findByText('Failed to vote. Please try again.')).toBeInTheDocument()
    expect(within(card).getByTestId('upvote-count')).toHaveTextContent('3')
    expect(within(card).getByTestId('downvote-count')).toHaveTextContent('1')
    expect(within(card).getByRole('button', { name: /^Downvote/ })).toHaveAttribute('aria-pressed', 'true')
  })

  it("disables both buttons on the author's own post and says why on focus, without a request", async () => {
    storeSession(validSession())
    const { card, requests } = await renderBrowse(
      { likedPosts: [], dislikedPosts: [] },
      {
        'GET /api/website/user/profile/header': {
          status: 200,
          body: profileFixture({ _id: post.author._id, username: post.author.username }),
        },
      },
    )
    const upvote = within(card).getByRole('button', { name: /^Upvote/ })
    const downvote = within(card).getByRole('button', { name: /^Downvote/ })
    await waitFor(() => expect(upvote).toHaveAttribute('aria-disabled', 'true'))
    expect(downvote).toHaveAttribute('aria-disabled', 'true')
    // Still reachable by keyboard, and the reason is its accessible description and a tooltip.
    upvote.focus()
    expect(upvote).toHaveFocus()
    expect(upvote).toHaveAccessibleDescription('You cannot vote on your own post')
    expect(downvote).toHaveAccessibleDescription('You cannot vote on your own post')
    expect(within(card).getByRole('tooltip')).toHaveTextContent('You cannot vote on your own post')
    expect(upvote).toHaveAttribute('title', 'You cannot vote on your own post')
    await userEvent.click(upvote)
    await userEvent.click(downvote)
    await userEvent.keyboard('{Enter}')
    expect(votes(requests)).toHaveLength(0)
    expect(screen.queryByText('Failed to vote. Please try again.')).not.toBeInTheDocument()
    expect(within(card).getByTestId('upvote-count')).toHaveTextContent('3')
  })

  it("keeps votes open on someone else's post", async () => {
    storeSession(validSession())
    const { card } = await renderBrowse({ likedPosts: [], dislikedPosts: [] })
    const upvote = within(card).getByRole('button', { name: /^Upvote/ })
    // The signed-in user (someone else) has loaded: the header shows their menu.
    await screen.findByRole('button', { name: /ada_lovelace/ })
    expect(upvote).not.toHaveAttribute('aria-disabled')
    expect(upvote).not.toHaveAccessibleDescription()
    expect(within(card).queryByRole('tooltip')).not.toBeInTheDocument()
  })

  it('switches the vote on the detail page too', async () => {
    storeSession(validSession())
    // The server's view: liked until the switch arrives, then disliked (the page reloads the post after).
    let switched = false
    const requests = mockApi({
      [`GET /api/posts/${post.slug}`]: () => ({
        status: 200,
        body: switched
          ? detailFixture({ post: { ...post, uplikeCount: 2, downlikeCount: 2 }, isDisliked: true })
          : detailFixture({ post, isLiked: true }),
      }),
      [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '1' } },
      'GET /api/website/user/profile/header': { status: 200, body: profileFixture() },
      [`POST /api/posts/downvote/${post._id}`]: () => {
        switched = true
        return voteResponse(2, 2, 'disliked')
      },
    })
    renderApp(`/post/${post.slug}`)
    const group = await screen.findByRole('group', { name: 'Vote on this command' })
    const downvote = within(group).getByRole('button', { name: /^Downvote/ })
    const upvote = within(group).getByRole('button', { name: /^Upvote/ })
    expect(upvote).toHaveAccessibleDescription('You upvoted this')
    await userEvent.click(downvote)
    await waitFor(() => expect(downvote).toHaveAttribute('aria-pressed', 'true'))
    expect(downvote).toHaveAccessibleDescription('You downvoted this')
    expect(upvote).toHaveAttribute('aria-pressed', 'false')
    expect(upvote).not.toHaveAccessibleDescription()
    expect(within(group).getByTestId('downvote-count')).toHaveTextContent('2')
    expect(await screen.findByText('Post downvoted!')).toBeInTheDocument()
    expect(votes(requests)).toHaveLength(1)
  })

  it("shows a vote cast in the member's other tab on a Browse card, without a request", async () => {
    storeSession(validSession())
    const { card, requests, sockets } = await renderBrowse({ likedPosts: [], dislikedPosts: [] })
    const vote = await pushedVotes(sockets)
    const upvote = within(card).getByRole('button', { name: /^Upvote/ })
    const downvote = within(card).getByRole('button', { name: /^Downvote/ })
    expect(upvote).toHaveAttribute('aria-pressed', 'false')

    vote({ postId: post._id, value: 1, uplikeCount: 4, downlikeCount: 1 })
    await waitFor(() => expect(upvote).toHaveAttribute('aria-pressed', 'true'))
    expect(within(card).getByTestId('upvote-count')).toHaveTextContent('4')

    vote({ postId: post._id, value: -1, uplikeCount: 3, downlikeCount: 2 })
    await waitFor(() => expect(downvote).toHaveAttribute('aria-pressed', 'true'))
    expect(upvote).toHaveAttribute('aria-pressed', 'false')
    expect(within(card).getByTestId('upvote-count')).toHaveTextContent('3')
    expect(within(card).getByTestId('downvote-count')).toHaveTextContent('2')
    expect(votes(requests)).toHaveLength(0)
  })

  it("shows a vote cast in the member's other tab on the detail page", async () => {
    storeSession(validSession())
    const requests = mockApi({
      [`GET /api/posts/${post.slug}`]: { status: 200, body: detailFixture({ post }) },
      [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '1' } },
      'GET /api/website/user/profile/header': { status: 200, body: profileFixture() },
    })
    const { sockets } = renderApp(`/post/${post.slug}`)
    const group = await screen.findByRole('group', { name: 'Vote on this command' })
    const vote = await pushedVotes(sockets)

    vote({ postId: post._id, value: -1, uplikeCount: 3, downlikeCount: 2 })
    const downvote = within(group).getByRole('button', { name: /^Downvote/ })
    await waitFor(() => expect(downvote).toHaveAttribute('aria-pressed', 'true'))
    expect(within(group).getByRole('button', { name: /^Upvote/ })).toHaveAttribute('aria-pressed', 'false')
    expect(within(group).getByTestId('downvote-count')).toHaveTextContent('2')
    // Another post's vote leaves this page as it is.
    vote({ postId: postFixture()._id, value: 1, uplikeCount: 8, downlikeCount: 0 })
    expect(downvote).toHaveAttribute('aria-pressed', 'true')
    expect(within(group).getByTestId('upvote-count')).toHaveTextContent('3')
    expect(votes(requests)).toHaveLength(0)
  })

  it('shows the reason instead of voting on the detail page of one’s own post', async () => {
    storeSession(validSession())
    const requests = mockApi({
      [`GET /api/posts/${post.slug}`]: { status: 200, body: detailFixture({ post }) },
      [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '1' } },
      'GET /api/website/user/profile/header': {
        status: 200,
        body: profileFixture({ _id: post.author._id, username: post.author.username }),
      },
    })
    renderApp(`/post/${post.slug}`)
    const group = await screen.findByRole('group', { name: 'Vote on this command' })
    const upvote = within(group).getByRole('button', { name: /^Upvote/ })
    await waitFor(() => expect(upvote).toHaveAccessibleDescription('You cannot vote on your own post'))
    await userEvent.click(upvote)
    expect(votes(requests)).toHaveLength(0)
  })
})
