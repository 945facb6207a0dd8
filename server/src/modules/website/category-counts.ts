import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { startBatch } from '../../lib/batch.ts'
import type { LiveHub } from '../../live/hub.ts'
import { listCategories } from './repo.ts'

/**
 * Writes within this window share one recount and one `categories.updated` push: a burst of new posts
 * reads the categories once, and the sidebar's counts move at most this late.
 */
export const CATEGORY_COUNTS_COALESCE_MS = 500

/** Announces the categories' post counts on the live `posts` topic (the browse sidebar's counts). */
export interface CategoryCountsBroadcaster {
  /**
   * Call after a post was created, moved to another category or deleted (reactions.ts). Never throws
   * and never delays the caller.
   */
  recount(): void
  /** Drops a pending push and waits for one in progress (app shutdown). */
  close(): Promise<void>
}

/**
 * A broadcaster over `db` and the live hub. The counts are `categories.post_count`, which the posts
 * service moves in the transaction of each post's create, move and delete (posts/repo.ts), so a recount
 * reads only the few category rows, never posts.
 */
export function createCategoryCountsBroadcaster(
  deps: { db: Kysely<Database>; live: LiveHub },
  windowMs = CATEGORY_COUNTS_COALESCE_MS,
): CategoryCountsBroadcaster {
  const batch = startBatch({
    delayMs: windowMs,
    async run() {
      const rows = await listCategories(deps.db)
      await deps.live.publish('posts', 'categories.updated', {
        categories: rows.map((row) => ({
          _id: row.id,
          name: row.name,
          slug: row.slug,
          postCount: row.post_count,
        })),
      })
    },
    onError: (error) =>
      deps.live.log.warn({ err: error }, 'category counts push failed; clients get them on their next load'),
  })
  return { recount: batch.poke, close: batch.close }
}
