import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, statsFixture } from '../../test/mock-api'
import { renderApp } from '../../test/render-app'

describe('NotFoundPage', () => {
  it('shows "Command Not Found" with the requested path in a terminal message', async () => {
    mockApi({})
    renderApp('/no/such/place')
    expect(await screen.findByRole('heading', { level: 1, name: 'Command Not Found' })).toBeInTheDocument()
    expect(screen.getByText('bash: cd: /no/such/place: No such file or directory')).toBeInTheDocument()
    expect(screen.getByText(/cd \/no\/such\/place$/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Browse Commands' })).toHaveAttribute('href', '/browse')
    expect(screen.getByRole('link', { name: /contact support/i })).toHaveAttribute('href', '/contact')
    expect(document.title).toBe('Command Not Found | Bashboard')
  })

  it('goes back to the previous page with Go Back', async () => {
    mockApi({ 'GET /api/website/stats': { status: 200, body: statsFixture() } })
    const { router } = renderApp('/')
    await screen.findByRole('heading', { name: /welcome to/i })
    router.history.push('/missing')
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Go Back' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})
