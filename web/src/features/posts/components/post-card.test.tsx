import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../test/mock-api'
import { browseFixture, postFixture } from '../../../test/post-fixtures'
import { renderApp } from '../../../test/render-app'

async function renderCard(overrides: Parameters<typeof postFixture>[0]) {
  const post = postFixture({ title: 'The card', ...overrides })
  mockApi({ 'GET /api/website/browse': { status: 200, body: browseFixture({ posts: [post] }) } })
  renderApp('/browse')
  return { post, card: await screen.findByRole('article', { name: 'The card' }) }
}

describe('PostCard', () => {
  it('shows the first two tags only, the author, views and a View Details link to the post', async () => {
    const { card, post } = await renderCard({ tags: ['find', 'xargs', 'grep'], viewCount: 1234 })
    expect(within(card).getByText('#find')).toBeInTheDocument()
    expect(within(card).getByText('#xargs')).toBeInTheDocument()
    expect(within(card).queryByText('#grep')).not.toBeInTheDocument()
    expect(within(card).getByText('grace_hopper')).toBeInTheDocument()
    expect(within(card).getByTestId('view-count')).toHaveTextContent('1,234')
    expect(within(card).getByRole('link', { name: /View Details/ })).toHaveAttribute(
      'href',
      `/post/${post.slug}`,
    )
  })

  it('copies exactly the command, without the prompt glyph', async () => {
    const writeText = vi.fn(async () => {})
    const command = "find . -name '*.log' \\\n  -delete"
    const { card } = await renderCard({ command })
    // userEvent installs its own clipboard; replace it after setup so the spy sees the write.
    const user = userEvent.setup()
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(within(card).getByRole('button', { name: 'Copy command' }))
    expect(writeText).toHaveBeenCalledWith(command)
    expect(await screen.findByText('Command copied to clipboard.')).toBeInTheDocument()
  })

  it('names the placeholders a copied command still holds, as the command writes them', async () => {
    const writeText = vi.fn(async () => {})
    const command = 'cp {{path/to/file}} <dir>/ && ls <dir>'
    const { card } = await renderCard({ command, placeholders: ['path/to/file', 'dir'] })
    const user = userEvent.setup()
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(within(card).getByRole('button', { name: 'Copy command' }))
    expect(writeText).toHaveBeenCalledWith(command)
    expect(
      await screen.findByText('Copied with 2 placeholders unfilled: {{path/to/file}}, <dir>'),
    ).toBeInTheDocument()
  })

  it('warns about a dangerous command and lists the reasons the server gave', async () => {
    const { card } = await renderCard({
      command: 'rm -rf /',
      safety: { dangerous: true, warnings: [{ id: 'rm-root', message: 'Deletes the whole filesystem.' }] },
    })
    const warning = within(card).getByRole('note', { name: 'Dangerous command' })
    expect(within(warning).getByText('Deletes the whole filesystem.')).toBeInTheDocument()
  })

  it('shows no warning for a safe command', async () => {
    const { card } = await renderCard({ safety: { dangerous: false, warnings: [] } })
    expect(within(card).queryByRole('note', { name: 'Dangerous command' })).not.toBeInTheDocument()
  })
})
