import type { ExportJob, LatestExport, SecondFactorStatus } from '@bashboard/server/contract'
import { SECOND_FACTOR_MESSAGES } from '@bashboard/server/contract/second-factor-messages'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fileNameFrom } from '../../../lib/download-file'
import { readSessionCookies } from '../../../state/session'
import { expectFieldError, expectNoFieldError, toasts } from '../../../test/form-assertions'
import {
  errorBody,
  type MockAnswer,
  mockApi,
  profileFixture,
  providerOnlyIdentities,
} from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const user = profileFixture()
const WRONG_PASSWORD = 'Current password is incorrect'

function mockAccount(routes: Record<string, MockAnswer | ((request: { body: unknown }) => MockAnswer)> = {}) {
  storeSession(validSession('member-session'))
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: user },
    'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
    ...routes,
  })
}

/** Opens /settings on the Account tab and waits for it. */
async function openAccountTab() {
  const view = renderApp('/settings?tab=account')
  await screen.findByRole('heading', { name: 'Download your data' })
  return view
}

async function openDeleteDialog(events: ReturnType<typeof userEvent.setup>) {
  await events.click(screen.getByRole('button', { name: 'Delete account...' }))
  return screen.getByRole('dialog', { name: 'Delete your account?' })
}

const deleted = {
  status: 200,
  body: {
    deleted: true,
    content: 'remove',
    posts: { kept: 0, removed: 1 },
    comments: { kept: 0, removed: 2 },
    votes: 3,
    saves: 1,
    collections: 0,
    accessTokens: 1,
  },
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:export')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('Settings → Account', () => {
  it('is a tab of its own, linked as ?tab=account, with the download and the deletion', async () => {
    mockAccount()
    await openAccountTab()
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('button', { name: 'Download your data' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Delete account' })).toBeInTheDocument()
  })

  it('downloads the export with the session and hands it to the browser as a file', async () => {
    const requests = mockAccount({ 'GET /api/users/me/export': { status: 200, body: { format: 'x' } } })
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await openAccountTab()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download your data' }))
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1))
    const request = requests.find((r) => r.path === '/api/users/me/export')
    expect(request?.headers.get('Authorization')).toBeNull()
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1)
    expect(await screen.findByText('Download started')).toBeInTheDocument()
  })

  it('says so under the button when the export cannot be made', async () => {
    mockAccount({ 'GET /api/users/me/export': { status: 500 } })
    await openAccountTab()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download your data' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to prepare your data. Please try again.',
    )
  })

  it('reads the file name the server gives', () => {
    expect(fileNameFrom('attachment; filename="bashboard-ada-2026-12-03.json"')).toBe(
      'bashboard-ada-2026-12-03.json',
    )
    expect(fileNameFrom(null)).toBeNull()
  })

  it('explains what goes, keeps the commands by default and asks for the password before sending', async () => {
    const requests = mockAccount()
    await openAccountTab()
    const events = userEvent.setup()
    const dialog = await openDeleteDialog(events)
    expect(dialog).toHaveTextContent('You are signed out everywhere')
    expect(dialog).toHaveTextContent('Your votes are withdrawn')
    const group = within(dialog).getByRole('group', { name: 'Your commands and comments' })
    expect(within(group).getByRole('radio', { name: 'Keep my commands and comments' })).toBeChecked()
    expect(within(group).getByRole('radio', { name: 'Remove my commands and comments' })).not.toBeChecked()
    await events.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expectFieldError(within(dialog).getByLabelText('Password'), 'Please enter your password to confirm.')
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
  })

  it('shows a wrong password under the field, keeps the dialog open, and clears it on typing', async () => {
    mockAccount({ 'DELETE /api/users/me': { status: 422, body: errorBody(422, WRONG_PASSWORD) } })
    await openAccountTab()
    const events = userEvent.setup()
    const dialog = await openDeleteDialog(events)
    const password = within(dialog).getByLabelText('Password')
    await events.type(password, 'not-it')
    await events.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    await waitFor(() => expectFieldError(password, WRONG_PASSWORD))
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument()
    expect(readSessionCookies()).not.toBeNull()
    await events.type(password, 'x')
    expectNoFieldError(password, WRONG_PASSWORD)
  })

  it("shows a refusal that names no field above the buttons (the site's last moderator)", async () => {
    const message =
      'You are the last moderator. Make another member a moderator before deleting your account.'
    mockAccount({ 'DELETE /api/users/me': { status: 409, body: errorBody(409, message) } })
    await openAccountTab()
    const events = userEvent.setup()
    const dialog = await openDeleteDialog(events)
    await events.type(within(dialog).getByLabelText('Password'), 'right-password')
    await events.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message)
    expect(toasts().filter((toast) => toast.textContent?.includes(message))).toEqual([])
  })

  it('deletes with the choice made, signs the tab out and goes home with a toast', async () => {
    const requests = mockAccount({ 'DELETE /api/users/me': deleted })
    const { router } = await openAccountTab()
    const events = userEvent.setup()
    const dialog = await openDeleteDialog(events)
    await events.click(within(dialog).getByRole('radio', { name: 'Remove my commands and comments' }))
    await events.type(within(dialog).getByLabelText('Password'), 'right-password')
    await events.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(requests.find((r) => r.method === 'DELETE' && r.path === '/api/users/me')?.body).toEqual({
      password: 'right-password',
      content: 'remove',
    })
    expect(await screen.findByText('Account deleted')).toBeInTheDocument()
    await waitFor(() => expect(readSessionCookies()).toBeNull())
    // The header is a guest's again.
    expect((await screen.findAllByRole('link', { name: 'Login' })).length).toBeGreaterThan(0)
  })

  it('is usable by keyboard: Escape closes the dialog and focus goes back to its button', async () => {
    mockAccount()
    await openAccountTab()
    const events = userEvent.setup()
    const opener = screen.getByRole('button', { name: 'Delete account...' })
    opener.focus()
    await events.keyboard('{Enter}')
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' })
    // Focus starts inside the dialog, on the first choice; arrow keys move between the choices.
    expect(within(dialog).getByRole('radio', { name: 'Keep my commands and comments' })).toHaveFocus()
    await events.keyboard('{ArrowDown}')
    expect(within(dialog).getByRole('radio', { name: 'Remove my commands and comments' })).toBeChecked()
    await events.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })
})

