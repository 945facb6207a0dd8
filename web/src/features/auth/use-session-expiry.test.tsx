import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { readSessionCookies } from '../../state/session'
import { mockApi, profileFixture, statsFixture } from '../../test/mock-api'
import { renderApp, storeSession } from '../../test/render-app'

const minutes = (count: number) => count * 60_000

function api() {
  return mockApi({
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    'GET /api/website/user/profile/header': { status: 200, body: profileFixture() },
  })
}

async function header() {
  return within(await screen.findByRole('banner'))
}

describe('session expiry', () => {
  it('logs out at start a session that expired while the tab was closed', async () => {
    storeSession({ csrfToken: 'old-token', expiresAt: new Date(Date.now() - minutes(5)).toISOString() })
    const requests = api()
    renderApp('/')
    expect(await (await header()).findByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(readSessionCookies()).toBeNull()
    expect(requests.some((request) => request.path === '/api/website/user/profile/header')).toBe(false)
    expect(requests.every((request) => !request.headers.has('Authorization'))).toBe(true)
  })

  it('logs out when the window regains focus after the expiry time', async () => {
    const start = Date.now()
    storeSession({ csrfToken: 'jwt', expiresAt: new Date(start + minutes(10)).toISOString() })
    api()
    renderApp('/')
    const banner = await header()
    expect(await banner.findByRole('button', { name: /ada_lovelace/ })).toBeInTheDocument()

    vi.spyOn(Date, 'now').mockReturnValue(start + minutes(11))
    act(() => {
      fireEvent.focus(window)
    })
    expect(await banner.findByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(readSessionCookies()).toBeNull()
  })

  it('keeps a session that is still valid when the window regains focus', async () => {
    storeSession({ csrfToken: 'jwt', expiresAt: new Date(Date.now() + minutes(10)).toISOString() })
    api()
    renderApp('/')
    const banner = await header()
    expect(await banner.findByRole('button', { name: /ada_lovelace/ })).toBeInTheDocument()
    act(() => {
      fireEvent.focus(window)
    })
    expect(banner.getByRole('button', { name: /ada_lovelace/ })).toBeInTheDocument()
    expect(readSessionCookies()).not.toBeNull()
  })

  it('checks every minute and logs out once the session has expired', async () => {
    const start = Date.now()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    storeSession({ csrfToken: 'jwt', expiresAt: new Date(start + minutes(2)).toISOString() })
    api()
    renderApp('/')
    const banner = await header()
    expect(await banner.findByRole('button', { name: /ada_lovelace/ })).toBeInTheDocument()

    vi.spyOn(Date, 'now').mockReturnValue(start + minutes(1))
    act(() => vi.advanceTimersByTime(minutes(1)))
    expect(banner.getByRole('button', { name: /ada_lovelace/ })).toBeInTheDocument()

    vi.spyOn(Date, 'now').mockReturnValue(start + minutes(2) + 1)
    act(() => vi.advanceTimersByTime(minutes(1)))
    expect(await banner.findByRole('link', { name: 'Login' })).toBeInTheDocument()
  })

  it('logs out when the profile header answers 401', async () => {
    storeSession({ csrfToken: 'revoked', expiresAt: new Date(Date.now() + minutes(30)).toISOString() })
    mockApi({
      'GET /api/website/stats': { status: 200, body: statsFixture() },
      'GET /api/website/user/profile/header': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Token is no longer valid' },
      },
    })
    renderApp('/')
    expect(await (await header()).findByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(readSessionCookies()).toBeNull()
  })
})
