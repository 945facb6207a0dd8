import { Check, Copy, Download, TriangleAlert } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'
import { saveBlob } from '../../../lib/download-file'

export interface RecoveryCodesNoticeProps {
  codes: readonly string[]
  /** The member's name, in the downloaded file's name and heading. */
  username: string
  /** Why the codes are shown: the first ones with the app just turned on, or new ones. */
  title: string
  onDone: () => void
}

/** The text file a member downloads: what the codes are for, then one code a line. */
export function recoveryCodesFile(codes: readonly string[], username: string, origin: string): string {
  return [
    `Bashboard recovery codes for ${username} (${origin})`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe. Making new codes in Settings stops these from working.',
    '',
    ...codes,
    '',
  ].join('\n')
}

/**
 * Recovery codes, shown this once: a list (focused, so a screen reader reads it and a keyboard can go
 * on to Copy), Copy all, Download as a text file, and a warning that they will not be shown again.
 */
export function RecoveryCodesNotice({ codes, username, title, onDone }: RecoveryCodesNoticeProps) {
  const toast = useToast()
  const [copied, setCopied] = useState(false)
  const ids = { heading: useId(), warning: useId() }
  const listRef = useRef<HTMLOListElement>(null)

  useEffect(() => {
    listRef.current?.focus()
  }, [])

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      setCopied(true)
      toast({ title: 'Copied!', message: 'Recovery codes copied to clipboard.', variant: 'success' })
    } catch {
      toast({
        title: 'Copy failed',
        message: 'Select the codes and copy them by hand.',
        variant: 'destructive',
      })
    }
  }

  function download(): void {
    const file = new Blob([recoveryCodesFile(codes, username, window.location.origin)], {
      type: 'text/plain;charset=utf-8',
    })
    saveBlob(file, `bashboard-recovery-codes-${username}.txt`)
  }

  return (
    <section
      aria-labelledby={ids.heading}
      className="flex flex-col gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4"
    >
      <h3 id={ids.heading} className="text-sm font-semibold text-fg">
        {title}
      </h3>
      <p id={ids.warning} className="flex items-start gap-2 text-sm text-fg">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        Save these recovery codes now: they won’t be shown again. Each one signs you in once if you lose your
        authenticator app.
      </p>
      <ol
        ref={listRef}
        tabIndex={-1}
        aria-label="Recovery codes"
        aria-describedby={ids.warning}
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-md border border-line-strong bg-terminal px-4 py-3 font-mono text-sm text-[#d8f5e3] min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tabular-nums select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={copy} aria-label={copied ? 'Copied' : 'Copy recovery codes'}>
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          Download
        </Button>
        <Button variant="secondary" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </section>
  )
}
