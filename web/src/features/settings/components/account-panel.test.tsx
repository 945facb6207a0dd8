import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fileNameFrom } from '../../../lib/download-file'
import { SESSION_STORAGE_KEY } from '../../../state/session'
import { expectFieldError, expectNoFieldError, toasts } from '../../../test/form-assertions'
import { errorBody, type MockAnswer, mockApi, profileFixture } from '../../../test/mock-api'
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
    expect(request?.headers.get('Authorization')).toBe('Bearer member-session')
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
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull()
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
    await waitFor(() => expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull())
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
