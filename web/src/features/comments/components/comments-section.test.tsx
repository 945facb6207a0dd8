import type { Comment, CommentListResponse } from '@bashboard/server/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider as JotaiProvider } from 'jotai'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '../../../components/ui/toast'
import { createLiveDispatcher } from '../../../live/dispatcher'
import { LiveProvider } from '../../../live/live-provider'
import { createQueryClient } from '../../../router'
import { createAppStore } from '../../../state/store'
import { createFakeSocketFactory, newestSocket } from '../../../test/fake-socket'
import { errorBody, mockApi, profileFixture } from '../../../test/mock-api'
import { storeSession, validSession } from '../../../test/render-app'
import { commentsLive } from '../live'
import { CommentsSection } from './comments-section'

const postId = '00000000-0000-4000-8000-0000000000aa'
const member = profileFixture({ _id: '00000000-0000-4000-8000-000000000001', role: 'member' })
const moderator = profileFixture({ _id: '00000000-0000-4000-8000-000000000009', role: 'moderator' })
const otherAuthor = { _id: '00000000-0000-4000-8000-000000000002', username: 'grace', avatar: null }

function commentFixture(
  index: number,
  author: Comment['author'] = { ...otherAuthor, badge: 'Explorer' },
): Comment {
  return {
    _id: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
    postId,
    content: `Comment number ${index}`,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    author,
  }
}

function listBody(comments: Comment[], liveId = '10'): CommentListResponse {
  return { comments, liveId }
}

