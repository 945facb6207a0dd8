/**
 * Browse filters: by tags, and by whether the command has placeholders or a safety warning. Frozen
 * once released.
 *
 * The two flags are facts about the command that only the server's TypeScript rules can decide
 * (placeholders: contract/placeholders.ts; warnings: lib/command-safety.ts). Writing those rules a
 * second time in SQL would let the two drift apart, so the server computes the flags and stores them:
 * the posts service writes a post's row here on create and on every command edit, and at startup the
 * server adds the row of every post that has none (posts from before this migration, or inserted
 * directly by a seed or a bulk load). A missing row therefore means "not computed yet", never "no".
 *
 * They live in this narrow table rather than as columns of posts: filling a column of posts rewrites
 * the whole row (its full-text vector is recomputed and every index of posts, four of them GIN, gets a
 * new entry), measured at 130 s for 100k posts, against about a second for these rows.
 *
 * Indexes, each for a filter that narrows the posts:
 * - tags, GIN on posts, for "has all these tags" (`tags @> ARRAY[…]`);
 * - the posts with placeholders and those with a warning, partial, so a narrow flag is found without
 *   reading every row (a broad one is checked by primary key while walking a sort's index).
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`CREATE TABLE post_command_flags (
    post_id uuid PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
    has_placeholders boolean NOT NULL,
    has_warning boolean NOT NULL
  )`,
  sql`CREATE INDEX post_command_flags_placeholders_idx ON post_command_flags (post_id) WHERE has_placeholders`,
  sql`CREATE INDEX post_command_flags_warning_idx ON post_command_flags (post_id) WHERE has_warning`,
  sql`CREATE INDEX posts_tags_idx ON posts USING gin (tags)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS posts_tags_idx`.execute(db)
  await sql`DROP TABLE IF EXISTS post_command_flags`.execute(db)
}
