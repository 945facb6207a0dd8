import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { RichTextEditorProps } from '../../../components/rich-text-editor/rich-text-editor'
import { expectFieldError, expectNoFieldError, toasts } from '../../../test/form-assertions'
import { errorBody, type MockAnswer, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

// The real editor is ProseMirror on a contenteditable, which jsdom cannot type into; the form's rules
// only need its HTML, so a textarea stands in and wraps what is typed in a paragraph.
vi.mock('../../../components/rich-text-editor/rich-text-editor', () => ({
  default: ({ labelledBy, describedBy, invalid, onChange }: RichTextEditorProps) => (
    <textarea
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(`<p>${event.target.value}</p>`)}
    />
  ),
}))

const contributor = profileFixture({ contributor: true, role: 'contributor' })
const categories = [
  { _id: '00000000-0000-4000-8000-00000000c001', name: 'Networking', slug: 'networking', postCount: 3 },
  { _id: '00000000-0000-4000-8000-00000000c002', name: 'Files', slug: 'files', postCount: 5 },
]

/** GET /api/website as the home page (shown after a successful post) also reads it. */
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

/** The slug the default create answer gives the new post. */
const createdSlug = 'big-files'

function mockPage(
  createAnswer: MockAnswer = { status: 201, body: { post: { slug: createdSlug } } },
  profile = contributor,
) {
  storeSession(validSession())
  return mockApi({
    'GET /api/website/user/profile/header': { status: 200, body: profile },
    'GET /api/website': { status: 200, body: websiteFixture() },
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    'POST /api/posts/create': createAnswer,
  })
}

interface Fill {
  title?: string
  command?: string
  description?: string
  category?: string
}

async function fill({ title, command, description, category }: Fill): Promise<void> {
  const events = userEvent.setup()
  if (title) await events.type(await screen.findByLabelText('Title'), title)
  if (command) await events.type(screen.getByLabelText('Command'), command)
  if (description) await events.type(await screen.findByRole('textbox', { name: 'Description' }), description)
  if (category) await events.selectOptions(screen.getByLabelText('Category'), category)
}

async function submit(): Promise<void> {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Create Post' }))
}

async function toastText(): Promise<string> {
  const toast = await screen.findByRole('alert')
  return toast.textContent ?? ''
}

/** The control the rule of `message` is about. */
function fieldOf(message: string): HTMLElement {
  if (message.includes('title')) return screen.getByLabelText('Title')
  if (message.includes('command')) return screen.getByLabelText('Command')
  if (message.includes('category')) return screen.getByLabelText('Category')
  return screen.getByRole('textbox', { name: 'Description' })
}

