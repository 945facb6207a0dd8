// The server runs through tsx from the repository root, whose tsconfig sets no JSX mode: say it here.
// @jsxRuntime automatic
// @jsxImportSource react
import { greeting, type MailContent, type MailContext } from './content.ts'
import { Action, MailLayout, Note, Paragraph } from './layout.tsx'

/** What the mail says of the export (modules/leaving/export-worker.ts queues it). */
export interface ExportReadyData {
  /** When the file is deleted (ISO 8601). */
  expiresAt: string
  bytes: number
  filename: string
}

/** A day as people read it, in UTC (the server's dates are UTC; the page shows the reader's own). */
function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })
}

/** A size in kB or MB, one decimal, as a download button would say it. */
export function sizeOf(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * Your export is ready: a link to Settings → Account, where the member downloads it signed in. The
 * link carries nothing secret, so a forwarded mail gives nobody the file.
 */
export function exportReadyMail(data: ExportReadyData, ctx: MailContext): MailContent {
  const until = dayOf(data.expiresAt)
  return {
    subject: 'Your Bashboard data is ready to download',
    element: (
      <MailLayout
        preview={`Your export (${sizeOf(data.bytes)}) can be downloaded until ${until}.`}
        heading="Your data is ready"
        origin={ctx.origin}
        reason="You get this mail because you asked for a copy of your Bashboard data."
      >
        <Paragraph>{greeting(ctx)}</Paragraph>
        <Paragraph>
          The copy of your data you asked for is ready: {data.filename}, {sizeOf(data.bytes)}. Sign in and
          download it from Settings.
        </Paragraph>
        <Action href={ctx.link('/settings', { tab: 'account' })} label="Download my data" />
        <Note>
          The file can be downloaded until {until} (UTC), then it is deleted. Only you can download it, signed
          in to your account. If you did not ask for it, change your password.
        </Note>
      </MailLayout>
    ),
  }
}
