/**
 * Slugs and command keys (docs/product-rules.md#posts). Title uniqueness is slug uniqueness, and command
 * uniqueness compares the trimmed command with whitespace runs folded, so both are derived here and stored in
 * unique columns.
 */

/** Used when a title has no letter or digit at all, so a slug is never empty. */
export const EMPTY_SLUG = 'post'

/**
 * The slug of a title: lowercase, accents dropped, every run of other characters than a–z and 0–9
 * becomes one `-`, and leading or trailing `-` are trimmed. "Find Large Files (>1GB)!" → "find-large-files-1gb".
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug === '' ? EMPTY_SLUG : slug
}

/** The uniqueness key of a command: trimmed, with each whitespace run folded into one space. */
export function commandKey(command: string): string {
  return command.trim().replace(/\s+/g, ' ')
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a path parameter is a uuid (an id) rather than a slug. */
export function isUuid(value: string): boolean {
  return UUID.test(value)
}
