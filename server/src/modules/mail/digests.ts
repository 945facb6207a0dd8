import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { type Batch, startBatch } from '../../lib/batch.ts'
import type { LiveLogger } from '../../live/bus.ts'
import {
  claimDailyDigestMembers,
  claimWeeklyDigestMembers,
  insertMail,
  listTopPostsSince,
  listUnreadNotificationsSince,
} from './repo.ts'

/** How often every instance looks for digests due (members are claimed, so no one gets two). */
export const DIGEST_CHECK_MS = 15 * 60 * 1000
/** Members handled per claim. */
const DIGEST_BATCH = 100
/** Items one daily digest lists at most; the rest wait on /notifications. */
const DAILY_ITEMS_MAX = 20
/** Commands in a weekly digest. */
const WEEKLY_POSTS = 5
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Queues the digests that are due: each member who chose a daily digest of replies or mentions gets
 * the unread ones of the last day (none when there are none), each member who opted in to the weekly
 * digest gets the week's most upvoted new commands. A member is claimed by stamping their digest time
 * first, so instances running this side by side never queue one digest twice.
 */
export async function queueDueDigests(
  db: Kysely<Database>,
  now = new Date(),
): Promise<{ daily: number; weekly: number }> {
  let daily = 0
  let weekly = 0
  // Each batch claims and queues in one transaction: a crash in between leaves the members unclaimed.
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const members = await claimDailyDigestMembers(trx, DIGEST_BATCH)
      for (const member of members) {
        const since = member.since ?? new Date(now.getTime() - DAY_MS)
        const items = await listUnreadNotificationsSince(
          trx,
          member.user_id,
          ['reply', 'mention'],
          since,
          DAILY_ITEMS_MAX,
        )
        if (items.length === 0) continue
        await insertMail(trx, {
          kind: 'daily_digest',
          userId: member.user_id,
          data: { items: items.map((item) => ({ text: item.text, link: item.link })) },
        })
        daily++
      }
      return members.length
    })
    if (claimed < DIGEST_BATCH) break
  }
  const posts = await listTopPostsSince(db, new Date(now.getTime() - 7 * DAY_MS), WEEKLY_POSTS)
  if (posts.length === 0) return { daily, weekly }
  const listed = posts.map((post) => ({
    title: post.title,
    slug: post.slug,
    command: post.command,
    upvotes: post.uplike_count,
    author: post.username,
  }))
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const members = await claimWeeklyDigestMembers(trx, DIGEST_BATCH)
      for (const member of members) {
        await insertMail(trx, { kind: 'weekly_digest', userId: member.user_id, data: { posts: listed } })
        weekly++
      }
      return members.length
    })
    if (claimed < DIGEST_BATCH) break
  }
  return { daily, weekly }
}

/** Runs {@link queueDueDigests} every {@link DIGEST_CHECK_MS}, poking the sender when it queued any. */
export function startMailDigests(deps: { db: Kysely<Database>; log: LiveLogger; queued: () => void }): Batch {
  return startBatch({
    async run() {
      const { daily, weekly } = await queueDueDigests(deps.db)
      if (daily + weekly > 0) deps.queued()
    },
    delayMs: 0,
    everyMs: DIGEST_CHECK_MS,
    onError: (error) => deps.log.error({ err: error }, 'mail digests failed'),
  })
}
