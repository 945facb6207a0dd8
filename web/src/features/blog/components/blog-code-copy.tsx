import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useToast } from '../../../components/ui/toast'

/**
 * The Copy button of one code block in an article: a real button (Tab reaches it, Enter and Space press
 * it) that copies the block's text as it reads, without the markup around it.
 */
export function BlogCodeCopy({ pre }: { pre: HTMLPreElement }) {
  const toast = useToast()
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(pre.textContent ?? '')
      setCopied(true)
      toast({ title: 'Copied!', message: 'Code copied to clipboard.', variant: 'success' })
    } catch {
      toast({ title: 'Copy failed', message: 'Select the code and copy it by hand.', variant: 'destructive' })
    }
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={copied ? 'Copied' : 'Copy code'}
      title="Copy code"
      className="inline-flex size-8 items-center justify-center rounded-md text-[#9fb5aa] hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-accent"
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
    </button>
  )
}
