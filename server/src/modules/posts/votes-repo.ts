import type { Database } from '@bashboard/db'
import { preparedAs } from '@bashboard/db'
import { type Kysely, sql } from 'kysely'

// Casting a vote (the posts service's vote path); what a vote owes its author is settled later from the
// queue it writes, by the statements of vote-settler-repo.ts.

/** A post's vote counts. */
export function findVoteCounts(
  db: Kysely<Database>,
  postId: string,
): Promise<{ uplike_count: number; downlike_count: number } | undefined> {
  return db
    .selectFrom('posts')
    .select(['uplike_count', 'downlike_count'])
    .where('id', '=', postId)
    .executeTakeFirst()
}

/**
 * What {@link castVote} found and did. `post` is undefined when no post has that id. Otherwise
 * `changed` holds the new counts when the vote was written; it is null when nothing was written: the
 * voter is the author, the voter already had this vote when the statement began (`callerVote`, with
 * the counts then), or the same user's concurrent press won the race (counts since changed).
 */
export interface VoteOutcome {
  post?: {
    authorId: string
    title: string
    /** The voter's vote when the statement began: 1, −1 or null. */
    callerVote: number | null
    uplikeCount: number
    downlikeCount: number
  }
  changed: {
    uplikeCount: number
    downlikeCount: number
    /** The vote row's `updated_at`: the moderation history dates the vote by it, so the live item matches. */
    votedAt: Date
  } | null
}

interface VoteRow {
  author_id: string
  title: string
  caller_vote: number | null
  read_uplike_count: number
  read_downlike_count: number
  uplike_count: number | null
  downlike_count: number | null
  voted_at: Date | null
}

/**
 * Casts a vote in ONE statement, which commits on its own: it reads the post and the voter's vote,
 * and when the vote changes, writes it, the post's counts and one `vote_effects` row. What the vote
 * owes the author (ledger, total, notifications) is settled from that row in a later batch
 * (vote-settler.ts), so no vote waits on the author's row.
 *
 * The state machine rests on the upsert: values are only +1 and −1, so `ON CONFLICT … DO UPDATE …
 * WHERE votes.value <> excluded.value` either inserts (a new vote: `xmax = 0` on a fresh row),
 * switches the caller's vote (the updated row carries our transaction id in xmax), or returns no row
 * (the caller's vote pressed again: nothing else runs, since every later step reads `vote`). ON CONFLICT
 * locks the existing row and re-checks the WHERE on its latest version, so one user's concurrent
 * presses are applied one at a time and never twice.
 *
 * The post row is not locked for update: the counts change by increments, which PostgreSQL applies
 * one after another on the row's own lock, so they always equal a recount. It is locked FOR KEY
 * SHARE first, which no other vote waits for, but which keeps the post from being deleted while the
 * vote is written (a delete would otherwise wait for the vote row while this vote waits for the post,
 * a deadlock).
 *
 * Sent as a named prepared statement (one per direction): planning it cost more than running it.
 */
export async function castVote(
  db: Kysely<Database>,
  input: { voterId: string; postId: string; value: 1 | -1 },
): Promise<VoteOutcome> {
  // The count the vote raises, and the one a switch lowers (never below 0).
  const [raised, lowered] =
    input.value > 0 ? ['uplike_count', 'downlike_count'] : ['downlike_count', 'uplike_count']
  const { rows } = await sql<VoteRow>`${preparedAs(input.value > 0 ? 'cast_upvote' : 'cast_downvote')}
    WITH target AS (
      SELECT p.id, p.author_id, p.title, p.uplike_count, p.downlike_count, mine.value AS caller_vote
      FROM posts p
      LEFT JOIN votes mine ON mine.post_id = p.id AND mine.user_id = ${input.voterId}
      WHERE p.id = ${input.postId}
      FOR KEY SHARE OF p
    ), vote AS (
      INSERT INTO votes (user_id, post_id, value)
      SELECT ${input.voterId}::uuid, target.id, ${input.value}::smallint FROM target
      WHERE target.author_id <> ${input.voterId} AND target.caller_vote IS DISTINCT FROM ${input.value}::smallint
      ON CONFLICT (user_id, post_id) DO UPDATE SET value = excluded.value, updated_at = now()
        WHERE votes.value <> excluded.value
      RETURNING (xmax = 0) AS inserted, updated_at
    ), counts AS (
      UPDATE posts SET ${sql.ref(raised)} = ${sql.ref(raised)} + 1,
        ${sql.ref(lowered)} = greatest(0, ${sql.ref(lowered)} - (NOT vote.inserted)::int)
      FROM vote WHERE posts.id = ${input.postId}
      RETURNING posts.uplike_count, posts.downlike_count
    ), effect AS (
      INSERT INTO vote_effects (post_id, author_id, voter_id, value, switched, voted_at)
      SELECT target.id, target.author_id, ${input.voterId}::uuid, ${input.value}::smallint,
        NOT vote.inserted, vote.updated_at
      FROM target, vote
    )
    SELECT target.author_id, target.title, target.caller_vote,
      target.uplike_count AS read_uplike_count, target.downlike_count AS read_downlike_count,
      counts.uplike_count, counts.downlike_count, vote.updated_at AS voted_at
    FROM target
    LEFT JOIN vote ON true
    LEFT JOIN counts ON true`.execute(db)
  const row = rows[0]
  if (!row) return { changed: null }
  const post = {
    authorId: row.author_id,
    title: row.title,
    callerVote: row.caller_vote,
    uplikeCount: row.read_uplike_count,
    downlikeCount: row.read_downlike_count,
  }
  if (row.uplike_count === null || row.downlike_count === null || row.voted_at === null) {
    return { post, changed: null }
  }
  return {
    post,
    changed: { uplikeCount: row.uplike_count, downlikeCount: row.downlike_count, votedAt: row.voted_at },
  }
}
