import { act, render, screen } from '@testing-library/react'
import { Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CodeBlock } from './code-block'

const LONG = 'find / -xdev -type f -size +100M -printf "%s %p\\n" 2>/dev/null | sort -rn | head -n 20'

/** jsdom has no layout: give every <pre> the sizes a narrow screen would. */
function fakeLayout(scrollWidth: number, clientWidth: number): () => void {
  const proto = HTMLElement.prototype
  const saved = {
    scrollWidth: Object.getOwnPropertyDescriptor(proto, 'scrollWidth'),
    clientWidth: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
  }
  Object.defineProperty(proto, 'scrollWidth', { configurable: true, get: () => scrollWidth })
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => clientWidth })
  return () => {
    for (const [name, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(proto, name, descriptor)
      else delete (proto as unknown as Record<string, unknown>)[name]
    }
  }
}

let restore: (() => void) | null = null
afterEach(() => {
  restore?.()
  restore = null
})

function renderBlock(props: Partial<Parameters<typeof CodeBlock>[0]> = {}) {
  return render(
    <Provider>
      <CodeBlock command={LONG} {...props} />
    </Provider>,
  )
}

function pre(): HTMLElement {
  return document.querySelector('pre') as HTMLElement
}

describe('CodeBlock', () => {
  it('fades the clipped end of a long command and lets the keyboard reach and scroll it', () => {
    restore = fakeLayout(900, 300)
    renderBlock()
    const block = screen.getByRole('group', { name: /Command \(scroll sideways/ })
    expect(block).toBe(pre())
    expect(block).toHaveAttribute('tabIndex', '0')
    expect(screen.getByTestId('code-fade-end')).toBeInTheDocument()
    expect(screen.queryByTestId('code-fade-start')).not.toBeInTheDocument()
  })

  it('moves the fade to the start once scrolled to the end, and shows both in between', () => {
    restore = fakeLayout(900, 300)
    renderBlock()
    const block = pre()
    act(() => {
      block.scrollLeft = 200
      block.dispatchEvent(new Event('scroll'))
    })
    expect(screen.getByTestId('code-fade-start')).toBeInTheDocument()
    expect(screen.getByTestId('code-fade-end')).toBeInTheDocument()
    act(() => {
      block.scrollLeft = 600
      block.dispatchEvent(new Event('scroll'))
    })
    expect(screen.getByTestId('code-fade-start')).toBeInTheDocument()
    expect(screen.queryByTestId('code-fade-end')).not.toBeInTheDocument()
  })

  it('reads no size while mounting where the browser reports sizes itself, and fades once it reports', () => {
    const reads = { count: 0 }
    const proto = HTMLElement.prototype
    const saved = Object.getOwnPropertyDescriptor(proto, 'scrollWidth')
    Object.defineProperty(proto, 'scrollWidth', {
      configurable: true,
      get: () => {
        reads.count += 1
        return 900
      },
    })
    const clientWidth = Object.getOwnPropertyDescriptor(proto, 'clientWidth')
    Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 300 })
    restore = () => {
      if (saved) Object.defineProperty(proto, 'scrollWidth', saved)
      else delete (proto as unknown as Record<string, unknown>).scrollWidth
      if (clientWidth) Object.defineProperty(proto, 'clientWidth', clientWidth)
      else delete (proto as unknown as Record<string, unknown>).clientWidth
    }
    const observers: Array<() => void> = []
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe(): void {
          observers.push(this.callback)
        }
        disconnect(): void {}
      },
    )
    try {
      renderBlock()
      expect(reads.count).toBe(0)
      expect(screen.queryByTestId('code-fade-end')).not.toBeInTheDocument()
      act(() => {
        for (const report of observers) report()
      })
      expect(reads.count).toBeGreaterThan(0)
      expect(screen.getByTestId('code-fade-end')).toBeInTheDocument()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('adds no fade and no tab stop when the command fits', () => {
    restore = fakeLayout(300, 300)
    renderBlock({ command: 'ls -lah' })
    expect(pre()).not.toHaveAttribute('tabIndex')
    expect(screen.queryByRole('group')).not.toBeInTheDocument()
    expect(screen.queryByTestId('code-fade-end')).not.toBeInTheDocument()
  })

  it('wraps instead of scrolling when asked, and keeps the line renderer', () => {
    restore = fakeLayout(900, 300)
    renderBlock({ wrap: true, renderLine: (line) => <mark>{line.slice(0, 4)}</mark> })
    expect(pre()).not.toHaveAttribute('tabIndex')
    expect(screen.queryByTestId('code-fade-end')).not.toBeInTheDocument()
    expect(screen.getByText('find')).toBeInTheDocument()
  })

  it('keeps the copy button beside the text, not over it', () => {
    renderBlock()
    const copy = screen.getByRole('button', { name: 'Copy command' })
    // A sibling of the scrolling area, never positioned over it.
    expect(pre().contains(copy)).toBe(false)
    expect(copy.className).not.toMatch(/\babsolute\b/)
    expect(pre().className).toMatch(/\bpr-3\b/)
  })
})
