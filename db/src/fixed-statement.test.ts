import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { fixedStatement } from './fixed-statement.ts'
import { TEST_TARGETS, targetTitle } from './test-targets.ts'

describe.each(TEST_TARGETS)('fixedStatement on $name', (target) => {
  it.skipIf(target.skipReason !== undefined)(
    `binds each call its own values, an argument used twice filling both places ${targetTitle(target)}`,
    async () => {
      const test = await target.create()
      try {
        const statement = fixedStatement<[number, number], { n: number }>(
          'test_fixed_two_values',
          2,
          (a, b) => sql`SELECT (${a}::int * 10 + ${b}::int) * ${a}::int AS n`,
        )
        expect(await statement(test.db, 2, 3)).toEqual([{ n: 46 }])
        expect(await statement(test.db, 4, 1)).toEqual([{ n: 164 }])
      } finally {
        await test.close()
      }
    },
  )

  it.skipIf(target.skipReason !== undefined)(
    `refuses a statement holding a value that is not one of its arguments ${targetTitle(target)}`,
    async () => {
      const test = await target.create()
      try {
        const statement = fixedStatement<[number], { n: number }>(
          'test_fixed_with_a_constant',
          1,
          (value) => sql`SELECT ${value}::int + ${1}::int AS n`,
        )
        await expect(statement(test.db, 41)).rejects.toThrow(TypeError)
      } finally {
        await test.close()
      }
    },
  )
})
