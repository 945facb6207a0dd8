/** 1234 → "1,234" (lib/format-count.ts). */
export { formatCount } from '../../lib/format-count'

/**
 * docs/product-rules.md#post-display: round(up / (up + down) * 100), or null when nobody voted (a post
 * without votes reads "no votes yet": "0% upvoted" would say everyone voted it down).
 */
export function upvotePercentage(up: number, down: number): number | null {
  return up + down === 0 ? null : Math.round((up / (up + down)) * 100)
}

/** What a post page says where the upvote percentage goes before anyone voted. */
export const NO_VOTES_YET = 'no votes yet'

/** The first `count` tags of a post card (docs/product-rules.md#post-display: two). */
export function cardTags(tags: readonly string[], count = 2): string[] {
  return tags.slice(0, count)
}

/**
 * A card's placeholders as written in its command: `<name>` (navi form) where it is written so, else
 * `{{name}}` (tldr form). Built from the server's `placeholders` list, so the cards of the first screen
 * need not load the placeholder parser (contract/placeholders.ts).
 */
export function writtenPlaceholders(command: string, names: readonly string[]): string[] {
  return names.map((name) => (command.includes(`<${name}>`) ? `<${name}>` : `{{${name}}}`))
}
