/**
 * The database servers the db tests run against: PGlite always, PostgreSQL when one answers. Test-only.
 */
import pg from 'pg'
import { createPgliteTestDatabase, createPostgresTestDatabase, type TestDatabase } from './testing.ts'

/** DATABASE_URL when set, else the local development server. */
export const POSTGRES_SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The URL without its password, for test names. */
export const POSTGRES_SERVER_LABEL = POSTGRES_SERVER_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')

async function probe(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  } finally {
    await client.end().catch(() => {})
  }
}

/** Why PostgreSQL tests cannot run here (no server answered), or undefined when they can. */
export const postgresUnavailable = await probe(POSTGRES_SERVER_URL)

export interface TestTarget {
  name: string
  create: () => Promise<TestDatabase>
  /** Set when the target is missing from this environment; the tests are then skipped and say why. */
  skipReason?: string
}

export const TEST_TARGETS: readonly TestTarget[] = [
  { name: 'PGlite', create: createPgliteTestDatabase },
  {
    name: `PostgreSQL at ${POSTGRES_SERVER_LABEL}`,
    create: () => createPostgresTestDatabase(POSTGRES_SERVER_URL),
    // Skipped only when nobody asked for PostgreSQL: with DATABASE_URL set (CI), an unreachable server fails.
    skipReason:
      postgresUnavailable === undefined || process.env.DATABASE_URL
        ? undefined
        : `no PostgreSQL server answered (${postgresUnavailable})`,
  },
]

/** A describe-block title that says why it is skipped when it is. */
export function targetTitle(target: TestTarget): string {
  return target.skipReason === undefined
    ? `on ${target.name}`
    : `on ${target.name} (skipped: ${target.skipReason})`
}

/** The SQLSTATE of a failed query, e.g. '23505' for a unique violation. */
export async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise
    return undefined
  } catch (error) {
    return typeof error === 'object' && error !== null && 'code' in error
      ? String(error.code)
      : 'not a database error'
  }
}
