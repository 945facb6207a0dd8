import type { PostCard } from '../../contract/posts.ts'
import type { ProgramSummary } from '../../contract/programs.ts'
import { createLivePositions } from '../../lib/live-positions.ts'
import { createReadCache, type ReadCache } from '../../lib/read-cache.ts'
import type { LiveHub } from '../../live/hub.ts'
import { LIST_FRESH_MS, LIST_STALE_MS, PAGE_CACHE_MAX_ENTRIES } from '../posts/page-caches.ts'

/**
 * A page of a program as every reader sees it alike, with the `posts` live id read before it; served
 * with the id of the last `posts` event since (a rename is patched into its cards; a new or deleted post
 * drops it: lib/live-positions.ts).
 */
export interface ProgramPage {
  program: string
  posts: PostCard[]
  total: number
  liveId: string
}

/**
 * The program pages and the program list, shared between readers like the site's lists
 * (posts/page-caches.ts): cards are the shared instances, so votes and views patch them in place; a
 * post created, edited or deleted anywhere drops them all (they are few and cheap to rebuild); time
 * bounds the order by score as it does for browse.
 */
export interface ProgramCaches {
  readonly pages: ReadCache<ProgramPage>
  readonly list: ReadCache<ProgramSummary[]>
  close(): void
}

/** The program list scans every post's tags: it is kept longer, and dropped by the same events. */
export const PROGRAM_LIST_FRESH_MS = 30_000

/** Creates the caches and follows `live` to drop them when posts come, change or go. */
export function createProgramCaches(live: LiveHub): ProgramCaches {
  const positions = createLivePositions({ maxTopics: 1 })
  const pages = createReadCache<ProgramPage>({
    freshMs: LIST_FRESH_MS,
    staleMs: LIST_STALE_MS,
    maxEntries: PAGE_CACHE_MAX_ENTRIES,
    serving: positions.serving(
      (page) => ({ topic: 'posts', liveId: page.liveId }),
      (page, liveId) => ({ ...page, liveId }),
    ),
  })
  const list = createReadCache<ProgramSummary[]>({
    freshMs: PROGRAM_LIST_FRESH_MS,
    staleMs: LIST_STALE_MS,
    maxEntries: 1,
  })
  const dropAll = () => {
    pages.invalidate()
    list.invalidate()
  }
  const close = live.watch({
    event(watched) {
      if (watched.topic === 'posts') positions.hear(watched.topic, watched.id)
      // The page caches patch a new name into the shared cards; a page being computed may hold the old.
      if (watched.event === 'author.updated') pages.invalidateWhere(() => false)
      const structural =
        watched.event === 'post.created' ||
        watched.event === 'post.deleted' ||
        watched.event === 'post.updated' ||
        // A reset marker: events were lost.
        watched.event === null
      if (structural && (watched.topic === 'posts' || watched.topic.startsWith('post:'))) dropAll()
    },
    resumed() {
      positions.forget()
      dropAll()
    },
  })
  return { pages, list, close }
}
