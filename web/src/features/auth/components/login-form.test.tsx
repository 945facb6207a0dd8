import { SECOND_FACTOR_MESSAGES } from '@bashboard/server/contract/second-factor-messages'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { readSessionCookies } from '../../../state/session'
import { expectFieldError, toasts } from '../../../test/form-assertions'
import { errorBody, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { expectSignedInWith, renderApp, storeSession, validSession } from '../../../test/render-app'

const user = profileFixture()

async function fillAndSubmit(identifier: string, password: string): Promise<void> {
  const events = userEvent.setup()
  const submit = await screen.findByRole('button', { name: 'Log in' })
  if (identifier) await events.type(await screen.findByLabelText(/email or username/i), identifier)
  if (password) await events.type(screen.getByLabelText('Password', { selector: 'input' }), password)
  await events.click(submit)
}

describe('LoginForm', () => {
  it('requires the email or username and the password before calling the server', async () => {
    const requests = mockApi({})
    renderApp('/login')
    await fillAndSubmit('', '')
    expect(await screen.findByText('Enter your email or username.')).toBeInTheDocument()
    expect(screen.getByText('Enter your password.')).toBeInTheDocument()
    expect(screen.getByLabelText(/email or username/i)).toHaveAttribute('aria-invalid', 'true')
    expect(requests.filter((request) => request.path === '/api/user/login')).toHaveLength(0)
  })

  it('asks for the password when only the username is filled in', async () => {
    const requests = mockApi({})
    renderApp('/login')
    await fillAndSubmit('ada_lovelace', '')
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument()
    expect(screen.queryByText('Enter your email or username.')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveFocus()
    expect(requests.filter((request) => request.path === '/api/user/login')).toHaveLength(0)
  })

  it('shows "Login Failed" with "Invalid credentials. Please try again." when the server refuses', async () => {
    mockApi({ 'POST /api/user/login': { status: 401, body: errorBody(401, 'Invalid credentials') } })
    const { router } = renderApp('/login')
    await fillAndSubmit('ada_lovelace', 'wrong-password')
    const toast = await screen.findByRole('alert')
    expect(within(toast).getByText('Login Failed')).toBeInTheDocument()
    expect(within(toast).getByText('Invalid credentials. Please try again.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(readSessionCookies()).toBeNull()
  })

  it('says the network is down when the request gets no response', async () => {
    mockApi({ 'POST /api/user/login': 'network' })
    renderApp('/login')
    await fillAndSubmit('ada_lovelace', 'secret-pass')
    const toast = await screen.findByRole('alert')
    expect(within(toast).getByText('Login Failed')).toBeInTheDocument()
    expect(within(toast).getByText('Network error. Please check your connection.')).toBeInTheDocument()
  })

  it('stores the session, sends no remember-me value and goes home signed in', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString()
    const requests = mockApi({
      'POST /api/user/login': { status: 200, body: { token: 'jwt-123', expiresAt, user } },
      'GET /api/website/stats': { status: 200, body: statsFixture() },
      'GET /api/website/user/profile/header': { status: 200, body: user },
    })
    const { router } = renderApp('/login')
    const events = userEvent.setup()
    await events.click(await screen.findByRole('checkbox', { name: 'Remember me' }))
    await fillAndSubmit('  ada_lovelace ', 'secret-pass')

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expectSignedInWith('jwt-123')
    const login = requests.find((request) => request.path === '/api/user/login')
    expect(login?.body).toEqual({ emailOrUsername: 'ada_lovelace', password: 'secret-pass' })
    const banner = screen.getByRole('banner')
    expect(await within(banner).findByRole('button', { name: /ada_lovelace/ })).toBeInTheDocument()
    expect(within(banner).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
  })

  it('sends a signed-in visitor from /login to the home page', async () => {
    storeSession(validSession())
    mockApi({
      'GET /api/website/stats': { status: 200, body: statsFixture() },
      'GET /api/website/user/profile/header': { status: 200, body: user },
    })
    const { router } = renderApp('/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument()
  })

  it('offers no GitHub or Google button while no provider is configured', async () => {
    mockApi({})
    renderApp('/login')
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /GitHub|Google/ })).not.toBeInTheDocument()
    expect(screen.queryByText(/continue with/i)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register')
    expect(document.title).toBe('Login | Bashboard')
  })

  it('tabs from the name to the password and on to Log in, with the passkey and Forgot password? after them', async () => {
    mockApi({})
    renderApp('/login')
    const events = userEvent.setup()
    const identifier = await screen.findByLabelText(/email or username/i)
    await events.click(identifier)
    await events.tab()
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveFocus()
    for (const next of [
      screen.getByRole('button', { name: 'Show password' }),
      screen.getByRole('checkbox', { name: 'Remember me' }),
      screen.getByRole('button', { name: 'Log in' }),
      screen.getByRole('button', { name: 'Sign in with a passkey' }),
      screen.getByRole('link', { name: 'Forgot password?' }),
    ]) {
      await events.tab()
      expect(next).toHaveFocus()
    }
  })
})

describe('LoginForm, second step (two-factor authentication)', () => {
  const challenge = {
    challenge: 'challenge-123',
    methods: ['totp', 'recovery'],
    expiresAt: '2030-01-01T00:00:00.000Z',
  }
  const expiresAt = new Date(Date.now() + 3_600_000).toISOString()

  function mockTwoFactor(
    answer: (body: { method: string; code: string }) => { status: number; body?: unknown },
  ) {
    return mockApi({
      'POST /api/user/login': { status: 202, body: { secondFactor: challenge } },
      'POST /api/user/login/second-factor': (request) =>
        answer(request.body as { method: string; code: string }),
      'GET /api/website/stats': { status: 200, body: statsFixture() },
      'GET /api/website/user/profile/header': { status: 200, body: user },
      'GET /api/auth/providers': { status: 200, body: { providers: ['github', 'google'] } },
    })
  }

  it('offers GitHub and Google beside the password, not beside the code asked after it', async () => {
    mockTwoFactor(() => ({ status: 401, body: {} }))
    renderApp('/login')
    expect(await screen.findByRole('link', { name: 'Continue with GitHub' })).toBeInTheDocument()
    await fillAndSubmit('ada_lovelace', 'secret-pass')
    await screen.findByLabelText('Authentication code')
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument()
  })

  it('asks for the code after a right password, then signs in with it', async () => {
    const requests = mockTwoFactor(() => ({ status: 200, body: { token: 'jwt-2fa', expiresAt, user } }))
    const { router } = renderApp('/login')
    await fillAndSubmit('ada_lovelace', 'secret-pass')

    const code = await screen.findByLabelText('Authentication code')
    expect(screen.getByRole('form', { name: 'Two-factor authentication' })).toBeInTheDocument()
    expect(code).toHaveFocus()
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    // No session until the code is right, and the password is not kept.
    expect(readSessionCookies()).toBeNull()
    expect(screen.queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument()

    const events = userEvent.setup()
    await events.type(code, '123456')
    await events.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expectSignedInWith('jwt-2fa')
    expect(requests.find((request) => request.path === '/api/user/login/second-factor')?.body).toEqual({
      challenge: 'challenge-123',
      method: 'totp',
      code: '123456',
    })
    // One toast for the sign-in (the home page's own data is not mocked here).
    expect(toasts().filter((toast) => toast.textContent?.includes('Welcome back!'))).toHaveLength(1)
    expect(toasts().filter((toast) => toast.textContent?.includes('Login Failed'))).toEqual([])
  })

  it('shows a wrong code under the field, with no toast, and keeps the step', async () => {
    mockTwoFactor(() => ({ status: 401, body: errorBody(401, SECOND_FACTOR_MESSAGES.codeInvalid) }))
    renderApp('/login')
    await fillAndSubmit('ada_lovelace', 'secret-pass')
    const events = userEvent.setup()
    const code = await screen.findByLabelText('Authentication code')
    await events.click(screen.getByRole('button', { name: 'Verify' }))
    expectFieldError(code, 'Enter the 6-digit code from your authenticator app.')
    await events.type(code, '000000')
    await events.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() =>
      expectFieldError(screen.getByLabelText('Authentication code'), SECOND_FACTOR_MESSAGES.codeInvalid),
    )
    expect(screen.getByLabelText('Authentication code')).toHaveFocus()
    expect(toasts()).toEqual([])
    expect(readSessionCookies()).toBeNull()
  })

  it('takes a recovery code instead, and comes back to the app code', async () => {
    const requests = mockTwoFactor(({ method }) =>
      method === 'recovery' ? { status: 200, body: { token: 'jwt-r', expiresAt, user } } : { status: 401 },
    )
    renderApp('/login')
    await fillAndSubmit('ada_lovelace', 'secret-pass')
    const events = userEvent.setup()
    await screen.findByLabelText('Authentication code')
    await events.click(screen.getByRole('button', { name: 'Use a recovery code instead' }))
    const recovery = screen.getByLabelText('Recovery code')
    expect(recovery).toHaveFocus()
    expect(recovery).toHaveAttribute('autocomplete', 'off')
    expect(screen.getByRole('button', { name: 'Use your authenticator app instead' })).toBeInTheDocument()
    await events.type(recovery, 'abcde-fgh23')
    await events.keyboard('{Enter}')
    await waitFor(() => expectSignedInWith('jwt-r'))
    expect(requests.find((request) => request.path === '/api/user/login/second-factor')?.body).toEqual({
      challenge: 'challenge-123',
      method: 'recovery',
      code: 'abcde-fgh23',
    })
  })

  it('goes back to the password, saying why, when the challenge has expired', async () => {
    mockTwoFactor(() => ({ status: 401, body: errorBody(401, SECOND_FACTOR_MESSAGES.challengeExpired) }))
    renderApp('/login')
    await fillAndSubmit('ada_lovelace', 'secret-pass')
    const events = userEvent.setup()
    await events.type(await screen.findByLabelText('Authentication code'), '123456')
    await events.click(screen.getByRole('button', { name: 'Verify' }))
    const password = await screen.findByLabelText('Password', { selector: 'input' })
    await waitFor(() => expect(password).toHaveFocus())
    expect(screen.getByRole('alert')).toHaveTextContent(SECOND_FACTOR_MESSAGES.challengeExpired)
    expect(screen.getByLabelText(/email or username/i)).toHaveValue('ada_lovelace')
    expect(toasts()).toEqual([])
    // "Back to password" on purpose says nothing.
    await fillAndSubmit('', 'secret-pass')
    await events.click(await screen.findByRole('button', { name: 'Back to password' }))
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('offers only the app code when no recovery code is left', async () => {
    mockApi({
      'POST /api/user/login': { status: 202, body: { secondFactor: { ...challenge, methods: ['totp'] } } },
    })
    renderApp('/login')
    await fillAndSubmit('ada_lovelace', 'secret-pass')
    await screen.findByLabelText('Authentication code')
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).not.toBeInTheDocument()
  })
})
