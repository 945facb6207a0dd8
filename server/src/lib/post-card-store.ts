import type { PostCard } from '../contract/posts.ts'
import { cardChanged } from './card-json.ts'

/**
 * One shared instance of each post card held by the page caches, so that a live event changes a
 * post's counters once, in place, and every cached page showing the post (home, browse, search, post
 * pages, related posts) shows the change at once, on every instance that receives the event.
 *
 * Two things keep a patched card true while pages are loaded around it:
 *
 * - **Loads are ordered by when they began.** `mark()` is read before a page's queries run; a card
 *   adopted from a load that began before the canonical card's own load never overwrites it.
 * - **Patches outlive the cards.** An event's counters are remembered for {@link PATCH_MEMORY_MS}
 *   whether or not the card is held, and a card adopted from a load that began before the event gets
 *   them. Without this, a page whose queries ran while a vote landed would show the count from before
 *   the vote until the next event.
 *
 * View counts only grow, so a card keeps the larger of two view counts whatever their order. The other
 * counters are absolute values in event order: when two events for one post race (published on two
 * instances in the opposite order of their commits), a card may show the earlier count until the next
 * event on the post or the next load of a page holding it.
 *
 * Cards are held weakly: a card no cached page refers to any more is garbage collected.
 *
 * Every change made here to a held card is told to lib/card-json.ts, which writes each card's JSON
 * once until it changes; nothing else changes a card in place.
 */
export interface PostCardStore {
  /** A position in the store's history; read it before running the queries of a page. */
  mark(): number
  /** The shared instance of `card`, loaded by queries that began at `since` (see the file comment). */
  adopt(card: PostCard, since: number): PostCard
  /** Applies an event's counters to the post's card, now and for loads already running. */
  patchCounters(postId: string, counters: CardCounters): void
  /**
   * Applies an edit (title, command, description, category, tags…) to the held card. The counters
   * stay: an edit does not change them, and the edited card's may be older than the last event's.
   */
  applyEdit(card: PostCard): void
  /** Applies a new name or avatar to every held card of the author. */
  patchAuthor(change: { userId: string; username: string; avatar: string | null }): void
  /** The held card of a post, if any page holds it. */
  get(postId: string): PostCard | undefined
  /** Cards held now (tests and diagnostics). */
  readonly size: number
}

/** The counters an event carries (absolute values). */
export type CardCounters = Partial<
  Pick<PostCard, 'uplikeCount' | 'downlikeCount' | 'viewCount' | 'commentsCount' | 'savedCount'>
>

/** How long an event's counters are kept for loads that began before it (far longer than any load). */
export const PATCH_MEMORY_MS = 60_000

interface Held {
  ref: WeakRef<PostCard>
  /** The mark of the load the card's fields come from. */
  since: number
}

interface Patch {
  counters: CardCounters
  mark: number
  at: number
}

/** A card's fields with `counters` applied; views keep the larger count. */
function applyCounters(card: PostCard, counters: CardCounters): void {
  cardChanged(card)
  if (counters.uplikeCount !== undefined) card.uplikeCount = counters.uplikeCount
  if (counters.downlikeCount !== undefined) card.downlikeCount = counters.downlikeCount
  if (counters.commentsCount !== undefined) card.commentsCount = counters.commentsCount
  if (counters.savedCount !== undefined) card.savedCount = counters.savedCount
  if (counters.viewCount !== undefined) card.viewCount = Math.max(card.viewCount, counters.viewCount)
}

/** An empty store (see the file comment). `now` is the clock (tests pass a fake one). */
export function createPostCardStore(now: () => number = Date.now): PostCardStore {
  const held = new Map<string, Held>()
  // Insertion order is age order: a patch is re-inserted when it changes, so the oldest come first.
  const patches = new Map<string, Patch>()
  let counter = 0
  const collected = new FinalizationRegistry<{ postId: string; ref: WeakRef<PostCard> }>(
    ({ postId, ref }) => {
      // A newer card of the same post may have replaced the collected one meanwhile.
      if (held.get(postId)?.ref === ref) held.delete(postId)
    },
  )

  function current(postId: string): PostCard | undefined {
    const entry = held.get(postId)
    if (!entry) return undefined
    const card = entry.ref.deref()
    if (!card) held.delete(postId)
    return card
  }

  function forgetOldPatches(): void {
    const limit = now() - PATCH_MEMORY_MS
    for (const [postId, patch] of patches) {
      if (patch.at >= limit) break
      patches.delete(postId)
    }
  }

  return {
    mark: () => counter,
    adopt(loaded, since) {
      const entry = held.get(loaded._id)
      const card = entry?.ref.deref()
      let result: PostCard
      if (entry && card) {
        // A load that began before the held card's own says nothing newer, except a larger view count.
        if (since < entry.since) {
          if (loaded.viewCount > card.viewCount) {
            card.viewCount = loaded.viewCount
            cardChanged(card)
          }
          return card
        }
        const viewCount = Math.max(card.viewCount, loaded.viewCount)
        Object.assign(card, loaded, { viewCount })
        cardChanged(card)
        entry.since = since
        result = card
      } else {
        result = { ...loaded }
        const ref = new WeakRef(result)
        held.set(loaded._id, { ref, since })
        collected.register(result, { postId: loaded._id, ref })
      }
      const patch = patches.get(loaded._id)
      if (patch && patch.mark > since) applyCounters(result, patch.counters)
      return result
    },
    patchCounters(postId, counters) {
      counter += 1
      const previous = patches.get(postId)
      patches.delete(postId)
      patches.set(postId, { counters: { ...previous?.counters, ...counters }, mark: counter, at: now() })
      forgetOldPatches()
      const card = current(postId)
      if (card) applyCounters(card, counters)
    },
    applyEdit(edited) {
      const card = current(edited._id)
      if (!card) return
      const { uplikeCount, downlikeCount, viewCount, commentsCount, savedCount } = card
      Object.assign(card, edited, { uplikeCount, downlikeCount, commentsCount, savedCount })
      card.viewCount = Math.max(viewCount, edited.viewCount)
      cardChanged(card)
    },
    patchAuthor(change) {
      for (const postId of [...held.keys()]) {
        const card = current(postId)
        if (card?.author._id !== change.userId) continue
        card.author = { ...card.author, username: change.username, avatar: change.avatar }
        cardChanged(card)
      }
    },
    get: current,
    get size() {
      return held.size
    },
  }
}
