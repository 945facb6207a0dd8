import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, type RecordedRequest } from '../../../test/mock-api'
import { browseFixture, postFixture } from '../../../test/post-fixtures'
import { renderApp } from '../../../test/render-app'

function browseRequests(requests: RecordedRequest[]) {
  return requests.filter((request) => request.path === '/api/website/browse')
}

function searchesSent(requests: RecordedRequest[]) {
  return browseRequests(requests).flatMap((request) => request.query.get('search') ?? [])
}

/** Answers plain lists, and for a search a list titled after the term. */
function mockBrowse() {
  return mockApi({
    'GET /api/website/browse': (request) => {
      const search = request.query.get('search')
      return {
        status: 200,
        body: browseFixture({
          posts: [postFixture({ title: search ? `Found ${search}` : 'Plain list' })],
          search,
        }),
      }
    },
  })
}

/** Holds the browse requests with a search until `release()`; the rest pass straight to the mock. */
function holdSearches() {
  const mocked = globalThis.fetch
  const held: Array<() => void> = []
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (!new URL(String(input), 'http://localhost').searchParams.has('search')) return mocked(input, init)
    return new Promise<Response>((resolve) => held.push(() => resolve(mocked(input, init))))
  })
  return {
    release: () => {
      for (const go of held.splice(0)) go()
    },
    count: () => held.length,
  }
}

