import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { RichTextEditorProps } from '../../../components/rich-text-editor/rich-text-editor'
import { expectFieldError, toasts } from '../../../test/form-assertions'
import { errorBody, type MockAnswer, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { detailFixture, postFixture } from '../../../test/post-fixtures'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

// jsdom cannot type into ProseMirror; a textarea stands in, showing the content it starts with.
vi.mock('../../../components/rich-text-editor/rich-text-editor', () => ({
  default: ({ labelledBy, onChange, initialContent }: RichTextEditorProps) => (
    <textarea
      aria-labelledby={labelledBy}
      defaultValue={initialContent}
      onChange={(event) => onChange(`<p>${event.target.value}</p>`)}
    />
  ),
}))

const categories = [
  { _id: '00000000-0000-4000-8000-0000000000c1', name: 'Files', slug: 'files', postCount: 5 },
  { _id: '00000000-0000-4000-8000-0000000000c2', name: 'Networking', slug: 'networking', postCount: 3 },
]
const post = postFixture({ title: 'List files', command: 'ls -lah' })
const author = profileFixture({
  _id: post.author._id,
  username: post.author.username,
  contributor: true,
  role: 'contributor',
})

function websiteFixture() {
  const { liveId: _liveId, ...platformStats } = statsFixture()
  return {
    latestPosts: [],
    topWeeklyPosts: [],
    categories,
    platformStats,
    userLeaderboard: [],
    myReactedPosts: null,
    liveIds: { posts: '1', stats: '1' },
  }
}

function mockPage(updateAnswer: MockAnswer, user = author) {
  storeSession(validSession())
  const edited = {
    ...post,
    title: 'List every file',
    slug: 'list-every-file',
    editedAt: '2026-11-25T02:00:00.000Z',
  }
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: user },
    'GET /api/website': { status: 200, body: websiteFixture() },
    [`GET /api/posts/${post.slug}`]: { status: 200, body: detailFixture({ post }) },
    'GET /api/posts/list-every-file': { status: 200, body: detailFixture({ post: edited }) },
    [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '1' } },
    'PUT /api/posts/update': updateAnswer,
  })
}

describe('the create-post form in edit mode', () => {
  it('starts with the post’s values and saves them with PUT /api/posts/update, then shows the post', async () => {
    const requests = mockPage({
      status: 200,
      body: { post: { ...post, title: 'List every file', slug: 'list-every-file' } },
    })
    const { router } = renderApp(`/post/${post.slug}/edit`)
    const title = await screen.findByLabelText('Title')
    expect(screen.getByRole('heading', { name: 'Edit Post' })).toBeInTheDocument()
    expect(title).toHaveValue('List files')
    expect(screen.getByLabelText('Command')).toHaveValue('ls -lah')
    expect(screen.getByLabelText('Category')).toHaveValue(categories[0]?._id)

    const events = userEvent.setup()
    await events.clear(title)
    await events.type(title, 'List every file')
    await events.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Post Updated')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/list-every-file'))
    const update = requests.find((request) => request.method === 'PUT')
    expect(update?.body).toEqual({
      id: post._id,
      title: 'List every file',
      command: 'ls -lah',
      description: post.description,
      category: categories[0]?._id,
    })
  })

  it('applies the create rules before sending anything', async () => {
    const requests = mockPage({ status: 200, body: { post } })
    renderApp(`/post/${post.slug}/edit`)
    const title = await screen.findByLabelText('Title')
    const events = userEvent.setup()
    await events.clear(title)
    await events.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expectFieldError(title, 'Please enter a post title.'))
    expect(requests.some((request) => request.method === 'PUT')).toBe(false)
  })

  it('shows the uniqueness message of a 409 under the title, not in a toast, and stays on the form', async () => {
    mockPage({ status: 409, body: errorBody(409, 'A post with this title already exists') })
    const { router } = renderApp(`/post/${post.slug}/edit`)
    const title = await screen.findByLabelText('Title')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expectFieldError(title, 'A post with this title already exists'))
    expect(toasts()).toEqual([])
    expect(router.state.location.pathname).toBe(`/post/${post.slug}/edit`)
  })

  it('tells someone else they cannot edit the post, without a form', async () => {
    mockPage({ status: 200, body: { post } }, profileFixture({ contributor: true, role: 'contributor' }))
    renderApp(`/post/${post.slug}/edit`)
    expect(await screen.findByRole('heading', { name: "You can't edit this post" })).toBeInTheDocument()
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument()
  })
})
