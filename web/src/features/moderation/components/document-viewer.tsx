import type { ModApplication } from '@bashboard/server/contract'
import { Download, FileWarning } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { fetchDocumentBlob } from '../api'

/** Types shown inline; anything else (there should be nothing else) can only be downloaded. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf'])

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; url: string }

/** Reads a blob as a `data:` URL (the page's CSP allows images from `data:`, not from `blob:`). */
function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('The document could not be read'))
    reader.readAsDataURL(blob)
  })
}

/**
 * Shows an application's private document inline. The bytes come with the bearer token as a blob and
 * are retyped with the MIME the server stored (never what the file claims). Images are shown from a
 * `data:` URL; PDFs from an object URL in a frame (the page's CSP must allow `frame-src blob:`), which
 * is revoked when the viewer closes.
 */
export function DocumentViewer({ document }: { document: ModApplication['document'] }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const inline = INLINE_TYPES.has(document.mime)
  const pdf = document.mime === 'application/pdf'

  useEffect(() => {
    // `attempt` is read so that Retry re-runs this effect.
    void attempt
    const controller = new AbortController()
    let objectUrl: string | null = null
    setLoaded({ state: 'loading' })
    fetchDocumentBlob(document.url, controller.signal)
      .then((blob) => {
        const typed = new Blob([blob], { type: document.mime })
        if (!pdf) return readAsDataUrl(typed)
        objectUrl = URL.createObjectURL(typed)
        return objectUrl
      })
      .then((url) => {
        if (!controller.signal.aborted) setLoaded({ state: 'ready', url })
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed' })
      })
    return () => {
      controller.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [document.url, document.mime, pdf, attempt])

  if (loaded.state === 'loading') return <Loading label="Loading document..." className="py-8" />
  if (loaded.state === 'failed')
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-danger/50 bg-danger-soft p-4 text-sm">
        <p className="flex items-center gap-2 text-fg">
          <FileWarning aria-hidden="true" className="size-4 text-danger" />
          The document could not be loaded.
        </p>
        <Button variant="secondary" size="sm" onClick={() => setAttempt((value) => value + 1)}>
          Retry
        </Button>
      </div>
    )
  return (
    <div className="flex flex-col gap-3">
      {inline ? (
        pdf ? (
          <>
            <iframe
              src={loaded.url}
              title={`Document ${document.name}`}
              className="h-[28rem] w-full rounded-lg border border-line bg-white"
            />
            <p className="text-xs text-muted">If the PDF does not appear here, use Download to open it.</p>
          </>
        ) : (
          <img
            src={loaded.url}
            alt={`Document ${document.name}`}
            className="max-h-[28rem] w-full rounded-lg border border-line bg-surface-2 object-contain"
          />
        )
      ) : (
        <p className="text-sm text-muted">This document type cannot be shown here; download it instead.</p>
      )}
    </div>
  )
}

/** A download button that fetches the document on demand, without opening the viewer. */
export function DocumentDownloadButton({ document }: { document: ModApplication['document'] }) {
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  async function download(): Promise<void> {
    setBusy(true)
    try {
      const blob = await fetchDocumentBlob(document.url)
      const url = URL.createObjectURL(new Blob([blob], { type: document.mime }))
      const link = window.document.createElement('a')
      link.href = url
      link.download = document.name
      link.click()
      // Give the browser a moment to start the download before the URL goes away.
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch {
      toast({
        title: 'Download failed',
        message: 'The document could not be loaded.',
        variant: 'destructive',
      })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void download()}>
      {busy ? null : <Download aria-hidden="true" className="size-4" />}
      Download
    </Button>
  )
}
