import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import RichTextEditor, { normaliseLinkUrl } from './rich-text-editor'

describe('RichTextEditor', () => {
  it('offers every toolbar action as a labelled button with its pressed state', async () => {
    const onChange = vi.fn()
    render(
      <>
        <span id="label">Description</span>
        <RichTextEditor labelledBy="label" onChange={onChange} />
      </>,
    )
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' })
    const labels = [
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Bullet list',
      'Numbered list',
      'Quote',
      'Code block',
      'Link',
    ]
    for (const label of labels) {
      expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'false')
    }
    expect(screen.getByRole('button', { name: 'Clear formatting' })).not.toHaveAttribute('aria-pressed')
    expect(toolbar).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeInTheDocument()

    await userEvent.setup().click(screen.getByRole('button', { name: 'Bullet list' }))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Bullet list' })).toHaveAttribute('aria-pressed', 'true'),
    )
    expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<ul>'))
  })
})

describe('RichTextEditor error state', () => {
  it('marks the editing area invalid once mounted, and clears the mark again', async () => {
    const view = render(
      <>
        <span id="label">Description</span>
        <RichTextEditor labelledBy="label" invalid onChange={() => {}} />
      </>,
    )
    const textbox = screen.getByRole('textbox', { name: 'Description' })
    await waitFor(() => expect(textbox).toHaveAttribute('aria-invalid', 'true'))
    view.rerender(
      <>
        <span id="label">Description</span>
        <RichTextEditor labelledBy="label" invalid={false} onChange={() => {}} />
      </>,
    )
    await waitFor(() => expect(textbox).not.toHaveAttribute('aria-invalid'))
  })
})

describe('normaliseLinkUrl', () => {
  it('keeps http, https and mailto links and adds https:// to bare hosts', () => {
    expect(normaliseLinkUrl('https://man7.org/linux')).toBe('https://man7.org/linux')
    expect(normaliseLinkUrl('http://example.com')).toBe('http://example.com/')
    expect(normaliseLinkUrl('mailto:ops@example.com')).toBe('mailto:ops@example.com')
    expect(normaliseLinkUrl(' example.com/docs ')).toBe('https://example.com/docs')
  })

  it('refuses other schemes and empty input', () => {
    expect(normaliseLinkUrl('javascript:alert(1)')).toBeNull()
    expect(normaliseLinkUrl('data:text/html,hi')).toBeNull()
    expect(normaliseLinkUrl('   ')).toBeNull()
  })
})
