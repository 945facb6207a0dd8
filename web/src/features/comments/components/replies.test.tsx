import type { Comment, CommentListItem, CommentListResponse } from '@bashboard/server/contract'
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
import { describe, expect, it } from 'vitest'
import { Toaster } from '../../../components/ui/toast'
import { createLiveDispatcher } from '../../../live/dispatcher'
import { LiveProvider } from '../../../live/live-provider'
import { createQueryClient } from '../../../router'
import { createAppStore } from '../../../state/store'
import { createFakeSocketFactory, newestSocket } from '../../../test/fake-socket'
import { expectFieldError, expectNoFieldError, toasts } from '../../../test/form-assertions'
import { errorBody, type MockAnswer, mockApi, profileFixture } from '../../../test/mock-api'
import { storeSession, validSession } from '../../../test/render-app'
import { commentsLive } from '../live'
import { CommentsSection } from './comments-section'
import { MentionText } from './mention-text'

const postId = '00000000-0000-4000-8000-0000000000bb'
const member = profileFixture({ _id: '00000000-0000-4000-8000-000000000001', role: 'member' })
const grace = {
  _id: '00000000-0000-4000-8000-000000000002',
  username: 'grace',
  avatar: null,
  badge: 'Explorer' as const,
}
const ada = {
  _id: '00000000-0000-4000-8000-000000000003',
  username: 'ada',
  avatar: null,
  badge: 'Pro' as const,
}

function comment(
  n: number,
  author: Comment['author'],
  content: string,
  parentId: string | null = null,
): Comment {
  return {
    _id: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
    postId,
    content,
    createdAt: new Date(Date.now() - (10 - n) * 60_000).toISOString(),
    author,
    parentId,
  }
}

const top = comment(1, grace, 'How do I follow a log?')
const answer = comment(2, ada, 'tail -f, @grace', top._id)

function renderSection(comments: CommentListItem[], postAnswer?: MockAnswer) {
  const requests = mockApi({
    [`GET /api/comments/${postId}`]: {
      status: 200,
      body: { comments, liveId: '10' } satisfies CommentListResponse,
    },
    'GET /api/website/user/profile/header': { status: 200, body: member },
    [`POST /api/comments/${postId}/`]: postAnswer ?? {
      status: 201,
      body: {
        comment: comment(3, { ...member, avatar: null, badge: 'Newbie' }, 'thanks @ada', top._id),
        commentsCount: 3,
      },
    },
  })
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
    component: () => <CommentsSection postId={postId} commentsCount={comments.length} liveId="10" />,
  })
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory() })
  const sockets = createFakeSocketFactory()
  render(
    <JotaiProvider store={createAppStore()}>
      <QueryClientProvider client={queryClient}>
        <LiveProvider createSocket={sockets.create} dispatcher={createLiveDispatcher([commentsLive])}>
          {/* A test-only route tree; the app's registered router type does not describe it. */}
          <RouterProvider router={router as never} />
        </LiveProvider>
      </QueryClientProvider>
    </JotaiProvider>,
  )
  return { requests, sockets: sockets.sockets }
}

describe('MentionText', () => {
  it('links each @username to its profile and keeps everything else as plain text', async () => {
    const root = createRootRoute({
      component: () => (
        <p data-testid="text">
          <MentionText text={'<img src=x onerror=alert(1)> hi @ada_l, mail me@example.com @<b>x</b>'} />
        </p>
      ),
    })
    const router = createRouter({ routeTree: root, history: createMemoryHistory() })
    // A test-only route tree; the app's registered router type does not describe it.
    render(<RouterProvider router={router as never} />)
    const container = await screen.findByTestId('text')
    const link = screen.getByRole('link', { name: '@ada_l' })
    expect(link).toHaveAttribute('href', '/u/ada_l')
    expect(screen.getAllByRole('link')).toHaveLength(1)
    expect(container.querySelector('img, b')).toBeNull()
    expect(container.textContent).toBe(
      '<img src=x onerror=alert(1)> hi @ada_l, mail me@example.com @<b>x</b>',
    )
  })
})

