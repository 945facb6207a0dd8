import type { Database, UserRow } from '@bashboard/db'
import { sql, type Transaction } from 'kysely'
import { DELETED_MEMBER_EMAIL, DELETED_MEMBER_ID, DELETED_MEMBER_NAME } from '../../lib/deleted-member.ts'

// The statements of an account's deletion (service.ts `deleteAccount`), all inside its one transaction.
// Counters move by what each statement removed (never a recount), so a concurrent vote, save or comment
// of someone else, which changes the same counters by its own increments, is never lost.

type Trx = Transaction<Database>

/** Waits for the advisory lock `key`, held until the transaction ends. */
export async function advisoryXactLock(trx: Trx, key: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${key})`.execute(trx)
}

/** The member's row, locked FOR UPDATE: their concurrent votes, saves and comments wait for the deletion. */
export function lockMember(trx: Trx, userId: string): Promise<UserRow | undefined> {
  return trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst()
}

/**
 * Whether a moderator other than `userId` exists; that one's row is locked FOR SHARE, so they cannot be
 * demoted before this transaction ends.
 */
export async function lockAnotherModerator(trx: Trx, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'moderator')
    .where('id', '<>', userId)
    .orderBy('id')
    .limit(1)
    .forShare()
    .executeTakeFirst()
  return row !== undefined
}

/** Makes the deleted-member account (lib/deleted-member.ts) if it is not there yet. */
export async function ensureDeletedMember(trx: Trx): Promise<void> {
  await trx
    .insertInto('users')
    .values({
      id: DELETED_MEMBER_ID,
      username: DELETED_MEMBER_NAME,
      email: DELETED_MEMBER_EMAIL,
      // Not a hash argon2 can read: every password check against it fails (lib/password.ts).
      password_hash: '!',
      role: 'member',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

/**
 * Locks, in id order, every post the deletion changes: the member's own (FOR UPDATE when they are to be
 * deleted, as a deletion needs) and those holding their votes, saves or comments (FOR NO KEY UPDATE:
 * votes keep their FOR KEY SHARE). Later statements then only take locks already held, so they cannot
 * deadlock with a comment deletion, which locks the post before the comment.
 */
export async function lockTouchedPosts(trx: Trx, userId: string, removingOwn: boolean): Promise<void> {
  if (removingOwn) {
    await sql`SELECT id FROM posts WHERE author_id = ${userId} ORDER BY id FOR UPDATE`.execute(trx)
  }
  await sql`
    SELECT id FROM posts WHERE id IN (
      SELECT post_id FROM votes WHERE user_id = ${userId}
      UNION SELECT post_id FROM saves WHERE user_id = ${userId}
      UNION SELECT post_id FROM comments WHERE author_id = ${userId}
      UNION SELECT id FROM posts WHERE author_id = ${userId}
    ) ORDER BY id FOR NO KEY UPDATE`.execute(trx)
}

/**
 * Drops the vote effects no settler has applied yet (posts/vote-settler.ts): those of the member's votes
 * never reached the ledger, and those owed to the member have no one to go to. The caller holds the
 * settler's lock, so no batch is between claiming and applying them.
 */
export async function deletePendingVoteEffects(trx: Trx, userId: string): Promise<void> {
  await trx
    .deleteFrom('vote_effects')
    .where((eb) => eb.or([eb('voter_id', '=', userId), eb('author_id', '=', userId)]))
    .execute()
}

/**
 * Takes back what the member's votes earned other members. For each vote the member still has, the
 * ledger entries it caused (the settled ones, with the member as actor: +2, −1 and the reversal of a
 * switch) are summed per author, post and moment, and the opposite is written dated like each of
 * them, so the daily rollup, the week and month boards and the totals read as if the vote had never
 * been cast (entries of posts deleted since are not touched: the post's deletion took them back).
 * Returns each author's net change.
 */
export async function reverseVotePoints(
  trx: Trx,
  userId: string,
): Promise<Array<{ userId: string; delta: number }>> {
  const { rows } = await sql<{ user_id: string; delta: number }>`
    WITH mine AS (
      SELECT v.post_id, p.author_id FROM votes v JOIN posts p ON p.id = v.post_id WHERE v.user_id = ${userId}
    ), earned AS (
      SELECT l.user_id, l.subject_id, l.created_at, sum(l.delta)::int AS delta
      FROM points_ledger l JOIN mine ON mine.author_id = l.user_id AND mine.post_id = l.subject_id
      WHERE l.actor_id = ${userId} AND l.reason IN ('upvote_received', 'downvote_received', 'vote_reversed')
      GROUP BY l.user_id, l.subject_id, l.created_at
      HAVING sum(l.delta) <> 0
    ), reversed AS (
      INSERT INTO points_ledger (user_id, delta, reason, subject_id, actor_id, created_at)
      SELECT user_id, -delta, 'vote_reversed', subject_id, ${userId}::uuid, created_at
      FROM earned ORDER BY user_id, created_at
      RETURNING user_id, delta
    )
    SELECT user_id, sum(delta)::int AS delta FROM reversed GROUP BY user_id ORDER BY user_id`.execute(trx)
  return rows.map((row) => ({ userId: row.user_id, delta: row.delta }))
}

/** Applies each author's net change to their total, floored at 0 (docs/product-rules.md#points). */
export async function addToPointsTotals(
  trx: Trx,
  changes: ReadonlyArray<{ userId: string; delta: number }>,
): Promise<void> {
  if (changes.length === 0) return
  await sql`
    UPDATE users SET points = greatest(0, users.points + change.delta)
    FROM unnest(${changes.map((c) => c.userId)}::uuid[], ${changes.map((c) => c.delta)}::int[])
      AS change(id, delta)
    WHERE users.id = change.id`.execute(trx)
}

/** Deletes the member's votes and lowers each post's counts by them; the posts' counts after it. */
export async function withdrawVotes(
  trx: Trx,
  userId: string,
): Promise<Array<{ postId: string; uplikeCount: number; downlikeCount: number }>> {
  const { rows } = await sql<{ id: string; uplike_count: number; downlike_count: number }>`
    WITH gone AS (
      DELETE FROM votes WHERE user_id = ${userId} RETURNING post_id, value
    ), per_post AS (
      SELECT post_id, count(*) FILTER (WHERE value > 0)::int AS up, count(*) FILTER (WHERE value < 0)::int AS down
      FROM gone GROUP BY post_id
    )
    UPDATE posts SET uplike_count = greatest(0, posts.uplike_count - per_post.up),
      downlike_count = greatest(0, posts.downlike_count - per_post.down)
    FROM per_post WHERE posts.id = per_post.post_id
    RETURNING posts.id, posts.uplike_count, posts.downlike_count`.execute(trx)
  return rows.map((row) => ({
    postId: row.id,
    uplikeCount: row.uplike_count,
    downlikeCount: row.downlike_count,
  }))
}

/** Deletes the member's saves and lowers each post's saved count; the posts' counts after it. */
export async function removeSaves(
  trx: Trx,
  userId: string,
): Promise<Array<{ postId: string; savedCount: number }>> {
  const { rows } = await sql<{ id: string; saved_count: number }>`
    WITH gone AS (
      DELETE FROM saves WHERE user_id = ${userId} RETURNING post_id
    ), per_post AS (
      SELECT post_id, count(*)::int AS n FROM gone GROUP BY post_id
    )
    UPDATE posts SET saved_count = greatest(0, posts.saved_count - per_post.n)
    FROM per_post WHERE posts.id = per_post.post_id
    RETURNING posts.id, posts.saved_count`.execute(trx)
  return rows.map((row) => ({ postId: row.id, savedCount: row.saved_count }))
}

/** Deletes the member's collections (their posts' places go with them); how many there were. */
export async function deleteCollections(trx: Trx, userId: string): Promise<number> {
  const rows = await trx.deleteFrom('collections').where('owner_id', '=', userId).returning('id').execute()
  return rows.length
}

/** Deletes the member's personal access tokens, revoked or not; how many there were. */
export async function deleteAccessTokens(trx: Trx, userId: string): Promise<number> {
  const rows = await trx.deleteFrom('access_tokens').where('user_id', '=', userId).returning('id').execute()
  return rows.length
}

/**
 * Deletes the member's posts (their votes, comments, saves, views and places in collections cascade)
 * and lowers their categories' counts; the posts removed.
 */
export async function deleteOwnPosts(
  trx: Trx,
  userId: string,
): Promise<Array<{ id: string; title: string }>> {
  const { rows } = await sql<{ id: string; title: string }>`
    WITH gone AS (
      DELETE FROM posts WHERE author_id = ${userId} RETURNING id, title, category_id
    ), per_category AS (
      SELECT category_id, count(*)::int AS n FROM gone WHERE category_id IS NOT NULL GROUP BY category_id
    ), counted AS (
      UPDATE categories SET post_count = greatest(0, categories.post_count - per_category.n)
      FROM per_category WHERE categories.id = per_category.category_id
    )
    SELECT id, title FROM gone ORDER BY id`.execute(trx)
  return rows
}

/** Gives the member's posts to the deleted-member account, with its post count; how many moved. */
export async function reassignOwnPosts(trx: Trx, userId: string): Promise<number> {
  const moved = await trx
    .updateTable('posts')
    .set({ author_id: DELETED_MEMBER_ID })
    .where('author_id', '=', userId)
    .returning('id')
    .execute()
  if (moved.length > 0) {
    await trx
      .updateTable('users')
      .set({ post_count: sql`post_count + ${moved.length}` })
      .where('id', '=', DELETED_MEMBER_ID)
      .execute()
  }
  return moved.length
}

/** A comment the deletion changed, with its post. */
export interface TouchedComment {
  id: string
  post_id: string
}

/**
 * Gives comments of the member to the deleted-member account: all of them (`all`), or only the
 * "comment deleted" placeholders, which stay for other people's replies and would otherwise cascade
 * away with the account and take those replies with them.
 */
export function reassignComments(trx: Trx, userId: string, all: boolean): Promise<TouchedComment[]> {
  let query = trx
    .updateTable('comments')
    .set({ author_id: DELETED_MEMBER_ID })
    .where('author_id', '=', userId)
  if (!all) query = query.where('deleted_at', 'is not', null)
  return query.returning(['id', 'post_id']).execute()
}

/** Deletes the member's replies (never placeholders: only top-level comments become those). */
export function deleteOwnReplies(
  trx: Trx,
  userId: string,
): Promise<Array<TouchedComment & { parent_id: string | null }>> {
  return trx
    .deleteFrom('comments')
    .where('author_id', '=', userId)
    .where('parent_id', 'is not', null)
    .returning(['id', 'post_id', 'parent_id'])
    .execute()
}

/**
 * Turns the member's top-level comments that still have replies (other people's, once theirs are gone)
 * into "comment deleted" placeholders held by the deleted-member account.
 */
export async function placeholdOwnAnswered(trx: Trx, userId: string): Promise<TouchedComment[]> {
  const { rows } = await sql<TouchedComment>`
    UPDATE comments c SET content = '', deleted_at = now(), author_id = ${DELETED_MEMBER_ID}::uuid
    WHERE c.author_id = ${userId} AND c.parent_id IS NULL AND c.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = c.id)
    RETURNING c.id, c.post_id`.execute(trx)
  return rows
}

/** Deletes the member's remaining comments (top-level, without replies). */
export function deleteOwnComments(trx: Trx, userId: string): Promise<TouchedComment[]> {
  return trx.deleteFrom('comments').where('author_id', '=', userId).returning(['id', 'post_id']).execute()
}

/** Deletes the placeholders among `ids` that no reply holds any more. */
export async function deleteEmptyPlaceholders(trx: Trx, ids: readonly string[]): Promise<TouchedComment[]> {
  if (ids.length === 0) return []
  const { rows } = await sql<TouchedComment>`
    DELETE FROM comments p
    WHERE p.id = ANY(${[...ids]}::uuid[]) AND p.deleted_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = p.id)
    RETURNING p.id, p.post_id`.execute(trx)
  return rows
}

/** Lowers each post's comment count by the readable comments it lost; the posts' counts after it. */
export async function lowerCommentCounts(
  trx: Trx,
  lost: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  if (lost.size === 0) return new Map()
  const { rows } = await sql<{ id: string; comments_count: number }>`
    UPDATE posts SET comments_count = greatest(0, posts.comments_count - lost.n)
    FROM unnest(${[...lost.keys()]}::uuid[], ${[...lost.values()]}::int[]) AS lost(id, n)
    WHERE posts.id = lost.id
    RETURNING posts.id, posts.comments_count`.execute(trx)
  return new Map(rows.map((row) => [row.id, row.comments_count]))
}

/** Every comment of the member (placeholders included), before anything is removed. */
export function findOwnComments(
  trx: Trx,
  userId: string,
): Promise<Array<TouchedComment & { deleted_at: Date | null }>> {
  return trx
    .selectFrom('comments')
    .select(['id', 'post_id', 'deleted_at'])
    .where('author_id', '=', userId)
    .execute()
}

/**
 * Other members' notifications about the member's comments: replies and mentions (their subject is the
 * comment) and "commented on your command" (their subject is the post, their text starts with the name).
 */
function fromMember(username: string, commentIds: readonly string[], postIds: readonly string[]) {
  const prefix = `${username} commented on your command `
  return sql<boolean>`(
    (kind IN ('reply', 'mention') AND subject_id = ANY(${[...commentIds]}::uuid[]))
    OR (kind = 'comment' AND subject_id = ANY(${[...postIds]}::uuid[])
      AND left(text, ${prefix.length}) = ${prefix})
  )`
}

/** Renames the member to the deleted-member name in other members' notifications about their comments. */
export async function renameInNotifications(
  trx: Trx,
  username: string,
  commentIds: readonly string[],
  postIds: readonly string[],
): Promise<void> {
  if (commentIds.length === 0) return
  // A username has no spaces (contract/limits.ts), so it is the text's first word.
  await sql`
    UPDATE notifications SET text = ${DELETED_MEMBER_NAME} || substr(text, strpos(text, ' '))
    WHERE user_id <> ${DELETED_MEMBER_ID}::uuid AND ${fromMember(username, commentIds, postIds)}`.execute(trx)
}

/** Deletes other members' notifications about the member's comments (the comments are gone). */
export async function deleteNotificationsFrom(
  trx: Trx,
  username: string,
  commentIds: readonly string[],
  postIds: readonly string[],
): Promise<void> {
  if (commentIds.length === 0) return
  await sql`DELETE FROM notifications WHERE ${fromMember(username, commentIds, postIds)}`.execute(trx)
}

/** The stored keys of the member's application documents (deleted from disk after the commit). */
export async function findApplicationDocuments(trx: Trx, userId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('applications')
    .select('document_key')
    .where('user_id', '=', userId)
    .execute()
  return rows.map((row) => row.document_key)
}

/** Articles keep their place on the blog (they are the site's), under the deleted-member name. */
export async function renameBlogAuthor(trx: Trx, userId: string): Promise<void> {
  await trx
    .updateTable('blogs')
    .set({ author_name: DELETED_MEMBER_NAME })
    .where('author_id', '=', userId)
    .execute()
}

/**
 * Deletes the member's row. Their own ledger, daily sums, notifications, applications, mail and
 * anything else keyed to them cascade; the boards' window sums, the points totals and the user count
 * follow by their triggers (migrations 0010, 0017, 0023); references that outlive them (a ledger
 * entry's actor, an audit entry's moderator, a revision's editor) become null.
 */
export async function deleteMemberRow(trx: Trx, userId: string): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).execute()
}
