import type { Database, VoteEffectsTable } from '@bashboard/db'
import { type Selectable, sql, type Transaction } from 'kysely'
import { DELETED_MEMBER_ID } from '../../lib/deleted-member.ts'

// The vote settler's statements (vote-settler.ts): it claims the effects castVote (votes-repo.ts) queued
// and applies them, all inside its own transaction.

/** Takes the transaction-scoped advisory lock `key` if no other transaction holds it; false if one does. */
export async function tryAdvisoryXactLock(trx: Transaction<Database>, key: number): Promise<boolean> {
  const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${key}) AS ok`.execute(trx)
  return lock.rows[0]?.ok === true
}

/** A queued vote effect as the settler claims it. */
export type QueuedEffect = Selectable<VoteEffectsTable>

/** Removes up to `limit` queued vote effects (oldest first) and returns them, in no particular order. */
export async function claimVoteEffects(trx: Transaction<Database>, limit: number): Promise<QueuedEffect[]> {
  const { rows } = await sql<QueuedEffect>`
    DELETE FROM vote_effects
    WHERE id IN (SELECT id FROM vote_effects ORDER BY id LIMIT ${limit})
    RETURNING id, post_id, author_id, voter_id, value, switched, voted_at`.execute(trx)
  return rows
}

/** The posts among `ids` that still exist, locked FOR KEY SHARE in id order. */
export function lockPostsForSettling(trx: Transaction<Database>, ids: readonly string[]) {
  return trx
    .selectFrom('posts')
    .select(['id', 'title', 'slug'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forKeyShare()
    .execute()
}

/**
 * The points of the users among `ids` that still exist, locked in id order, like every batch, so two
 * writers never wait on each other in a circle. NO KEY UPDATE leaves the row's key shares free: a vote
 * BY this author checks its foreign key unhindered. The deleted-member account (lib/deleted-member.ts)
 * is never among them: votes on the posts it holds earn no one points.
 */
export function lockAuthorPoints(trx: Transaction<Database>, ids: readonly string[]) {
  return trx
    .selectFrom('users')
    .select(['id', 'points'])
    .where('id', 'in', [...ids])
    .where('id', '<>', DELETED_MEMBER_ID)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute()
}

/** The users among `ids` that still exist. */
export function findExistingUsers(trx: Transaction<Database>, ids: readonly string[]) {
  return trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .execute()
}

/** Points ledger entries as one array per column (one statement for a whole batch). */
export interface LedgerColumns {
  user: string[]
  delta: number[]
  reason: string[]
  subject: string[]
  actor: Array<string | null>
  at: Date[]
}

/** Inserts ledger entries given column by column, without touching the users' totals. */
export async function insertLedgerEntries(trx: Transaction<Database>, ledger: LedgerColumns): Promise<void> {
  await sql`
      INSERT INTO points_ledger (user_id, delta, reason, subject_id, actor_id, created_at)
      SELECT * FROM unnest(${ledger.user}::uuid[], ${ledger.delta}::int[], ${ledger.reason}::text[],
        ${ledger.subject}::uuid[], ${ledger.actor}::uuid[], ${ledger.at}::timestamptz[])`.execute(trx)
}

/** Sets each user's points total to its new one (`after`), in one statement. */
export async function setPointsTotals(
  trx: Transaction<Database>,
  totals: ReadonlyArray<{ id: string; after: number }>,
): Promise<void> {
  await sql`
      UPDATE users SET points = total.points
      FROM unnest(${totals.map((t) => t.id)}::uuid[], ${totals.map((t) => t.after)}::int[]) AS total(id, points)
      WHERE users.id = total.id`.execute(trx)
}

/** One post's new upvotes for its author's batch notification, with the notification's texts. */
export interface UpvoteBump {
  authorId: string
  postId: string
  upvotes: number
  texts: { firstText: string; prefix: string; suffix: string; link: string }
}

/**
 * Adds each post's new upvotes to its author's unread batch notification ("Your command "X" got 3 new
 * upvotes"), starting one where none is unread. The caller holds the settle lock, so no other writer
 * starts the same unread row in between. Returns the rows' ids, for the coalesced live push.
 */
export async function bumpUpvoteNotices(
  trx: Transaction<Database>,
  bumps: readonly UpvoteBump[],
): Promise<string[]> {
  if (bumps.length === 0) return []
  const grown = await sql<{ id: string; subject_id: string; user_id: string }>`
    UPDATE notifications SET count = notifications.count + bump.upvotes,
      text = bump.prefix || (notifications.count + bump.upvotes)::text || bump.suffix,
      link = bump.link, updated_at = now()
    FROM ${bumpTable(bumps)}
    WHERE notifications.user_id = bump.user_id AND notifications.kind = 'upvotes'
      AND notifications.subject_id = bump.post_id AND notifications.read_at IS NULL
    RETURNING notifications.id, notifications.subject_id, notifications.user_id`.execute(trx)
  const done = new Set(grown.rows.map((row) => `${row.user_id}/${row.subject_id}`))
  const fresh = bumps.filter((bump) => !done.has(`${bump.authorId}/${bump.postId}`))
  if (fresh.length === 0) return grown.rows.map((row) => row.id)
  const started = await sql<{ id: string }>`
    INSERT INTO notifications (user_id, kind, text, link, subject_id, count)
    SELECT bump.user_id, 'upvotes',
      CASE WHEN bump.upvotes = 1 THEN bump.first_text ELSE bump.prefix || bump.upvotes::text || bump.suffix END,
      bump.link, bump.post_id, bump.upvotes
    FROM ${bumpTable(fresh)}
    ON CONFLICT (user_id, kind, subject_id) WHERE read_at IS NULL AND kind = 'upvotes' DO NOTHING
    RETURNING id`.execute(trx)
  return [...grown.rows.map((row) => row.id), ...started.rows.map((row) => row.id)]
}

/** The bumps as a table `bump` (one array parameter per column), with their notification texts. */
function bumpTable(bumps: readonly UpvoteBump[]) {
  const texts = bumps.map((bump) => bump.texts)
  return sql`unnest(${bumps.map((b) => b.authorId)}::uuid[], ${bumps.map((b) => b.postId)}::uuid[],
    ${bumps.map((b) => b.upvotes)}::int[], ${texts.map((t) => t.firstText)}::text[],
    ${texts.map((t) => t.prefix)}::text[], ${texts.map((t) => t.suffix)}::text[], ${texts.map((t) => t.link)}::text[])
    AS bump(user_id, post_id, upvotes, first_text, prefix, suffix, link)`
}
