import type { EndedSessions, WebSession, WebSessionList } from '@bashboard/server/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { toasts } from '../../../test/form-assertions'
import { type MockAnswer, mockApi, profileFixture, type RecordedRequest } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const SESSIONS = '/api/users/me/sessions'
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

function session(overrides: Partial<WebSession> & Pick<WebSession, 'id' | 'device'>): WebSession {
  return {
    current: false,
    network: '203.0.113.0/24',
    method: 'password',
    createdAt: '2026-11-21T10:00:00.000Z',
    lastSeenAt: minutesAgo(5),
    expiresAt: '2027-01-21T10:00:00.000Z',
    ...overrides,
  }
}

const THIS_BROWSER = session({
  id: '00000000-0000-4000-8000-0000000000a1',
  device: 'Chrome 131 on Linux',
  current: true,
  method: 'passkey',
  lastSeenAt: minutesAgo(0),
})
const PHONE = session({
  id: '00000000-0000-4000-8000-0000000000a2',
  device: 'Safari 18 on iPhone',
  network: '2001:db8:1::/64',
  method: 'github',
  lastSeenAt: minutesAgo(5),
})
const LAPTOP = session({
  id: '00000000-0000-4000-8000-0000000000a3',
  device: 'Firefox 133 on Ubuntu',
  method: 'second-factor',
  lastSeenAt: minutesAgo(3 * 60),
})

type Handler = MockAnswer | ((request: RecordedRequest) => MockAnswer)

function mockSessions(list: WebSession[], routes: Record<string, Handler> = {}) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: profileFixture() },
    'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
    [`GET ${SESSIONS}`]: { status: 200, body: { sessions: list } satisfies WebSessionList },
    ...routes,
  })
}

/** Holds GET /sessions until the returned function is called, so the loading state can be seen. */
function holdSessionList(): () => void {
  const answer = globalThis.fetch
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), 'http://localhost').pathname === SESSIONS) await held
    return answer(input, init)
  })
  return release
}

async function openSection() {
  renderApp('/settings?tab=security')
  const section = await screen.findByRole('region', { name: 'Sessions' })
  return { section, events: userEvent.setup() }
}

