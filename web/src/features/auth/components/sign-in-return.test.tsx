import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const user = profileFixture()
const expiresAt = new Date(Date.now() + 3_600_000).toISOString()
// A content page with nothing to fetch: where the journey lands is all these tests look at.
const back = '/help?from=vote#getting-started'

function mockSignIn() {
  return mockApi({
    'POST /api/user/login': { status: 200, body: { token: 'jwt-1', expiresAt, user } },
    'POST /api/user/signup': { status: 201, body: { token: 'jwt-2', expiresAt, user } },
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    'GET /api/website/user/profile/header': { status: 200, body: user },
  })
}

function loginAt(redirect: string): string {
  return `/login?redirect=${encodeURIComponent(redirect)}`
}

async function logIn(): Promise<void> {
  const events = userEvent.setup()
  await events.type(await screen.findByLabelText(/email or username/i), 'ada_lovelace')
  await events.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass')
  await events.click(screen.getByRole('button', { name: 'Log in' }))
}

describe('the return address of /login and /register', () => {
  it('brings the member back to the page, search and hash included, after logging in', async () => {
    mockSignIn()
    const { router } = renderApp(loginAt(back))
    await logIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'))
    expect(router.state.location.href).toBe(back)
  })

  it.each([
    '//evil.example/phish',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(document.domain)',
    '/login',
    'help',
  ])('goes home instead of to the hostile address %s', async (hostile) => {
    mockSignIn()
    const { router } = renderApp(loginAt(hostile))
    // Refused by the route's search schema: not even the link to /register carries it.
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    )
    await logIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(router.state.location.href).toBe('/')
  })

  it('brings a new member back after registering', async () => {
    mockSignIn()
    const { router } = renderApp(`/register?redirect=${encodeURIComponent(back)}`)
    const events = userEvent.setup()
    await events.type(await screen.findByLabelText('Username'), 'grace_hopper')
    await events.type(screen.getByLabelText('Email'), 'grace@example.test')
    await events.type(screen.getByLabelText('Password', { selector: 'input' }), 'cobol-rules')
    await events.type(screen.getByLabelText('Confirm Password'), 'cobol-rules')
    await events.click(screen.getByRole('checkbox', { name: /agree/i }))
    await events.click(screen.getByRole('button', { name: 'Create Account' }))
    await waitFor(() => expect(router.state.location.href).toBe(back))
  })

  it('carries the address from login to register and back', async () => {
    mockApi({})
    renderApp(loginAt('/browse?search=tar'))
    const toRegister = await screen.findByRole('link', { name: 'Create an account' })
    expect(toRegister).toHaveAttribute(
      'href',
      `/register?redirect=${encodeURIComponent('/browse?search=tar')}`,
    )
    await userEvent.setup().click(toRegister)
    const toLogin = await screen.findByRole('link', { name: 'Log in' })
    expect(toLogin).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/browse?search=tar')}`)
  })

  it('sends an already signed-in visitor straight to the return address', async () => {
    storeSession(validSession())
    mockSignIn()
    const { router } = renderApp(loginAt(back))
    await waitFor(() => expect(router.state.location.href).toBe(back))
  })

  it('sends an already signed-in visitor with a hostile address home', async () => {
    storeSession(validSession())
    mockSignIn()
    const { router } = renderApp(loginAt('//evil.example'))
    await waitFor(() => expect(router.state.location.href).toBe('/'))
  })

  it("gives the header's Login and Register the page being read", async () => {
    mockApi({})
    renderApp(back)
    const login = await screen.findByRole('link', { name: 'Login' })
    expect(login).toHaveAttribute('href', loginAt(back))
    // The header's comes first (the help text links to /register too).
    expect(screen.getAllByRole('link', { name: 'Register' })[0]).toHaveAttribute(
      'href',
      `/register?redirect=${encodeURIComponent(back)}`,
    )
  })

  it.each([
    ['/settings?tab=security', '/settings?tab=security'],
    ['/profile', '/profile'],
    ['/create-post', '/create-post'],
    ['/application', '/application'],
    ['/mod/applications', '/mod/applications'],
  ])('sends a guest from the guarded %s to /login with the way back', async (path, expected) => {
    mockApi({})
    const { router } = renderApp(path)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: expected })
  })
})
