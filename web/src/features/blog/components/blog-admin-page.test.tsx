import type { ModBlog } from '@bashboard/server/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { RichTextEditorProps } from '../../../components/rich-text-editor/rich-text-editor'
import { expectFieldError, expectNoFieldError, toasts } from '../../../test/form-assertions'
import { errorBody, type MockAnswer, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

// ProseMirror cannot be typed into under jsdom; a textarea stands in, hands over what is typed and
// carries the editor's invalid state and description as the real one does.
vi.mock('../../../components/rich-text-editor/rich-text-editor', () => ({
  default: (props: RichTextEditorProps) => (
    <textarea
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      onChange={(event) => props.onChange(`<p>${event.target.value}</p>`)}
    />
  ),
}))

const moderator = profileFixture({ role: 'moderator', contributor: true, username: 'grace_mod' })

function modBlog(index: number, overrides: Partial<ModBlog> = {}): ModBlog {
  return {
    _id: `00000000-0000-4000-8000-00000000b00${index}`,
    slug: `article-${index}`,
    title: `Article ${index}`,
    author: 'grace_mod',
    image: null,
    imageName: null,
    metadescription: 'About it.',
    content: '<p>Body</p>',
    status: 'published',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    publishedAt: '2026-11-01T10:00:00.000Z',
    viewCount: 3,
    readingTime: 1,
    ...overrides,
  }
}

function signIn(routes: Record<string, MockAnswer | ((request: { body: unknown }) => MockAnswer)>) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: moderator },
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    ...routes,
  })
}

describe('BlogAdminPage', () => {
  it('lists drafts and published articles and unpublishes one', async () => {
    const requests = signIn({
      'GET /api/mod/blogs': {
        status: 200,
        body: { blogs: [modBlog(1), modBlog(2, { status: 'draft', publishedAt: null })] },
      },
      'PUT /api/mod/blogs/00000000-0000-4000-8000-00000000b001': {
        status: 200,
        body: { blog: modBlog(1, { status: 'draft' }) },
      },
    })
    renderApp('/mod/blog')
    const list = await screen.findByRole('list', { name: 'Articles' })
    const rows = within(list).getAllByRole('listitem')
    expect(within(rows[0] as HTMLElement).getByText('Published')).toBeInTheDocument()
    expect(within(rows[1] as HTMLElement).getByText('Draft')).toBeInTheDocument()

    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Unpublish' }))
    expect(await screen.findByText('Article unpublished')).toBeInTheDocument()
    const put = requests.find((request) => request.method === 'PUT')
    expect(put?.body).toEqual({ status: 'draft' })
  })

  it('asks for confirmation before deleting', async () => {
    const requests = signIn({
      'GET /api/mod/blogs': { status: 200, body: { blogs: [modBlog(1)] } },
      'DELETE /api/mod/blogs/00000000-0000-4000-8000-00000000b001': {
        status: 200,
        body: { blogId: '00000000-0000-4000-8000-00000000b001' },
      },
    })
    renderApp('/mod/blog')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Article 1' }))
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delete' }))
    expect(await screen.findByText('Article deleted')).toBeInTheDocument()
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1)
  })

  it('checks the fields, then creates a draft with the editor content', async () => {
    const requests = signIn({
      'GET /api/mod/blogs': { status: 200, body: { blogs: [] } },
      'POST /api/mod/blogs': { status: 201, body: { blog: modBlog(3, { status: 'draft' }) } },
    })
    renderApp('/mod/blog')
    expect(await screen.findByText('No articles yet. Write the first one.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'New article' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }))
    const title = screen.getByRole('textbox', { name: 'Title' })
    expectFieldError(title, 'Please enter a title.')

    await userEvent.type(title, 'Pipes in depth')
    expectNoFieldError(title, 'Please enter a title.')
    await userEvent.type(screen.getByRole('textbox', { name: 'Meta description' }), 'How pipes really work.')
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }))
    const article = await screen.findByRole('textbox', { name: 'Article' })
    expectFieldError(article, 'Please write the article.')

    await userEvent.type(article, 'Everything is a stream.')
    expectNoFieldError(article, 'Please write the article.')
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }))
    expect(await screen.findByText('Draft saved')).toBeInTheDocument()
    const post = requests.find((request) => request.method === 'POST')
    expect(post?.body).toEqual({
      title: 'Pipes in depth',
      metadescription: 'How pipes really work.',
      content: '<p>Everything is a stream.</p>',
      image: null,
      status: 'draft',
    })
    // Typing a whole form on a shared, busy machine: give it more than the default 5 s.
  })

  it("shows the server's refusal under the field it names, not in a toast, until that field changes", async () => {
    signIn({
      'GET /api/mod/blogs': { status: 200, body: { blogs: [modBlog(1)] } },
      'PUT /api/mod/blogs/00000000-0000-4000-8000-00000000b001': {
        status: 409,
        body: errorBody(409, 'A blog post with this title already exists'),
      },
    })
    renderApp('/mod/blog')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Article 1' }))
    const title = screen.getByRole('textbox', { name: 'Title' })
    expect(title).toHaveValue('Article 1')
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }))
    await waitFor(() => expectFieldError(title, 'A blog post with this title already exists'))
    expect(screen.queryByText('Save Failed')).not.toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled())
    // Another field's edit leaves it; editing the title clears it.
    await userEvent.type(screen.getByRole('textbox', { name: 'Meta description' }), ' More.')
    expectFieldError(title, 'A blog post with this title already exists')
    await userEvent.type(title, ' again')
    expectNoFieldError(title, 'A blog post with this title already exists')
  })

  it("shows a refused image under the image field, from the server's words", async () => {
    signIn({
      'GET /api/mod/blogs': { status: 200, body: { blogs: [modBlog(1)] } },
      'PUT /api/mod/blogs/00000000-0000-4000-8000-00000000b001': {
        status: 422,
        body: errorBody(422, 'The image must be an uploaded image name or a full https URL.'),
      },
    })
    renderApp('/mod/blog')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Article 1' }))
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }))
    const url = screen.getByRole('textbox', { name: 'Cover image URL' })
    await waitFor(() =>
      expectFieldError(url, 'The image must be an uploaded image name or a full https URL.'),
    )
    await userEvent.type(url, 'https://cdn.example.com/cover.png')
    await userEvent.click(screen.getByRole('button', { name: 'Use URL' }))
    expectNoFieldError(url, 'The image must be an uploaded image name or a full https URL.')
  })

  it.each<[string, MockAnswer, string]>([
    ['a 5xx', { status: 500, body: errorBody(500, 'Internal Server Error') }, 'Internal Server Error'],
    ['no response', 'network', 'Network error. Please check your connection.'],
  ])("toasts 'Save Failed' for %s, which says nothing about the fields", async (_case, answer, message) => {
    signIn({
      'GET /api/mod/blogs': { status: 200, body: { blogs: [modBlog(1)] } },
      'PUT /api/mod/blogs/00000000-0000-4000-8000-00000000b001': answer,
    })
    renderApp('/mod/blog')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Article 1' }))
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }))
    const toast = (await screen.findByText('Save Failed')).closest('li') as HTMLElement
    expect(within(toast).getByText(message)).toBeInTheDocument()
    expect(toasts()).toHaveLength(1)
    expect(screen.getByRole('textbox', { name: 'Title' })).not.toHaveAttribute('aria-invalid')
  })
})
