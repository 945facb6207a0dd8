/**
 * Throwaway databases for tests (import '@bashboard/db/testing'). Each one is migrated and empty.
 */
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { createPgConfig } from '@electric-sql/pglite/node-postgres'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { connectDatabase } from './connect.ts'
import type { Database } from './database.ts'
import { migrateToLatest } from './migrate.ts'
import { withPreparedStatements } from './prepared.ts'

/** A migrated, empty database that `close()` disposes of completely. */
export interface TestDatabase {
  db: Kysely<Database>
  kind: 'postgres' | 'pglite'
  /** The throwaway database's URL, when it lives on a PostgreSQL server. */
  databaseUrl?: string
  close(): Promise<void>
}

/**
 * A fresh database: on the server named by `DATABASE_URL` when it is set (a new `bbt_<random>` database,
 * dropped on close), otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL
  return serverUrl ? createPostgresTestDatabase(serverUrl) : createPgliteTestDatabase()
}

/**
 * Creates `bbt_<random>` on the server at `serverUrl` (any database the user may connect to, usually
 * `postgres`), migrates it, and drops it on close.
 */
export async function createPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `bbt_${randomBytes(8).toString('hex')}`
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  try {
    const handle = await connectDatabase({ databaseUrl })
    await migrateToLatest(handle.db).catch(async (error: unknown) => {
      await handle.close()
      throw error
    })
    let closing: Promise<void> | undefined
    return {
      db: handle.db,
      kind: 'postgres',
      databaseUrl,
      close: () => {
        closing ??= handle.close().then(async () => {
          await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`))
        })
        return closing
      },
    }
  } catch (error) {
    await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    throw error
  }
}

async function withAdminClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** One migrated image per worker: initdb and migrations run once, each test then loads the image. */
let pgliteImage: Promise<Blob> | undefined

async function buildPgliteImage(): Promise<Blob> {
  const lite = await PGlite.create({ extensions: { pg_trgm } })
  try {
    const db = kyselyOver(lite)
    try {
      await migrateToLatest(db)
    } finally {
      await db.destroy()
    }
    return await lite.dumpDataDir('none')
  } finally {
    await lite.close()
  }
}

/** An in-memory PGlite loaded from this worker's migrated image. */
export async function createPgliteTestDatabase(): Promise<TestDatabase> {
  pgliteImage ??= buildPgliteImage()
  // A failed build must not poison every later call in this worker.
  const image = await pgliteImage.catch((error: unknown) => {
    pgliteImage = undefined
    throw error
  })
  const lite = await PGlite.create({ loadDataDir: image, extensions: { pg_trgm } })
  const db = kyselyOver(lite)
  let closing: Promise<void> | undefined
  return {
    db,
    kind: 'pglite',
    close: () => {
      closing ??= db.destroy().finally(() => lite.close())
      return closing
    },
  }
}

function kyselyOver(lite: PGlite): Kysely<Database> {
  const pool = new pg.Pool(createPgConfig(lite) as pg.PoolConfig)
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) })
}
