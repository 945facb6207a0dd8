import type { Database } from '@bashboard/db'
import type { Kysely, Transaction } from 'kysely'
import type { DomainEvents } from '../../events/dispatcher.ts'
import { startBatch } from '../../lib/batch.ts'
import type { LiveHub } from '../../live/hub.ts'
import { type Outbox, withTransaction } from '../../live/outbox.ts'
import { notifyTierCrossing, upvoteBatchTexts } from '../notifications/service.ts'
import { voteLedgerSteps } from './points.ts'
import {
  bumpUpvoteNotices,
  claimVoteEffects,
  findExistingUsers,
  insertLedgerEntries,
  type LedgerColumns,
  lockAuthorPoints,
  lockPostsForSettling,
  setPointsTotals,
  tryAdvisoryXactLock,
  type UpvoteBump,
} from './vote-settler-repo.ts'

/*
 * Settles what votes owe their posts' authors, in batches: the ledger entries (+2 an upvote, −1 a
 * downvote, and the reversal of the vote a switch replaced), the author's total, the tier notification
 * when the total crosses into a higher tier, and the post's upvote batch notification.
 *
 * A vote's own statement only queues a `vote_effects` row (posts/votes-repo.ts castVote), so votes never
 * wait on the author's row, and many votes' effects cost one transaction here. The rows are the
 * queue: durable, so effects a crash leaves behind are settled by the next sweep of any instance.
 * One batch runs at a time across all instances (an advisory lock), which keeps each author's total
 * and notification rows free of races between settlers.
 */

/** A vote's effects are settled about this long after it (the batch collects those in between). */
export const VOTE_SETTLE_DELAY_MS = 100
/** Most effects one transaction settles; a fuller queue takes several in a row. */
export const VOTE_SETTLE_BATCH = 1000
/** Every instance also looks for unsettled effects this often (left by a crash or a busy lock). */
export const VOTE_SETTLE_SWEEP_MS = 5000
/** Arbitrary constant: the advisory lock held by the one batch running. */
export const SETTLE_LOCK_KEY = 7_420_142_002

/** Settles queued vote effects. */
export interface VoteSettler {
  /** A vote queued its effects and committed: they are settled within about {@link VOTE_SETTLE_DELAY_MS}. */
  settleSoon(): void
  /** Settles every effect queued so far (tests, and code that must read the totals right away). */
  settleAll(): Promise<void>
  /** Stops the timers and waits for a running batch (app shutdown). */
  close(): Promise<void>
}

type BatchOutcome =
  | { status: 'busy' }
  | { status: 'settled'; claimed: number; pointsChanged: boolean; noticeIds: string[] }

