import { describe, expect, it } from 'vitest'
import { RICH_TEXT_TAGS } from '../src/contract/rich-text.ts'
import { htmlToText, sanitizeDescription } from '../src/lib/sanitize.ts'
import { xssPayloads } from './xss-corpus.ts'

/*
 * docs/product-rules.md#security: the XSS corpus through the server's sanitiser, which every post description
 * and blog article passes on write. What comes out may only hold the editor's tags, and links only http(s) or
 * mailto hrefs. (The end-to-end journey renders the same corpus in Chromium.)
 */

const payloads = xssPayloads()
const ALLOWED_TAGS = new Set<string>(RICH_TEXT_TAGS)

/** Every problem in sanitised HTML: a tag outside the allowlist, a handler, a script URL. */
function problemsIn(html: string): string[] {
  const problems: string[] = []
  for (const [, tag] of html.matchAll(/<\/?([a-zA-Z][\w:-]*)/g)) {
    if (!ALLOWED_TAGS.has((tag ?? '').toLowerCase())) problems.push(`tag <${tag}>`)
  }
  for (const [attribute] of html.matchAll(/<[^>]*\s(on\w+|style|src|srcdoc|formaction|xlink:href)\s*=/gi)) {
    problems.push(`attribute ${attribute}`)
  }
  for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
    // http(s), mailto, or a relative URL (no scheme at all, so it cannot be javascript: or data:).
    if (!/^(https?:|mailto:|[^:]*$)/i.test(href ?? '')) problems.push(`href ${href}`)
  }
  return problems
}

describe('the XSS corpus', () => {
  it('holds several hundred payloads, each calling its own number', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(300)
    expect(new Set(payloads).size).toBe(payloads.length)
  })

  it('keeps nothing executable in a sanitised description or article', () => {
    const failures: string[] = []
    for (const payload of payloads) {
      // Alone, and wrapped in editor markup the way a pasted payload arrives.
      for (const input of [payload, `<p>before ${payload} after</p>`]) {
        const problems = problemsIn(sanitizeDescription(input))
        if (problems.length > 0) failures.push(`${input} → ${problems.join(', ')}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('the checker itself catches what the sanitiser removes', () => {
    // Guards the guard: unsanitised payloads must trip it, or the test above proves nothing.
    const caught = payloads.filter((payload) => problemsIn(payload).length > 0)
    expect(caught.length).toBeGreaterThan(payloads.length * 0.9)
  })

  it('turns every payload into inert text for excerpts and meta descriptions', () => {
    for (const payload of payloads) expect(htmlToText(payload)).not.toMatch(/<\s*[a-z]/i)
  })
})
