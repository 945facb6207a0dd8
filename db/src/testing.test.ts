import { sql } from 'kysely'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { migrateToLatest } from './migrate.ts'
import { isDatabaseEmpty } from './seed/index.ts'
import { POSTGRES_SERVER_URL, TEST_TARGETS, targetTitle } from './test-targets.ts'
import { createTestDatabase } from './testing.ts'

describe('createTestDatabase', () => {
  it('returns migrated, empty and independent databases', async () => {
    const first = await createTestDatabase()
    const second = await createTestDatabase()
    try {
      expect(await isDatabaseEmpty(first.db)).toBe(true)
      await first.db.insertInto('categories').values({ name: 'Only here', slug: 'only-here' }).execute()
      expect(await isDatabaseEmpty(first.db)).toBe(false)
      expect(await isDatabaseEmpty(second.db)).toBe(true)
    } finally {
      await first.close()
      await second.close()
    }
  })
})

for (const target of TEST_TARGETS.filter((candidate) => candidate.name.startsWith('PostgreSQL'))) {
  describe.skipIf(target.skipReason !== undefined)(`test databases ${targetTitle(target)}`, () => {
    it('creates a bbt_ database and drops it on close', async () => {
      const test = await target.create()
      const name = new URL(test.databaseUrl ?? '').pathname.slice(1)
      expect(name).toMatch(/^bbt_[0-9a-f]{16}$/)
      const { rows } = await sql<{ current: string }>`SELECT current_database() AS current`.execute(test.db)
      expect(rows[0]?.current).toBe(name)
      await test.close()
      const admin = new pg.Client(POSTGRES_SERVER_URL)
      await admin.connect()
      try {
        const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
        expect(left.rowCount).toBe(0)
      } finally {
        await admin.end()
      }
    })

    it('copies a migrated template that takes no connections, and makes it again when it is gone', async () => {
      const admin = new pg.Client(POSTGRES_SERVER_URL)
      await admin.connect()
      try {
        const first = await target.create()
        try {
          expect(await migrateToLatest(first.db)).toEqual([])
        } finally {
          await first.close()
        }
        const templates = await admin.query<{ datname: string; datallowconn: boolean }>(
          `SELECT datname, datallowconn FROM pg_database WHERE datname LIKE 'bbt\\_template\\_%'`,
        )
        expect(templates.rows).toEqual([
          { datname: expect.stringMatching(/^bbt_template_[0-9a-f]{12}$/), datallowconn: false },
        ])

        await admin.query(`DROP DATABASE ${templates.rows[0]?.datname} WITH (FORCE)`)
        const second = await target.create()
        try {
          expect(await migrateToLatest(second.db)).toEqual([])
        } finally {
          await second.close()
        }
        const again = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
          templates.rows[0]?.datname,
        ])
        expect(again.rowCount).toBe(1)
      } finally {
        await admin.end()
      }
    })
  })
}
