import {
  RICH_TEXT_LINK_ATTRIBUTES,
  RICH_TEXT_LINK_SCHEMES,
  RICH_TEXT_TAGS,
} from '@bashboard/server/contract/rich-text'
import DOMPurify from 'dompurify'
import { useMemo } from 'react'
import { cn } from '../../lib/cn'

/** Links may use only the shared schemes (http, https, mailto). */
const allowedUrl = new RegExp(`^(?:${RICH_TEXT_LINK_SCHEMES.join('|')}):`, 'i')

/**
 * A DOMPurify instance of this module's own, configured once, on first use. Given a config, every
 * `sanitize` call parses it again and rebuilds its allow-lists; `setConfig` does that once. Its own
 * instance keeps that config from reaching any other user of DOMPurify's shared default instance. Made on
 * first use because DOMPurify needs a window, which the server's render of a page does not have.
 */
let purifier: ReturnType<typeof DOMPurify> | null = null

function browserSanitize(html: string): string {
  if (!purifier) {
    purifier = DOMPurify()
    purifier.setConfig({
      ALLOWED_TAGS: [...RICH_TEXT_TAGS],
      ALLOWED_ATTR: [...RICH_TEXT_LINK_ATTRIBUTES],
      ALLOWED_URI_REGEXP: allowedUrl,
      // DOMPurify checks every allowed attribute's value against the URL pattern unless told it is not a
      // URL: without this, the `rel="noopener nofollow ugc"` the server puts on links never reached the page.
      ADD_URI_SAFE_ATTR: ['rel', 'target'],
    })
  }
  return purifier.sanitize(html)
}

let sanitize: (html: string) => string = browserSanitize

/**
 * The server's render of a page (src/entry-server.tsx) hands in the server's own sanitiser, the one
 * every description already went through on write, since DOMPurify cannot run without a DOM.
 */
export function setServerSanitizer(serverSanitize: (html: string) => string): void {
  sanitize = serverSanitize
}

/** Sanitises user HTML with DOMPurify: the editor's tags only, links restricted to http(s) and mailto. */
export function sanitizeHtml(html: string): string {
  return sanitize(html)
}

/** Typography for the editor's tags, scoped to the rendered block (no global stylesheet rules). */
const richTextClasses =
  'text-sm leading-6 text-fg break-words [&_p]:my-2 [&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold ' +
  '[&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold ' +
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5 ' +
  '[&_blockquote]:my-2 [&_blockquote]:border-l-2 [&_blockquote]:border-line-strong [&_blockquote]:pl-3 ' +
  '[&_blockquote]:text-muted [&_a]:text-accent-text [&_a]:underline [&_a]:underline-offset-2 ' +
  '[&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] ' +
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-terminal [&_pre]:p-3 ' +
  '[&_pre]:text-[#d8f5e3] [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0'

export interface SafeHtmlProps {
  html: string
  className?: string
}

/**
 * The one place user HTML reaches the page. The server sanitises on write; this sanitises again on render,
 * so a bug or an old row on the server cannot become script in the browser.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  return (
    <div
      className={cn(richTextClasses, className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  )
}
