import type { AdPage, AdsResponse } from '@bashboard/server/contract'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AD_FALLBACK_TEXT, AdSlot } from './ad-slot'
import { type AdSource, AdSourceProvider, type PageAds } from './ad-source'

const ad = {
  _id: '00000000-0000-4000-8000-0000000000a1',
  url: 'https://example.com/landing',
  adImage: '/house-ads/blog-banner.png',
  size: 'banner',
  title: 'Read the Bashboard blog',
} as const

/** A source that answers every page with `state`, recording the pages asked for and the clicks. */
function fakeSource(state: PageAds) {
  const pages: AdPage[] = []
  const trackClick = vi.fn()
  const source: AdSource = {
    usePageAds: (page) => {
      pages.push(page)
      return state
    },
    maxRetries: 3,
    trackClick,
  }
  return { source, pages, trackClick }
}

function adsBody(overrides: Partial<AdsResponse> = {}): AdsResponse {
  return { ads1: [], ads2: [], ads3: [], ads4: [], ...overrides }
}

describe('AdSlot (drawn from the source it is given)', () => {
  it('counts the source’s retries against its own maximum while loading', () => {
    const { source, pages } = fakeSource({ pending: true, failureCount: 2, ads: undefined })
    render(
      <AdSourceProvider value={source}>
        <AdSlot page="Blog" slot="ads1" />
        <AdSlot page="Blog" slot="ads2" variant="box" />
      </AdSourceProvider>,
    )
    expect(screen.getByText('Loading advertisement... (retry 2/3)')).toBeInTheDocument()
    expect(screen.getByText('Retrying... (2/3)')).toBeInTheDocument()
    expect(pages).toEqual(['Blog', 'Blog'])
  })

  it('shows the ads of its own slot group and reports a click to the source', () => {
    const { source, trackClick } = fakeSource({
      pending: false,
      failureCount: 0,
      ads: adsBody({ ads2: [ad] }),
    })
    render(
      <AdSourceProvider value={source}>
        <AdSlot page="Blog" slot="ads2" />
        <AdSlot page="Blog" slot="ads3" />
      </AdSourceProvider>,
    )
    const link = screen.getByRole('link', { name: /Read the Bashboard blog/ })
    link.addEventListener('click', (event) => event.preventDefault())
    fireEvent.click(link)
    expect(trackClick).toHaveBeenCalledWith(ad._id, 'Blog')
    expect(screen.getByText(AD_FALLBACK_TEXT)).toBeInTheDocument()
  })

  it("shows a contributor the slot's next house ad instead of one asking them to apply", () => {
    const house = (title: string, url: string) => ({ ...ad, _id: `id-${url}`, title, url, sitePath: url })
    const ads = adsBody({
      ads1: [house('Become a contributor', '/contribute'), house('Read the blog', '/blog')],
    })
    for (const [readerRole, shown] of [
      [null, 'Become a contributor'],
      ['member', 'Become a contributor'],
      ['contributor', 'Read the blog'],
    ] as const) {
      const { source } = fakeSource({ pending: false, failureCount: 0, ads, readerRole })
      const { unmount } = render(
        <AdSourceProvider value={source}>
          <AdSlot page="Homepage" slot="ads1" />
        </AdSourceProvider>,
      )
      expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([shown])
      unmount()
    }
  })

  it('shows the fallback without a source, as for a page without ads', () => {
    render(<AdSlot page="Homepage" slot="ads1" />)
    expect(screen.getByText(AD_FALLBACK_TEXT)).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
