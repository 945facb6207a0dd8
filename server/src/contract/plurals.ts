/**
 * How a count reads with its noun: "0 comments", "1 comment", "2 comments", "1,000 people". The one rule
 * the web pages, the text pages for curl, the server's page heads and the `bashboard` CLI print every
 * counted noun with. This module imports nothing: the web imports it at runtime from
 * `@bashboard/server/contract/plurals`, and so does the CLI (which shares nothing else with the server).
 *
 * The site is English only, so the rule is English's: the singular for exactly 1, the plural for every
 * other number (0, 2, 1.5, -1). Each noun is listed in {@link PLURALS} with its plural written out, so
 * an irregular one (person → people, category → categories) needs no guessing, and a noun not listed
 * does not compile. Ours rather than `Intl.PluralRules`, which would answer the same one/other for `en`,
 * knows no word forms, and loads ICU's locale data on a public page's first screen (web/README.md,
 * "Numbers and dates without Intl"); and rather than the `pluralize` package, which the contract may
 * not import and whose rule tables guess what this closed list spells out: measured 2.4 kB gzip
 * minified, against 0.4 kB for this file (2026-12, esbuild --minify | gzip -9).
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
