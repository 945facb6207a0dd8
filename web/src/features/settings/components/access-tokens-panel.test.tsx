import type { AccessToken, ProfileHeader } from '@bashboard/server/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import {
  errorBody,
  type MockAnswer,
  mockApi,
  profileFixture,
  type RecordedRequest,
} from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const TOKEN = `bb_pat_${'A1b2C3d4E5'.repeat(4)}xyz`

function tokenFixture(overrides: Partial<AccessToken> = {}): AccessToken {
  return {
    _id: '00000000-0000-4000-8000-0000000000aa',
    name: 'laptop CLI',
    scopes: ['read', 'vote'],
    lastFour: 'wxyz',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
    expiresAt: null,
    expired: false,
    ...overrides,
  }
}

/**
 * The settings page on the Access tokens tab, over a token list the mocked API keeps: POST adds to it,
 * DELETE removes from it (one route per initial token: the mock matches exact paths).
 */
function mockTokens(
  options: {
    user?: ProfileHeader
    tokens?: AccessToken[]
    routes?: Record<string, MockAnswer | ((request: { body: unknown; path: string }) => MockAnswer)>
  } = {},
) {
  storeSession(validSession())
  let tokens = [...(options.tokens ?? [])]
  const revokeRoutes = Object.fromEntries(
    tokens.map((token) => [
      `DELETE /api/tokens/${token._id}`,
      () => {
        tokens = tokens.filter((entry) => entry._id !== token._id)
        return { status: 200, body: { revoked: 1 } }
      },
    ]),
  )
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: options.user ?? profileFixture() },
    'GET /api/notifications': { status: 200, body: { notifications: [], unreadCount: 0, liveId: '0' } },
    'GET /api/tokens': () => ({ status: 200, body: { tokens } }),
    'POST /api/tokens': (request) => {
      const body = request.body as { name: string; scopes: AccessToken['scopes']; expiresInDays?: number }
      const accessToken = tokenFixture({
        _id: `00000000-0000-4000-8000-00000000${String(tokens.length).padStart(4, '0')}`,
        name: body.name,
        scopes: body.scopes,
        lastFour: TOKEN.slice(-4),
        expiresAt: body.expiresInDays ? '2026-12-25T10:00:00.000Z' : null,
      })
      tokens = [accessToken, ...tokens]
      return { status: 201, body: { token: TOKEN, accessToken } }
    },
    'DELETE /api/tokens': () => {
      const revoked = tokens.length
      tokens = []
      return { status: 200, body: { revoked } }
    },
    ...revokeRoutes,
    ...options.routes,
  })
}

async function openTokensTab() {
  const events = userEvent.setup()
  await events.click(await screen.findByRole('tab', { name: 'Access tokens' }))
  return events
}

function posts(requests: RecordedRequest[]) {
  return requests.filter((request) => request.method === 'POST' && request.path === '/api/tokens')
}

