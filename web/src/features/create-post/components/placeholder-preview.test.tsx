import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { RichTextEditorProps } from '../../../components/rich-text-editor/rich-text-editor'
import { mockApi, profileFixture, statsFixture } from '../../../test/mock-api'
import { websiteFixture } from '../../../test/post-fixtures'
import { renderApp, storeSession, validSession } from '../../../test/render-app'

// ProseMirror cannot be typed into under jsdom, and these tests never touch the description.
vi.mock('../../../components/rich-text-editor/rich-text-editor', () => ({
  default: ({ labelledBy }: RichTextEditorProps) => <textarea aria-labelledby={labelledBy} />,
}))

function mockPage() {
  storeSession(validSession())
  mockApi({
    'GET /api/website/user/profile/header': {
      status: 200,
      body: profileFixture({ contributor: true, role: 'contributor' }),
    },
    'GET /api/website/stats': { status: 200, body: statsFixture() },
    'GET /api/website': { status: 200, body: websiteFixture() },
  })
}

/** The names the preview lists, or [] when it says none were found. */
function previewed(): string[] {
  const list = screen.queryByRole('list', { name: 'Placeholders found:' })
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '')
    : []
}

describe('the placeholder preview on the create-post page', () => {
  it('explains both forms and that redirections are not placeholders, linked to the command field', async () => {
    mockPage()
    renderApp('/create-post')
    const field = await screen.findByLabelText('Command')
    const help = screen.getByText(/Mark what readers should fill in as a placeholder/)
    expect(help).toHaveTextContent("navi's form <name>")
    expect(help).toHaveTextContent("tldr's {{name}}")
    expect(help).toHaveTextContent(
      'Shell redirections such as sort < in.txt > out.txt, 2>&1 or <<EOF are never placeholders.',
    )
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(help.id)
    expect(screen.getByText('none yet')).toBeInTheDocument()
  })

  it('lists the placeholders found as the command is typed, each name once', async () => {
    mockPage()
    renderApp('/create-post')
    const field = await screen.findByLabelText('Command')
    const user = userEvent.setup()
    // user-event reads `{` and `[` as key descriptors; doubling them types them literally.
    await user.type(field, 'scp -P <port> {{{{file.txt}} <user>@<host>:<dest>')
    expect(previewed()).toEqual(['port', 'file.txt', 'user', 'host', 'dest'])
    await user.type(field, ' && ssh <user>@<host> ls <dest>')
    expect(previewed()).toEqual(['port', 'file.txt', 'user', 'host', 'dest'])
  })

  it('finds none in redirections, here-documents or process substitution', async () => {
    mockPage()
    renderApp('/create-post')
    const field = await screen.findByLabelText('Command')
    await userEvent.setup().type(field, 'sort < in.txt > out.txt 2>&1 && diff <(ls a) <(ls b) && cat <<EOF')
    expect(previewed()).toEqual([])
    expect(screen.getByText('none yet')).toBeInTheDocument()
  })
})
