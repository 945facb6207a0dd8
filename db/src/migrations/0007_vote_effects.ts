/**
 * Vote effects (issue 3's speed): what a vote owes the post's author, queued by the vote's own
 * statement and settled in batches by the server (server/src/modules/posts/vote-effects.ts).
 * Frozen once released.
 *
 * A vote used to write, in its one statement, the vote, the post's counts, the author's total, one or
 * two ledger entries (with their daily rollup) and the author's upvote notification: seven tables,
 * and a lock on the author's row that every vote on any of their posts queued behind. Now it writes
 * the vote, the counts and one row here; a batch applies many rows' ledger entries, totals and
 * notifications in one transaction, about 100 ms later.
 *
 * No foreign keys: a row lives about 100 ms, and the settler re-checks that the post and the users
 * still exist (a deleted post's pending effects are dropped, as its earned points are taken back).
 * Rows are only inserted and deleted, so the identity key is the only index.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`CREATE TABLE vote_effects (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    post_id uuid NOT NULL,
    author_id uuid NOT NULL,
    voter_id uuid NOT NULL,
    value smallint NOT NULL CHECK (value IN (-1, 1)),
    -- The vote replaced the opposite one: its points are taken back first.
    switched boolean NOT NULL,
    voted_at timestamptz NOT NULL
  )`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS vote_effects`.execute(db)
}
