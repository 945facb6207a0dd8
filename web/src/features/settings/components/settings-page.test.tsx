import type { ProfileHeader } from '@bashboard/server/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { readSessionCookies } from '../../../state/session'
import { expectFieldError, expectNoFieldError } from '../../../test/form-assertions'
import {
  errorBody,
  type MockAnswer,
  mockApi,
  profileFixture,
  providerOnlyIdentities,
} from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const user = profileFixture()

function mockSettings(
  routes: Record<string, MockAnswer | ((request: { body: unknown }) => MockAnswer)> = {},
) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: user },
    'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
    'GET /api/users/me/identities': {
      status: 200,
      body: { identities: [], available: [], hasPassword: true },
    },
    ...routes,
  })
}

function imageFile(name: string, type: string, bytes = 1024): File {
  return new File([new Uint8Array(bytes)], name, { type })
}

/**
 * jsdom draws nothing: give the cropper's frame a 288 px square box and the picked image `width`×`height`
 * natural pixels, as a browser would, so it can place its square.
 */
function layOutCropper(width = 400, height = 200): void {
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(width)
  vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(height)
  const original = HTMLElement.prototype.getBoundingClientRect
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('reactEasyCrop_Container')
      ? new DOMRect(0, 0, 288, 288)
      : original.call(this)
  })
}

/** Picks `file` and lets its preview load, as the browser does once it has decoded the file. */
async function pickAndLoad(events: ReturnType<typeof userEvent.setup>, file: File): Promise<HTMLElement> {
  layOutCropper()
  await events.upload(await screen.findByLabelText('Change avatar'), file)
  const preview = screen.getByRole('img', { name: 'Preview of your new avatar' })
  fireEvent.load(preview)
  await waitFor(() => expect(screen.getByRole('button', { name: 'Upload Avatar' })).toBeEnabled())
  return preview
}

/** The crop fields of an avatar upload's form. */
function cropOf(form: unknown): Record<string, unknown> {
  if (!(form instanceof FormData)) return {}
  return { cropX: form.get('cropX'), cropY: form.get('cropY'), cropSize: form.get('cropSize') }
}

async function openSecurityTab() {
  const events = userEvent.setup()
  await events.click(await screen.findByRole('tab', { name: 'Security' }))
  await screen.findByRole('heading', { name: /password/ })
  return events
}

beforeEach(() => {
  // jsdom has no object URLs; the preview only needs a stable string.
  URL.createObjectURL = vi.fn(() => 'blob:avatar-preview')
  URL.revokeObjectURL = vi.fn()
})