describe('BrowsePage', () => {
  it('enters search mode on submit (page 1, sort ignored) and leaves it with Clear', async () => {
    const requests = mockApi({
      'GET /api/website/browse': (request) => ({
        status: 200,
        body: browseFixture({
          posts: [postFixture({ title: request.query.get('search') ? 'Tar it up' : 'Plain list' })],
          search: request.query.get('search'),
        }),
      }),
    })
    const { router } = renderApp('/browse?page=3&sort=views')
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Commands' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument()

    const box = screen.getByRole('searchbox', { name: 'Search commands' })
    expect(box).toHaveAttribute('placeholder', expect.stringMatching(/commands, descriptions or tags/))
    await userEvent.type(box, '  tar  ')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Search Results' })).toBeInTheDocument()
    await screen.findByRole('article', { name: 'Tar it up' })
    const last = browseRequests(requests).at(-1)
    expect(last?.query.get('search')).toBe('tar')
    expect(last?.query.get('page')).toBe('1')
    expect(last?.query.has('sort')).toBe(false)
    expect(router.state.location.search).toEqual({ search: 'tar', sort: 'views' })
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeDisabled()

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Commands' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'views' }))
    expect(screen.getByRole('searchbox', { name: 'Search commands' })).toHaveValue('')
  })

  it('shows results as the query is typed, without Search, and replaces the history entry', async () => {
    const requests = mockBrowse()
    const { router } = renderApp('/browse?page=2&sort=views')
    await screen.findByRole('article', { name: 'Plain list' })
    const before = router.history.length

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search commands' }), 'tarball')

    expect(await screen.findByRole('article', { name: 'Found tarball' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Search Results' })).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ search: 'tarball', sort: 'views' })
    expect(router.history.length).toBe(before)
    // The search waits for a pause in the typing rather than going out for every key.
    expect(searchesSent(requests).at(-1)).toBe('tarball')
    expect(searchesSent(requests).length).toBeLessThan('tarball'.length)
    expect(browseRequests(requests).at(-1)?.query.get('page')).toBe('1')
  })

  it('keeps the list on screen, marked busy, while the next results load', async () => {
    mockBrowse()
    const { router } = renderApp('/browse')
    const list = await screen.findByRole('list', { name: 'Commands' })
    const held = holdSearches()
    const box = screen.getByRole('searchbox', { name: 'Search commands' })

    await userEvent.type(box, 'tar')
    await waitFor(() => expect(held.count()).toBe(1))
    expect(router.state.location.search).toEqual({ search: 'tar' })
    expect(list).toHaveAttribute('aria-busy', 'true')
    expect(within(list).getByRole('article', { name: 'Plain list' })).toBeInTheDocument()
    expect(screen.queryByText('Loading commands...')).not.toBeInTheDocument()
    expect(box).toHaveValue('tar')
    // Past the router's pendingMs (1 s), the page still stands: no pending screen replaces it.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(within(list).getByRole('article', { name: 'Plain list' })).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument()

    held.release()
    expect(await screen.findByRole('article', { name: 'Found tar' })).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Commands' })).not.toHaveAttribute('aria-busy'),
    )
  })

  it('leaves search mode when the box is emptied or left blank', async () => {
    mockBrowse()
    const { router } = renderApp('/browse?search=tar&sort=views')
    await screen.findByRole('article', { name: 'Found tar' })
    const box = screen.getByRole('searchbox', { name: 'Search commands' })

    await userEvent.clear(box)
    await userEvent.type(box, '   ')

    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Commands' })).toBeInTheDocument()
    expect(await screen.findByRole('article', { name: 'Plain list' })).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ sort: 'views' })
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument()
    expect(box).toHaveValue('   ')
  })

  it('submits the term shown again from page 1, while typing the same term keeps the page', async () => {
    const requests = mockBrowse()
    const { router } = renderApp('/browse?search=tar&page=3')
    await screen.findByRole('article', { name: 'Found tar' })
    const box = screen.getByRole('searchbox', { name: 'Search commands' })

    // A trailing space is the same search: no new request, still page 3.
    await userEvent.type(box, ' ')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(router.state.location.search).toEqual({ search: 'tar', page: 3 })
    expect(browseRequests(requests)).toHaveLength(1)

    await userEvent.type(box, '{Enter}')
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'tar' }))
    expect(browseRequests(requests).at(-1)?.query.get('page')).toBe('1')
  })

  it('replaces the history entry instead of pushing one when the query changes', async () => {
    mockApi({ 'GET /api/website/browse': { status: 200, body: browseFixture() } })
    const { router } = renderApp('/browse')
    await screen.findByRole('heading', { level: 1, name: 'Browse Commands' })
    const before = router.history.length
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Most Upvoted')
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'upvotes' }))
    expect(router.history.length).toBe(before)
  })

  it('names the trending sort "Trending", the one name it has on the site (never "Hot" or "Most Popular")', async () => {
    mockApi({ 'GET /api/website/browse': { status: 200, body: browseFixture() } })
    const { router } = renderApp('/browse')
    await screen.findByRole('heading', { level: 1, name: 'Browse Commands' })
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Latest', 'Trending', 'Most Upvoted', 'Most Views'])
    await userEvent.selectOptions(sort, 'Trending')
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'trending' }))
  })

  it('says No commands found for an empty list', async () => {
    mockApi({ 'GET /api/website/browse': { status: 200, body: browseFixture({ posts: [] }) } })
    renderApp('/browse')
    expect(await screen.findByText('No commands found')).toBeInTheDocument()
  })

  it('names the query when a search finds nothing', async () => {
    mockApi({ 'GET /api/website/browse': { status: 200, body: browseFixture({ posts: [], search: 'zzz' }) } })
    renderApp('/browse?search=zzz')
    expect(
      await screen.findByText('No commands found for "zzz". Try different keywords.'),
    ).toBeInTheDocument()
  })

  it('shows at most 5 page buttons around the current page, with the page and total counts', async () => {
    mockApi({
      'GET /api/website/browse': {
        status: 200,
        body: browseFixture({ pagination: { page: 7, pageSize: 10, totalPosts: 118, totalPages: 12 } }),
      },
    })
    renderApp('/browse?page=7')
    const nav = await screen.findByRole('navigation', { name: 'Pagination' })
    const numbers = within(nav)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((button) => button.textContent)
    expect(numbers).toEqual(['5', '6', '7', '8', '9'])
    expect(within(nav).getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('button', { name: /Previous/ })).toBeEnabled()
    expect(within(nav).getByRole('button', { name: /Next/ })).toBeEnabled()
    expect(screen.getByText(/Page 7 of 12/)).toHaveTextContent('118 commands in total')
  })

  it('shows a whole page of commands, in order, though it renders them a few at a time', async () => {
    const posts = Array.from({ length: 10 }, (_, index) => postFixture({ title: `Command ${index + 1}` }))
    mockApi({ 'GET /api/website/browse': { status: 200, body: browseFixture({ posts }) } })
    renderApp('/browse')
    const list = await screen.findByRole('list', { name: 'Commands' })
    const titles = () =>
      within(list)
        .queryAllByRole('article')
        .map((card) => card.getAttribute('aria-labelledby'))
    await waitFor(() => expect(titles()).toHaveLength(10))
    expect(titles()).toEqual(posts.map((post) => `post-${post._id}-title`))
  })

  it('focuses the search box when / is pressed outside a field', async () => {
    mockApi({ 'GET /api/website/browse': { status: 200, body: browseFixture() } })
    renderApp('/browse')
    const box = await screen.findByRole('searchbox', { name: 'Search commands' })
    await userEvent.keyboard('/')
    expect(box).toHaveFocus()
    expect(box).toHaveValue('')
  })
})

describe('BrowsePage live', () => {
  it('holds commands shared meanwhile behind a banner and shows them when it is clicked', async () => {
    const existing = postFixture({ title: 'Already here' })
    const created = postFixture({ title: 'Freshly shared' })
    let posts = [existing]
    mockApi({ 'GET /api/website/browse': () => ({ status: 200, body: browseFixture({ posts }) }) })
    const { sockets } = renderApp('/browse')
    await screen.findByRole('article', { name: 'Already here' })
    const socket = sockets.at(-1)
    if (!socket) throw new Error('the app opened no socket')
    await act(async () => socket.open())
    await waitFor(() =>
      expect(socket.sentOfType('subscribe').some((message) => message.topics.includes('posts'))).toBe(true),
    )

    act(() =>
      socket.receive({ type: 'event', topic: 'posts', event: 'post.created', id: '6', data: created }),
    )
    const banner = await screen.findByRole('button', { name: /1 new command/ })
    // The list does not move under the reader until they ask for it.
    expect(screen.queryByRole('article', { name: 'Freshly shared' })).not.toBeInTheDocument()

    posts = [created, existing]
    await userEvent.click(banner)
    expect(await screen.findByRole('article', { name: 'Freshly shared' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /new command/ })).not.toBeInTheDocument()
  })
})
