import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { preparedAs } from './prepared.ts'
import { TEST_TARGETS, targetTitle } from './test-targets.ts'

describe.each(TEST_TARGETS)('prepared statements on $name', (target) => {
  it.skipIf(target.skipReason !== undefined)(
    `sends a marked statement under its name and leaves the others unnamed ${targetTitle(target)}`,
    async () => {
      const test = await target.create()
      try {
        // One connection for all three statements: prepared statements belong to their connection.
        const names = await test.db.connection().execute(async (db) => {
          const marked = (value: number) =>
            sql<{
              doubled: number
            }>`${preparedAs('bashboard_test_double')} SELECT ${value}::int * 2 AS doubled`
          expect((await marked(2).execute(db)).rows).toEqual([{ doubled: 4 }])
          // The second call reuses the statement with new values.
          expect((await marked(21).execute(db)).rows).toEqual([{ doubled: 42 }])
          await sql`SELECT ${1}::int AS unmarked`.execute(db)
          const { rows } = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(db)
          return rows.map((row) => row.name)
        })
        expect(names).toEqual(['bashboard_test_double'])
      } finally {
        await test.close()
      }
    },
  )
})

describe('preparedAs', () => {
  it('refuses a name that is not a plain identifier', () => {
    expect(() => preparedAs('x */ DROP TABLE users; /*')).toThrow('Not a statement name')
  })
})
