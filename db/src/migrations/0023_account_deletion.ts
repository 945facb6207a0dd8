/**
 * Leaving the site (issue 49): the "deleted member" account is not a member. Frozen once released.
 *
 * A member who deletes their account may keep their posts and comments; they then belong to one shared
 * account, "deleted member" (server/src/lib/deleted-member.ts, the id below), made by the first such
 * deletion. It cannot sign in, earns no points and is on no list of members, so Total Users (the home
 * page's and the leaderboard's tile, counters.table_counts from migration 0010) must not count it
 * either: the count's trigger leaves its row out, and the count is taken again here without it.
 */
import { type Kysely, sql } from 'kysely'

/** The deleted-member account's id (server/src/lib/deleted-member.ts `DELETED_MEMBER_ID`). */
const DELETED_MEMBER_ID = '00000000-0000-0000-0000-00000de1e7ed'

/** 0010's function, counting every row. */
const COUNT_EVERY_USER = `CREATE OR REPLACE FUNCTION counters.users_counted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE counters.table_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE name = 'users';
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE counters.table_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE name = 'users';
    ELSE
      UPDATE counters.table_counts SET n = 0 WHERE name = 'users';
    END IF;
    RETURN NULL;
  END $$`

/** The same, without the deleted-member row. */
const COUNT_MEMBERS = `CREATE OR REPLACE FUNCTION counters.users_counted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE counters.table_counts SET n = n + (
        SELECT count(*) FROM new_rows WHERE id <> '${DELETED_MEMBER_ID}'::uuid
      ) WHERE name = 'users';
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE counters.table_counts SET n = n - (
        SELECT count(*) FROM old_rows WHERE id <> '${DELETED_MEMBER_ID}'::uuid
      ) WHERE name = 'users';
    ELSE
      UPDATE counters.table_counts SET n = 0 WHERE name = 'users';
    END IF;
    RETURN NULL;
  END $$`

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(COUNT_MEMBERS).execute(db)
  await sql`UPDATE counters.table_counts
    SET n = (SELECT count(*) FROM users WHERE id <> ${DELETED_MEMBER_ID}::uuid) WHERE name = 'users'`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(COUNT_EVERY_USER).execute(db)
  await sql`UPDATE counters.table_counts SET n = (SELECT count(*) FROM users) WHERE name = 'users'`.execute(
    db,
  )
}
