import type { Database } from '@bashboard/db'
import { createTestDatabase, type TestDatabase } from '@bashboard/db/testing'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll } from 'vitest'

/**
 * A migrated database of its own for the tests around the call (a file or a describe block): created
 * before them, optionally prepared (seeded), and dropped after. Its `db` is read inside the tests.
 */
export function useTestDatabase(prepare?: (db: Kysely<Database>) => Promise<unknown>): {
  readonly db: Kysely<Database>
} {
  let handle: TestDatabase | undefined
  beforeAll(async () => {
    handle = await createTestDatabase()
    await prepare?.(handle.db)
  })
  afterAll(async () => {
    await handle?.close()
  })
  return {
    get db() {
      if (!handle) throw new Error('the test database is created before the tests run')
      return handle.db
    },
  }
}
