import type { PostCard } from '../contract/posts.ts'

/**
 * The cards searches loaded lately, held so that the next search showing the same post reuses the
 * card instead of reading and presenting it again: a search nobody ran before still lists the posts
 * searches keep finding (bench/README.md, session 22). The cards are the card store's shared instances
 * (post-card-store.ts), so while held here the store keeps their counters, edits and authors' names
 * true by live events, as it does for every cached page. What no event announces (an author's points)
 * is bounded by time: a card is reused for `keepMs` after it was loaded, no longer.
 */
export interface RecentCards {
  /** The card of `postId` loaded at most `keepMs` ago, if held. */
  get(postId: string): PostCard | undefined
  /** Holds cards just loaded (the store's instances). */
  keep(cards: readonly PostCard[]): void
  /** Cards held now (tests and diagnostics). */
  readonly size: number
}

/** Creates an empty holder; past `maxCards` the least recently kept card goes first. */
export function createRecentCards(options: {
  keepMs: number
  maxCards: number
  now?: () => number
}): RecentCards {
  // Read when called, not when made: tests move the clock with fake timers.
  const now = options.now ?? (() => Date.now())
  // Insertion order is the order cards were kept: re-kept cards move to the end.
  const held = new Map<string, { card: PostCard; at: number }>()
  return {
    get(postId) {
      const entry = held.get(postId)
      if (!entry) return undefined
      if (now() - entry.at > options.keepMs) {
        held.delete(postId)
        return undefined
      }
      return entry.card
    },
    keep(cards) {
      const at = now()
      for (const card of cards) {
        held.delete(card._id)
        held.set(card._id, { card, at })
      }
      for (const postId of held.keys()) {
        if (held.size <= options.maxCards) break
        held.delete(postId)
      }
    },
    get size() {
      return held.size
    },
  }
}
