import type { PostgresPool, PostgresPoolClient } from 'kysely'
import { type RawBuilder, sql } from 'kysely'
import type pg from 'pg'

/*
 * Named prepared statements for the few hot statements whose planning costs more than running them.
 *
 * Kysely sends every query as an unnamed statement, which PostgreSQL parses and plans on each call.
 * For a vote (one statement of seven data-modifying CTEs, each a single-row index lookup) planning
 * took longer than executing: pgbench measured 1,250 votes a second unnamed against 2,150 prepared.
 * A statement that starts with {@link preparedAs}'s marker is sent under that name instead, so each
 * pooled connection parses it once and PostgreSQL's plan cache settles on one generic plan.
 *
 * Only statements whose text never varies may be marked (pg refuses a name reused for another text),
 * and only ones whose best plan does not depend on the values: a search, say, must stay unnamed.
 */

const MARKER = /^\/\* prepared:([a-z][a-z0-9_]*) \*\//

/** Names the statement it starts: put it first, `sql\`${preparedAs('cast_vote_up')} WITH …\``. */
export function preparedAs(name: string): RawBuilder<unknown> {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new TypeError(`Not a statement name: ${name}`)
  return sql.raw(`/* prepared:${name} */ `)
}

/** A pg pool whose clients send marked statements as named prepared statements (see above). */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      return preparingClient(await pool.connect())
    },
    end: () => pool.end(),
  }
}

function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  function query(sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown {
    if (typeof sqlOrCursor !== 'string') {
      // A cursor (streamed query): passed through untouched.
      return client.query(sqlOrCursor as pg.Submittable)
    }
    const name = MARKER.exec(sqlOrCursor)?.[1]
    const values = parameters ? [...parameters] : []
    return name === undefined
      ? client.query(sqlOrCursor, values)
      : client.query({ name, text: sqlOrCursor, values })
  }
  return {
    query: query as PostgresPoolClient['query'],
    release: () => client.release(),
  }
}
