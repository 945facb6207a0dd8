import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi } from '../test/mock-api'
import { browseFixture } from '../test/post-fixtures'
import { renderApp } from '../test/render-app'

describe('a house ad inside the app', () => {
  it('opens its page in the same tab through the router and reports the click', async () => {
    const openedWindows: unknown[] = []
    window.open = (...args: unknown[]) => {
      openedWindows.push(args)
      return null
    }
    const requests = mockApi({
      'GET /api/website/browse': { status: 200, body: browseFixture() },
      'GET /api/ads/BrowsePage': {
        status: 200,
        body: {
          ads1: [
            {
              _id: '00000000-0000-4000-8000-0000000000a1',
              // Built for another host name than the one the visitor uses.
              url: 'http://localhost:9/help',
              sitePath: '/help',
              adImage: '/house-ads/apply.png',
              size: 'banner',
              title: 'Become a contributor',
            },
          ],
          ads2: [],
          ads3: [],
          ads4: [],
        },
      },
      'POST /api/ads/track-click': { status: 200, body: { counted: true } },
    })
    const { router } = renderApp('/browse')
    const link = await screen.findByRole('link', { name: /Become a contributor/ })
    expect(link).toHaveAttribute('href', '/help')
    await userEvent.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'))
    expect(openedWindows).toHaveLength(0)
    expect(requests.some((request) => request.path === '/api/ads/track-click')).toBe(true)
  })
})
