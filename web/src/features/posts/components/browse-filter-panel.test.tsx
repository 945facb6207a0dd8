import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, type RecordedRequest } from '../../../test/mock-api'
import { browseFixture, postFixture } from '../../../test/post-fixtures'
import { renderApp } from '../../../test/render-app'

function lastBrowse(requests: RecordedRequest[]): URLSearchParams | undefined {
  return requests.filter((request) => request.path === '/api/website/browse').at(-1)?.query
}

const TAGS = {
  status: 200,
  body: {
    tags: [
      { tag: 'docker', postCount: 12 },
      { tag: 'tar', postCount: 5 },
    ],
  },
}

describe('browse filters', () => {
  it('reads the filters from the URL, sends them to the API and shows them as removable chips', async () => {
    const requests = mockApi({
      'GET /api/website/browse': { status: 200, body: browseFixture() },
      'GET /api/website/tags': TAGS,
    })
    const { router } = renderApp('/browse?tags=docker,tar&hasPlaceholders=true&minScore=2&from=2026-01-01')
    const chips = await screen.findByRole('list', { name: 'Active filters' })
    expect(
      within(chips)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['#docker', '#tar', 'From 2026-01-01', 'Has placeholders', 'Score ≥ 2', 'Clear all'])
    const query = lastBrowse(requests)
    expect(query?.get('tags')).toBe('docker,tar')
    expect(query?.get('hasPlaceholders')).toBe('true')
    expect(query?.get('minScore')).toBe('2')
    expect(query?.get('from')).toBe('2026-01-01')

    // Removing a chip is a new history entry: Back brings the filter back.
    const before = router.history.length
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter #docker' }))
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        tags: 'tar',
        hasPlaceholders: true,
        minScore: 2,
        from: '2026-01-01',
      }),
    )
    expect(router.history.length).toBe(before + 1)
    await waitFor(() => expect(lastBrowse(requests)?.get('tags')).toBe('tar'))
    act(() => router.history.back())
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tags: 'docker,tar' }))

    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument()
  })

  it('applies tags, dates, flags and a score from the panel into the URL', async () => {
    const requests = mockApi({
      'GET /api/website/browse': { status: 200, body: browseFixture() },
      'GET /api/website/tags': TAGS,
    })
    const { router } = renderApp('/browse?sort=upvotes')
    await screen.findByRole('heading', { level: 1, name: 'Browse Commands' })
    const toggle = screen.getByRole('button', { name: /Advanced Filters/ })
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const panel = screen.getByRole('form', { name: 'Advanced filters' })

    await userEvent.click(await within(panel).findByRole('button', { name: 'Add tag docker (12 posts)' }))
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Add a tag' }), '#Rsync{Enter}')
    expect(
      within(within(panel).getByRole('list', { name: 'Chosen tags' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['#docker', '#rsync'])
    fireEvent.input(within(panel).getByLabelText('From'), { target: { value: '2026-02-01' } })
    fireEvent.input(within(panel).getByLabelText('To'), { target: { value: '2026-02-28' } })
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Has placeholders to fill in' }))
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Has a safety warning' }))
    await userEvent.type(within(panel).getByRole('spinbutton', { name: 'Minimum score' }), '3')
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply filters' }))

    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        sort: 'upvotes',
        tags: 'docker,rsync',
        from: '2026-02-01',
        to: '2026-02-28',
        hasPlaceholders: true,
        hasWarning: true,
        minScore: 3,
      }),
    )
    await waitFor(() => expect(lastBrowse(requests)?.get('tags')).toBe('docker,rsync'))
    const query = lastBrowse(requests)
    expect(query?.get('sort')).toBe('upvotes')
    expect(query?.get('page')).toBe('1')
    expect(query?.get('hasWarning')).toBe('true')
    expect(query?.get('to')).toBe('2026-02-28')
    // The panel closes on Apply.
    expect(screen.queryByRole('form', { name: 'Advanced filters' })).not.toBeInTheDocument()
  })

  it('refuses a date range that ends before it starts', async () => {
    mockApi({
      'GET /api/website/browse': { status: 200, body: browseFixture() },
      'GET /api/website/tags': TAGS,
    })
    renderApp('/browse')
    await userEvent.click(await screen.findByRole('button', { name: /Advanced Filters/ }))
    const panel = screen.getByRole('form', { name: 'Advanced filters' })
    fireEvent.input(within(panel).getByLabelText('From'), { target: { value: '2026-03-10' } })
    fireEvent.input(within(panel).getByLabelText('To'), { target: { value: '2026-03-01' } })
    expect(within(panel).getByText('The end date is before the start date.')).toBeInTheDocument()
    expect(within(panel).getByLabelText('To')).toHaveAttribute('aria-invalid', 'true')
    expect(within(panel).getByRole('button', { name: 'Apply filters' })).toBeDisabled()
  })

  it('opens the phone sheet from the Filters button at the top, with the category, and Escape closes it', async () => {
    mockApi({
      'GET /api/website/browse': { status: 200, body: browseFixture() },
      'GET /api/website/tags': TAGS,
    })
    const { router } = renderApp('/browse')
    await screen.findByRole('heading', { level: 1, name: 'Browse Commands' })
    const opener = screen.getByRole('button', { name: 'Filters' })
    await userEvent.click(opener)
    let sheet = screen.getByRole('dialog', { name: 'Filters' })
    // Focus moves into the sheet.
    expect(sheet).toContainElement(document.activeElement as HTMLElement)
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()

    await userEvent.click(opener)
    sheet = screen.getByRole('dialog', { name: 'Filters' })
    await userEvent.selectOptions(within(sheet).getByRole('combobox', { name: 'Category' }), 'Files (7)')
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'Has a safety warning' }))
    await userEvent.click(within(sheet).getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'files', hasWarning: true }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('says no commands match these filters, with a Clear that removes them', async () => {
    mockApi({
      'GET /api/website/browse': (request) => ({
        status: 200,
        body: browseFixture({
          posts: request.query.has('minScore') ? [] : [postFixture({ title: 'Back again' })],
        }),
      }),
      'GET /api/website/tags': TAGS,
    })
    const { router } = renderApp('/browse?minScore=50')
    expect(await screen.findByText('No commands match these filters')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument()
  })

  it('puts malformed or unknown filters in a link right instead of failing', async () => {
    const requests = mockApi({
      'GET /api/website/browse': { status: 200, body: browseFixture() },
      'GET /api/website/tags': TAGS,
    })
    const { router } = renderApp(
      '/browse?tags=Docker,,docker&minScore=abc&from=2026-13&hasWarning=maybe&utm=x',
    )
    await waitFor(() => expect(router.state.location.search).toEqual({ tags: 'docker' }))
    await waitFor(() => expect(lastBrowse(requests)?.toString()).toBe('page=1&sort=latest&tags=docker'))
  })
})