/** A settler over `db` and the live hub; it raises `votes.settled` after each batch that settled something. */
export function createVoteSettler(deps: {
  db: Kysely<Database>
  live: LiveHub
  events: DomainEvents
}): VoteSettler {
  /** Batches until the queue is empty; false when another instance's batch held the lock. */
  const drain = async (): Promise<boolean> => {
    for (;;) {
      const outcome = await withTransaction(deps, (trx, outbox) =>
        settleBatch(trx, outbox, VOTE_SETTLE_BATCH),
      )
      if (outcome.status === 'busy') return false
      if (outcome.claimed > 0) {
        await deps.events.emit('votes.settled', {
          pointsChanged: outcome.pointsChanged,
          upvoteNoticeIds: outcome.noticeIds,
        })
      }
      if (outcome.claimed < VOTE_SETTLE_BATCH) return true
    }
  }

  // Whether the last run emptied the queue (false: another instance's batch held the lock).
  let emptied = false
  const batch = startBatch({
    delayMs: VOTE_SETTLE_DELAY_MS,
    // Effects a crash, a busy lock or a previous run left behind.
    everyMs: VOTE_SETTLE_SWEEP_MS,
    runAtStart: true,
    async run() {
      // Another instance is settling: look again shortly, in case its batch missed ours.
      emptied = false
      emptied = await drain()
      if (!emptied) batch.poke()
    },
    onError: (error) =>
      deps.live.log.warn({ err: error }, 'vote effects not settled yet; retrying at the next sweep'),
  })

  return {
    settleSoon: batch.poke,
    async settleAll() {
      for (;;) {
        await batch.flush()
        if (emptied) return
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    close: batch.close,
  }
}

/**
 * Claims up to `limit` queued effects (oldest first) and applies them in the caller's transaction.
 * Effects of a post deleted meanwhile, or of an author who is gone, are dropped: the post's deletion
 * took back the points it had earned, and these never reached the ledger. The posts are locked FOR
 * KEY SHARE, so a deletion either comes first (and is seen here) or waits for this batch (and then
 * takes back its points too).
 */
async function settleBatch(trx: Transaction<Database>, outbox: Outbox, limit: number): Promise<BatchOutcome> {
  if (!(await tryAdvisoryXactLock(trx, SETTLE_LOCK_KEY))) return { status: 'busy' }
  const rows = await claimVoteEffects(trx, limit)
  if (rows.length === 0) return { status: 'settled', claimed: 0, pointsChanged: false, noticeIds: [] }
  // In queue order, so each author's entries keep the order the votes had.
  const effects = rows.sort((a, b) => compareIds(a.id, b.id))

  const posts = await lockPostsForSettling(trx, unique(effects.map((e) => e.post_id)))
  const authors = await lockAuthorPoints(trx, unique(effects.map((e) => e.author_id)))
  const voters = await findExistingUsers(trx, unique(effects.map((e) => e.voter_id)))

  const postById = new Map(posts.map((post) => [post.id, post]))
  const pointsBefore = new Map(authors.map((author) => [author.id, author.points]))
  const voterIds = new Set(voters.map((voter) => voter.id))
  const ledger: LedgerColumns = { user: [], delta: [], reason: [], subject: [], actor: [], at: [] }
  const net = new Map<string, number>()
  const bumps = new Map<string, UpvoteBump>()
  for (const effect of effects) {
    const post = postById.get(effect.post_id)
    if (!post || !pointsBefore.has(effect.author_id)) continue
    for (const step of voteLedgerSteps(effect.value, effect.switched)) {
      ledger.user.push(effect.author_id)
      ledger.delta.push(step.delta)
      ledger.reason.push(step.reason)
      ledger.subject.push(effect.post_id)
      ledger.actor.push(voterIds.has(effect.voter_id) ? effect.voter_id : null)
      // Dated like the vote, so the daily rollup counts it on the vote's day.
      ledger.at.push(effect.voted_at)
      net.set(effect.author_id, (net.get(effect.author_id) ?? 0) + step.delta)
    }
    if (effect.value > 0) {
      const key = `${effect.author_id}/${effect.post_id}`
      const bump = bumps.get(key)
      if (bump) bump.upvotes += 1
      else
        bumps.set(key, {
          authorId: effect.author_id,
          postId: post.id,
          upvotes: 1,
          texts: upvoteBatchTexts(post),
        })
    }
  }

  if (ledger.user.length > 0) await insertLedgerEntries(trx, ledger)

  // Each author's entries applied at once, floored at 0 (like each entry on its own when they share a
  // sign, which is the common case; a batch mixing an author's gains and losses floors only the sum).
  const totals = [...net].map(([id, delta]) => {
    const before = pointsBefore.get(id) ?? 0
    return { id, before, after: Math.max(0, before + delta) }
  })
  const moved = totals.filter((total) => total.after !== total.before)
  if (moved.length > 0) await setPointsTotals(trx, moved)
  for (const total of moved) {
    await notifyTierCrossing(trx, outbox, { userId: total.id, before: total.before, after: total.after })
  }

  const noticeIds = await bumpUpvoteNotices(trx, [...bumps.values()])
  return { status: 'settled', claimed: effects.length, pointsChanged: moved.length > 0, noticeIds }
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)]
}

/** Orders bigint ids sent as strings. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles what votes owe their posts' authors (see {@link VoteSettler}). */
    voteSettler: VoteSettler
  }
}
