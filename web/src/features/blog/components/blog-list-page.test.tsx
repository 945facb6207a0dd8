import type { BlogListResponse, BlogSummary } from '@bashboard/server/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, type RecordedRequest } from '../../../test/mock-api'
import { renderApp } from '../../../test/render-app'
import { blogExcerpt } from '../format'

function blogFixture(index: number, overrides: Partial<BlogSummary> = {}): BlogSummary {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    slug: `article-${index}`,
    title: `Article number ${index}`,
    author: 'bashboard',
    image: null,
    metadescription: `What article ${index} is about. `.repeat(10),
    createdAt: '2026-11-01T10:00:00.000Z',
    viewCount: index * 10,
    readingTime: 4,
    ...overrides,
  }
}

/** Eight articles, six a page, like the seeded blog. */
function listBody(page: number, total = 8): BlogListResponse {
  const all = Array.from({ length: total }, (_, index) => blogFixture(index + 1))
  return {
    blogs: all.slice((page - 1) * 6, page * 6),
    totalBlogs: total,
    currentPage: page,
    totalPages: Math.ceil(total / 6),
  }
}

function listRequests(requests: RecordedRequest[]) {
  return requests.filter((request) => request.path === '/api/blogs')
}

describe('BlogListPage', () => {
  it('shows cards, stats and Recent Posts, and pages with Next, keeping the page in ?page', async () => {
    const requests = mockApi({
      'GET /api/blogs': (request) => ({ status: 200, body: listBody(Number(request.query.get('page'))) }),
    })
    const { router } = renderApp('/blog')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bashboard Blog' })).toBeInTheDocument()
    const grid = await screen.findByRole('list', { name: 'Articles' })
    expect(within(grid).getAllByRole('listitem')).toHaveLength(6)
    expect(screen.getByText('Page 1 of 2 (8 total articles)')).toBeInTheDocument()
    const stats = screen.getByTestId('blog-stats')
    expect(within(stats).getByText('8')).toBeInTheDocument()
    expect(listRequests(requests)[0]?.query.get('limit')).toBe('6')

    const recent = screen.getByText('Recent Posts').closest('div') as HTMLElement
    expect(within(recent).getAllByRole('link')).toHaveLength(3)

    // The card excerpt is the first 150 characters of the meta description.
    const card = within(grid).getAllByRole('listitem')[0] as HTMLElement
    expect(within(card).getByText(blogExcerpt(blogFixture(1).metadescription))).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: /Read More/ })).toHaveAttribute('href', '/blog/article-1')

    await userEvent.click(screen.getByRole('button', { name: /Next/ }))
    expect(await screen.findByText('Page 2 of 2 (8 total articles)')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ page: 2 })
    expect(listRequests(requests).at(-1)?.query.get('page')).toBe('2')
    expect(within(screen.getByRole('list', { name: 'Articles' })).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')

    await userEvent.click(screen.getByRole('button', { name: /Previous/ }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(await screen.findByText('Page 1 of 2 (8 total articles)')).toBeInTheDocument()
  })

  it('opens the page from ?page', async () => {
    const requests = mockApi({
      'GET /api/blogs': (request) => ({ status: 200, body: listBody(Number(request.query.get('page')), 20) }),
    })
    renderApp('/blog?page=3')
    expect(await screen.findByText('Page 3 of 4 (20 total articles)')).toBeInTheDocument()
    expect(listRequests(requests).some((request) => request.query.get('page') === '3')).toBe(true)
  })

  it('says No blog posts found when there is no article', async () => {
    mockApi({
      'GET /api/blogs': { status: 200, body: { blogs: [], totalBlogs: 0, currentPage: 1, totalPages: 0 } },
    })
    renderApp('/blog')
    expect(await screen.findByText('No blog posts found')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).not.toBeInTheDocument()
  })

  it('toasts and offers a retry when the list fails to load', async () => {
    mockApi({ 'GET /api/blogs': { status: 500 } })
    renderApp('/blog')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Failed to load blogs. Please try again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})

describe('blogExcerpt', () => {
  it('cuts at 150 characters and keeps short text whole', () => {
    expect(blogExcerpt('short')).toBe('short')
    const long = 'x'.repeat(200)
    expect(blogExcerpt(long)).toBe(`${'x'.repeat(150)}...`)
    expect(blogExcerpt('y'.repeat(150))).toBe('y'.repeat(150))
  })
})
