import type { PostRevision, PostRevisionsResponse, PostVersion } from '@bashboard/server/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { errorBody, mockApi, profileFixture } from '../../../test/mock-api'
import { detailFixture, postFixture } from '../../../test/post-fixtures'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const POST_ID = '00000000-0000-4000-8000-00000000f001'
const SLUG = 'find-huge-files'
const URL = `/api/posts/${SLUG}/revisions`

function version(overrides: Partial<PostVersion> = {}): PostVersion {
  return {
    title: 'Find huge files',
    command: 'find . -size +500M',
    description: '<p>Lists files over 500 MB.</p>',
    descriptionText: 'Lists files over 500 MB.',
    tags: ['find'],
    category: { _id: '00000000-0000-4000-8000-0000000000c1', name: 'Files' },
    change: 'edit',
    madeBy: { username: 'grace_hopper' },
    madeAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  }
}

const original: PostRevision = {
  _id: '00000000-0000-4000-8000-00000000e001',
  ...version({
    title: 'Find large files',
    command: 'find . -size +100M',
    descriptionText: 'Lists files over 100 MB.',
    description: '<p>Lists files over 100 MB.</p>',
    change: 'created',
    madeAt: '2026-11-20T10:00:00.000Z',
  }),
}

function historyOf(revisions: PostRevision[], current = version()): PostRevisionsResponse {
  return { postId: POST_ID, slug: SLUG, current, revisions }
}

function signIn(role: 'member' | 'moderator') {
  storeSession(validSession())
  return { 'GET /api/website/user/profile/header': { status: 200, body: profileFixture({ role }) } }
}

