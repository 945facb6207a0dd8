/**
 * How a count reads with its noun ("1 comment", "2 comments", "1,000 people"): the one rule the web,
 * the curl pages, the page heads and the CLI use. It imports nothing, so the web and the CLI import it
 * at runtime. English only: the singular for exactly 1, the written-out plural otherwise, and a noun not
 * in {@link PLURALS} does not compile. Ours over `pluralize` (2.4 kB gzip against 0.4 kB, 2026-12) and
 * `Intl.PluralRules` (no word forms, and ICU data on the first screen).
 */

/** Every noun printed after a count, singular → plural. Add the noun here before printing it. */
export const PLURALS = {
  article: 'articles',
  category: 'categories',
  click: 'clicks',
  collection: 'collections',
  command: 'commands',
  comment: 'comments',
  downvote: 'downvotes',
  endpoint: 'endpoints',
  event: 'events',
  expert: 'experts',
  /** A request's field, in the API's error messages. */
  field: 'fields',
  member: 'members',
  notification: 'notifications',
  page: 'pages',
  person: 'people',
  placeholder: 'placeholders',
  point: 'points',
  post: 'posts',
  program: 'programs',
  /** A signed-in browser (Settings → Sessions). */
  session: 'sessions',
  /** The short form of "point" where room is scarce: "1 pt", "12 pts". */
  pt: 'pts',
  token: 'tokens',
  upvote: 'upvotes',
  user: 'users',
  view: 'views',
} as const

/** A noun that can follow a count (a key of {@link PLURALS}). */
export type CountedNoun = keyof typeof PLURALS

/** The noun's form for `count`: `nounFor(1, 'person')` → "person", `nounFor(3, 'person')` → "people". */
export function nounFor(count: number, noun: CountedNoun): string {
  return count === 1 ? noun : PLURALS[noun]
}

/**
 * A whole number with a comma between each group of three digits: 1234 → "1,234", -1000 → "-1,000",
 * the same text as `toLocaleString('en-US')` for safe integers, written without Intl. Other numbers
 * (fractions, beyond 2^53) are written as JavaScript writes them.
 */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value)
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',')
  return value < 0 ? `-${digits}` : digits
}

/** The count and its noun: `countOf(1, 'comment')` → "1 comment", `countOf(1000, 'view')` → "1,000 views". */
export function countOf(count: number, noun: CountedNoun): string {
  return `${groupDigits(count)} ${nounFor(count, noun)}`
}
