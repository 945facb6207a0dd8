import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, profileFixture } from '../../../test/mock-api'
import { browseFixture, detailFixture, postFixture } from '../../../test/post-fixtures'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

const post = postFixture({ title: 'Count lines fast' })
const author = profileFixture({
  _id: post.author._id,
  username: post.author.username,
  contributor: true,
  role: 'contributor',
})

function mockDetail(user = author, detail = detailFixture({ post })) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: user },
    [`GET /api/posts/${post.slug}`]: { status: 200, body: detail },
    [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '9' } },
    [`DELETE /api/posts/${post._id}`]: { status: 200, body: { postId: post._id } },
    'GET /api/website/browse': { status: 200, body: browseFixture({ posts: [] }) },
  })
}

describe('Edit and Delete on the post page', () => {
  it('gives the author Edit (to the edit form) and links their name to their profile', async () => {
    mockDetail()
    renderApp(`/post/${post.slug}`)
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/post/${post.slug}/edit`,
    )
    const header = screen.getByRole('heading', { level: 1 }).closest('header') as HTMLElement
    expect(within(header).getByRole('link', { name: /grace_hopper/ })).toHaveAttribute(
      'href',
      '/u/grace_hopper',
    )
  })

  it('asks before deleting; Cancel keeps the post, Delete removes it and goes to Browse with a toast', async () => {
    const requests = mockDetail()
    const { router } = renderApp(`/post/${post.slug}`)
    const events = userEvent.setup()
    await events.click(await screen.findByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' })
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false)

    await events.click(screen.getByRole('button', { name: 'Delete' }))
    await events.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete post' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'))
    expect(await screen.findByText('Post deleted')).toBeInTheDocument()
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      `/api/posts/${post._id}`,
    ])
  })

  it('shows neither to another member', async () => {
    mockDetail(profileFixture())
    renderApp(`/post/${post.slug}`)
    await screen.findByRole('heading', { level: 1, name: 'Count lines fast' })
    await waitFor(() => expect(screen.getByText('About the Author')).toBeInTheDocument())
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    // Never edited: no mark.
    expect(screen.queryByTestId('edited-mark')).not.toBeInTheDocument()
  })

  it('marks an edited post with when it was edited, and an unedited one not at all', async () => {
    const editedAt = new Date(Date.now() - 5 * 60_000).toISOString()
    mockDetail(profileFixture(), detailFixture({ post: { ...post, editedAt } }))
    renderApp(`/post/${post.slug}`)
    expect(await screen.findByTestId('edited-mark')).toHaveTextContent('edited 5 minutes ago')
  })
})