describe('replies in the comments section', () => {
  it('shows replies indented under their parent, with mention links', async () => {
    renderSection([top, answer])
    const replies = await screen.findByRole('list', { name: 'Replies to grace' })
    const reply = within(replies).getByRole('article', { name: 'Comment by ada' })
    expect(within(reply).getByRole('link', { name: '@grace' })).toHaveAttribute('href', '/u/grace')
    // One level: replies have no Reply button of their own.
    expect(within(replies).queryByRole('button', { name: /^Reply/ })).not.toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Comment by grace' })).toHaveAttribute(
      'id',
      `comment-${top._id}`,
    )
  })

  it('opens a labelled reply form from the keyboard, focuses it, and gives focus back on Escape', async () => {
    storeSession(validSession())
    renderSection([top])
    const events = userEvent.setup()
    const reply = await screen.findByRole('button', { name: 'Reply to grace' })
    expect(reply).toHaveAttribute('aria-expanded', 'false')
    reply.focus()
    await events.keyboard('{Enter}')
    const field = await screen.findByRole('textbox', { name: 'Reply to grace' })
    expect(field).toHaveFocus()
    expect(reply).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('button', { name: 'Post Reply' })).toBeDisabled()
    await events.keyboard('{Escape}')
    expect(screen.queryByRole('textbox', { name: 'Reply to grace' })).not.toBeInTheDocument()
    expect(reply).toHaveFocus()
  })

  it('posts the reply with parentId, shows it under the parent and closes the form', async () => {
    storeSession(validSession())
    const { requests } = renderSection([top, answer])
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Reply to grace' }))
    await events.type(screen.getByRole('textbox', { name: 'Reply to grace' }), '  thanks @ada  ')
    await events.click(screen.getByRole('button', { name: 'Post Reply' }))
    const replies = screen.getByRole('list', { name: 'Replies to grace' })
    expect(await within(replies).findByText('thanks')).toBeInTheDocument()
    expect(within(replies).getAllByRole('article')).toHaveLength(2)
    expect(screen.queryByRole('textbox', { name: 'Reply to grace' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reply to grace' })).toHaveFocus()
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      post: postId,
      content: 'thanks @ada',
      parentId: top._id,
    })
  })

  it("shows the server's refusal of a reply under its field, not in a toast, until the reply is edited", async () => {
    storeSession(validSession())
    const message = 'Comments cannot contain control characters'
    renderSection([top], { status: 422, body: errorBody(422, message) })
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Reply to grace' }))
    const field = screen.getByRole('textbox', { name: 'Reply to grace' })
    await events.type(field, 'thanks')
    await events.click(screen.getByRole('button', { name: 'Post Reply' }))
    await waitFor(() => expectFieldError(field, message))
    expect(toasts()).toEqual([])
    await events.type(field, '!')
    expectNoFieldError(field, message)
  })

  it('shows no Reply button to guests', async () => {
    renderSection([top])
    await screen.findByRole('article', { name: 'Comment by grace' })
    expect(screen.queryByRole('button', { name: 'Reply to grace' })).not.toBeInTheDocument()
  })

  it('renders a deleted parent as a muted placeholder above its replies, and applies live replies and deletions', async () => {
    const { sockets } = renderSection([top, answer])
    await screen.findByRole('article', { name: 'Comment by ada' })
    const socket = await newestSocket(sockets)
    await act(async () => socket.open())
    await waitFor(() => expect(socket.sentOfType('subscribe').length).toBeGreaterThan(0))

    const live = comment(4, grace, 'live reply', top._id)
    act(() =>
      socket.receive({
        type: 'event',
        topic: `post:${postId}`,
        event: 'comment.created',
        id: '11',
        data: { ...live, commentsCount: 3 },
      }),
    )
    const replies = await screen.findByRole('list', { name: 'Replies to grace' })
    expect(await within(replies).findByText('live reply')).toBeInTheDocument()

    act(() =>
      socket.receive({
        type: 'event',
        topic: `post:${postId}`,
        event: 'comment.deleted',
        id: '12',
        data: { postId, commentId: top._id, commentsCount: 2, placeholder: true },
      }),
    )
    const placeholder = await screen.findByRole('article', { name: 'Deleted comment' })
    expect(placeholder).toHaveTextContent('[comment deleted]')
    expect(screen.queryByText('How do I follow a log?')).not.toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Replies to a deleted comment' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /Comments \(2\)/ })).toBeInTheDocument()

    for (const [id, commentId, count, removedParentId] of [
      ['13', answer._id, 1, undefined],
      ['14', live._id, 0, top._id],
    ] as const) {
      act(() =>
        socket.receive({
          type: 'event',
          topic: `post:${postId}`,
          event: 'comment.deleted',
          id,
          data: { postId, commentId, commentsCount: count, ...(removedParentId ? { removedParentId } : {}) },
        }),
      )
    }
    expect(await screen.findByText('No comments yet. Be the first to comment!')).toBeInTheDocument()
  })
})
