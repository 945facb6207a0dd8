import type { BrowserPage } from '../site-pages.ts'
import { comment, page, type RenderContext } from './render.ts'
import { cleanLine } from './text.ts'

/** What a text client is told about a page for browsers (also its `?json`). */
export interface BrowserPageNote {
  title: string
  /** The page's address, to open in a browser. */
  url: string
  /** A terminal page showing something like it, when there is one. */
  instead: { note: string; url: string } | null
  /** Everything the terminal offers. */
  help: string
}

/** The note of a browser page at `path` (the request's, URL-encoded as it arrived). */
export function browserPageNote(
  origin: string,
  browserPage: BrowserPage,
  path: string,
  params: Readonly<Record<string, string>>,
): BrowserPageNote {
  const instead = browserPage.instead?.(params)
  return {
    title: browserPage.title,
    url: `${origin}${path}`,
    instead: instead ? { note: instead.note, url: `${origin}${instead.path}` } : null,
    help: `${origin}/:help`,
  }
}

/** A page of the site made for a browser: what it is, where to open it, what the terminal has. */
export function renderBrowserPage(ctx: RenderContext, note: BrowserPageNote): string {
  const { palette } = ctx
  const lines = [
    `${palette.dim('#')} ${palette.bold(note.title)} ${palette.dim('— a page of the Bashboard site for a browser:')}`,
    `${palette.dim('#')}   ${palette.cyan(cleanLine(note.url))}`,
  ]
  if (note.instead) lines.push(comment(ctx, `${note.instead.note}: curl ${cleanLine(note.instead.url)}`))
  lines.push(comment(ctx, `What the terminal can read: curl ${note.help}`))
  return page(lines)
}
