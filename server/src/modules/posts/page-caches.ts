import type { LiveEventMap } from '../../contract/live.ts'
import type { PostCard, SearchResponse } from '../../contract/posts.ts'
import type { BrowseResponse, WebsiteResponse } from '../../contract/website.ts'
import { createLivePositions } from '../../lib/live-positions.ts'
import { createPostCardStore, type PostCardStore } from '../../lib/post-card-store.ts'
import { createReadCache, type ReadCache } from '../../lib/read-cache.ts'
import { createRecentCards, type RecentCards } from '../../lib/recent-cards.ts'
import type { LiveHub, WatchedEvent } from '../../live/hub.ts'

/**
 * The pages many visitors read alike (home, browse, search, each post's page), computed once for all
 * of them and kept true by the live events of every instance:
 *
 * - **Counters are patched, never purged.** Every cached page refers to one shared card per post
 *   (lib/post-card-store.ts); a vote, a view batch, a comment or a save sets that card's counters in place, so
 *   every page holding the post shows them at once and nothing is recomputed.
 * - **Structure changes drop only what they can touch.** A new or deleted post drops the lists it can
 *   appear in (home, its category's and the all-categories browse pages, searches) and the post pages
 *   whose related posts it may join or leave; an edit drops the post's own pages (kept under every key
 *   asked for: its id, its slug, its old slugs), searches, filtered browse pages (its tags or command
 *   may now pass a filter), and the lists of its old and new category when it moved. A new post or an
 *   edit also drops the addresses kept as not found (its slug may be one of them). A renamed author is
 *   patched on every held card.
 * - **Orderings by counters trail by a bounded time.** A list keeps its order until it is refreshed:
 *   a list is fresh for {@link LIST_FRESH_MS}, then served for up to {@link LIST_STALE_MS} more while
 *   one refresh runs, so a page being read shows an order at most about 2 s old (plus the refresh),
 *   and no page shows one older than 10 s. Post pages (their related posts) are fresh for 30 s.
 * - **Live ids follow the patches.** A page is served with the id of the last event of its topic it
 *   reflects (`post:<id>` for a post's page, `posts` for home and browse; lib/live-positions.ts), not
 *   the one read when it was cached; a browse page kept through a new or deleted post of another
 *   category (its category counts are from before it) stays below that post's event.
 *
 * `PAGE_CACHE=false` builds none of this and every request queries.
 */
export interface PostPageCaches {
  readonly home: ReadCache<HomePage>
  readonly browse: ReadCache<BrowsePage>
  readonly search: ReadCache<SearchResponse>
  readonly pages: ReadCache<PostPage | null>
  /** The shared cards; a page's load goes through {@link startLoad}. */
  readonly cards: PostCardStore
  /**
   * The shared cards searches loaded in the last {@link RECENT_CARD_MS}, which the next search reuses
   * (website/search.ts): a search nobody ran before mostly lists posts other searches showed.
   */
  readonly recentCards: RecentCards
  /** Stops following the live channel (app shutdown). */
  close(): void
}

/** The home page's part every visitor sees alike. */
export type HomePage = Omit<WebsiteResponse, 'myReactedPosts'>

/**
 * A browse page as every visitor sees it, with the category it was filtered by (null for all) and
 * whether other filters (tags, dates, flags, score) chose its posts.
 */
export interface BrowsePage {
  response: Omit<BrowseResponse, 'myReactedPosts'>
  categoryId: string | null
  filtered: boolean
}

/**
 * The part of a post's page every visitor sees alike, with the `post:<id>` live id read before it;
 * served with the id of the last event patched into it since (see the interface comment).
 */
export interface PostPage {
  /** Presented once when cached: a card's safety check and tags cost more than serving it. */
  post: PostCard
  related: PostCard[]
  liveId: string
}

/** Lists (home, browse, search): fresh for 2 s, then served up to 8 s more while one refresh runs. */
export const LIST_FRESH_MS = 2000
export const LIST_STALE_MS = 8000
/** Post pages change only by events (patched or dropped); time bounds their related posts. */
export const POST_PAGE_FRESH_MS = 30_000
export const POST_PAGE_STALE_MS = 30_000
/**
 * A search reuses a card loaded this recently: what no event announces on a card (its author's points)
 * is then no older than on a cached list.
 */
