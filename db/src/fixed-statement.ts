import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from './database.ts'
import { preparedAs } from './prepared.ts'

/*
 * Statements compiled once. Building and compiling a page's statement with Kysely took longer than
 * PostgreSQL took to run it (bench/README.md): a read whose text never varies can keep its compiled
 * text, and bind only its values on each call.
 */

const SLOT = Symbol('fixed statement value')

/** A value left open in a fixed statement's text: the index of the call's argument that fills it. */
interface Slot {
  readonly [SLOT]: number
}

const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value

/** A statement's text with, for each of its parameters, which argument of the call fills it. */
interface Compiled {
  sql: string
  slots: number[]
}

/**
 * A named prepared statement ({@link preparedAs} `name`) built by `build` once per database handle and
 * run with new values on each call. `build` gets one SQL value per argument of the call and must use
 * no other value: sizes and other constants go in as literals, so the text really is fixed.
 * @throws TypeError on the first call, when the statement holds a value that is not one of the arguments.
 */
export function fixedStatement<Args extends readonly unknown[], Row>(
  name: string,
  arity: Args['length'],
  build: (...values: Array<RawBuilder<unknown>>) => RawBuilder<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Kysely<Database>, Compiled>()
  const compile = (db: Kysely<Database>): Compiled => {
    const values = Array.from({ length: arity }, (_, index) => sql.val<Slot>({ [SLOT]: index }))
    const query = sql<Row>`${preparedAs(name)}${build(...values)}`.compile(db)
    const slots = query.parameters.map((parameter) => {
      if (!isSlot(parameter)) throw new TypeError(`${name}: a value of a fixed statement is not an argument`)
      return parameter[SLOT]
    })
    const compiled = { sql: query.sql, slots }
    compiledFor.set(db, compiled)
    return compiled
  }
  return async (db, ...args) => {
    const compiled = compiledFor.get(db) ?? compile(db)
    const parameters = compiled.slots.map((index) => args[index])
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters))
    return rows
  }
}