const JOB_ID = '4b7f1c2e-0d1a-4c5e-9a43-2f6d8e1b7c90'
const preparing: ExportJob = {
  _id: JOB_ID,
  state: 'preparing',
  requestedAt: '2026-12-02T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  bytes: null,
  filename: null,
}
const ready: ExportJob = {
  ...preparing,
  state: 'ready',
  readyAt: '2026-12-02T10:01:00.000Z',
  expiresAt: '2026-12-09T10:01:00.000Z',
  bytes: 2 * 1024 * 1024,
  filename: 'bashboard-ada-2026-12-02.json',
}
const latest = (body: LatestExport): MockAnswer => ({ status: 200, body })

describe('Settings → Account: a large account’s export', () => {
  it('offers to prepare it in the background, and then says it is being prepared', async () => {
    const requests = mockAccount({
      'GET /api/users/me/export/latest': latest({ job: null, inBackground: true }),
      'POST /api/users/me/export/jobs': {
        status: 202,
        body: { job: preparing, message: 'Your data is being prepared.' },
      },
    })
    await openAccountTab()
    const prepare = await screen.findByRole('button', { name: 'Prepare my data' })
    expect(screen.getByText(/We email you a link when it is ready/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Download your data' })).not.toBeInTheDocument()
    await userEvent.setup().click(prepare)
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your data is being prepared. We will email you a link when it is ready',
    )
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/users/me/export/jobs')).toBe(true)
    expect(screen.queryByRole('button', { name: 'Prepare my data' })).not.toBeInTheDocument()
  })

  it('downloads a ready copy with the session, saying until when it can be', async () => {
    const requests = mockAccount({
      'GET /api/users/me/export/latest': latest({ job: ready, inBackground: true }),
      [`GET /api/users/me/export/${JOB_ID}/download`]: { status: 200, body: { format: 'x' } },
    })
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await openAccountTab()
    expect(await screen.findByText(/Your data is ready: download it until Dec 9, 2026/)).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download your data (2.0 MB)' }))
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1))
    const request = requests.find((r) => r.path === `/api/users/me/export/${JOB_ID}/download`)
    expect(request?.headers.get('Authorization')).toBeNull()
    expect(await screen.findByText('Download started')).toBeInTheDocument()
  })

  it('says when the last copy failed or expired, and offers a new one', async () => {
    mockAccount({
      'GET /api/users/me/export/latest': latest({ job: { ...ready, state: 'failed' }, inBackground: true }),
    })
    await openAccountTab()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not prepare your data. Please try again.',
    )
    expect(screen.getByRole('button', { name: 'Prepare my data' })).toBeInTheDocument()
  })

  it('saves no file when the server queues the export instead (the account grew past the threshold)', async () => {
    let queued = false
    mockAccount({
      'GET /api/users/me/export/latest': () =>
        latest({ job: queued ? preparing : null, inBackground: queued }),
      'GET /api/users/me/export': () => {
        queued = true
        return { status: 202, body: { job: preparing, message: 'queued' } }
      },
    })
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await openAccountTab()
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download your data' }))
    expect(await screen.findByText('Preparing your data')).toBeInTheDocument()
    expect(await screen.findByText(/Your data is being prepared/)).toBeInTheDocument()
    expect(clicked).not.toHaveBeenCalled()
    expect(URL.createObjectURL).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('downloads at once when the account is small, as before', async () => {
    mockAccount({
      'GET /api/users/me/export/latest': latest({ job: { ...ready, state: 'expired' }, inBackground: false }),
    })
    await openAccountTab()
    expect(await screen.findByText('Your last copy has expired and was deleted.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download your data' })).toBeInTheDocument()
  })
})

