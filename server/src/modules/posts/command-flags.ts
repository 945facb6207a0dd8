import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { checkCommandSafety } from '../../contract/command-safety.ts'
import { findPlaceholders } from '../../contract/placeholders.ts'
import { findFlaggedPosts, replaceCommandFlags } from './command-flags-repo.ts'
import {
  type CommandFlags,
  findPostsWithoutFlags,
  insertMissingCommandFlags,
  upsertCommandFlags,
} from './repo.ts'

/**
 * The flags of a command that browse filters on (post_command_flags, migration 0013). Decided by the
 * same rules the pages show (the placeholders a reader fills in, the safety warnings on a card), so a
 * filter and a card can never disagree.
 */
export function commandFlags(command: string): CommandFlags {
  return {
    has_placeholders: findPlaceholders(command).length > 0,
    has_warning: checkCommandSafety(command).dangerous,
  }
}

/** Stores the flags of a post's (new) command; the posts service calls it on create and command edit. */
export async function saveCommandFlags(db: Kysely<Database>, postId: string, command: string): Promise<void> {
  await upsertCommandFlags(db, postId, commandFlags(command))
}

/** Posts read and flagged per statement by {@link fillCommandFlags} and {@link recheckCommandFlags}. */
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
    const rows = await findPostsWithoutFlags(db, after, FLAG_FILL_BATCH)
    const last = rows.at(-1)
    if (last === undefined) return filled
    after = last.id
    await insertMissingCommandFlags(
      db,
      rows.map((row) => ({ postId: row.id, flags: commandFlags(row.command) })),
    )
    filled += rows.length
  }
}

/**
 * Brings every stored flag up to the rules of this build, a batch at a time in id order, and returns
 * how many it changed. Flags are stored, but the rules that decide them are code: a new build that
 * changes the danger or placeholder rule would otherwise leave older posts filtered by the old one.
 * Reading every post costs about what building the search index does, so the server runs it in the
 * background after it starts listening (main.ts); a stale flag meanwhile only mis-files a post in the
 * `hasWarning` / `hasPlaceholders` filters, since cards compute `safety` and `placeholders` per read.
 * Stops between batches once `signal` is aborted (shutdown). A post edited meanwhile keeps the flags
 * its edit wrote (replaceCommandFlags compares the command).
 */
export async function recheckCommandFlags(db: Kysely<Database>, signal?: AbortSignal): Promise<number> {
  let changed = 0
  let after: string | null = null
  while (!signal?.aborted) {
    const rows = await findFlaggedPosts(db, after, FLAG_FILL_BATCH)
    const last = rows.at(-1)
    if (last === undefined) break
    after = last.id
    const stale = rows.flatMap((row) => {
      const flags = commandFlags(row.command)
      const same = flags.has_placeholders === row.has_placeholders && flags.has_warning === row.has_warning
      return same ? [] : [{ postId: row.id, command: row.command, flags }]
    })
    await replaceCommandFlags(db, stale)
    changed += stale.length
  }
  return changed
}
