import sanitizeHtml from 'sanitize-html'
import { RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '../contract/rich-text.ts'

/**
 * Post descriptions arrive as HTML from the rich-text editor. Only what its toolbar can produce is
 * kept (docs/product-rules.md#rich-text); everything else (scripts, event handlers, styles, images,
 * javascript: links) is dropped. The web client sanitises again before rendering, so this is the first of two
 * layers.
 */

/** Rel every kept link gets: no window.opener access, and no endorsement of user links. */
export const LINK_REL = 'noopener nofollow ugc'

const DESCRIPTION_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: [...RICH_TEXT_LINK_ATTRIBUTES] },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Script and style contents are dropped with their tags instead of leaking out as text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object'],
  transformTags: {
    // Equivalent markup from pasted content is mapped to the tags the editor produces.
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { rel: LINK_REL }
      if (attribs.href !== undefined) out.href = attribs.href
      if (attribs.target === '_blank') out.target = '_blank'
      return { tagName, attribs: out }
    },
  },
}

/** The description HTML with only the editor's allowlist left; links carry {@link LINK_REL}. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_OPTIONS).trim()
}

const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object'],
}

// Block ends and line breaks separate words once tags are gone ("<p>a</p><p>b</p>" → "a b").
const BLOCK_BOUNDARY = /<\/(?:p|h[1-6]|li|blockquote|pre|div|ul|ol)\s*>|<br\s*\/?>/gi

/**
 * The plain text of some HTML: tags dropped, entities decoded, whitespace runs folded to one space.
 * Used for the empty-description rule, excerpts, meta descriptions and search. Not HTML-safe: render
 * it as text.
 */
export function htmlToText(html: string): string {
  const stripped = sanitizeHtml(html.replace(BLOCK_BOUNDARY, '$& '), TEXT_OPTIONS)
  return decodeBasicEntities(stripped).replace(/\s+/g, ' ').trim()
}

// sanitize-html re-escapes text with exactly these entities; `&amp;` goes last so "&amp;lt;" stays "&lt;".
function decodeBasicEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
}

/** Most characters of an excerpt (docs/product-rules.md#page-titles). */
export const EXCERPT_LENGTH = 160

/** Text cut to at most `max` characters, at a word boundary when one is near, ending in "…" when cut. */
export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  const base = space > max * 0.6 ? cut.slice(0, space) : cut
  return `${base.trimEnd()}…`
}
