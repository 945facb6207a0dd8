import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => vi.restoreAllMocks())

describe('RichTextEditor and linkify', () => {
  it('starts an editor after linkify has read a link, without "linkifyjs: already initialized"', async () => {
    // linkify keeps the console.warn it found when it loaded, so the spy goes in before it loads.
    const warn = vi.spyOn(console, 'warn')
    const { find } = await import('linkifyjs')
    const { default: RichTextEditor } = await import('./rich-text-editor')
    render(
      <>
        <span id="first">Description</span>
        <RichTextEditor labelledBy="first" onChange={() => {}} />
      </>,
    )
    await screen.findByRole('textbox', { name: 'Description' })
    // What the Link extension runs on a typed or pasted URL (autolink, paste rules): linkify builds its
    // scanner once, on the first use, and takes no new schemes after that.
    expect(find('see https://example.org')).toHaveLength(1)
    // A second editor while the first lives, or the next one after navigating back to a form.
    render(
      <>
        <span id="second">Article</span>
        <RichTextEditor labelledBy="second" onChange={() => {}} />
      </>,
    )
    await screen.findByRole('textbox', { name: 'Article' })
    const linkify = warn.mock.calls.filter((call) => String(call[0]).includes('linkifyjs'))
    expect(linkify).toEqual([])
  })
})
