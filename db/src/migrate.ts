import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely'
import type { Database } from './database.ts'
import * as m0001 from './migrations/0001_initial.ts'
import * as m0002 from './migrations/0002_read_paths.ts'
import * as m0003 from './migrations/0003_community.ts'
import * as m0004 from './migrations/0004_people.ts'
import * as m0005 from './migrations/0005_content.ts'
import * as m0006 from './migrations/0006_post_ranks.ts'
import * as m0007 from './migrations/0007_vote_effects.ts'
import * as m0008 from './migrations/0008_daily_rollup_per_statement.ts'
import * as m0009 from './migrations/0009_search_words.ts'
import * as m0010 from './migrations/0010_precomputed_reads.ts'
import * as m0011 from './migrations/0011_saved_collections.ts'
import * as m0012 from './migrations/0012_access_tokens.ts'
import * as m0013 from './migrations/0013_browse_filters.ts'
import * as m0014 from './migrations/0014_edited_at.ts'
import * as m0015 from './migrations/0015_comment_replies.ts'
import * as m0016 from './migrations/0016_trending_inputs.ts'
import * as m0017 from './migrations/0017_leaderboard_sums.ts'
import * as m0018 from './migrations/0018_post_old_slugs.ts'
import * as m0019 from './migrations/0019_removal_notifications.ts'
import * as m0020 from './migrations/0020_post_revisions.ts'
import * as m0021 from './migrations/0021_username_prefix.ts'
import * as m0022 from './migrations/0022_mail.ts'
import * as m0023 from './migrations/0023_account_deletion.ts'
import * as m0024 from './migrations/0024_second_factor.ts'
import * as m0025 from './migrations/0025_identities.ts'
import * as m0026 from './migrations/0026_passkeys.ts'
import * as m0027 from './migrations/0027_export_jobs.ts'
import * as m0028 from './migrations/0028_web_sessions.ts'

/**
 * Every migration, in order. A static map rather than a folder scan, so bundlers and tsx see the imports
 * and a stray file in the folder can never run. Add new files here as `NNNN_name`.
 */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_read_paths': m0002,
  '0003_community': m0003,
  '0004_people': m0004,
  '0005_content': m0005,
  '0006_post_ranks': m0006,
  '0007_vote_effects': m0007,
  '0008_daily_rollup_per_statement': m0008,
  '0009_search_words': m0009,
  '0010_precomputed_reads': m0010,
  '0011_saved_collections': m0011,
  '0012_access_tokens': m0012,
  '0013_browse_filters': m0013,
  '0014_edited_at': m0014,
  '0015_comment_replies': m0015,
  '0016_trending_inputs': m0016,
  '0017_leaderboard_sums': m0017,
  '0018_post_old_slugs': m0018,
  '0019_removal_notifications': m0019,
  '0020_post_revisions': m0020,
  '0021_username_prefix': m0021,
  '0022_mail': m0022,
  '0023_account_deletion': m0023,
  '0024_second_factor': m0024,
  '0025_identities': m0025,
  '0026_passkeys': m0026,
  '0027_export_jobs': m0027,
  '0028_web_sessions': m0028,
}

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
}

/** Thrown when a migration fails; `migration` names the file that failed, if one did. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError'
  constructor(
    message: string,
    readonly migration: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/**
 * Applies every pending migration, each in its own transaction. Safe to call from several processes at
 * once: Kysely serialises them with a lock, and applied migrations are skipped.
 * @returns the names of the migrations this call applied, in order (none when the schema was current).
 * @throws MigrationError naming the failed migration and the database's message.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  if (error === undefined) {
    return (results ?? [])
      .filter((result) => result.status === 'Success')
      .map((result) => result.migrationName)
  }
  const failed = results?.find((result) => result.status === 'Error')?.migrationName
  const reason = error instanceof Error ? error.message : String(error)
  throw new MigrationError(
    failed === undefined
      ? `Database migration failed: ${reason}`
      : `Database migration ${failed} failed: ${reason}`,
    failed,
    { cause: error },
  )
}
