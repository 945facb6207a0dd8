/** Tiny HTML builders for the seed content: text is escaped here once, so the data files stay readable. */

/** Escapes text for use inside an HTML element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/** Inline code. */
export const code = (text: string): string => `<code>${escapeHtml(text)}</code>`

/** A code block; the first and last blank lines of a template literal are dropped. */
export const pre = (text: string): string =>
  `<pre><code>${escapeHtml(text.replace(/^\n|\n\s*$/g, ''))}</code></pre>`

/** A paragraph whose parts are already HTML (use `code()` for commands inside it). */
export const p = (...parts: string[]): string => `<p>${parts.join('')}</p>`

export const h2 = (text: string): string => `<h2>${escapeHtml(text)}</h2>`

/** A bulleted list of items that are already HTML. */
export const ul = (...items: string[]): string =>
  `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`

export const strong = (text: string): string => `<strong>${escapeHtml(text)}</strong>`

export const em = (text: string): string => `<em>${escapeHtml(text)}</em>`

/** A link to an external page (https only in the seed). */
export const a = (href: string, text: string): string =>
  `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`
