/**
 * Throwaway databases for tests (import '@bashboard/db/testing'). Each one is migrated and empty.
 */
import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
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
 * `postgres`) as a copy of the migrated template ({@link migratedTemplate}), and drops it on close.
 */
export async function createPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `bbt_${randomBytes(8).toString('hex')}`
  await copyMigratedTemplate(serverUrl, name)
  const databaseUrl = databaseUrlOn(serverUrl, name)
  try {
    const handle = await connectDatabase({ databaseUrl })
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

/** The template's name per server, once this process has made sure it exists. */
const templates = new Map<string, Promise<string>>()

/**
 * Creates `name` as a copy of the migrated template. A copy took about 0.5 s where creating and
 * migrating a new database took about 1 s (bench/README.md, session 25), and the suite makes one for
 * every test file that builds the app.
 * A template dropped meanwhile (another run's migrations replaced it) is made again, once.
 */
async function copyMigratedTemplate(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    let template = templates.get(serverUrl)
    if (!template) {
      template = migratedTemplate(serverUrl)
      templates.set(serverUrl, template)
    }
    try {
      const from = await template
      await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${from}`))
      return
    } catch (error) {
      templates.delete(serverUrl)
      // 3D000: the template does not exist (dropped since this process made sure of it).
      if (attempt >= 2 || (error as { code?: string }).code !== '3D000') throw error
    }
  }
}

/**
 * `bbt_template_<hash of the migrations' source>`: a database migrated to the latest migration that
 * nobody connects to (ALLOW_CONNECTIONS false), so CREATE DATABASE … TEMPLATE can copy it. Made once
 * per server and migration set: workers and concurrent runs take an advisory lock, the first builds it
 * under a temporary name and renames it only once migrated (a run killed mid-build leaves no template
 * behind, only a `bbt_building_` database the next build drops), and the others find it made. Templates
 * of other migration sets are dropped, so the server keeps one.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const template = `bbt_template_${await migrationsHash()}`
  return withAdminClient(serverUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['bashboard test template'])
    try {
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'bbt\\_template\\_%' OR datname LIKE 'bbt\\_building\\_%'`,
      )
      for (const { datname } of rows) {
        if (datname !== template) await client.query(`DROP DATABASE ${datname} WITH (FORCE)`)
      }
      if (rows.some(({ datname }) => datname === template)) return template
      const building = `bbt_building_${randomBytes(8).toString('hex')}`
      await client.query(`CREATE DATABASE ${building}`)
      const handle = await connectDatabase({ databaseUrl: databaseUrlOn(serverUrl, building) })
      try {
        await migrateToLatest(handle.db)
      } finally {
        await handle.close()
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${template}`)
      await client.query(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`)
      return template
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['bashboard test template'])
    }
  })
}

/** A short hash of every migration file's source: a changed or added migration makes a new template. */
async function migrationsHash(): Promise<string> {
  const folder = new URL('./migrations/', import.meta.url)
  const files = (await readdir(folder)).filter((file) => file.endsWith('.ts')).sort()
  const hash = createHash('sha256')
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(await readFile(new URL(file, folder)))
  return hash.digest('hex').slice(0, 12)
}

/** The URL of the database `name` on the server at `serverUrl`. */
function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
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