describe('Settings page', () => {
  it('sends guests to /login', async () => {
    mockApi({})
    const { router } = renderApp('/settings')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('leaves for /login when the user logs out on the page', async () => {
    mockSettings()
    const { router } = renderApp('/settings')
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: /ada_lovelace/ }))
    await events.click(screen.getByRole('menuitem', { name: 'Log out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it("shows 'Failed to load user profile' when the profile cannot be loaded", async () => {
    mockSettings({ 'GET /api/website/user/profile/header': { status: 500 } })
    renderApp('/settings')
    expect(await screen.findByText('Failed to load user profile')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('fills the profile form with the current username and email', async () => {
    mockSettings()
    renderApp('/settings')
    expect(await screen.findByLabelText('Username')).toHaveValue('ada_lovelace')
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test')
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true')
  })

  describe('avatar', () => {
    it('refuses a file that is not JPEG, JPG or PNG, and sends nothing', async () => {
      const requests = mockSettings()
      renderApp('/settings')
      const events = userEvent.setup({ applyAccept: false })
      await events.upload(
        await screen.findByLabelText('Change avatar'),
        imageFile('drawing.gif', 'image/gif'),
      )
      expect(
        await screen.findByText('Please upload a valid image file (JPEG, JPG, or PNG)'),
      ).toBeInTheDocument()
      expect(screen.queryByRole('img', { name: 'Preview of your new avatar' })).not.toBeInTheDocument()
      expect(requests.some((request) => request.path === '/api/users/avatar')).toBe(false)
    })

    it('refuses an SVG renamed .png by its declared type', async () => {
      mockSettings()
      renderApp('/settings')
      const events = userEvent.setup({ applyAccept: false })
      await events.upload(
        await screen.findByLabelText('Change avatar'),
        imageFile('logo.png', 'image/svg+xml'),
      )
      expect(
        await screen.findByText('Please upload a valid image file (JPEG, JPG, or PNG)'),
      ).toBeInTheDocument()
    })

    it('refuses an image over 5MB', async () => {
      mockSettings()
      renderApp('/settings')
      const events = userEvent.setup()
      const big = imageFile('holiday.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1)
      await events.upload(await screen.findByLabelText('Change avatar'), big)
      expect(await screen.findByText('Image must be smaller than 5MB')).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Upload Avatar' })).not.toBeInTheDocument()
    })

    it('previews the picked image from its blob: URL, uploads it with the framed square, and updates the header avatar', async () => {
      const updated: ProfileHeader = { ...user, avatar: '/uploads/avatars/new-face.jpg' }
      const requests = mockSettings({ 'PUT /api/users/avatar': { status: 200, body: updated } })
      renderApp('/settings')
      const events = userEvent.setup()
      const file = imageFile('face.jpg', 'image/jpeg')
      layOutCropper()
      await events.upload(await screen.findByLabelText('Change avatar'), file)
      const preview = screen.getByRole('img', { name: 'Preview of your new avatar' })
      expect(preview).toHaveAttribute('src', 'blob:avatar-preview')
      expect(preview).toBeVisible()
      // Until the browser has drawn the file there is no square to keep, so nothing to send.
      expect(screen.getByRole('button', { name: 'Upload Avatar' })).toBeDisabled()
      fireEvent.load(preview)
      await waitFor(() => expect(screen.getByRole('button', { name: 'Upload Avatar' })).toBeEnabled())
      expect(screen.getByRole('application', { name: 'Avatar crop' })).toBeVisible()
      // Nothing is sent until the user confirms the crop.
      expect(requests.some((request) => request.path === '/api/users/avatar')).toBe(false)

      await events.click(screen.getByRole('button', { name: 'Upload Avatar' }))
      expect(await screen.findByText('Avatar Updated')).toBeInTheDocument()
      const upload = requests.find((request) => request.path === '/api/users/avatar')
      expect(upload?.method).toBe('PUT')
      const form = upload?.body
      expect(form).toBeInstanceOf(FormData)
      expect(form instanceof FormData ? form.get('image') : null).toBe(file)
      // Untouched, the frame holds the centred square: x 100–300 of the 400×200 image.
      expect(cropOf(form)).toEqual({ cropX: '100', cropY: '0', cropSize: '200' })
      // The header's avatar (in the user menu button) shows the new image right away.
      const menuButton = screen.getByRole('button', { name: /ada_lovelace/ })
      await waitFor(() =>
        expect(menuButton.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/new-face.jpg'),
      )
    })

    it('moves the square with the arrow keys and zooms with + and −, and uploads what the frame shows', async () => {
      const requests = mockSettings({ 'PUT /api/users/avatar': { status: 200, body: user } })
      renderApp('/settings')
      const events = userEvent.setup()
      await pickAndLoad(events, imageFile('face.png', 'image/png'))

      const frame = screen.getByRole('application', { name: 'Avatar crop' })
      expect(frame).toHaveAccessibleDescription(/arrow keys/)
      frame.focus()
      expect(frame).toHaveFocus()
      // The image moves 8 px right per press, so the square reads further left; it stops at the edge.
      await events.keyboard('{ArrowRight}{ArrowRight}')
      const zoom = screen.getByRole('slider', { name: 'Zoom' })
      expect(zoom).toHaveValue('1')
      await events.keyboard('+')
      expect(zoom).toHaveValue('1.25')
      expect(zoom).toHaveAttribute('aria-valuetext', '125%')
      await events.keyboard('+-+')
      expect(zoom).toHaveValue('1.5')
      await waitFor(() =>
        expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(
          "The square shows 33% of the image's width",
        ),
      )

      await events.click(screen.getByRole('button', { name: 'Upload Avatar' }))
      await screen.findByText('Avatar Updated')
      const form = requests.find((request) => request.path === '/api/users/avatar')?.body
      // At 1.5× the frame covers a third of the width (133 px of 400), centred at x 133. The image drawn
      // 288 px wide moved 16 screen px, 16 / 1.5 × 400 / 288 = 14.8 of its pixels: the square starts at 119.
      expect(cropOf(form)).toEqual({ cropX: '119', cropY: '33', cropSize: '133' })
    })

    it('zooms with the slider and the buttons, which stop at the limits', async () => {
      mockSettings()
      renderApp('/settings')
      const events = userEvent.setup()
      await pickAndLoad(events, imageFile('face.png', 'image/png'))
      const zoomOut = screen.getByRole('button', { name: 'Zoom out' })
      const zoomIn = screen.getByRole('button', { name: 'Zoom in' })
      expect(zoomOut).toBeDisabled()
      await events.click(zoomIn)
      expect(screen.getByRole('slider', { name: 'Zoom' })).toHaveValue('1.25')
      fireEvent.change(screen.getByRole('slider', { name: 'Zoom' }), { target: { value: '4' } })
      expect(zoomIn).toBeDisabled()
      await events.click(zoomOut)
      expect(screen.getByRole('slider', { name: 'Zoom' })).toHaveValue('3.75')
    })

    it('says so and drops the file when the browser cannot draw it', async () => {
      mockSettings()
      renderApp('/settings')
      const events = userEvent.setup()
      await events.upload(await screen.findByLabelText('Change avatar'), imageFile('broken.png', 'image/png'))
      fireEvent.error(screen.getByRole('img', { name: 'Preview of your new avatar' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('This image could not be read')
      expect(screen.queryByRole('button', { name: 'Upload Avatar' })).not.toBeInTheDocument()
    })

    it("shows the server's refusal of the file under the picker, not in a toast, and drops the file", async () => {
      const refused = 'Please upload a valid image file (JPEG, JPG, or PNG)'
      mockSettings({ 'PUT /api/users/avatar': { status: 415, body: errorBody(415, refused) } })
      renderApp('/settings')
      const events = userEvent.setup()
      await pickAndLoad(events, imageFile('fake.png', 'image/png'))
      await events.click(screen.getByRole('button', { name: 'Upload Avatar' }))
      const picker = await screen.findByLabelText('Change avatar')
      await waitFor(() => expectFieldError(picker, refused))
      expect(screen.queryByText('Upload Failed')).not.toBeInTheDocument()
      expect(screen.queryByRole('img', { name: 'Preview of your new avatar' })).not.toBeInTheDocument()
      // Picking another file is changing the field: the refusal goes.
      await events.upload(picker, imageFile('real.png', 'image/png'))
      expectNoFieldError(screen.getByLabelText('Choose another'), refused)
    })

    it("shows the server's refusal of the square under the picker and keeps the image to reframe", async () => {
      mockSettings({
        'PUT /api/users/avatar': {
          status: 422,
          body: errorBody(422, 'The crop must be a square inside the image'),
        },
      })
      renderApp('/settings')
      const events = userEvent.setup()
      await pickAndLoad(events, imageFile('face.png', 'image/png'))
      await events.click(screen.getByRole('button', { name: 'Upload Avatar' }))
      const picker = screen.getByLabelText('Choose another')
      await waitFor(() => expectFieldError(picker, 'The crop must be a square inside the image'))
      expect(screen.getByRole('img', { name: 'Preview of your new avatar' })).toBeInTheDocument()
      await events.click(screen.getByRole('button', { name: 'Cancel' }))
      expectNoFieldError(screen.getByLabelText('Change avatar'), 'The crop must be a square inside the image')
    })

    it.each<[string, MockAnswer, string]>([
      ['a 5xx', { status: 500, body: errorBody(500, 'Internal Server Error') }, 'Internal Server Error'],
      ['no response', 'network', 'Network error. Please check your connection.'],
    ])("toasts 'Upload Failed' for %s, which says nothing about the file", async (_case, answer, message) => {
      mockSettings({ 'PUT /api/users/avatar': answer })
      renderApp('/settings')
      const events = userEvent.setup()
      await pickAndLoad(events, imageFile('face.png', 'image/png'))
      await events.click(screen.getByRole('button', { name: 'Upload Avatar' }))
      const toast = (await screen.findByText('Upload Failed')).closest('li') as HTMLElement
      expect(toast).toHaveAttribute('role', 'alert')
      expect(within(toast).getByText(message)).toBeInTheDocument()
      expect(screen.getByLabelText('Choose another')).not.toHaveAttribute('aria-invalid')
    })
  })

  describe('profile form', () => {
    it('requires a username and an email before sending', async () => {
      const requests = mockSettings()
      renderApp('/settings')
      const events = userEvent.setup()
      await events.clear(await screen.findByLabelText('Username'))
      await events.clear(screen.getByLabelText('Email'))
      await events.click(screen.getByRole('button', { name: 'Save Changes' }))
      expect(await screen.findByText('Username is required')).toBeInTheDocument()
      expect(screen.getByText('Email is required')).toBeInTheDocument()
      expect(requests.some((request) => request.path === '/api/users')).toBe(false)
    })

    it("sends the trimmed values, shows 'Profile Updated' and renames the header", async () => {
      const requests = mockSettings({
        'PUT /api/users': { status: 200, body: { ...user, username: 'countess_ada', email: 'ada@new.test' } },
      })
      renderApp('/settings')
      const events = userEvent.setup()
      const username = await screen.findByLabelText('Username')
      await events.clear(username)
      await events.type(username, '  countess_ada ')
      await events.clear(screen.getByLabelText('Email'))
      await events.type(screen.getByLabelText('Email'), 'ada@new.test')
      await events.click(screen.getByRole('button', { name: 'Save Changes' }))
      expect(await screen.findByText('Profile Updated')).toBeInTheDocument()
      expect(requests.find((request) => request.path === '/api/users')?.body).toEqual({
        username: 'countess_ada',
        email: 'ada@new.test',
      })
      expect(await screen.findByRole('button', { name: /countess_ada/ })).toBeInTheDocument()
    })

    it("shows the server's duplicate under the username, not in a toast, until the username changes", async () => {
      mockSettings({ 'PUT /api/users': { status: 409, body: errorBody(409, 'Username is already taken') } })
      renderApp('/settings')
      const events = userEvent.setup()
      await events.click(await screen.findByRole('button', { name: 'Save Changes' }))
      const username = screen.getByLabelText('Username')
      await waitFor(() => expectFieldError(username, 'Username is already taken'))
      expect(screen.queryByText('Update Failed')).not.toBeInTheDocument()
      await events.type(username, '2')
      expectNoFieldError(username, 'Username is already taken')
    })
  })

  describe('security form', () => {
    it('offers an account made through a provider a first password instead of a change', async () => {
      mockSettings({
        'GET /api/users/me/identities': providerOnlyIdentities(),
      })
      renderApp('/settings')
      await openSecurityTab()
      expect(screen.getByRole('heading', { name: 'Set a password' })).toBeInTheDocument()
      expect(screen.getByRole('form', { name: 'Set a password' })).toBeInTheDocument()
      expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull()
      expect(screen.queryByLabelText('Current Password')).toBeNull()
    })

    it('has three password fields, each with its own show/hide toggle', async () => {
      mockSettings()
      renderApp('/settings')
      await openSecurityTab()
      const form = screen.getByRole('form', { name: 'Change password' })
      for (const label of ['Current Password', 'New Password', 'Confirm New Password'])
        expect(within(form).getByLabelText(label)).toHaveAttribute('type', 'password')
      const toggles = within(form).getAllByRole('button', { name: 'Show password' })
      expect(toggles).toHaveLength(3)
      await userEvent.setup().click(toggles[1] as HTMLElement)
      expect(within(form).getByLabelText('New Password')).toHaveAttribute('type', 'text')
      expect(within(form).getByLabelText('Current Password')).toHaveAttribute('type', 'password')
    })

    it('checks the current password first, then that the new ones match, then their length', async () => {
      const requests = mockSettings()
      renderApp('/settings')
      const events = await openSecurityTab()
      const submit = screen.getByRole('button', { name: 'Update Password' })

      await events.type(screen.getByLabelText('New Password'), 'abc')
      await events.type(screen.getByLabelText('Confirm New Password'), 'abd')
      await events.click(submit)
      expect(await screen.findByText('Current password is required')).toBeInTheDocument()

      await events.type(screen.getByLabelText('Current Password'), 'old-secret')
      await events.click(submit)
      // Short and different: the mismatch is reported first (the order of docs/product-rules.md#settings).
      expect(await screen.findByText("New passwords don't match")).toBeInTheDocument()
      expect(screen.queryByText('Password must be at least 6 characters long')).not.toBeInTheDocument()

      await events.clear(screen.getByLabelText('Confirm New Password'))
      await events.type(screen.getByLabelText('Confirm New Password'), 'abc')
      await events.click(submit)
      expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument()
      expect(screen.queryByText("New passwords don't match")).not.toBeInTheDocument()
      expect(requests.some((request) => request.path === '/api/users')).toBe(false)
    })

    it("sends the current and new password with the CSRF token, keeps this browser's session and shows 'Password Updated'", async () => {
      const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString()
      const requests = mockSettings({
        'PUT /api/users': { status: 200, body: { ...user, token: 'fresh-token', expiresAt } },
      })
      renderApp('/settings')
      const events = await openSecurityTab()
      await events.type(screen.getByLabelText('Current Password'), 'old-secret')
      await events.type(screen.getByLabelText('New Password'), 'new-secret')
      await events.type(screen.getByLabelText('Confirm New Password'), 'new-secret')
      await events.click(screen.getByRole('button', { name: 'Update Password' }))

      expect(await screen.findByText('Password Updated')).toBeInTheDocument()
      const change = requests.find((request) => request.path === '/api/users')
      expect(change?.body).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret' })
      expect(change?.headers.get('x-csrf-token')).toBe('test-csrf-token')
      expect(change?.headers.get('Authorization')).toBeNull()
      expect(readSessionCookies()?.csrfToken).toBe('test-csrf-token')
      expect(JSON.stringify({ ...localStorage })).not.toContain('fresh-token')
      // The fields are emptied so the new password does not linger on screen.
      expect(screen.getByLabelText('Current Password')).toHaveValue('')
    })

    it("shows the server's refusal under the current password, not in a toast, and keeps the session", async () => {
      mockSettings({
        'PUT /api/users': { status: 422, body: errorBody(422, 'Current password is incorrect') },
      })
      renderApp('/settings')
      const events = await openSecurityTab()
      await events.type(screen.getByLabelText('Current Password'), 'wrong-one')
      await events.type(screen.getByLabelText('New Password'), 'new-secret')
      await events.type(screen.getByLabelText('Confirm New Password'), 'new-secret')
      await events.click(screen.getByRole('button', { name: 'Update Password' }))
      const current = screen.getByLabelText('Current Password')
      await waitFor(() => expectFieldError(current, 'Current password is incorrect'))
      expect(screen.queryByText('Update Failed')).not.toBeInTheDocument()
      expect(readSessionCookies()?.csrfToken).toBe('test-csrf-token')
    })
  })
})
