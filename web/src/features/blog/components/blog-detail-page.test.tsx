import type { Blog } from '@bashboard/server/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { errorBody, mockApi } from '../../../test/mock-api'
import { renderApp } from '../../../test/render-app'

const blog: Blog = {
  _id: '00000000-0000-4000-8000-0000000000c1',
  slug: 'mastering-grep',
  title: 'Mastering grep',
  author: 'bashboard',
  image: '/uploads/blogs/grep.png',
  metadescription: 'Search text like a pro with grep.',
  content: '<h2>Basics</h2><p>Use <code>grep -R</code> to search a tree.</p><script>alert(1)</script>',
  createdAt: '2026-11-02T10:00:00.000Z',
  viewCount: 41,
  readingTime: 6,
}

describe('BlogDetailPage', () => {
  it('shows the article with its info, sanitised content, and sets the title and description', async () => {
    mockApi({ 'GET /api/blogs/mastering-grep': { status: 200, body: { blog } } })
    renderApp('/blog/mastering-grep')
    expect(await screen.findByRole('heading', { level: 1, name: 'Mastering grep' })).toBeInTheDocument()
    const info = screen.getByRole('complementary', { name: 'Article info' })
    expect(within(info).getByText('bashboard')).toBeInTheDocument()
    expect(within(info).getByText('41 views')).toBeInTheDocument()
    expect(within(info).getByText('6 min read')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Basics' })).toBeInTheDocument()
    expect(document.querySelector('article script')).toBeNull()
    await waitFor(() => expect(document.title).toBe('Mastering grep | Bashboard'))
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Search text like a pro with grep.',
    )
  })

  it('gives each code block a labelled Copy button that the keyboard can press', async () => {
    const withCode: Blog = {
      ...blog,
      content:
        '<p>First:</p><pre><code>grep -Rn --include=*.ts "console.log" src/</code></pre>' +
        '<p>Then:</p><pre><code>find . -name "*.log" -mtime +7 \\\n  -delete</code></pre>',
    }
    mockApi({ 'GET /api/blogs/mastering-grep': { status: 200, body: { blog: withCode } } })
    renderApp('/blog/mastering-grep')
    await screen.findByRole('heading', { level: 1, name: 'Mastering grep' })
    const user = userEvent.setup()
    const writeText = vi.fn(async (_text: string) => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const buttons = await screen.findAllByRole('button', { name: 'Copy code' })
    expect(buttons).toHaveLength(2)
    // Each button sits with its block, and the blocks wrap rather than scroll sideways.
    const blocks = [...document.querySelectorAll('article pre')]
    expect(blocks[1]?.parentElement?.contains(buttons[1] as HTMLElement)).toBe(true)
    const content = blocks[0]?.parentElement?.parentElement as HTMLElement
    expect(content.className).toContain('[&_pre]:whitespace-pre-wrap')

    ;(buttons[1] as HTMLElement).focus()
    await user.keyboard('{Enter}')
    expect(writeText).toHaveBeenLastCalledWith('find . -name "*.log" -mtime +7 \\\n  -delete')
    expect(await screen.findByText('Code copied to clipboard.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copied' })).toBe(buttons[1])
    ;(buttons[0] as HTMLElement).focus()
    await user.keyboard(' ')
    expect(writeText).toHaveBeenLastCalledWith('grep -Rn --include=*.ts "console.log" src/')
  })

  it('falls back to a placeholder when the hero image fails', async () => {
    mockApi({ 'GET /api/blogs/mastering-grep': { status: 200, body: { blog } } })
    renderApp('/blog/mastering-grep')
    await screen.findByRole('heading', { level: 1, name: 'Mastering grep' })
    const image = document.querySelector('article img') as HTMLImageElement
    expect(image.getAttribute('src')).toBe('/uploads/blogs/grep.png')
    fireEvent.error(image)
    expect(document.querySelector('article img')).toBeNull()
    expect(screen.getByTestId('blog-image-placeholder')).toBeInTheDocument()
  })

  it("copies the link and says 'Link copied!' when the device cannot share", async () => {
    mockApi({ 'GET /api/blogs/mastering-grep': { status: 200, body: { blog } } })
    renderApp('/blog/mastering-grep')
    await screen.findByRole('heading', { level: 1, name: 'Mastering grep' })
    const user = userEvent.setup()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Share this article' }))
    expect(await screen.findByText('Link copied!')).toBeInTheDocument()
    // jsdom's location stays put under the memory history; the browser journey checks the real URL.
    expect(writeText).toHaveBeenCalledWith(window.location.href)
  })

  it('uses the device share sheet when there is one', async () => {
    mockApi({ 'GET /api/blogs/mastering-grep': { status: 200, body: { blog } } })
    const share = vi.fn(async () => {})
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    try {
      renderApp('/blog/mastering-grep')
      await screen.findByRole('heading', { level: 1, name: 'Mastering grep' })
      await userEvent.click(screen.getByRole('button', { name: 'Share this article' }))
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Mastering grep' }))
      expect(screen.queryByText('Link copied!')).not.toBeInTheDocument()
    } finally {
      Reflect.deleteProperty(navigator, 'share')
    }
  })

  it("shows 'Blog post not found' for an unknown slug", async () => {
    mockApi({ 'GET /api/blogs/nope': { status: 404, body: errorBody(404, 'Blog post not found') } })
    renderApp('/blog/nope')
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog post not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog')
  })

  it('toasts and returns to /blog when the article fails to load', async () => {
    mockApi({
      'GET /api/blogs/mastering-grep': { status: 500 },
      'GET /api/blogs': { status: 200, body: { blogs: [], totalBlogs: 0, currentPage: 1, totalPages: 0 } },
    })
    const { router } = renderApp('/blog/mastering-grep')
    expect(await screen.findByText('Failed to load blog post. Please try again.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'))
  })
})
