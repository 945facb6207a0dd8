import type { Ad, AdsResponse } from '@bashboard/server/contract'
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AD_FALLBACK_TEXT, AdSlot, type AdSlotProps } from '../../components/ads/ad-slot'
import { AdSourceProvider } from '../../components/ads/ad-source'
import { mockApi } from '../../test/mock-api'
import { adSource } from './ad-source'

function adFixture(overrides: Partial<Ad> = {}): Ad {
  return {
    _id: '00000000-0000-4000-8000-0000000000a1',
    url: 'example.com/landing',
    adImage: '/house-ads/blog-banner.png',
    size: 'banner',
    title: 'Read the Bashboard blog',
    ...overrides,
  }
}

function adsBody(overrides: Partial<AdsResponse> = {}): AdsResponse {
  return { ads1: [], ads2: [], ads3: [], ads4: [], ...overrides }
}

/**
 * Renders slots fed by the ads feature's source with one shared client, as the app does (no global retry:
 * the ad query brings its own).
 */
function renderSlots(client: QueryClient, ...slots: AdSlotProps[]) {
  return render(
    <QueryClientProvider client={client}>
      <AdSourceProvider value={adSource}>
        {slots.map((props) => (
          <AdSlot key={`${props.page}-${props.slot}`} {...props} />
        ))}
      </AdSourceProvider>
    </QueryClientProvider>,
  )
}

