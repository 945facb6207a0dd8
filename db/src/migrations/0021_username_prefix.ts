/**
 * Finding members by the start of their username (the comment box's `@` suggestions, issue 48).
 * Frozen once released.
 *
 * users_username_lower_key (0001) orders lower(username) by the database's collation, which outside
 * "C" cannot answer `LIKE 'ad%'` or a range on it: the planner walks the whole index and filters. The
 * same expression under the "C" collation orders by code point, so `>= 'ad' AND < 'ae'` is an exact
 * index range, in order, for any prefix of name characters: on PostgreSQL whatever its locale, and on PGlite.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX users_username_prefix_idx ON users ((lower(username) COLLATE "C"))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_username_prefix_idx`.execute(db)
}
