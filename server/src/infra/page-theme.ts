import type { FastifyRequest } from 'fastify'
import { THEME_COOKIE } from '../contract/values.ts'
import { cookieValue } from './cookies.ts'

/*
 * The visitor's explicit theme, written into the HTML of every page the server sends, so the first paint
 * is already in it. Without a choice the page carries no `data-theme` and the stylesheet follows the
 * system (web/src/styles.css). The web client keeps the cookie beside its stored choice
 * (web/src/state/theme.ts); it is a display preference, never trusted for anything else.
 */

export type PageTheme = 'dark' | 'light'

/** The theme the visitor chose, or null when they follow the system (or the cookie is not one we set). */
export function themeOfRequest(request: FastifyRequest): PageTheme | null {
  const value = cookieValue(request, THEME_COOKIE)
  return value === 'dark' || value === 'light' ? value : null
}

const HTML_TAG = /<html\b([^>]*)>/

/** The page with `data-theme` on its `<html>` element; the page unchanged without a theme. */
export function withDocumentTheme(html: string, theme: PageTheme | null): string {
  if (!theme) return html
  // A function, as with every replacement into a page: the value is one of two words, but the rule holds.
  return html.replace(HTML_TAG, (_tag, attributes: string) => `<html${attributes} data-theme="${theme}">`)
}
