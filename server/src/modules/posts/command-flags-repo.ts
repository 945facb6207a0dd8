import type { Database } from '@bashboard/db'
import { type Kysely, sql } from 'kysely'
import type { CommandFlags } from './repo.ts'

/** A flagged post: its command and the flags stored for it. */
export interface FlaggedPost extends CommandFlags {
  id: string
  command: string
}

/** Up to `limit` posts that have flags, whose id comes after `after` (all when null), in id order. */
export function findFlaggedPosts(
  db: Kysely<Database>,
  after: string | null,
  limit: number,
): Promise<FlaggedPost[]> {
  let query = db
    .selectFrom('posts as p')
    .innerJoin('post_command_flags as f', 'f.post_id', 'p.id')
    .select(['p.id', 'p.command', 'f.has_placeholders', 'f.has_warning'])
  if (after !== null) query = query.where('p.id', '>', after)
  return query.orderBy('p.id').limit(limit).execute()
}

/**
 * Replaces the flags of posts, in one statement, where the post's command is still the one they were
 * computed from: a post edited since keeps the flags its edit wrote.
 */
export async function replaceCommandFlags(
  db: Kysely<Database>,
  rows: ReadonlyArray<{ postId: string; command: string; flags: CommandFlags }>,
): Promise<void> {
  if (rows.length === 0) return
  const values = rows.map(
    ({ postId, command, flags }) =>
      sql`(${postId}::uuid, ${command}::text, ${flags.has_placeholders}::boolean, ${flags.has_warning}::boolean)`,
  )
  await sql`UPDATE post_command_flags AS f
      SET has_placeholders = v.has_placeholders, has_warning = v.has_warning
      FROM (VALUES ${sql.join(values)}) AS v(post_id, command, has_placeholders, has_warning)
      JOIN posts p ON p.id = v.post_id AND p.command = v.command
      WHERE f.post_id = v.post_id`.execute(db)
}
