import type { MailPreferences } from '@bashboard/server/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, profileFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const prefs: MailPreferences = {
  email: 'ada@example.test',
  emailVerified: true,
  replies: 'immediate',
  mentions: 'immediate',
  applications: true,
  weeklyDigest: false,
}

function mockSettings(current: MailPreferences) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': {
      status: 200,
      body: profileFixture({ emailVerified: current.emailVerified }),
    },
    'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
    'GET /api/users/me/mail': { status: 200, body: current },
    'PUT /api/users/me/mail': (request) => ({
      status: 200,
      body: { ...current, ...(request.body as object) },
    }),
    'POST /api/user/email/verification': {
      status: 202,
      body: { message: 'A verification link is on its way.' },
    },
  })
}

describe('Settings → Email', () => {
  it('saves each choice as it is made', async () => {
    const requests = mockSettings(prefs)
    renderApp('/settings?tab=email')
    const events = userEvent.setup()
    expect(await screen.findByText('ada@example.test')).toBeVisible()
    expect(screen.getByText('· verified')).toBeVisible()

    await events.click(screen.getByRole('checkbox', { name: 'A weekly digest of the best new commands' }))
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /weekly digest/ })).toBeChecked())
    const mentions = screen.getByRole('group', { name: '@mentions of you' })
    await events.click(within(mentions).getByLabelText('Once a day'))
    await waitFor(() => expect(within(mentions).getByLabelText('Once a day')).toBeChecked())
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { weeklyDigest: true },
      { mentions: 'daily' },
    ])
    expect(await screen.findByText('Saved')).toBeVisible()
  })

  it('shows a choice the moment it is made, and takes it back when the save fails', async () => {
    mockSettings(prefs)
    let answer: (value: Response) => void = () => {}
    const held = new Promise<Response>((resolve) => {
      answer = resolve
    })
    const plain = globalThis.fetch
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT' ? held : plain(input, init)) as typeof fetch
    renderApp('/settings?tab=email')
    const mentions = within(await screen.findByRole('group', { name: '@mentions of you' }))
    // Checked as the click lands (a controlled radio would otherwise flick back for a tick), with the
    // save still on its way.
    fireEvent.click(mentions.getByLabelText('Once a day'))
    expect(mentions.getByLabelText('Once a day')).toBeChecked()
    answer(
      new Response(JSON.stringify({ statusCode: 500, error: 'Error', message: 'boom' }), { status: 500 }),
    )
    await waitFor(() => expect(mentions.getByLabelText('Right away')).toBeChecked())
    expect(await screen.findByText('Not saved')).toBeVisible()
  })

  it('says an unverified address gets no community mail, with a button for a new link', async () => {
    const requests = mockSettings({ ...prefs, emailVerified: false })
    renderApp('/settings?tab=email')
    const notice = await screen.findByRole('note')
    expect(notice).toHaveTextContent('Your address is not verified yet')
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Send a new link' }))
    expect(await screen.findByText('A verification link is on its way.')).toBeVisible()
    expect(requests.filter((r) => r.path === '/api/user/email/verification')).toHaveLength(1)
  })
})