describe('Access tokens tab', () => {
  it('opens from its tab, puts itself in the URL and shows a real empty state', async () => {
    mockTokens()
    const { router } = renderApp('/settings')
    await openTokensTab()
    expect(await screen.findByText('No access tokens yet')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ tab: 'tokens' })
    expect(screen.getByRole('tab', { name: 'Access tokens' })).toHaveAttribute('aria-selected', 'true')
  })

  it('opens directly from /settings?tab=tokens', async () => {
    mockTokens()
    renderApp('/settings?tab=tokens')
    expect(await screen.findByRole('form', { name: 'Create an access token' })).toBeInTheDocument()
  })

  it('shows the load failure with a retry', async () => {
    mockTokens({ routes: { 'GET /api/tokens': { status: 500 } } })
    renderApp('/settings?tab=tokens')
    expect(await screen.findByText('Failed to load access tokens.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  describe('create form', () => {
    it('offers read, vote and save to a member, read checked, and never post', async () => {
      mockTokens()
      renderApp('/settings?tab=tokens')
      const scopes = await screen.findByRole('group', { name: 'Scopes' })
      const boxes = within(scopes).getAllByRole('checkbox')
      expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['read', 'vote', 'save'])
      expect(within(scopes).getByRole('checkbox', { name: /^read/ })).toBeChecked()
      expect(within(scopes).queryByRole('checkbox', { name: /^post/ })).not.toBeInTheDocument()
    })

    it.each([
      ['contributor', profileFixture({ contributor: true, role: 'contributor' })],
      ['moderator', profileFixture({ contributor: true, role: 'moderator' })],
    ])('offers post to a %s', async (_role, user) => {
      mockTokens({ user })
      renderApp('/settings?tab=tokens')
      const scopes = await screen.findByRole('group', { name: 'Scopes' })
      expect(within(scopes).getByRole('checkbox', { name: /^post/ })).not.toBeChecked()
    })

    it('requires a name and sends nothing without one', async () => {
      const requests = mockTokens()
      renderApp('/settings?tab=tokens')
      const events = userEvent.setup()
      await events.type(await screen.findByLabelText('Token name'), '   ')
      await events.click(screen.getByRole('button', { name: 'Create token' }))
      expect(await screen.findByText('Token name is required')).toBeInTheDocument()
      expect(screen.getByLabelText('Token name')).toHaveAttribute('aria-invalid', 'true')
      expect(posts(requests)).toEqual([])
    })

    it('refuses a name over 50 characters', async () => {
      const requests = mockTokens()
      renderApp('/settings?tab=tokens')
      const events = userEvent.setup()
      await events.type(await screen.findByLabelText('Token name'), 'x'.repeat(51))
      await events.click(screen.getByRole('button', { name: 'Create token' }))
      expect(await screen.findByText('Token name must be at most 50 characters')).toBeInTheDocument()
      expect(posts(requests)).toEqual([])
    })

    it('requires at least one scope', async () => {
      const requests = mockTokens()
      renderApp('/settings?tab=tokens')
      const events = userEvent.setup()
      await events.type(await screen.findByLabelText('Token name'), 'backup')
      await events.click(screen.getByRole('checkbox', { name: /^read/ }))
      await events.click(screen.getByRole('button', { name: 'Create token' }))
      expect(await screen.findByText('Choose at least one scope')).toBeInTheDocument()
      expect(screen.getByRole('group', { name: 'Scopes' })).toHaveAttribute('aria-invalid', 'true')
      expect(posts(requests)).toEqual([])
    })

    it('sends the name, the scopes in order and the expiry, then shows the token once with Copy', async () => {
      const requests = mockTokens()
      renderApp('/settings?tab=tokens')
      const events = userEvent.setup()
      const writeText = vi.fn(async () => {})
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
      await events.type(await screen.findByLabelText('Token name'), '  laptop CLI ')
      await events.click(screen.getByRole('checkbox', { name: /^vote/ }))
      await events.selectOptions(screen.getByLabelText('Expiration'), '30 days')
      await events.click(screen.getByRole('button', { name: 'Create token' }))

      const field = await screen.findByLabelText('New access token')
      expect(field).toHaveValue(TOKEN)
      expect(field).toHaveAttribute('readonly')
      expect(screen.getByText(/won’t be shown again/)).toBeInTheDocument()
      expect(posts(requests).map((request) => request.body)).toEqual([
        { name: 'laptop CLI', scopes: ['read', 'vote'], expiresInDays: 30 },
      ])

      await events.click(screen.getByRole('button', { name: 'Copy token' }))
      expect(writeText).toHaveBeenCalledWith(TOKEN)
      expect(await screen.findByText('Token copied to clipboard.')).toBeInTheDocument()

      // The list shows the new token without the secret; the form is empty again.
      const table = await screen.findByRole('table', { name: /Your access tokens/ })
      expect(within(table).getByText('laptop CLI')).toBeInTheDocument()
      expect(within(table).queryByText(TOKEN)).not.toBeInTheDocument()
      expect(screen.getByLabelText('Token name')).toHaveValue('')

      // Done hides the token for good.
      await events.click(screen.getByRole('button', { name: 'Done' }))
      expect(screen.queryByLabelText('New access token')).not.toBeInTheDocument()
      expect(screen.queryByDisplayValue(TOKEN)).not.toBeInTheDocument()
    })

    it('sends no expiry for "No expiration"', async () => {
      const requests = mockTokens()
      renderApp('/settings?tab=tokens')
      const events = userEvent.setup()
      await events.type(await screen.findByLabelText('Token name'), 'forever')
      await events.selectOptions(screen.getByLabelText('Expiration'), 'No expiration')
      await events.click(screen.getByRole('button', { name: 'Create token' }))
      await screen.findByLabelText('New access token')
      expect(posts(requests).map((request) => request.body)).toEqual([{ name: 'forever', scopes: ['read'] }])
    })

    it('shows a duplicate name under the name field', async () => {
      mockTokens({
        routes: {
          'POST /api/tokens': {
            status: 409,
            body: errorBody(409, 'You already have a token with this name'),
          },
        },
      })
      renderApp('/settings?tab=tokens')
      const events = userEvent.setup()
      await events.type(await screen.findByLabelText('Token name'), 'laptop CLI')
      await events.click(screen.getByRole('button', { name: 'Create token' }))
      expect(await screen.findByText('You already have a token with this name')).toBeInTheDocument()
      expect(screen.getByLabelText('Token name')).toHaveAttribute('aria-invalid', 'true')
      expect(screen.queryByLabelText('New access token')).not.toBeInTheDocument()
    })

    it('shows any other refusal above the button', async () => {
      mockTokens({
        routes: {
          'POST /api/tokens': { status: 403, body: errorBody(403, 'Only contributors and moderators can …') },
        },
      })
      renderApp('/settings?tab=tokens')
      const events = userEvent.setup()
      await events.type(await screen.findByLabelText('Token name'), 'n')
      await events.click(screen.getByRole('button', { name: 'Create token' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('Only contributors and moderators can …')
    })
  })

  describe('list', () => {
    it('shows name, last four, scopes, dates, last use and expiry; names render as text', async () => {
      mockTokens({
        tokens: [
          tokenFixture({
            _id: '00000000-0000-4000-8000-0000000000b1',
            name: '<img src=x onerror=alert(1)>',
            scopes: ['read'],
            lastFour: 'Zz99',
            lastUsedAt: new Date(Date.now() - 3 * 60 * 60_000).toISOString(),
            expiresAt: '2026-11-22T10:00:00.000Z',
            expired: true,
          }),
          tokenFixture({
            _id: '00000000-0000-4000-8000-0000000000b2',
            name: 'cron job',
            scopes: ['vote', 'save'],
          }),
        ],
      })
      renderApp('/settings?tab=tokens')
      const table = await screen.findByRole('table', { name: /Your access tokens/ })
      const rows = within(table).getAllByRole('row').slice(1)
      expect(rows).toHaveLength(2)
      const [first, second] = rows as [HTMLElement, HTMLElement]
      expect(within(first).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument()
      expect(table.querySelector('img')).toBeNull()
      expect(within(first).getByText('bb_pat_…Zz99')).toBeInTheDocument()
      expect(within(first).getByText(/Expired/)).toBeInTheDocument()
      expect(within(first).getByText('3 hours ago')).toBeInTheDocument()
      expect(within(first).getByText('Nov 20, 2026')).toBeInTheDocument()
      expect(within(second).getByText('vote')).toBeInTheDocument()
      expect(within(second).getByText('save')).toBeInTheDocument()
      expect(within(second).getAllByText('Never')).toHaveLength(2)
    })

    it('revokes a token after confirmation, and not before', async () => {
      const requests = mockTokens({ tokens: [tokenFixture()] })
      renderApp('/settings?tab=tokens')
      const events = userEvent.setup()
      await events.click(await screen.findByRole('button', { name: 'Revoke token laptop CLI' }))
      const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' })
      await events.click(within(dialog).getByRole('button', { name: 'Cancel' }))
      expect(requests.filter((request) => request.method === 'DELETE')).toEqual([])

      await events.click(screen.getByRole('button', { name: 'Revoke token laptop CLI' }))
      await events.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke token' }),
      )
      expect(await screen.findByText('No access tokens yet')).toBeInTheDocument()
      expect(await screen.findByText('Token revoked')).toBeInTheDocument()
      expect(
        requests.filter((request) => request.method === 'DELETE').map((request) => request.path),
      ).toEqual([`/api/tokens/${tokenFixture()._id}`])
    })

    it('revokes all tokens after confirmation', async () => {
      const requests = mockTokens({
        tokens: [tokenFixture(), tokenFixture({ _id: '00000000-0000-4000-8000-0000000000c2', name: 'ci' })],
      })
      renderApp('/settings?tab=tokens')
      const events = userEvent.setup()
      await events.click(await screen.findByRole('button', { name: 'Revoke all tokens' }))
      const dialog = await screen.findByRole('dialog', { name: 'Revoke all 2 tokens?' })
      await events.click(within(dialog).getByRole('button', { name: 'Revoke all' }))
      expect(await screen.findByText('No access tokens yet')).toBeInTheDocument()
      await waitFor(() =>
        expect(
          requests.some((request) => request.method === 'DELETE' && request.path === '/api/tokens'),
        ).toBe(true),
      )
    })
  })
})