describe('Sessions in Settings → Security', () => {
  it('lists this browser first, marked, with no sign-out button, and how each signed in', async () => {
    mockSessions([THIS_BROWSER, PHONE, LAPTOP])
    const { section } = await openSection()
    const list = await within(section).findByRole('list', { name: 'Your sessions' })
    const rows = within(list).getAllByRole('listitem')
    // Each row is named by its device, this browser's first.
    expect(rows).toEqual(
      [THIS_BROWSER, PHONE, LAPTOP].map((each) => within(list).getByRole('listitem', { name: each.device })),
    )

    const current = rows[0] as HTMLElement
    expect(within(current).getByText('This browser')).toBeInTheDocument()
    expect(within(current).queryByRole('button')).toBeNull()
    expect(current).toHaveTextContent(/Signed in Nov 21, 2026 with a passkey · Last seen just now/)
    expect(current).toHaveTextContent('Network 203.0.113.0/24')

    const phone = within(list).getByRole('listitem', { name: PHONE.device })
    expect(phone).toHaveTextContent('with GitHub · Last seen 5 minutes ago · Network 2001:db8:1::/64')
    expect(within(phone).queryByText('This browser')).toBeNull()
    const laptop = within(list).getByRole('listitem', { name: LAPTOP.device })
    expect(laptop).toHaveTextContent('with password and second factor · Last seen 3 hours ago')

    // Each sign-out button says which browser it is for.
    const buttons = within(list).getAllByRole('button', { name: /^Sign out / })
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      `Sign out ${PHONE.device}, last seen 5 minutes ago from ${PHONE.network}`,
      `Sign out ${LAPTOP.device}, last seen 3 hours ago from ${LAPTOP.network}`,
    ])
  })

  it('signs one other browser out after confirming: DELETE to its URL, and its row goes', async () => {
    const requests = mockSessions([THIS_BROWSER, PHONE, LAPTOP], {
      [`DELETE ${SESSIONS}/${PHONE.id}`]: { status: 204 },
    })
    const { section, events } = await openSection()
    await events.click(
      await within(section).findByRole('button', { name: new RegExp(`^Sign out ${PHONE.device}`) }),
    )

    const dialog = await screen.findByRole('dialog', { name: `Sign out ${PHONE.device}?` })
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([])
    await events.click(within(dialog).getByRole('button', { name: 'Sign out' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(section).queryByRole('listitem', { name: PHONE.device })).toBeNull()
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining(THIS_BROWSER.device), expect.stringContaining(LAPTOP.device)])
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      `${SESSIONS}/${PHONE.id}`,
    ])
    expect(toasts().map((toast) => toast.textContent)).toEqual([
      expect.stringContaining('Session signed out'),
    ])
  })

  it('keeps the dialog open with the reason when the server refuses, and reloads the list', async () => {
    const requests = mockSessions([THIS_BROWSER, PHONE], {
      [`DELETE ${SESSIONS}/${PHONE.id}`]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Session not found' },
      },
    })
    const { section, events } = await openSection()
    await events.click(
      await within(section).findByRole('button', { name: new RegExp(`^Sign out ${PHONE.device}`) }),
    )
    const dialog = await screen.findByRole('dialog', { name: `Sign out ${PHONE.device}?` })
    await events.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    expect(await within(dialog).findByText('Session not found')).toBeInTheDocument()
    await waitFor(() =>
      expect(
        requests.filter((request) => request.method === 'GET' && request.path === SESSIONS),
      ).toHaveLength(2),
    )
  })

  it('signs out everywhere else after confirming: the POST, a toast with the count, only this row left', async () => {
    const requests = mockSessions([THIS_BROWSER, PHONE, LAPTOP], {
      [`POST ${SESSIONS}/end-others`]: { status: 200, body: { ended: 3 } satisfies EndedSessions },
    })
    const { section, events } = await openSection()
    await events.click(await within(section).findByRole('button', { name: 'Sign out everywhere else' }))

    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' })
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('CLI logins made with a password'))
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('personal access tokens keep working'))
    // Cancel has the focus, so a stray Enter does not sign everything out.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await events.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `${SESSIONS}/end-others`,
    ])
    expect(toasts().map((toast) => toast.textContent)).toEqual([
      expect.stringContaining('Signed out of 3 other sessions'),
    ])
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining(THIS_BROWSER.device)])
    expect(within(section).queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull()
    expect(
      within(section).getByText('This is the only browser signed in to your account.'),
    ).toBeInTheDocument()
  })

  it('says this is the only browser and offers no "everywhere else" when it is alone', async () => {
    mockSessions([THIS_BROWSER])
    const { section } = await openSection()
    expect(
      await within(section).findByText('This is the only browser signed in to your account.'),
    ).toBeInTheDocument()
    expect(within(section).getAllByRole('listitem')).toHaveLength(1)
    expect(within(section).queryByRole('button')).toBeNull()
  })

  it('shows a loading state until the list arrives', async () => {
    mockSessions([THIS_BROWSER, PHONE])
    const release = holdSessionList()
    const { section } = await openSection()
    expect(within(section).getByRole('status')).toHaveTextContent('Loading sessions...')
    expect(within(section).queryByRole('list')).toBeNull()
    release()
    expect(await within(section).findByRole('list', { name: 'Your sessions' })).toBeInTheDocument()
    expect(within(section).queryByRole('status')).toBeNull()
  })

  it('says the list failed to load, and Retry loads it', async () => {
    let calls = 0
    mockSessions([], {
      [`GET ${SESSIONS}`]: () => {
        calls += 1
        return calls === 1
          ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Boom' } }
          : { status: 200, body: { sessions: [THIS_BROWSER, PHONE] } satisfies WebSessionList }
      },
    })
    const { section, events } = await openSection()
    expect(await within(section).findByText('Failed to load your sessions')).toBeInTheDocument()
    expect(within(section).queryByRole('list')).toBeNull()
    await events.click(within(section).getByRole('button', { name: 'Retry' }))
    const list = await within(section).findByRole('list', { name: 'Your sessions' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(calls).toBe(2)
  })
})

describe('Sessions and a hostile User-Agent', () => {
  it('shows a device name made of markup as text, running nothing', async () => {
    const hostile = '<img src=x onerror="window.__sessionXss=1"> on <script>window.__sessionXss=2</script>'
    mockSessions([THIS_BROWSER, session({ id: '00000000-0000-4000-8000-0000000000a4', device: hostile })])
    const { section } = await openSection()
    expect(await within(section).findByText(hostile)).toBeInTheDocument()
    expect(section.querySelector('img, script')).toBeNull()
    expect((window as unknown as { __sessionXss?: number }).__sessionXss).toBeUndefined()
  })
})