// Typing every field character by character is slow on a loaded machine.
describe('CreatePostForm', () => {
  it('loads the categories, then shows the form with the uniqueness note and a title counter', async () => {
    mockPage()
    renderApp('/create-post')
    const select = await screen.findByLabelText('Category')
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a category', 'Files', 'Networking'])
    expect(screen.getByText(/Each title and each command must be unique/)).toBeInTheDocument()
    await fill({ title: 'Disk usage' })
    expect(screen.getByText('10/100')).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveAttribute('maxLength', '100')
  })

  it.each([
    [{}, 'Please enter a post title.'],
    [{ title: '   ' }, 'Please enter a post title.'],
    [{ title: 'Disk usage' }, 'Please enter a Linux command.'],
    [{ title: 'Disk usage', command: 'du -sh *' }, 'Please enter a description for your post.'],
    [
      { title: 'Disk usage', command: 'du -sh *', description: 'Too short' },
      'Please provide a more detailed description (at least 10 characters).',
    ],
    [
      { title: 'Disk usage', command: 'du -sh *', description: 'Sizes of every entry here' },
      'Please select a category.',
    ],
  ] satisfies [Fill, string][])('checks the rules in order: %j gives "%s"', async (values, message) => {
    const requests = mockPage()
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill(values)
    await submit()
    await waitFor(() => expectFieldError(fieldOf(message), message))
    expect(screen.getAllByText(message)).toHaveLength(1)
    expect(toasts()).toEqual([])
    expect(requests.some((request) => request.path === '/api/posts/create')).toBe(false)
  })

  it('shows one error at a time under its field and drops it as soon as that field changes', async () => {
    mockPage()
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await submit()
    await submit()
    await waitFor(() => expectFieldError(screen.getByLabelText('Title'), 'Please enter a post title.'))
    expect(screen.getAllByText('Please enter a post title.')).toHaveLength(1)
    await fill({ title: 'D' })
    // The title changed: its error is gone, and nothing else is shown until the next submit.
    expectNoFieldError(screen.getByLabelText('Title'), 'Please enter a post title.')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await submit()
    expectFieldError(await screen.findByLabelText('Command'), 'Please enter a Linux command.')
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(toasts()).toEqual([])
  })

  it('keeps an error on another field while a different one is edited', async () => {
    mockPage()
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill({ title: 'Disk usage', command: 'du -sh *', description: 'Short' })
    await submit()
    const description = screen.getByRole('textbox', { name: 'Description' })
    expectFieldError(description, 'at least 10 characters')
    await fill({ title: 's' })
    expectFieldError(description, 'at least 10 characters')
    await fill({ description: 'er than ten' })
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
  })

  it('warns about a dangerous command while it is typed, before anything is sent', async () => {
    mockPage()
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill({ command: 'sudo rm -rf /' })
    expect(screen.getByText('This command looks dangerous')).toBeInTheDocument()
    expect(
      screen.getByText('Recursively deletes the whole filesystem (/). Never run this.'),
    ).toBeInTheDocument()
  })

  // Issue 48: the form once promised this warning while the server published the post without one.
  // server/test/command-safety-agreement.test.ts checks the post created with it is flagged.
  it('warns that dd onto a /dev/sdX-style device destroys it, and stops warning when it writes a file', async () => {
    mockPage()
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill({ command: 'dd if=/dev/zero of=/dev/sdX bs=1M' })
    const command = screen.getByLabelText('Command')
    expect(screen.getByText('This command looks dangerous')).toBeInTheDocument()
    // The warning is the field's description, so a screen reader hears it with the field.
    expect(command).toHaveAccessibleDescription(
      /Writes raw data over a disk device, destroying everything on it\..*readers will see a warning/,
    )

    await userEvent.setup().clear(command)
    await fill({ command: 'dd if=disk.img of=backup.img' })
    expect(screen.queryByText('This command looks dangerous')).not.toBeInTheDocument()
  })

  it('sends trimmed values, announces success, and goes home', async () => {
    const requests = mockPage()
    const { router } = renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill({
      title: '  Big files ',
      command: ' du -ah | sort -rh ',
      description: 'Largest first',
      category: 'Files',
    })
    await submit()
    expect(await screen.findByText('Post Created Successfully!')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    // Home, with the way to the new post in the success message; opening it dismisses the toast.
    const view = screen.getByRole('link', { name: 'View your post' })
    expect(view).toHaveAttribute('href', `/post/${createdSlug}`)
    await userEvent.setup().click(view)
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${createdSlug}`))
    expect(screen.queryByText('Post Created Successfully!')).not.toBeInTheDocument()
    const create = requests.find((request) => request.path === '/api/posts/create')
    expect(create?.body).toEqual({
      title: 'Big files',
      command: 'du -ah | sort -rh',
      description: '<p>Largest first</p>',
      category: categories[1]?._id,
    })
  })

  const complete: Fill = {
    title: 'Big files',
    command: 'du -ah',
    description: 'Largest first',
    category: 'Files',
  }

  it('links a duplicate command to the post that has it, under the command, with no toast', async () => {
    mockPage({
      status: 409,
      body: {
        ...errorBody(409, 'A post with this command already exists'),
        field: 'command',
        existing: { slug: 'largest-files', path: '/post/largest-files' },
      },
    })
    const { router } = renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill(complete)
    await submit()
    const command = screen.getByLabelText('Command')
    await waitFor(() => expectFieldError(command, 'This command is already on Bashboard'))
    expect(screen.getByRole('link', { name: 'see the post' })).toHaveAttribute('href', '/post/largest-files')
    expect(toasts()).toEqual([])
    expect(router.state.location.pathname).toBe('/create-post')
    expect(screen.getByLabelText('Title')).toHaveValue('Big files')
    await fill({ command: ' -h' })
    expectNoFieldError(command, 'This command is already on Bashboard')
  })

  it('puts a duplicate title under the title', async () => {
    mockPage({ status: 409, body: errorBody(409, 'A post with this title already exists') })
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill(complete)
    await submit()
    await waitFor(() =>
      expectFieldError(screen.getByLabelText('Title'), 'A post with this title already exists'),
    )
    expect(toasts()).toEqual([])
  })

  it('shows a refusal that names no field above the submit, not in a toast', async () => {
    mockPage({ status: 409, body: {} })
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill(complete)
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create post')
    expect(toasts()).toEqual([])
  })

  it("puts the server's 422 under the field it is about", async () => {
    mockPage({ status: 422, body: errorBody(422, 'The selected category does not exist.') })
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill(complete)
    await submit()
    await waitFor(() =>
      expectFieldError(screen.getByLabelText('Category'), 'The selected category does not exist.'),
    )
    expect(toasts()).toEqual([])
  })

  it('says "Please try again later." when a failure carries no message', async () => {
    mockPage({ status: 500, body: {} })
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill(complete)
    await submit()
    const text = await toastText()
    expect(text).toContain('Failed to Create Post')
    expect(text).toContain('Please try again later.')
  })

  it('returns home on Cancel', async () => {
    mockPage()
    const { router } = renderApp('/create-post')
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})

describe('/create-post access', () => {
  it('sends guests to /login', async () => {
    mockApi({ 'GET /api/website/stats': { status: 200, body: statsFixture() } })
    const { router } = renderApp('/create-post')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('sends signed-in members who are not contributors to /application', async () => {
    mockPage(undefined, profileFixture({ contributor: false, role: 'member' }))
    const { router } = renderApp('/create-post')
    await waitFor(() => expect(router.state.location.pathname).toBe('/application'))
    expect(screen.queryByRole('button', { name: 'Create Post' })).not.toBeInTheDocument()
  })

  it('lets moderators in', async () => {
    mockPage(undefined, profileFixture({ contributor: false, role: 'moderator' }))
    renderApp('/create-post')
    expect(await screen.findByRole('heading', { name: 'Create a New Post' })).toBeInTheDocument()
  })
})