/** Moves the fake clock by `ms` and lets the promise chains started by due timers settle. */
async function flush(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

describe('AdSlot with the ads feature’s source', () => {
  let client: QueryClient
  beforeEach(() => {
    vi.useFakeTimers()
    // React Query hands results to React on a 0 ms timer, which a fake clock only runs once it moves
    // again; a microtask keeps the retry boundaries below exact to the millisecond.
    notifyManager.setScheduler(queueMicrotask)
    client = new QueryClient()
  })
  afterEach(() => {
    client.clear()
    notifyManager.setScheduler((callback) => setTimeout(callback, 0))
  })

  it('retries a failed request after 1 s and then 2 s, counting the retries on screen', async () => {
    let calls = 0
    const requests = mockApi({
      'GET /api/ads/Blog': () => {
        calls += 1
        return calls < 3 ? 'network' : { status: 200, body: adsBody({ ads2: [adFixture()] }) }
      },
    })
    renderSlots(client, { page: 'Blog', slot: 'ads2' }, { page: 'Blog', slot: 'ads3', variant: 'box' })

    await flush()
    expect(requests).toHaveLength(1)
    expect(screen.getByText('Loading advertisement... (retry 1/2)')).toBeInTheDocument()
    expect(screen.getByText('Retrying... (1/2)')).toBeInTheDocument()

    await flush(999)
    expect(requests).toHaveLength(1)
    await flush(1)
    expect(requests).toHaveLength(2)
    await flush()
    expect(screen.getByText('Loading advertisement... (retry 2/2)')).toBeInTheDocument()

    await flush(1999)
    expect(requests).toHaveLength(2)
    await flush(1)
    expect(requests).toHaveLength(3)
    expect(screen.getByRole('img', { name: 'Read the Bashboard blog' })).toBeInTheDocument()
    // The box slot has no ad in its group, so it falls back.
    expect(screen.getByText(AD_FALLBACK_TEXT)).toBeInTheDocument()
  })

  it('shows the loading texts before the first answer', async () => {
    mockApi({ 'GET /api/ads/Homepage': { status: 200, body: adsBody() } })
    renderSlots(
      client,
      { page: 'Homepage', slot: 'ads1' },
      { page: 'Homepage', slot: 'ads2', variant: 'box' },
    )
    expect(screen.getByText('Loading advertisement...')).toBeInTheDocument()
    expect(screen.getByText('Loading ad...')).toBeInTheDocument()
    await flush()
    expect(screen.getAllByText(AD_FALLBACK_TEXT)).toHaveLength(2)
  })

  it('gives up after two retries and shows the fallback', async () => {
    const requests = mockApi({ 'GET /api/ads/Leaderboard': { status: 503 } })
    renderSlots(client, { page: 'Leaderboard', slot: 'ads1' })
    await flush(1000 + 2000 + 5000)
    expect(requests).toHaveLength(3)
    expect(screen.getByText(AD_FALLBACK_TEXT)).toBeInTheDocument()
  })

  it('abandons a request after 10 s and retries it', async () => {
    const signals: AbortSignal[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
        const signal = init?.signal
        if (signal) signals.push(signal)
        // Never answers; only the abort ends it.
        return new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
        })
      }),
    )
    renderSlots(client, { page: 'BrowsePage', slot: 'ads1' })
    await flush()
    expect(signals).toHaveLength(1)
    await flush(9_999)
    expect(signals[0]?.aborted).toBe(false)
    await flush(1)
    expect(signals[0]?.aborted).toBe(true)
    await flush()
    expect(screen.getByText('Loading advertisement... (retry 1/2)')).toBeInTheDocument()
    await flush(1000)
    expect(signals).toHaveLength(2)
  })

  it('does not retry a 404 and shows the fallback at once', async () => {
    const requests = mockApi({})
    renderSlots(client, { page: 'PostDetails', slot: 'ads3' })
    await flush()
    expect(requests).toHaveLength(1)
    expect(screen.getByText(AD_FALLBACK_TEXT)).toBeInTheDocument()
  })

  it('serves a page from the cache for 5 minutes, then asks again', async () => {
    const requests = mockApi({
      'GET /api/ads/Blog': { status: 200, body: adsBody({ ads2: [adFixture()] }) },
    })
    const first = renderSlots(client, { page: 'Blog', slot: 'ads2' }, { page: 'Blog', slot: 'ads4' })
    await flush()
    // Two slots of one page share one request.
    expect(requests).toHaveLength(1)
    first.unmount()

    await flush(4 * 60_000)
    const second = renderSlots(client, { page: 'Blog', slot: 'ads2' })
    await flush()
    expect(requests).toHaveLength(1)
    expect(screen.getByRole('img', { name: 'Read the Bashboard blog' })).toBeInTheDocument()
    second.unmount()

    await flush(60_001)
    renderSlots(client, { page: 'Blog', slot: 'ads2' })
    await flush()
    expect(requests).toHaveLength(2)
  })

  it('opens the normalised URL in a new tab and reports the click', async () => {
    const requests = mockApi({
      'GET /api/ads/Blog': { status: 200, body: adsBody({ ads2: [adFixture()] }) },
      'POST /api/ads/track-click': { status: 200, body: { counted: true } },
    })
    renderSlots(client, { page: 'Blog', slot: 'ads2' })
    await flush()
    const link = screen.getByRole('link', { name: /Read the Bashboard blog/ })
    expect(link).toHaveAttribute('href', 'https://example.com/landing')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
    // jsdom does not navigate; the click's side effect is the report.
    link.addEventListener('click', (event) => event.preventDefault())
    fireEvent.click(link)
    await flush()
    const click = requests.find((request) => request.path === '/api/ads/track-click')
    expect(click?.method).toBe('POST')
    expect(click?.body).toMatchObject({
      adId: adFixture()._id,
      pageName: 'Blog',
      timestamp: expect.any(String),
    })
  })

  it('links a house ad to its page on this site, in the same tab', async () => {
    mockApi({
      'GET /api/ads/Blog': {
        status: 200,
        body: adsBody({
          ads2: [adFixture({ url: 'http://localhost:1/blog', sitePath: '/blog' })],
          ads3: [adFixture({ _id: '00000000-0000-4000-8000-0000000000a2', title: 'Sponsor' })],
        }),
      },
    })
    renderSlots(client, { page: 'Blog', slot: 'ads2' }, { page: 'Blog', slot: 'ads3' })
    await flush()
    const house = screen.getByRole('link', { name: /Read the Bashboard blog/ })
    expect(house).toHaveAttribute('href', '/blog')
    expect(house).not.toHaveAttribute('target')
    expect(house).not.toHaveAttribute('rel')
    // The advertiser's ad beside it still opens apart from the site.
    const sponsor = screen.getByRole('link', { name: /Sponsor/ })
    expect(sponsor).toHaveAttribute('target', '_blank')
    expect(sponsor.getAttribute('rel')).toContain('noopener')
  })

  it('ignores a failed click report', async () => {
    mockApi({
      'GET /api/ads/Blog': { status: 200, body: adsBody({ ads2: [adFixture()] }) },
      'POST /api/ads/track-click': 'network',
    })
    renderSlots(client, { page: 'Blog', slot: 'ads2' })
    await flush()
    const link = screen.getByRole('link', { name: /Read the Bashboard blog/ })
    link.addEventListener('click', (event) => event.preventDefault())
    fireEvent.click(link)
    await flush()
    expect(screen.getByRole('link', { name: /Read the Bashboard blog/ })).toBeInTheDocument()
  })

  it('renders "#" and invalid URLs as images without a link', async () => {
    mockApi({
      'GET /api/ads/Blog': {
        status: 200,
        body: adsBody({
          ads2: [
            adFixture({ _id: '00000000-0000-4000-8000-0000000000b1', url: '#', title: 'Hash ad' }),
            adFixture({
              _id: '00000000-0000-4000-8000-0000000000b2',
              url: 'not a url',
              title: 'Broken link ad',
            }),
          ],
        }),
      },
    })
    renderSlots(client, { page: 'Blog', slot: 'ads2' })
    await flush()
    expect(screen.getByRole('img', { name: 'Hash ad' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Broken link ad' })).toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })

  it('replaces an image that fails to load with the fallback text', async () => {
    mockApi({ 'GET /api/ads/Blog': { status: 200, body: adsBody({ ads2: [adFixture()] }) } })
    renderSlots(client, { page: 'Blog', slot: 'ads2' })
    await flush()
    fireEvent.error(screen.getByRole('img', { name: 'Read the Bashboard blog' }))
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
    expect(screen.getByText(AD_FALLBACK_TEXT)).toBeInTheDocument()
  })
})
