import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { readSessionCookies } from '../../state/session'
import { mockApi, profileFixture, statsFixture } from '../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../test/render-app'

function signInAs(overrides: Parameters<typeof profileFixture>[0]) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    'GET /api/website/user/profile/header': { status: 200, body: profileFixture(overrides) },
  })
}

async function banner(): Promise<HTMLElement> {
  return within(await screen.findByRole('banner'))
    .findByRole('navigation', { name: 'Main' })
    .then(() => screen.getByRole('banner'))
}

describe('Header', () => {
  it('shows guests the site links, Login, Register and a Donate link opening in a new tab', async () => {
    const requests = mockApi({ 'GET /api/website/stats': { status: 200, body: statsFixture() } })
    renderApp('/')
    const header = within(await banner())
    const main = within(header.getByRole('navigation', { name: 'Main' }))
    expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(main.getByRole('link', { name: 'Browse' })).toHaveAttribute('href', '/browse')
    expect(main.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog')
    expect(main.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/leaderboard')
    expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(header.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
    const donate = header.getByRole('link', { name: /donate/i })
    expect(donate).toHaveAttribute('target', '_blank')
    expect(donate).toHaveAttribute('rel', 'noopener noreferrer')
    expect(header.queryByRole('button', { name: /ada_lovelace/ })).not.toBeInTheDocument()
    // No session, so the private header call is never made.
    expect(requests.some((request) => request.path === '/api/website/user/profile/header')).toBe(false)
  })

  it('shows a member their menu and Become Contributor instead of Login and Register', async () => {
    const requests = signInAs({ contributor: false, role: 'member' })
    renderApp('/')
    const header = within(await banner())
    expect(await header.findByRole('button', { name: /ada_lovelace/ })).toBeInTheDocument()
    expect(header.getByRole('link', { name: 'Become Contributor' })).toHaveAttribute('href', '/application')
    expect(header.queryByRole('link', { name: 'Create Post' })).not.toBeInTheDocument()
    expect(header.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
    expect(header.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument()
    const headerCall = requests.find((request) => request.path === '/api/website/user/profile/header')
    // The session is the browser's cookie: the page sends no bearer token.
    expect(headerCall?.headers.get('Authorization')).toBeNull()
  })

  it.each([
    ['a contributor', { contributor: true, role: 'contributor' as const }],
    ['a moderator', { contributor: true, role: 'moderator' as const }],
  ])('shows %s Create Post instead of Become Contributor', async (_who, overrides) => {
    signInAs(overrides)
    renderApp('/')
    const header = within(await banner())
    expect(await header.findByRole('link', { name: 'Create Post' })).toHaveAttribute('href', '/create-post')
    expect(header.queryByRole('link', { name: 'Become Contributor' })).not.toBeInTheDocument()
  })

  it('opens the user menu with Profile, Settings and Log out, and logging out brings Login back', async () => {
    const requests = signInAs({})
    renderApp('/')
    const events = userEvent.setup()
    const header = within(await banner())
    const menuButton = await header.findByRole('button', { name: /ada_lovelace/ })
    expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    await events.click(menuButton)
    expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    const menu = screen.getByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings')
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus()

    await events.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(menuButton).toHaveFocus()

    await events.click(menuButton)
    await events.click(screen.getByRole('menuitem', { name: 'Log out' }))
    expect(await header.findByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(readSessionCookies()).toBeNull()
    // The server is asked to end the session, with the token that proves the page asked.
    const logout = requests.find(
      (request) => request.method === 'POST' && request.path === '/api/user/logout',
    )
    expect(logout?.headers.get('x-csrf-token')).toBe('test-csrf-token')
  })

  it('toggles the mobile menu, and closes it on Escape and on navigation', async () => {
    mockApi({ 'GET /api/website/stats': { status: 200, body: statsFixture() } })
    const { router } = renderApp('/')
    const events = userEvent.setup()
    const header = within(await banner())
    const menuButton = header.getByRole('button', { name: 'Menu' })
    expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('navigation', { name: 'Mobile navigation' })).not.toBeInTheDocument()

    await events.click(menuButton)
    expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('navigation', { name: 'Mobile navigation' })).toBeInTheDocument()
    await events.keyboard('{Escape}')
    expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    expect(menuButton).toHaveFocus()

    await events.click(menuButton)
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile navigation' }))
    await events.click(mobile.getByRole('link', { name: 'Register' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'))
    expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('navigation', { name: 'Mobile navigation' })).not.toBeInTheDocument()
  })

  it.each([
    ['a moderator', 'moderator' as const, true],
    ['a member', 'member' as const, false],
  ])('offers the Moderation link in the mobile menu to %s only when allowed', async (_who, role, shown) => {
    signInAs({ role, contributor: role === 'moderator' })
    renderApp('/')
    const events = userEvent.setup()
    const header = within(await banner())
    await header.findByRole('button', { name: /ada_lovelace/ })
    await events.click(header.getByRole('button', { name: 'Menu' }))
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile navigation' }))
    expect(mobile.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings')
    if (shown) expect(mobile.getByRole('link', { name: 'Moderation' })).toHaveAttribute('href', '/mod')
    else expect(mobile.queryByRole('link', { name: 'Moderation' })).not.toBeInTheDocument()
  })

  it('marks Blog as the current section on any /blog path', async () => {
    mockApi({})
    renderApp('/blog/some-post')
    const main = within(within(await banner()).getByRole('navigation', { name: 'Main' }))
    expect(main.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page')
    expect(main.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')
    expect(main.getByRole('link', { name: 'Browse' })).not.toHaveAttribute('aria-current')
  })

  it('switches to the light theme and remembers it', async () => {
    mockApi({ 'GET /api/website/stats': { status: 200, body: statsFixture() } })
    renderApp('/')
    const events = userEvent.setup()
    const header = within(await banner())
    await events.click(header.getByRole('button', { name: 'Switch to light theme' }))
    expect(document.documentElement.dataset.theme).toBe('light')
    expect(localStorage.getItem('bashboard.theme')).toBe('light')
    expect(header.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument()
  })
})
