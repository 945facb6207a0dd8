import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { SafeHtml } from '../../../components/ui/safe-html'
import { cn } from '../../../lib/cn'
import { BlogCodeCopy } from './blog-code-copy'

interface CodeBlockSlot {
  pre: HTMLPreElement
  slot: HTMLElement
}

/*
 * Code blocks wrap instead of scrolling sideways, so a 360 px phone reads a long command whole and the
 * page never scrolls sideways; the right padding keeps text clear of the Copy button.
 */
const codeClasses = '[&_pre]:whitespace-pre-wrap [&_pre]:[overflow-wrap:anywhere] [&_pre]:pr-12'

/**
 * An article's HTML with a Copy button on each code block. The blocks live in the sanitised HTML, not in
 * React's tree, so once it is on the page each one is wrapped with a slot for its button, and the button
 * is portalled there. New HTML replaces the wrapped blocks, and the effect wraps the new ones.
 */
export function BlogContent({ html, className }: { html: string; className?: string }) {
  const root = useRef<HTMLDivElement>(null)
  const [slots, setSlots] = useState<CodeBlockSlot[]>([])

  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML means new code blocks to wrap
  useEffect(() => {
    const found = [...(root.current?.querySelectorAll('pre') ?? [])].map((pre) => {
      const frame = document.createElement('div')
      frame.className = 'relative'
      pre.replaceWith(frame)
      frame.append(pre)
      const slot = document.createElement('div')
      slot.className = 'absolute top-1.5 right-1.5'
      frame.append(slot)
      return { pre, slot }
    })
    setSlots(found)
    return () => setSlots([])
  }, [html])

  return (
    <div ref={root}>
      <SafeHtml html={html} className={cn(codeClasses, className)} />
      {slots.map(({ pre, slot }, index) =>
        // The blocks of one HTML never reorder, so the index is a stable key.
        createPortal(<BlogCodeCopy pre={pre} />, slot, String(index)),
      )}
    </div>
  )
}
