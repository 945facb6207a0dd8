import type { Database, DatabaseHandle } from '@bashboard/db'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Kysely, sql } from 'kysely'
import type { Config } from '../config.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Kysely<Database>
    /** Resolves when the database answers `select 1`; rejects otherwise. */
    pingDatabase(): Promise<void>
  }
}

/** Decorates the app with what every module reads: the config and the database. */
export const contextPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; db: Kysely<Database>; dbHandle?: DatabaseHandle }) => {
    const { db, dbHandle } = opts
    app.decorate('config', opts.config)
    app.decorate('db', db)
    app.decorate('pingDatabase', async () => {
      if (dbHandle) return dbHandle.ping()
      await sql`select 1`.execute(db)
    })
  },
  { name: 'bashboard-context' },
)
