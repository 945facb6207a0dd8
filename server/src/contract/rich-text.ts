/**
 * The HTML a post description may contain (docs/product-rules.md#rich-text): exactly what the editor's
 * toolbar produces. The server sanitises to this list on write and the web client again on render, so both
 * read it from here and can never drift apart.
 */
export const RICH_TEXT_TAGS = [
  'h1',
  'h2',
  'h3',
  'p',
  'strong',
  'em',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'br',
] as const

/** Attributes kept on links; every other attribute on every tag is dropped. */
export const RICH_TEXT_LINK_ATTRIBUTES = ['href', 'rel', 'target'] as const

/** URL schemes a link may use. */
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const
