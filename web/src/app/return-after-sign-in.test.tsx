import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, profileFixture, type RecordedRequest } from '../test/mock-api'
import { detailFixture, postFixture } from '../test/post-fixtures'
import { renderApp, storeSession, validSession } from '../test/render-app'

// Every guest prompt on a post page (posts, comments and collections together, as the app composes
// them) sends the guest to /login with the way back, and what they typed is there when they return.

const post = postFixture({ title: 'Copy over ssh', command: 'scp <file> <user>@<host>:~/' })
const user = profileFixture()
const expiresAt = new Date(Date.now() + 3_600_000).toISOString()
const here = `/post/${post.slug}?from=browse#comments`

function mockPostPage(): RecordedRequest[] {
  return mockApi({
    [`GET /api/posts/${post.slug}`]: { status: 200, body: detailFixture({ post }) },
    [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '9' } },
    'POST /api/user/login': { status: 200, body: { token: 'jwt-1', expiresAt, user } },
    'GET /api/website/user/profile/header': { status: 200, body: user },
  })
}

async function openPost() {
  const view = renderApp(here)
  await screen.findByRole('heading', { level: 1, name: 'Copy over ssh' })
  return view
}

function keptDrafts(): string[] {
  return Object.keys(sessionStorage).filter((key) => key.startsWith('bashboard.draft.'))
}

describe('signing in from a guest prompt on a post page', () => {
  it.each([
    ['Upvote', /^Upvote/],
    ['Downvote', /^Downvote/],
    ['Save', /^Save$/],
    ['Save to collection', /^Save to collection/],
  ])('%s sends the guest to /login with the page, its search and hash', async (_label, name) => {
    mockPostPage()
    const { router } = await openPost()
    await userEvent.setup().click(screen.getByRole('button', { name }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: here })
  })

  it("the comment box's Sign In carries the page too", async () => {
    mockPostPage()
    const { router } = await openPost()
    const signIn = await screen.findByRole('link', { name: 'Sign In' })
    expect(signIn).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(here)}`)
    await userEvent.setup().click(signIn)
    await waitFor(() => expect(router.state.location.search).toEqual({ redirect: here }))
  })

  it('keeps the comment draft and placeholder values through the sign-in, without voting', async () => {
    const requests = mockPostPage()
    const { router } = await openPost()
    const events = userEvent.setup()
    await events.type(await screen.findByPlaceholderText('Add your comment...'), 'Works with -r too')
    const fill = screen.getByRole('form', { name: 'Fill placeholders' })
    await events.type(within(fill).getByLabelText('file'), 'notes.txt')
    await events.type(within(fill).getByLabelText('host'), 'box.example')
    await events.click(screen.getByRole('button', { name: /^Upvote/ }))

    await events.type(await screen.findByLabelText(/email or username/i), 'ada_lovelace')
    await events.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass')
    await events.click(screen.getByRole('button', { name: 'Log in' }))

    await waitFor(() => expect(router.state.location.href).toBe(here))
    expect(await screen.findByPlaceholderText('Add your comment...')).toHaveValue('Works with -r too')
    const back = await screen.findByRole('form', { name: 'Fill placeholders' })
    await waitFor(() => expect(within(back).getByLabelText('file')).toHaveValue('notes.txt'))
    expect(within(back).getByLabelText('host')).toHaveValue('box.example')
    expect(within(back).getByLabelText('user')).toHaveValue('')
    // Used once: the drafts are gone from the tab's storage, and the vote was never sent.
    expect(keptDrafts()).toEqual([])
    const votes = requests.filter((request) => request.method === 'POST' && /vote/.test(request.path))
    expect(votes).toEqual([])
  })

  it("keeps nothing of a member's typing in the tab's storage", async () => {
    storeSession(validSession())
    mockPostPage()
    await openPost()
    const events = userEvent.setup()
    await events.type(await screen.findByPlaceholderText('Add your comment...'), 'Mine')
    await events.type(screen.getByLabelText('host'), 'box.example')
    expect(keptDrafts()).toEqual([])
  })

  it('gives another post empty fields: drafts are kept per post', async () => {
    const other = postFixture({ title: 'Copy back', command: 'scp <user>@<host>:~/<file> .' })
    mockApi({
      [`GET /api/posts/${post.slug}`]: { status: 200, body: detailFixture({ post }) },
      [`GET /api/posts/${other.slug}`]: { status: 200, body: detailFixture({ post: other }) },
      [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '9' } },
      [`GET /api/comments/${other._id}`]: { status: 200, body: { comments: [], liveId: '9' } },
    })
    const { router } = await openPost()
    const events = userEvent.setup()
    await events.type(await screen.findByPlaceholderText('Add your comment...'), 'For the first post')
    await events.type(screen.getByLabelText('host'), 'box.example')
    await router.navigate({ to: '/post/$slug', params: { slug: other.slug } })
    await screen.findByRole('heading', { level: 1, name: 'Copy back' })
    expect(screen.getByPlaceholderText('Add your comment...')).toHaveValue('')
    expect(screen.getByLabelText('host')).toHaveValue('')
  })
})
