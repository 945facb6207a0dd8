import type { ModAd } from '@bashboard/server/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { expectFieldError, expectNoFieldError, toasts } from '../../../test/form-assertions'
import { errorBody, type MockAnswer, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const moderator = profileFixture({ role: 'moderator', contributor: true, username: 'grace_mod' })
const AD_ID = '00000000-0000-4000-8000-0000000000d1'

function modAd(overrides: Partial<ModAd> = {}): ModAd {
  return {
    _id: AD_ID,
    title: 'Read the blog',
    page: 'Blog',
    slot: 'ads2',
    size: 'box',
    url: 'https://bashboard.dev/blog',
    adImage: '/house-ads/blog-box.png',
    imageName: '/house-ads/blog-box.png',
    active: true,
    startsAt: null,
    endsAt: null,
    showing: true,
    clickCount: 7,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  }
}

function signIn(routes: Record<string, MockAnswer>) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: moderator },
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    ...routes,
  })
}

describe('AdsAdminPage', () => {
  it('lists ads with their clicks and state, and pauses one', async () => {
    const requests = signIn({
      'GET /api/mod/ads': { status: 200, body: { ads: [modAd()] } },
      [`PUT /api/mod/ads/${AD_ID}`]: { status: 200, body: { ad: modAd({ active: false, showing: false }) } },
    })
    renderApp('/mod/ads')
    const list = await screen.findByRole('list', { name: 'Ads' })
    const row = within(list).getByRole('listitem')
    expect(within(row).getByText('Showing')).toBeInTheDocument()
    expect(within(row).getByTestId('ad-clicks')).toHaveTextContent('7 clicks')
    await userEvent.click(within(row).getByRole('button', { name: 'Pause Read the blog' }))
    expect(await screen.findByText('Ad paused')).toBeInTheDocument()
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ active: false })
  })

  it('refuses a schedule that ends before it starts, then creates the ad', async () => {
    const requests = signIn({
      'GET /api/mod/ads': { status: 200, body: { ads: [] } },
      'POST /api/mod/ads': { status: 201, body: { ad: modAd() } },
    })
    renderApp('/mod/ads')
    await userEvent.click(await screen.findByRole('button', { name: 'New ad' }))
    // fireEvent.input keeps this long form fast on a busy machine; typing is covered elsewhere. (input, not
    // change: that is the event a typing user sends, and the one React's onChange listens to.)
    fireEvent.input(screen.getByRole('textbox', { name: 'Title (alt text)' }), {
      target: { value: 'Write for us' },
    })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Page' }), 'Leaderboard')
    await userEvent.type(screen.getByRole('textbox', { name: 'Link URL' }), 'bashboard.dev/contribute')
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Image (728×90 banner) URL' }),
      'https://cdn.example.com/a.png',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Use URL' }))
    expect(screen.getByRole('img', { name: 'Selected preview' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/a.png',
    )

    const start = screen.getByLabelText('Starts (optional)')
    const end = screen.getByLabelText('Ends (optional)')
    fireEvent.input(start, { target: { value: '2026-12-10T10:00' } })
    fireEvent.input(end, { target: { value: '2026-12-01T10:00' } })
    await userEvent.click(screen.getByRole('button', { name: 'Create ad' }))
    expectFieldError(end, 'The end of the schedule must be after its start.')
    expect(requests.some((request) => request.method === 'POST')).toBe(false)

    // Moving the start mends the schedule too.
    fireEvent.input(start, { target: { value: '2026-11-30T10:00' } })
    expectNoFieldError(end, 'The end of the schedule must be after its start.')
    fireEvent.input(start, { target: { value: '2026-12-10T10:00' } })
    fireEvent.input(end, { target: { value: '' } })
    await userEvent.click(screen.getByRole('button', { name: 'Create ad' }))
    expect(await screen.findByText('Ad created')).toBeInTheDocument()
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      title: 'Write for us',
      page: 'Leaderboard',
      slot: 'ads1',
      size: 'banner',
      url: 'bashboard.dev/contribute',
      image: 'https://cdn.example.com/a.png',
      active: true,
      startsAt: new Date('2026-12-10T10:00').toISOString(),
      endsAt: null,
    })
    // A long form on a shared, busy machine: give it more than the default 5 s.
  })

  it("shows the server's refusal under the field it names, not in a toast, until that field changes", async () => {
    const refused = "The ad's link must be '#', a path on this site or an http(s) URL."
    signIn({
      'GET /api/mod/ads': { status: 200, body: { ads: [modAd()] } },
      [`PUT /api/mod/ads/${AD_ID}`]: { status: 422, body: errorBody(422, refused) },
    })
    renderApp('/mod/ads')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Read the blog' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save ad' }))
    const url = screen.getByRole('textbox', { name: 'Link URL' })
    await waitFor(() => expectFieldError(url, refused))
    expect(screen.queryByText('Save Failed')).not.toBeInTheDocument()
    // Another field's edit leaves it; editing the link clears it.
    fireEvent.input(screen.getByRole('textbox', { name: 'Title (alt text)' }), { target: { value: 'Blog' } })
    expectFieldError(url, refused)
    await userEvent.type(url, '/x')
    expectNoFieldError(url, refused)
  })

  it('shows a refusal naming no field above the buttons, not in a toast', async () => {
    signIn({
      'GET /api/mod/ads': { status: 200, body: { ads: [modAd()] } },
      [`PUT /api/mod/ads/${AD_ID}`]: { status: 404, body: errorBody(404, 'Ad not found') },
    })
    renderApp('/mod/ads')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Read the blog' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save ad' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Ad not found')
    expect(toasts()).toEqual([])
  })

  it.each<[string, MockAnswer, string]>([
    [
      'a 5xx',
      { status: 503, body: errorBody(503, 'The database is unavailable') },
      'The database is unavailable',
    ],
    ['no response', 'network', 'Network error. Please check your connection.'],
  ])("toasts 'Save Failed' for %s, which says nothing about the fields", async (_case, answer, message) => {
    signIn({
      'GET /api/mod/ads': { status: 200, body: { ads: [modAd()] } },
      [`PUT /api/mod/ads/${AD_ID}`]: answer,
    })
    renderApp('/mod/ads')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Read the blog' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save ad' }))
    const toast = (await screen.findByText('Save Failed')).closest('li') as HTMLElement
    expect(within(toast).getByText(message)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Link URL' })).not.toHaveAttribute('aria-invalid')
  })
})
