import { PASSKEY_MESSAGES } from '@bashboard/server/contract/passkey-messages'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorBody, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { renderApp } from '../../../test/render-app'
import { NO_PASSKEY_BROWSER } from './passkey-sign-in'

// The browser's ceremony stands in for the authenticator; the real one runs in the e2e journey.
const assertion = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
}
const startAuthentication = vi.fn(async () => assertion)
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication, startRegistration: vi.fn() }))

const user = profileFixture()
const expiresAt = new Date(Date.now() + 3_600_000).toISOString()
const options = { challenge: 'ceremony-1', rpId: 'localhost', userVerification: 'required' }

function withWebAuthn(): void {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
}

afterEach(() => {
  vi.unstubAllGlobals()
  startAuthentication.mockClear()
})

describe('signing in with a passkey', () => {
  it('says so on a browser without passkeys, asking the server nothing', async () => {
    const requests = mockApi({})
    renderApp('/login')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    expect(await screen.findByText(NO_PASSKEY_BROWSER)).toBeInTheDocument()
    expect(requests.filter((request) => request.path.startsWith('/api/user/login'))).toEqual([])
  })

  it('runs the ceremony with the server’s options and signs in with its answer', async () => {
    withWebAuthn()
    const requests = mockApi({
      'POST /api/user/login/passkey/options': { status: 200, body: { options } },
      'POST /api/user/login/passkey': { status: 200, body: { token: 'jwt-passkey', expiresAt, user } },
      'GET /api/website/stats': { status: 200, body: statsFixture() },
      'GET /api/website/user/profile/header': { status: 200, body: user },
    })
    const { router } = renderApp('/login')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options })
    expect(requests.find((request) => request.path === '/api/user/login/passkey')?.body).toEqual({
      credential: assertion,
    })
  })

  it('shows the server’s refusal under the button and stays on the page', async () => {
    withWebAuthn()
    mockApi({
      'POST /api/user/login/passkey/options': { status: 200, body: { options } },
      'POST /api/user/login/passkey': {
        status: 401,
        body: errorBody(401, PASSKEY_MESSAGES.unknownCredential),
      },
    })
    const { router } = renderApp('/login')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    expect(await screen.findByText(PASSKEY_MESSAGES.unknownCredential)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('offers "Use a passkey" in the second step only when the challenge names it', async () => {
    withWebAuthn()
    const challenge = { challenge: 'c-1', methods: ['totp', 'recovery', 'passkey'], expiresAt }
    const requests = mockApi({
      'POST /api/user/login': { status: 202, body: { secondFactor: challenge } },
      'POST /api/user/login/second-factor/passkey/options': { status: 200, body: { options } },
      'POST /api/user/login/second-factor/passkey': {
        status: 200,
        body: { token: 'jwt-2', expiresAt, user },
      },
      'GET /api/website/stats': { status: 200, body: statsFixture() },
      'GET /api/website/user/profile/header': { status: 200, body: user },
    })
    const { router } = renderApp('/login')
    const events = userEvent.setup()
    await events.type(await screen.findByLabelText(/email or username/i), 'ada_lovelace')
    await events.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass')
    await events.click(screen.getByRole('button', { name: 'Log in' }))
    await events.click(await screen.findByRole('button', { name: 'Use a passkey' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(
      requests.find((request) => request.path === '/api/user/login/second-factor/passkey')?.body,
    ).toEqual({
      challenge: 'c-1',
      credential: assertion,
    })
  })
})