/** The section on a bare page of its own, with the real providers, a /login route and the toasts. */
function renderSection(options: { commentsCount?: number; liveId?: string } = {}) {
  const store = createAppStore()
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  })
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <CommentsSection postId={postId} commentsCount={options.commentsCount ?? 0} liveId={options.liveId} />
    ),
  })
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    component: () => <p>Login page</p>,
  })
  const router = createRouter({
    routeTree: root.addChildren([page, login]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const sockets = createFakeSocketFactory()
  render(
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <LiveProvider createSocket={sockets.create} dispatcher={createLiveDispatcher([commentsLive])}>
          {/* A test-only route tree; the app's registered router type does not describe it. */}
          <RouterProvider router={router as never} />
        </LiveProvider>
      </QueryClientProvider>
    </JotaiProvider>,
  )
  return { router, queryClient, sockets: sockets.sockets }
}

/** A stored session; the profile header request (mocked per test) says who it belongs to. */
function signIn(): void {
  storeSession(validSession())
}

function commentsPath(): string {
  return `/api/comments/${postId}`
}

describe('CommentsSection', () => {
  it('lets guests type a comment but asks them to sign in, in place of Post Comment', async () => {
    mockApi({ [`GET ${commentsPath()}`]: { status: 200, body: listBody([]) } })
    const { router } = renderSection()
    expect(await screen.findByText('No comments yet. Be the first to comment!')).toBeInTheDocument()
    expect(screen.getByText('You need to be logged in to add comments')).toBeInTheDocument()
    await userEvent.setup().type(screen.getByPlaceholderText('Add your comment...'), 'Draft')
    expect(screen.queryByRole('button', { name: 'Post Comment' })).not.toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign In' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('shows members the form with Post Comment disabled until there is non-blank text', async () => {
    signIn()
    mockApi({
      [`GET ${commentsPath()}`]: { status: 200, body: listBody([]) },
      'GET /api/website/user/profile/header': { status: 200, body: member },
    })
    renderSection()
    const field = await screen.findByPlaceholderText('Add your comment...')
    const button = screen.getByRole('button', { name: 'Post Comment' })
    expect(button).toBeDisabled()
    await userEvent.setup().type(field, '    ')
    expect(button).toBeDisabled()
    await userEvent.setup().type(field, 'x')
    expect(button).toBeEnabled()
    expect(screen.queryByText('You need to be logged in to add comments')).not.toBeInTheDocument()
  })

  it('posts the trimmed text, shows Posting... while sending, then lists it once with a success toast', async () => {
    signIn()
    const created = commentFixture(1, {
      _id: member._id,
      username: member.username,
      avatar: null,
      badge: 'Newbie',
    })
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const requests = mockApi({
      [`GET ${commentsPath()}`]: { status: 200, body: listBody([]) },
      'GET /api/website/user/profile/header': { status: 200, body: member },
      [`POST ${commentsPath()}/`]: { status: 201, body: { comment: created, commentsCount: 1 } },
    })
    // Hold the POST until the test has seen the in-flight state.
    const answer = globalThis.fetch
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await gate
      return answer(input, init)
    })
    renderSection()
    const events = userEvent.setup()
    await events.type(await screen.findByPlaceholderText('Add your comment...'), '  Nice one  ')
    await events.click(screen.getByRole('button', { name: 'Post Comment' }))
    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled()
    release()
    expect(await screen.findByText('Comment added successfully!')).toBeInTheDocument()
    expect(screen.getByText('Comment number 1')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /Comments \(1\)/ })).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Add your comment...')).toHaveValue('')
    const post = requests.find((request) => request.method === 'POST')
    expect(post?.body).toEqual({ post: postId, content: 'Nice one' })
  })

  it('keeps the text and says so when the comment cannot be added', async () => {
    signIn()
    mockApi({
      [`GET ${commentsPath()}`]: { status: 200, body: listBody([]) },
      'GET /api/website/user/profile/header': { status: 200, body: member },
      [`POST ${commentsPath()}/`]: { status: 500, body: errorBody(500, 'Internal Server Error') },
    })
    renderSection()
    const events = userEvent.setup()
    const field = await screen.findByPlaceholderText('Add your comment...')
    await events.type(field, 'Does this work on macOS?')
    await events.click(screen.getByRole('button', { name: 'Post Comment' }))
    const toast = await screen.findByRole('alert')
    expect(within(toast).getByText('Failed to add comment. Please try again.')).toBeInTheDocument()
    expect(field).toHaveValue('Does this work on macOS?')
  })

  it('shows the delete button only on the signed-in author’s own comments', async () => {
    signIn()
    const own = commentFixture(1, {
      _id: member._id,
      username: member.username,
      avatar: null,
      badge: 'Newbie',
    })
    const others = commentFixture(2)
    mockApi({
      [`GET ${commentsPath()}`]: { status: 200, body: listBody([own, others]) },
      'GET /api/website/user/profile/header': { status: 200, body: member },
    })
    renderSection({ commentsCount: 2 })
    expect(
      await screen.findByRole('button', { name: `Delete comment by ${member.username}` }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete comment by grace' })).not.toBeInTheDocument()
  })

  it('lets a moderator delete anyone’s comment after confirming, with a success toast', async () => {
    signIn()
    const others = commentFixture(2)
    const requests = mockApi({
      [`GET ${commentsPath()}`]: { status: 200, body: listBody([others]) },
      'GET /api/website/user/profile/header': { status: 200, body: moderator },
      [`DELETE /api/comments/${others._id}`]: {
        status: 200,
        body: { postId, commentId: others._id, commentsCount: 0 },
      },
    })
    renderSection({ commentsCount: 1 })
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Delete comment by grace' }))
    await events.click(screen.getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Comment deleted successfully!')).toBeInTheDocument()
    expect(screen.queryByText('Comment number 2')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /Comments \(0\)/ })).toBeInTheDocument()
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true)
  })

  it('says so and keeps the comment when deleting fails', async () => {
    signIn()
    const own = commentFixture(1, {
      _id: member._id,
      username: member.username,
      avatar: null,
      badge: 'Newbie',
    })
    mockApi({
      [`GET ${commentsPath()}`]: { status: 200, body: listBody([own]) },
      'GET /api/website/user/profile/header': { status: 200, body: member },
      [`DELETE /api/comments/${own._id}`]: { status: 500, body: errorBody(500, 'Internal Server Error') },
    })
    renderSection({ commentsCount: 1 })
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: `Delete comment by ${member.username}` }))
    await events.click(screen.getByRole('button', { name: 'Delete' }))
    const toast = await screen.findByRole('alert')
    expect(within(toast).getByText('Failed to delete comment. Please try again.')).toBeInTheDocument()
    expect(screen.getByText('Comment number 1')).toBeInTheDocument()
  })

  it('shows no delete button to guests', async () => {
    mockApi({ [`GET ${commentsPath()}`]: { status: 200, body: listBody([commentFixture(1)]) } })
    renderSection({ commentsCount: 1 })
    expect(await screen.findByText('Comment number 1')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Delete comment/ })).not.toBeInTheDocument()
  })

  it('puts an ad slot after every third comment but never after the last one', async () => {
    mockApi({
      [`GET ${commentsPath()}`]: {
        status: 200,
        body: listBody([1, 2, 3, 4, 5, 6].map((index) => commentFixture(index))),
      },
    })
    renderSection({ commentsCount: 6 })
    await screen.findByText('Comment number 6')
    const items = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem')
    const kinds = items.map((item) => (within(item).queryByRole('complementary') ? 'ad' : 'comment'))
    expect(kinds).toEqual(['comment', 'comment', 'comment', 'ad', 'comment', 'comment', 'comment'])
    // No ads are served in this test (the ads request answers 404), so the slot falls back.
    expect(await screen.findByText('[Advertisement Space - 728x90]')).toBeInTheDocument()
  })

  it('shows the content as plain text, never as HTML', async () => {
    const comment = { ...commentFixture(1), content: '<img src=x onerror=alert(1)> <b>bold</b>' }
    mockApi({ [`GET ${commentsPath()}`]: { status: 200, body: listBody([comment]) } })
    renderSection({ commentsCount: 1 })
    expect(await screen.findByText('<img src=x onerror=alert(1)> <b>bold</b>')).toBeInTheDocument()
    expect(document.querySelector('article img')).toBeNull()
  })

  it('adds a pushed comment once, even when the author’s request already added it, and takes its count', async () => {
    signIn()
    const created = commentFixture(1, {
      _id: member._id,
      username: member.username,
      avatar: null,
      badge: 'Newbie',
    })
    const pushed = commentFixture(2)
    mockApi({
      [`GET ${commentsPath()}`]: { status: 200, body: listBody([]) },
      'GET /api/website/user/profile/header': { status: 200, body: member },
      [`POST ${commentsPath()}/`]: { status: 201, body: { comment: created, commentsCount: 1 } },
    })
    const { sockets } = renderSection({ liveId: '10' })
    const socket = await newestSocket(sockets)
    await act(async () => socket.open())
    // A signed-in socket authenticates before it subscribes.
    await waitFor(() => expect(socket.sentOfType('auth')).toHaveLength(1))
    act(() => socket.receive({ type: 'authed', userId: member._id, role: 'member' }))
    await waitFor(() =>
      expect(socket.sentOfType('subscribe')).toContainEqual(
        expect.objectContaining({ topics: [`post:${postId}`, 'posts'], since: { [`post:${postId}`]: '10' } }),
      ),
    )
    const events = userEvent.setup()
    await events.type(await screen.findByPlaceholderText('Add your comment...'), 'Mine')
    await events.click(screen.getByRole('button', { name: 'Post Comment' }))
    await screen.findByText('Comment number 1')

    act(() => {
      socket.receive({
        type: 'event',
        topic: `post:${postId}`,
        event: 'comment.created',
        id: '11',
        data: { ...created, commentsCount: 1 },
      })
      socket.receive({
        type: 'event',
        topic: `post:${postId}`,
        event: 'comment.created',
        id: '12',
        data: { ...pushed, commentsCount: 2 },
      })
    })
    await screen.findByText('Comment number 2')
    expect(screen.getAllByText('Comment number 1')).toHaveLength(1)
    expect(screen.getByRole('heading', { name: /Comments \(2\)/ })).toBeInTheDocument()

    act(() =>
      socket.receive({
        type: 'event',
        topic: `post:${postId}`,
        event: 'comment.deleted',
        id: '13',
        data: { postId, commentId: pushed._id, commentsCount: 1 },
      }),
    )
    await waitFor(() => expect(screen.queryByText('Comment number 2')).not.toBeInTheDocument())
    expect(screen.getByRole('heading', { name: /Comments \(1\)/ })).toBeInTheDocument()
  })

  it('holds `posts` and shows a renamed commenter’s new name and avatar without a refetch', async () => {
    const theirs = commentFixture(1)
    const other = commentFixture(2, {
      _id: '00000000-0000-4000-8000-000000000003',
      username: 'ada',
      avatar: null,
      badge: 'Pro',
    })
    const requests = mockApi({ [`GET ${commentsPath()}`]: { status: 200, body: listBody([theirs, other]) } })
    const { sockets } = renderSection({ liveId: '10' })
    const socket = await newestSocket(sockets)
    await act(async () => socket.open())
    // A guest's socket subscribes at once; `posts` has no REST id here, so it starts from now.
    await waitFor(() =>
      expect(socket.sentOfType('subscribe')).toContainEqual({
        type: 'subscribe',
        topics: [`post:${postId}`, 'posts'],
        since: { [`post:${postId}`]: '10' },
      }),
    )
    expect(await screen.findByRole('article', { name: 'Comment by grace' })).toBeInTheDocument()
    const fetched = requests.length

    act(() =>
      socket.receive({
        type: 'event',
        topic: 'posts',
        event: 'author.updated',
        id: '501',
        data: { userId: otherAuthor._id, username: 'grace_h', avatar: '/uploads/avatars/grace.png' },
      }),
    )
    const renamed = await screen.findByRole('article', { name: 'Comment by grace_h' })
    // The avatar is decorative (hidden from the accessibility tree), so it is found by tag.
    expect(renamed.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/grace.png')
    expect(screen.queryByRole('article', { name: 'Comment by grace' })).not.toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Comment by ada' })).toBeInTheDocument()
    expect(requests).toHaveLength(fetched)
  })
})
