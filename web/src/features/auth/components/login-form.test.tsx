import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SESSION_STORAGE_KEY } from '../../../state/session'
import { errorBody, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

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
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
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
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      token: 'jwt-123',
      expiresAt,
    })
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

  it('shows GitHub and Google sign-in as disabled, explaining they are not offered yet', async () => {
    mockApi({})
    renderApp('/login')
    const github = await screen.findByRole('button', { name: 'Continue with GitHub' })
    expect(github).toHaveAttribute('aria-disabled', 'true')
    expect(github).toHaveAccessibleDescription('Sign-in with GitHub is not offered yet')
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveAccessibleDescription(
      'Sign-in with Google is not offered yet',
    )
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register')
    expect(document.title).toBe('Login | Bashboard')
  })

  it('tabs from the name to the password and on to Log in, with Forgot password? after them', async () => {
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
      screen.getByRole('link', { name: 'Forgot password?' }),
    ]) {
      await events.tab()
      expect(next).toHaveFocus()
    }
  })
})
