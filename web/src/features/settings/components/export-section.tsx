import type { ExportJob } from '@bashboard/server/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Download, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form-error'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { formatDayAndTime } from '../../../lib/format-day'
import {
  downloadAccountExport,
  downloadPreparedExport,
  latestExportKey,
  latestExportQueryOptions,
  usePrepareExport,
} from '../account-api'

/** A file size as a download button says it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

const FAILED = 'Failed to prepare your data. Please try again.'

/**
 * "Download your data" on the Account tab (docs/product-rules.md#leaving). A small account downloads
 * at once; a large one is prepared in the background and mailed as a link back here, so the section
 * shows where that copy is: being prepared, ready until a date, failed or expired. While the state is
 * unknown (still loading, or it failed to load) the button downloads at once, as the server decides
 * anyway: a large account's request is then queued and the state is read again.
 */
export function ExportSection() {
  const toast = useToast()
  const queryClient = useQueryClient()
  const latest = useQuery(latestExportQueryOptions())
  const prepare = usePrepareExport()
  const [downloading, setDownloading] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const job = latest.data?.job ?? null
  const state = job?.state ?? null
  const inBackground = latest.data?.inBackground ?? false

  async function download(fetchFile: () => Promise<string>): Promise<void> {
    setDownloading(true)
    setProblem(null)
    try {
      const name = await fetchFile()
      toast({ title: 'Download started', message: `Your data is in ${name}.`, variant: 'success' })
    } catch (error) {
      // The account grew past the threshold since the page loaded: the server queued it instead.
      if (error instanceof ApiError && error.status === 202) {
        toast({ title: 'Preparing your data', message: 'We will email you a link when it is ready.' })
      } else {
        setProblem(error instanceof ApiError ? error.message : FAILED)
      }
    } finally {
      setDownloading(false)
      void queryClient.invalidateQueries({ queryKey: latestExportKey() })
    }
  }

  function prepareCopy(): void {
    setProblem(null)
    prepare.mutate(undefined, { onError: (error) => setProblem(error.message) })
  }

  return (
    <section aria-labelledby="export-heading" className="flex flex-col gap-3">
      <h2 id="export-heading" className="text-sm font-semibold text-fg">
        Download your data
      </h2>
      <p className="text-sm text-muted">
        One JSON file with your profile, your commands and comments, your votes, saved commands and
        collections, and the names of your access tokens. It holds no passwords or tokens, and nothing private
        of anyone else.
      </p>
      {state === 'preparing' ? (
        <PreparingNote />
      ) : state === 'ready' && job ? (
        <ReadyCopy
          job={job}
          downloading={downloading}
          onDownload={() => void download(() => downloadPreparedExport(job._id))}
        />
      ) : (
        <>
          {state === 'failed' ? (
            <FormError>We could not prepare your data. Please try again.</FormError>
          ) : null}
          {state === 'expired' ? (
            <p className="text-sm text-muted">Your last copy has expired and was deleted.</p>
          ) : null}
          {inBackground ? (
            <>
              <p className="text-sm text-muted">
                You have made a lot here, so your file is prepared in the background. We email you a link when
                it is ready, and you download it on this page.
              </p>
              <Button
                variant="secondary"
                className="self-start"
                loading={prepare.isPending}
                onClick={prepareCopy}
              >
                <MailCheck aria-hidden="true" className="size-4" />
                {prepare.isPending ? 'Asking...' : 'Prepare my data'}
              </Button>
            </>
          ) : (
            <Button
              variant="secondary"
              className="self-start"
              loading={downloading}
              onClick={() => void download(downloadAccountExport)}
            >
              <Download aria-hidden="true" className="size-4" />
              {downloading ? 'Preparing...' : 'Download your data'}
            </Button>
          )}
        </>
      )}
      {problem ? <FormError>{problem}</FormError> : null}
    </section>
  )
}

/** While the worker builds the file: nothing to press, the mail will come. */
function PreparingNote() {
  return (
    <p role="status" className="rounded-md border border-line bg-surface-2 p-3 text-sm text-fg">
      Your data is being prepared. We will email you a link when it is ready; you can close this page.
    </p>
  )
}

/** A ready copy: its download button, and until when it can be downloaded. */
function ReadyCopy(props: { job: ExportJob; downloading: boolean; onDownload: () => void }) {
  const { job } = props
  const until = job.expiresAt ? formatDayAndTime(job.expiresAt) : undefined
  return (
    <div className="flex flex-col gap-2 rounded-md border border-line bg-surface-2 p-3">
      <p className="text-sm text-fg">
        Your data is ready{until ? `: download it until ${until}` : ''}. Then it is deleted.
      </p>
      <Button
        variant="secondary"
        className="self-start"
        loading={props.downloading}
        onClick={props.onDownload}
      >
        <Download aria-hidden="true" className="size-4" />
        {props.downloading
          ? 'Downloading...'
          : `Download your data${job.bytes !== null ? ` (${fileSize(job.bytes)})` : ''}`}
      </Button>
    </div>
  )
}