export const RECENT_CARD_MS = LIST_FRESH_MS + LIST_STALE_MS
/** Cards searches keep for reuse: a card is a few KB, so at most a few tens of MB. */
export const RECENT_CARDS_MAX = 5000
/** Keys kept per list cache: pages and popular searches beyond this are recomputed. */
export const PAGE_CACHE_MAX_ENTRIES = 500
/**
 * Post pages kept: a page holds the card and four related cards (about 6 KB as JSON, twice that as
 * objects, less where cards are shared), so 5,000 of them, the popular posts, take at most about 60 MB.
 */
export const POST_PAGE_MAX_ENTRIES = 5000

/**
 * Begins loading a page: call it before the page's queries run, and pass the cards they read through
 * the function it returns, which gives the shared instances (see lib/post-card-store.ts for why the
 * moment matters). Without caches (PAGE_CACHE=false) the cards are returned as they are.
 */
export function startLoad(caches: Pick<PostPageCaches, 'cards'> | null): (cards: PostCard[]) => PostCard[] {
  if (!caches) return (cards) => cards
  const since = caches.cards.mark()
  return (cards) => cards.map((card) => caches.cards.adopt(card, since))
}

const holds = (posts: readonly PostCard[], postId: string) => posts.some((post) => post._id === postId)

/** Whether a cached page shows the post (as a card or among the related posts). */
function pageHolds(page: PostPage | null, postId: string): boolean {
  return page !== null && (page.post._id === postId || holds(page.related, postId))
}

type PostsEvents = LiveEventMap['posts']
type PostEvents = LiveEventMap['post']

