import { Check, Copy, TriangleAlert } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'

export interface NewTokenNoticeProps {
  token: string
  name: string
  onDone: () => void
}

/**
 * The token just created, shown this once: a read-only field (focused and selected, so it can be copied
 * by hand too), a Copy button, and a warning that it will not be shown again.
 */
export function NewTokenNotice({ token, name, onDone }: NewTokenNoticeProps) {
  const toast = useToast()
  const [copied, setCopied] = useState(false)
  const ids = { field: useId(), warning: useId() }
  const fieldRef = useRef<HTMLTextAreaElement>(null)

  // The token is what the user came for: focus and select it, ready to copy by keyboard.
  useEffect(() => {
    fieldRef.current?.focus()
  }, [])

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(token)
      setCopied(true)
      toast({ title: 'Copied!', message: 'Token copied to clipboard.', variant: 'success' })
    } catch {
      toast({
        title: 'Copy failed',
        message: 'Select the token and copy it by hand.',
        variant: 'destructive',
      })
    }
  }

  return (
    <section
      aria-labelledby={`${ids.field}-heading`}
      className="flex flex-col gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4"
    >
      <h3 id={`${ids.field}-heading`} className="text-sm font-semibold text-fg">
        Token “{name}” created
      </h3>
      <p id={ids.warning} className="flex items-start gap-2 text-sm text-fg">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        Copy it now and keep it somewhere safe: it won’t be shown again. Anyone holding it can act as you
        within its scopes.
      </p>
      <div className="flex flex-col gap-2">
        <label htmlFor={ids.field} className="sr-only">
          New access token
        </label>
        {/* A textarea that wraps, so the whole token stays visible even on a phone. */}
        <textarea
          ref={fieldRef}
          id={ids.field}
          readOnly
          rows={1}
          value={token}
          aria-describedby={ids.warning}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          className="field-sizing-content min-h-10 w-full resize-none rounded-md border border-line-strong bg-terminal px-3 py-2 font-mono text-sm break-all text-[#d8f5e3] focus-visible:outline-2 focus-visible:outline-accent"
        />
        <div className="flex gap-2">
          <Button variant="primary" onClick={copy} aria-label={copied ? 'Copied' : 'Copy token'}>
            {copied ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </section>
  )
}
