import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, type RecordedRequest } from '../../../test/mock-api'
import { browseFixture, categoryFixture, postFixture } from '../../../test/post-fixtures'
import { renderApp } from '../../../test/render-app'

/*
 * What the browse page says about the list it shows (issue 48): the count of matches, the correction
 * the server made and a link to the exact words, why the sort and categories are greyed while
 * searching, and category addresses by slug.
 */

const networking = categoryFixture({ _id: '00000000-0000-4000-8000-0000000000a7', name: 'Networking' })

function browseRequests(requests: RecordedRequest[]) {
  return requests.filter((request) => request.path === '/api/website/browse')
}

/** Corrects `gerp` to `grep` unless the request asks for the exact words; 23 matches either way. */
function mockBrowse() {
  return mockApi({
    'GET /api/website/browse': (request) => {
      const search = request.query.get('search')
      const exact = request.query.get('exact') === 'true'
      return {
        status: 200,
        body: browseFixture({
          posts: [postFixture({ title: search ? `Found ${search}` : 'Plain list' })],
          categories: [networking],
          pagination: { page: 1, pageSize: 10, totalPosts: 23, totalPages: 3 },
          search,
          ...(search === 'gerp' && !exact ? { correctedSearch: 'grep' } : {}),
        }),
      }
    },
  })
}

describe('the browse answer', () => {
  it('says how many commands match a search', async () => {
    mockBrowse()
    renderApp('/browse?search=find%20large')
    expect(await screen.findByText(/23 commands found/)).toHaveTextContent('23 commands found for find large')
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument()
  })

  it('says "1,000+" when the count reached the cap', async () => {
    mockApi({
      'GET /api/website/browse': () => ({
        status: 200,
        body: browseFixture({
          search: 'file',
          pagination: { page: 1, pageSize: 10, totalPosts: 1000, totalPages: 100 },
        }),
      }),
    })
    renderApp('/browse?search=file')
    expect(await screen.findByText(/commands found/)).toHaveTextContent('1,000+ commands found for file')
  })

  it('counts the commands of a category and of filters', async () => {
    mockBrowse()
    const { router } = renderApp('/browse?category=networking')
    expect(await screen.findByText('23 commands in Networking')).toBeInTheDocument()
    await router.navigate({ to: '/browse', search: { tags: 'git' } })
    expect(await screen.findByText('23 commands found with these filters')).toBeInTheDocument()
  })

  it('says which word it corrected and links to a search for the words as typed', async () => {
    const requests = mockBrowse()
    const { router } = renderApp('/browse?search=gerp')
    expect(await screen.findByText(/Showing results for/)).toHaveTextContent('Showing results for grep')
    const exact = screen.getByRole('link', { name: 'Search for gerp instead' })
    await userEvent.click(exact)
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'gerp', exact: true }))
    await waitFor(() => expect(browseRequests(requests).at(-1)?.query.get('exact')).toBe('true'))
    await waitFor(() => expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument())
    // New words are corrected again.
    const box = screen.getByRole('searchbox', { name: 'Search commands' })
    await userEvent.clear(box)
    await userEvent.type(box, 'tar{Enter}')
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'tar' }))
    expect(browseRequests(requests).at(-1)?.query.has('exact')).toBe(false)
  })

  it('says why the sort and the categories are greyed while searching', async () => {
    mockBrowse()
    renderApp('/browse?search=tar')
    const sort = await screen.findByRole('combobox', { name: 'Sort by' })
    expect(sort).toBeDisabled()
    expect(sort).toHaveAccessibleDescription('Sorting and categories apply when you are not searching')
    const sidebar = screen.getByRole('complementary', { name: 'Browse filters' })
    expect(
      within(sidebar).getByText('Sorting and categories apply when you are not searching'),
    ).toBeInTheDocument()
  })

  it('says nothing of the kind outside search mode', async () => {
    mockBrowse()
    renderApp('/browse')
    await screen.findByRole('article', { name: 'Plain list' })
    expect(
      screen.queryByText('Sorting and categories apply when you are not searching'),
    ).not.toBeInTheDocument()
  })

  it('links categories by slug and replaces an old id link with the slug', async () => {
    const requests = mockBrowse()
    const { router } = renderApp('/browse?sort=views')
    await screen.findByRole('article', { name: 'Plain list' })
    const popular = screen.getByRole('link', { name: /Networking/ })
    expect(popular).toHaveAttribute('href', '/browse?category=networking')

    const historyLength = router.history.length
    await router.navigate({ to: '/browse', search: { category: networking._id } })
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'networking' }))
    // Replaced, not pushed: Back does not return to the id form.
    expect(router.history.length).toBe(historyLength + 1)
    expect(browseRequests(requests).some((request) => request.query.get('category') === 'networking')).toBe(
      true,
    )
  })
})