describe('the post history page', () => {
  it("opens from the post page's edited mark", async () => {
    const post = postFixture({
      _id: POST_ID,
      slug: SLUG,
      title: 'Find huge files',
      editedAt: '2026-11-21T10:00:00.000Z',
    })
    mockApi({
      [`GET /api/posts/${SLUG}`]: { status: 200, body: detailFixture({ post }) },
      [`GET /api/comments/${POST_ID}`]: { status: 200, body: { comments: [], liveId: '9' } },
      [`GET ${URL}`]: { status: 200, body: historyOf([original]) },
    })
    const { router } = renderApp(`/post/${SLUG}`)
    const mark = await screen.findByRole('link', { name: /edited .*, see what changed/ })
    expect(mark).toHaveAttribute('href', `/post/${SLUG}/history`)
    await userEvent.setup().click(mark)
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${SLUG}/history`))
    expect(await screen.findByRole('heading', { level: 1, name: 'History of Find huge files' })).toBeVisible()
  })

  it('lists versions newest first, with marked additions and removals a screen reader can name', async () => {
    mockApi({ [`GET ${URL}`]: { status: 200, body: historyOf([original]) } })
    renderApp(`/post/${SLUG}/history`)
    expect(await screen.findByRole('heading', { level: 1, name: 'History of Find huge files' })).toBeVisible()
    const versions = within(screen.getByRole('list', { name: 'Versions, newest first' })).getAllByRole(
      'article',
    )
    expect(versions.map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual(
      ['Version 2 (current)', 'Version 1'],
    )
    const [current, first] = versions as [HTMLElement, HTMLElement]
    expect(within(current).getByText(/Edited by grace_hopper/)).toBeVisible()
    const removed = current.querySelectorAll('del')
    const added = current.querySelectorAll('ins')
    expect([...removed].map((node) => node.textContent)).toEqual([
      '[removed: large]',
      '[removed: 100M]',
      '[removed: 100]',
    ])
    expect([...added].map((node) => node.textContent)).toEqual([
      '[added: huge]',
      '[added: 500M]',
      '[added: 500]',
    ])
    // The first version shows in full, as posted.
    expect(within(first).getByText(/Posted by grace_hopper/)).toBeVisible()
    expect(within(first).getByText('find . -size +100M')).toBeVisible()
    expect(first.querySelectorAll('ins, del')).toHaveLength(0)
    // The way back is the post's current address.
    expect(screen.getByRole('link', { name: 'Back to the post' })).toHaveAttribute('href', `/post/${SLUG}`)
  })

  it('says so when the post was never edited', async () => {
    mockApi({ [`GET ${URL}`]: { status: 200, body: historyOf([], version({ change: 'created' })) } })
    renderApp(`/post/${SLUG}/history`)
    expect(await screen.findByText('This post has not been edited')).toBeVisible()
    expect(screen.queryByRole('list', { name: 'Versions, newest first' })).not.toBeInTheDocument()
  })

  it('shows a loading state, then a failure with a retry that loads the history', async () => {
    let answer: { status: number; body: unknown } = {
      status: 500,
      body: errorBody(500, 'Internal Server Error'),
    }
    mockApi({ [`GET ${URL}`]: () => answer })
    renderApp(`/post/${SLUG}/history`)
    expect(await screen.findByText('Loading history...')).toBeInTheDocument()
    expect(await screen.findByText('The post history could not be loaded.')).toBeVisible()
    answer = { status: 200, body: historyOf([original]) }
    await userEvent.setup().click(screen.getByRole('button', { name: /try again|retry/i }))
    expect(await screen.findByRole('heading', { level: 1, name: 'History of Find huge files' })).toBeVisible()
  })

  it('answers a missing post with the not-found card', async () => {
    mockApi({ [`GET ${URL}`]: { status: 404, body: errorBody(404, 'Post not found') } })
    renderApp(`/post/${SLUG}/history`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible()
  })

  it('offers members no rollback', async () => {
    mockApi({ ...signIn('member'), [`GET ${URL}`]: { status: 200, body: historyOf([original]) } })
    renderApp(`/post/${SLUG}/history`)
    await screen.findByRole('heading', { level: 1, name: 'History of Find huge files' })
    await waitFor(() => expect(screen.getByRole('button', { name: /account|menu/i })).toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'Roll back to this version' })).not.toBeInTheDocument()
  })

  it('lets a moderator roll back to an earlier version with a reason, then shows the new history', async () => {
    const restored = version({ ...original, change: 'rollback', madeBy: { username: 'ada_lovelace' } })
    const replaced: PostRevision = { _id: '00000000-0000-4000-8000-00000000e002', ...version() }
    let rolledBack = false
    const requests = mockApi({
      ...signIn('moderator'),
      [`GET ${URL}`]: () => ({
        status: 200,
        body: rolledBack ? historyOf([replaced, original], restored) : historyOf([original]),
      }),
      [`POST /api/mod/posts/${POST_ID}/rollback`]: () => {
        rolledBack = true
        return {
          status: 200,
          body: { post: postFixture({ _id: POST_ID, slug: SLUG, title: original.title }) },
        }
      },
    })
    renderApp(`/post/${SLUG}/history`)
    const events = userEvent.setup()
    const button = await screen.findByRole('button', { name: 'Roll back to this version' })
    // Only earlier versions can be rolled back to, and the button names which one.
    expect(screen.getAllByRole('button', { name: 'Roll back to this version' })).toHaveLength(1)
    expect(button).toHaveAccessibleDescription('Version 1')
    await events.click(button)
    const dialog = screen.getByRole('dialog', { name: 'Roll back to version 1?' })
    await events.click(within(dialog).getByRole('button', { name: 'Roll back' }))
    // A reason is required, as for every moderator action.
    expect(within(dialog).getByRole('textbox')).toHaveAccessibleDescription(/reason/i)
    expect(requests.some((request) => request.method === 'POST')).toBe(false)
    await events.type(within(dialog).getByRole('textbox'), 'Restoring the author’s version')
    await events.click(within(dialog).getByRole('button', { name: 'Roll back' }))

    expect(await screen.findByText('Post rolled back')).toBeVisible()
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { revisionId: original._id, reason: 'Restoring the author’s version' },
    ])
    await waitFor(() => expect(requests.filter((request) => request.path === URL)).toHaveLength(2))
    expect(await screen.findByRole('heading', { level: 2, name: 'Version 3 (current)' })).toBeVisible()
    expect(screen.getByText(/Rolled back by ada_lovelace/)).toBeVisible()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('tells the moderator when a rollback fails, in the server’s words', async () => {
    mockApi({
      ...signIn('moderator'),
      [`GET ${URL}`]: { status: 200, body: historyOf([original]) },
      [`POST /api/mod/posts/${POST_ID}/rollback`]: {
        status: 409,
        body: errorBody(409, 'A post with this command already exists'),
      },
    })
    renderApp(`/post/${SLUG}/history`)
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Roll back to this version' }))
    await events.type(within(screen.getByRole('dialog')).getByRole('textbox'), 'Putting it back')
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Roll back' }))
    expect(await screen.findByText('Rollback failed')).toBeVisible()
    expect(screen.getByText('A post with this command already exists')).toBeVisible()
  })
})
