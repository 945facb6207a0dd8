import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../test/mock-api'
import { detailFixture, postFixture } from '../../../test/post-fixtures'
import { renderApp } from '../../../test/render-app'

const command = 'ssh -p <port> <user>@<host> -- tar -czf {{archive.tar.gz}} <dir> 2>/dev/null && echo <host>'
const post = postFixture({
  title: 'Archive a remote folder',
  command,
  placeholders: ['port', 'user', 'host', 'archive.tar.gz', 'dir'],
})
const plain = postFixture({ title: 'Sort a file', command: 'sort < in.txt > out.txt 2>&1', placeholders: [] })

function mockDetail() {
  return mockApi({
    [`GET /api/posts/${post.slug}`]: { status: 200, body: detailFixture({ post }) },
    [`GET /api/posts/${plain.slug}`]: { status: 200, body: detailFixture({ post: plain }) },
    [`GET /api/comments/${post._id}`]: { status: 200, body: { comments: [], liveId: '9' } },
    [`GET /api/comments/${plain._id}`]: { status: 200, body: { comments: [], liveId: '9' } },
  })
}

function stubClipboard() {
  const writeText = vi.fn(async (_text: string) => {})
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  return writeText
}

/** The command as the code block shows it (the prompt glyph is drawn apart and never copied). */
function shownCommand(): string {
  const code = document.querySelector('pre code')
  const clone = code?.cloneNode(true) as HTMLElement
  for (const glyph of clone.querySelectorAll('[aria-hidden="true"]')) glyph.remove()
  return clone.textContent ?? ''
}

async function openForm() {
  mockDetail()
  renderApp(`/post/${post.slug}`)
  return screen.findByRole('form', { name: 'Fill placeholders' })
}

describe('the placeholder form on the post page', () => {
  it('shows one labelled field per distinct name, in order of first use', async () => {
    const form = await openForm()
    const fields = within(form).getAllByRole('textbox') as HTMLInputElement[]
    expect(fields.map((field) => field.labels?.[0]?.textContent)).toEqual([
      'port',
      'user',
      'host',
      'archive.tar.gz',
      'dir',
    ])
    expect(within(form).getByText('0/5')).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Reset' })).toBeDisabled()
  })

  it('marks every placeholder in the code block until it is filled', async () => {
    await openForm()
    const marks = [...document.querySelectorAll('pre mark')].map((mark) => mark.textContent)
    expect(marks).toEqual(['<port>', '<user>', '<host>', '{{archive.tar.gz}}', '<dir>', '<host>'])
    expect(shownCommand()).toBe(command)
  })

  it('fills the command live as values are typed, and copies the filled command', async () => {
    const form = await openForm()
    // user-event installs a clipboard of its own, so the stub goes in after it.
    const user = userEvent.setup()
    const writeText = stubClipboard()
    await user.type(within(form).getByLabelText('host'), 'db.example.com')
    await user.type(within(form).getByLabelText('archive.tar.gz'), 'logs.tgz')
    await user.type(within(form).getByLabelText('port'), '2222')
    const filled =
      'ssh -p 2222 <user>@db.example.com -- tar -czf logs.tgz <dir> 2>/dev/null && echo db.example.com'
    expect(shownCommand()).toBe(filled)
    expect([...document.querySelectorAll('pre mark')].map((mark) => mark.textContent)).toEqual([
      '<user>',
      '<dir>',
    ])
    expect(within(form).getByText('3/5')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Copy command' }))
    expect(writeText).toHaveBeenLastCalledWith(filled)
    // The toast names what is still to fill in, as written in the command.
    expect(await screen.findByText('Copied with 2 placeholders unfilled: <user>, <dir>')).toBeInTheDocument()
    // The side panel's Copy Command copies the same filled command, and says the same.
    await user.click(screen.getByRole('button', { name: 'Copy Command' }))
    expect(writeText).toHaveBeenLastCalledWith(filled)
    expect(await screen.findByText('Copied with 2 placeholders unfilled: <user>, <dir>')).toBeInTheDocument()
    // Once every placeholder has a value, a copy is a plain one.
    await user.type(within(form).getByLabelText('user'), 'ada')
    await user.type(within(form).getByLabelText('dir'), 'srv')
    await user.click(screen.getByRole('button', { name: 'Copy command' }))
    expect(await screen.findByText('Command copied to clipboard.')).toBeInTheDocument()
    expect(screen.queryByText(/placeholders? unfilled/)).not.toBeInTheDocument()
  })

  it('copies the command as written when nothing is entered, or only spaces', async () => {
    const form = await openForm()
    // user-event installs a clipboard of its own, so the stub goes in after it.
    const user = userEvent.setup()
    const writeText = stubClipboard()
    await user.type(within(form).getByLabelText('user'), '   ')
    await user.click(screen.getByRole('button', { name: 'Copy command' }))
    expect(writeText).toHaveBeenLastCalledWith(command)
    // Spaces fill nothing: all five are named, <host> once although it is written twice.
    expect(
      await screen.findByText(
        'Copied with 5 placeholders unfilled: <port>, <user>, <host>, {{archive.tar.gz}}, <dir>',
      ),
    ).toBeInTheDocument()
  })

  it('Reset empties every field and gives the focus to the first one', async () => {
    const form = await openForm()
    const user = userEvent.setup()
    await user.type(within(form).getByLabelText('dir'), 'srv')
    await user.type(within(form).getByLabelText('user'), 'ada')
    const reset = within(form).getByRole('button', { name: 'Reset' })
    expect(reset).toBeEnabled()
    await user.click(reset)
    for (const field of within(form).getAllByRole('textbox')) expect(field).toHaveValue('')
    expect(within(form).getByLabelText('port')).toHaveFocus()
    expect(shownCommand()).toBe(command)
    expect(reset).toBeDisabled()
  })

  it('is usable from the keyboard: Tab moves through the fields and Enter reloads nothing', async () => {
    const form = await openForm()
    const user = userEvent.setup()
    within(form).getByLabelText('port').focus()
    await user.keyboard('22{Tab}ada{Enter}')
    expect(within(form).getByLabelText('user')).toHaveFocus()
    expect(within(form).getByLabelText('user')).toHaveValue('ada')
    expect(shownCommand()).toContain('ssh -p 22 ada@<host>')
  })

  it('is not shown for a command without placeholders, whose redirections stay plain text', async () => {
    mockDetail()
    renderApp(`/post/${plain.slug}`)
    await screen.findByRole('heading', { level: 1, name: 'Sort a file' })
    const user = userEvent.setup()
    const writeText = stubClipboard()
    expect(screen.queryByRole('form', { name: 'Fill placeholders' })).not.toBeInTheDocument()
    expect(document.querySelector('pre mark')).toBeNull()
    expect(shownCommand()).toBe(plain.command)
    await user.click(screen.getByRole('button', { name: 'Copy command' }))
    expect(writeText).toHaveBeenLastCalledWith(plain.command)
    expect(await screen.findByText('Command copied to clipboard.')).toBeInTheDocument()
  })
})
