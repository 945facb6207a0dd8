import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { RichTextEditorProps } from '../../../components/rich-text-editor/rich-text-editor'
import { errorBody, type MockAnswer, mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

// The real editor is ProseMirror on a contenteditable, which jsdom cannot type into; the form's rules
// only need its HTML, so a textarea stands in and wraps what is typed in a paragraph.
vi.mock('../../../components/rich-text-editor/rich-text-editor', () => ({
  default: ({ labelledBy, onChange }: RichTextEditorProps) => (
    <textarea aria-labelledby={labelledBy} onChange={(event) => onChange(`<p>${event.target.value}</p>`)} />
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

function mockPage(createAnswer: MockAnswer = { status: 201, body: { post: {} } }, profile = contributor) {
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
    expect(await toastText()).toContain(message)
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(requests.some((request) => request.path === '/api/posts/create')).toBe(false)
  })

  it('keeps one toast at a time and drops it as soon as its field is fixed', async () => {
    mockPage()
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await submit()
    await submit()
    expect(await toastText()).toContain('Please enter a post title.')
    // Submitting twice replaced the toast instead of stacking a second one.
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true')
    await fill({ title: 'D' })
    // The title is right now: its error is gone, and nothing else is shown until the next submit.
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid')
    await submit()
    expect(await toastText()).toContain('Please enter a Linux command.')
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(screen.queryByText('Please enter a post title.')).not.toBeInTheDocument()
  })

  it('keeps the toast while the flagged field still breaks its rule', async () => {
    mockPage()
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill({ title: 'Disk usage', command: 'du -sh *', description: 'Short' })
    await submit()
    expect(await toastText()).toContain('at least 10 characters')
    await fill({ description: 'er' })
    expect(screen.getByRole('alert')).toHaveTextContent('at least 10 characters')
    await fill({ description: ' than ten' })
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

  it('shows "Duplicate Content" with the server message on 409', async () => {
    mockPage({ status: 409, body: errorBody(409, 'A post with this command already exists') })
    const { router } = renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill(complete)
    await submit()
    const text = await toastText()
    expect(text).toContain('Duplicate Content')
    expect(text).toContain('A post with this command already exists')
    expect(router.state.location.pathname).toBe('/create-post')
    expect(screen.getByLabelText('Title')).toHaveValue('Big files')
  })

  it('falls back to "Duplicate content detected" when a 409 carries no message', async () => {
    mockPage({ status: 409, body: {} })
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill(complete)
    await submit()
    expect(await toastText()).toContain('Duplicate content detected')
  })

  it('shows "Failed to Create Post" with the server message, or "Please try again later."', async () => {
    mockPage({ status: 422, body: errorBody(422, 'Please select a category.') })
    renderApp('/create-post')
    await screen.findByLabelText('Category')
    await fill(complete)
    await submit()
    const text = await toastText()
    expect(text).toContain('Failed to Create Post')
    expect(text).toContain('Please select a category.')
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