const SECOND_FACTOR_ON: SecondFactorStatus = {
  enabled: true,
  totp: { enabled: true, enabledAt: '2026-12-01T10:00:00.000Z' },
  recoveryCodesRemaining: 10,
}

describe('Settings → Account: deleting with a second factor', () => {
  it('offers the authenticator code instead of the password, and sends the code', async () => {
    const requests = mockAccount({
      'GET /api/users/me/second-factor': { status: 200, body: SECOND_FACTOR_ON },
      'DELETE /api/users/me': deleted,
    })
    await openAccountTab()
    const events = userEvent.setup()
    const dialog = await openDeleteDialog(events)
    await events.click(
      await within(dialog).findByRole('button', { name: 'Use your authenticator code instead' }),
    )
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument()
    await events.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expectFieldError(
      within(dialog).getByLabelText('Authentication code'),
      'Enter the 6-digit code from your authenticator app.',
    )
    await events.type(within(dialog).getByLabelText('Authentication code'), '123 456')
    await events.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expect(await screen.findByText('Account deleted')).toBeInTheDocument()
    expect(requests.find((r) => r.method === 'DELETE' && r.path === '/api/users/me')?.body).toEqual({
      code: '123 456',
      method: 'totp',
      content: 'keep',
    })
  })

  it('shows a wrong code under the field and empties it for the next one', async () => {
    mockAccount({
      'GET /api/users/me/second-factor': { status: 200, body: SECOND_FACTOR_ON },
      'DELETE /api/users/me': { status: 422, body: errorBody(422, SECOND_FACTOR_MESSAGES.codeInvalid) },
    })
    await openAccountTab()
    const events = userEvent.setup()
    const dialog = await openDeleteDialog(events)
    await events.click(
      await within(dialog).findByRole('button', { name: 'Use your authenticator code instead' }),
    )
    await events.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }))
    const field = within(dialog).getByLabelText('Recovery code')
    await events.type(field, 'abcde-fghij')
    await events.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    await waitFor(() =>
      expectFieldError(within(dialog).getByLabelText('Recovery code'), SECOND_FACTOR_MESSAGES.codeInvalid),
    )
    expect(within(dialog).getByLabelText('Recovery code')).toHaveValue('')
    await events.click(within(dialog).getByRole('button', { name: 'Use your password instead' }))
    expect(within(dialog).getByLabelText('Password')).toBeInTheDocument()
  })

  it('asks for the password only when the member has no second factor', async () => {
    mockAccount({
      'GET /api/users/me/second-factor': { status: 200, body: { ...SECOND_FACTOR_ON, enabled: false } },
    })
    await openAccountTab()
    const dialog = await openDeleteDialog(userEvent.setup())
    await waitFor(() => expect(within(dialog).getByLabelText('Password')).toBeInTheDocument())
    expect(
      within(dialog).queryByRole('button', { name: 'Use your authenticator code instead' }),
    ).not.toBeInTheDocument()
  })
})

describe('Settings → Account: deleting an account made through a provider', () => {
  it('asks for the second factor alone when there is no password', async () => {
    mockAccount({
      'GET /api/users/me/identities': providerOnlyIdentities(),
      'GET /api/users/me/second-factor': { status: 200, body: SECOND_FACTOR_ON },
    })
    await openAccountTab()
    const dialog = await openDeleteDialog(userEvent.setup())
    expect(await within(dialog).findByLabelText('Authentication code')).toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument()
    expect(
      within(dialog).queryByRole('button', { name: 'Use your password instead' }),
    ).not.toBeInTheDocument()
  })

  it('sends a member with neither a password nor a second factor to Security, with nothing to submit', async () => {
    const requests = mockAccount({
      'GET /api/users/me/identities': providerOnlyIdentities(),
      'GET /api/users/me/second-factor': { status: 200, body: { ...SECOND_FACTOR_ON, enabled: false } },
    })
    await openAccountTab()
    const dialog = await openDeleteDialog(userEvent.setup())
    expect(await within(dialog).findByRole('link', { name: 'Security' })).toHaveAttribute(
      'href',
      '/settings?tab=security',
    )
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled()
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
  })
})
