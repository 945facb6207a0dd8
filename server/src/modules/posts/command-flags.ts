import type { Database } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'
import { findPlaceholders } from '../../contract/placeholders.ts'
import { checkCommandSafety } from '../../lib/command-safety.ts'

/**
 * The stored facts about a command that browse filters on (post_command_flags, migration 0013).
 * Decided by the same rules the pages show (the placeholders a reader fills in, the safety warnings on
 * a card), so a filter and a card can never disagree.
 */
export interface CommandFlags {
  has_placeholders: boolean
  has_warning: boolean
}

/** The flags of a command. */
export function commandFlags(command: string): CommandFlags {
  return {
    has_placeholders: findPlaceholders(command).length > 0,
    has_warning: checkCommandSafety(command).dangerous,
  }
}

/** Stores the flags of a post's (new) command; the posts service calls it on create and command edit. */
export async function saveCommandFlags(
  trx: Kysely<Database> | Transaction<Database>,
  postId: string,
  command: string,
): Promise<void> {
  const flags = commandFlags(command)
  await trx
    .insertInto('post_command_flags')
    .values({ post_id: postId, ...flags })
    .onConflict((oc) => oc.column('post_id').doUpdateSet(flags))
    .execute()
}

/** Posts read and flagged per statement by {@link fillCommandFlags}. */
export const FLAG_FILL_BATCH = 2000

/**
 * Adds the flags of every post that has none (posts from before migration 0013, or inserted directly
 * by a seed, a bulk load or a test), a batch at a time in id order, and returns how many it added. Each
 * batch walks posts and the flags by primary key from where the last one stopped, so the whole pass
 * reads each table once (about 3 s for 100k posts, once; well under a second when nothing is missing).
 * A post flagged meanwhile by an edit keeps the edit's flags (DO NOTHING).
 */
export async function fillCommandFlags(db: Kysely<Database>): Promise<number> {
  let filled = 0
  let after: string | null = null
  for (;;) {
    let query = db
      .selectFrom('posts as p')
      .select(['p.id', 'p.command'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('post_command_flags as f').select('f.post_id').whereRef('f.post_id', '=', 'p.id'),
          ),
        ),
      )
    if (after !== null) query = query.where('p.id', '>', after)
    const rows = await query.orderBy('p.id').limit(FLAG_FILL_BATCH).execute()
    const last = rows.at(-1)
    if (last === undefined) return filled
    after = last.id
    // A post deleted since it was read is skipped by the join instead of failing its foreign key.
    const values = rows.map((row) => {
      const flags = commandFlags(row.command)
      return sql`(${row.id}::uuid, ${flags.has_placeholders}::boolean, ${flags.has_warning}::boolean)`
    })
    await sql`INSERT INTO post_command_flags (post_id, has_placeholders, has_warning)
      SELECT v.post_id, v.has_placeholders, v.has_warning
      FROM (VALUES ${sql.join(values)}) AS v(post_id, has_placeholders, has_warning)
      JOIN posts p ON p.id = v.post_id
      ON CONFLICT (post_id) DO NOTHING`.execute(db)
    filled += rows.length
  }
}