/** Creates the caches and follows `live` to keep them true (see the interface comment). */
export function createPostPageCaches(live: LiveHub, now?: () => number): PostPageCaches {
  const clock = now ? { now } : {}
  const list = {
    freshMs: LIST_FRESH_MS,
    staleMs: LIST_STALE_MS,
    maxEntries: PAGE_CACHE_MAX_ENTRIES,
    ...clock,
  }
  const positions = createLivePositions()
  const home = createReadCache<HomePage>({
    ...list,
    // Only `posts` follows patches: the stats tiles are as loaded, so their id stays the one read.
    serving: positions.serving(
      (page) => ({ topic: 'posts', liveId: page.liveIds.posts }),
      (page, posts) => ({ ...page, liveIds: { ...page.liveIds, posts } }),
    ),
  })
  const browse = createReadCache<BrowsePage>({
    ...list,
    serving: positions.serving(
      (page) => ({ topic: 'posts', liveId: page.response.liveId }),
      (page, liveId) => ({ ...page, response: { ...page.response, liveId } }),
    ),
  })
  const search = createReadCache<SearchResponse>(list)
  const pages = createReadCache<PostPage | null>({
    freshMs: POST_PAGE_FRESH_MS,
    staleMs: POST_PAGE_STALE_MS,
    maxEntries: POST_PAGE_MAX_ENTRIES,
    ...clock,
    serving: positions.serving(
      (page) => page && { topic: `post:${page.post._id}`, liveId: page.liveId },
      (page, liveId) => page && { ...page, liveId },
    ),
  })
  const cards = createPostCardStore(now)
  const recentCards = createRecentCards({ keepMs: RECENT_CARD_MS, maxCards: RECENT_CARDS_MAX, ...clock })

  const caches = [home, browse, search, pages] as Array<ReadCache<unknown>>
  const dropAll = () => {
    for (const cache of caches) cache.invalidate()
  }

  /** Drops the lists a post of `categoryId` appears in (or may appear in, for searches). */
  function dropListsOfCategory(categoryId: string | null): void {
    home.invalidate()
    search.invalidate()
    browse.invalidateWhere(
      (page) => page.categoryId === null || page.categoryId === categoryId || page.response.search !== null,
    )
    // Related posts are the category's top posts.
    if (categoryId !== null) pages.invalidateWhere((page) => page?.post.category?._id === categoryId)
  }

  /** Drops every cached page showing the post. */
  function dropHolders(postId: string): void {
    home.invalidateWhere((page) => holds(page.latestPosts, postId) || holds(page.topWeeklyPosts, postId))
    browse.invalidateWhere((page) => holds(page.response.posts, postId))
    search.invalidateWhere((page) => holds(page.posts, postId))
    pages.invalidateWhere((page) => pageHolds(page, postId))
  }

  /**
   * Drops the post pages kept as not found: a new post, or a rename (back to an old slug or to a new
   * one), gives a slug visitors may have asked for a post. Pages are keyed by the id or slug asked for,
   * and a miss does not know which post would have it.
   */
  function dropMisses(): void {
    pages.invalidateWhere((page) => page === null)
  }

  /** Browse pages of other categories stay, with category counts from before the event. */
  function keptOtherCategories(watched: WatchedEvent): void {
    if (watched.id !== null) positions.missed('posts', watched.id)
  }

  function onPostsEvent(watched: WatchedEvent): void {
    switch (watched.event) {
      case 'post.created': {
        const card = watched.data() as PostsEvents['post.created']
        dropMisses()
        dropListsOfCategory(card.category?._id ?? null)
        keptOtherCategories(watched)
        return
      }
      case 'post.deleted': {
        const { postId } = watched.data() as PostsEvents['post.deleted']
        const held = cards.get(postId)
        // Without the card its category is unknown: every list may have held it.
        if (held) {
          dropListsOfCategory(held.category?._id ?? null)
          keptOtherCategories(watched)
        } else dropAll()
        dropHolders(postId)
        return
      }
      case 'categories.updated':
        // The cached pages keep the counts they were read with; a client served one is replayed this.
        keptOtherCategories(watched)
        return
      case 'author.updated':
        cards.patchAuthor(watched.data() as PostsEvents['author.updated'])
        // A page being computed may have read the old name: it is not kept.
        for (const cache of caches) cache.invalidateWhere(() => false)
        return
      default:
        // A reset marker: events on `posts` were lost, so any list may be wrong.
        if (watched.event === null) dropAll()
    }
  }

  function onPostEvent(watched: WatchedEvent, postId: string): void {
    switch (watched.event) {
      case 'post.votes': {
        const { uplikeCount, downlikeCount } = watched.data() as PostEvents['post.votes']
        cards.patchCounters(postId, { uplikeCount, downlikeCount })
        return
      }
      case 'post.views': {
        const { viewCount } = watched.data() as PostEvents['post.views']
        cards.patchCounters(postId, { viewCount })
        return
      }
      case 'post.saves': {
        const { savedCount } = watched.data() as PostEvents['post.saves']
        cards.patchCounters(postId, { savedCount })
        return
      }
      case 'comment.created':
      case 'comment.deleted': {
        const { commentsCount } = watched.data() as PostEvents['comment.deleted']
        cards.patchCounters(postId, { commentsCount })
        return
      }
      case 'post.updated': {
        const edited = watched.data() as PostEvents['post.updated']
        const before = cards.get(postId)
        // Responses being sent show the edit; the pages holding the post reload (its slug may have
        // changed, and a page being computed may have read it before the edit), and so do searches.
        cards.applyEdit(edited)
        dropHolders(postId)
        // Its new slug may be one a visitor asked for before (a miss kept as not found).
        dropMisses()
        search.invalidate()
        // An edit can add or remove a tag or a placeholder: a filtered page may gain or lose the post.
        browse.invalidateWhere((page) => page.response.search !== null || page.filtered)
        // Moved (or its old category is unknown): both categories' lists and counts change.
        const from = before === undefined ? undefined : (before.category?._id ?? null)
        const to = edited.category?._id ?? null
        if (from !== to) {
          if (from !== undefined) dropListsOfCategory(from)
          dropListsOfCategory(to)
        }
        return
      }
      default:
        // A reset marker: this post's events were lost; whatever shows it reloads.
        if (watched.event === null) dropHolders(postId)
    }
  }

  const stopWatching = live.watch({
    event(watched) {
      if (watched.topic === 'posts') {
        positions.hear(watched.topic, watched.id)
        onPostsEvent(watched)
      } else if (watched.topic.startsWith('post:')) {
        positions.hear(watched.topic, watched.id)
        onPostEvent(watched, watched.topic.slice('post:'.length))
      }
    },
    // Events may have been missed while the bus was away.
    resumed() {
      positions.forget()
      dropAll()
    },
  })
  return { home, browse, search, pages, cards, recentCards, close: stopWatching }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared pages of posts; null when PAGE_CACHE=false. */
    postPageCaches: PostPageCaches | null
  }
}
