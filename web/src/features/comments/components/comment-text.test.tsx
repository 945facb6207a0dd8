import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider as JotaiProvider } from 'jotai'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '../../../components/ui/toast'
import { createAppStore } from '../../../state/store'
import { CommentText } from './comment-text'

/** The comment text on a bare page, with a router (mention links) and the toasts (copy). */
async function renderText(text: string): Promise<HTMLElement> {
  const root = createRootRoute({
    component: () => (
      <>
        <div data-testid="comment">
          <CommentText text={text} />
        </div>
        <Toaster />
      </>
    ),
  })
  const router = createRouter({ routeTree: root, history: createMemoryHistory() })
  render(
    <JotaiProvider store={createAppStore()}>
      {/* A test-only route tree; the app's registered router type does not describe it. */}
      <RouterProvider router={router as never} />
    </JotaiProvider>,
  )
  return screen.findByTestId('comment')
}

const INJECTION = '<img src=x onerror="alert(1)"><script>alert(2)</script>'

describe('CommentText', () => {
  it('draws code spans as code, with mentions linked only outside them', async () => {
    const comment = await renderText('Ask @ada_l: run `grep -r @grace .` then `ls`')
    const spans = [...comment.querySelectorAll('p code')].map((code) => code.textContent)
    expect(spans).toEqual(['grep -r @grace .', 'ls'])
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/u/ada_l'])
    expect(comment.textContent).toContain('Ask @ada_l: run ')
  })

  it('draws a fenced block as a code block with its language and no prompt glyph', async () => {
    const comment = await renderText('Like this:\n\n```bash\ntar -xzf a.tgz\n\ncd a\n```\nDone.')
    const paragraphs = [...comment.querySelectorAll('p')].map((p) => p.textContent)
    expect(paragraphs).toEqual(['Like this:', 'Done.'])
    expect(within(comment).getByText('bash')).toBeInTheDocument()
    const pre = comment.querySelector('pre') as HTMLElement
    expect(pre.textContent).toBe('tar -xzf a.tgzcd a')
    expect(pre.querySelectorAll('code > span')).toHaveLength(3)
    expect(pre.querySelector('[aria-hidden="true"]')).toBeNull()
  })

  it('keeps line breaks of plain text', async () => {
    const comment = await renderText('one\ntwo')
    const paragraph = comment.querySelector('p') as HTMLElement
    expect(paragraph.textContent).toBe('one\ntwo')
    expect(paragraph.className).toContain('whitespace-pre-wrap')
  })

  it('shows markup as typed in text, code spans and fenced blocks, never as elements', async () => {
    const comment = await renderText(`${INJECTION} \`${INJECTION}\`\n\`\`\`html\n${INJECTION}\n\`\`\``)
    expect(comment.querySelector('img, script')).toBeNull()
    expect(comment.querySelector('p')?.textContent).toBe(`${INJECTION} ${INJECTION}`)
    expect(comment.querySelector('p code')?.textContent).toBe(INJECTION)
    expect(comment.querySelector('pre')?.textContent).toBe(INJECTION)
  })

  it('copies a fenced block exactly as written from its Copy code button', async () => {
    await renderText('```\nfind . -name "*.log" -delete\n  echo done\n```')
    // user-event installs a clipboard of its own, so the stub goes in after it.
    const user = userEvent.setup()
    const writeText = vi.fn(async (_text: string) => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })

    await user.click(screen.getByRole('button', { name: 'Copy code' }))

    expect(writeText).toHaveBeenCalledWith('find . -name "*.log" -delete\n  echo done')
    expect(await screen.findByText('Code copied to clipboard.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })
})
