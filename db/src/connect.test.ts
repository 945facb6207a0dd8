import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import {
  connectDatabase,
  type DatabaseHandle,
  DataDirLockedError,
  openUnboundedDatabase,
  PING_TIMEOUT_MS,
  STATEMENT_TIMEOUT_MS,
} from './connect.ts'
import type { Database } from './database.ts'
import { POSTGRES_SERVER_URL, TEST_TARGETS, targetTitle } from './test-targets.ts'
import { createPostgresTestDatabase } from './testing.ts'

/** A pid that cannot belong to a running process (above Linux's maximum pid_max of 2^22). */
const DEAD_PID = 4_194_305

describe('connectDatabase in embedded mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bashboard-db-'))
  const lockPath = join(dataDir, 'pglite.lock')
  const open: DatabaseHandle[] = []

  afterAll(async () => {
    for (const handle of open) await handle.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('opens PGlite in DATA_DIR/pglite, holds a lock with its pid, and answers ping', async () => {
    const handle = await connectDatabase({ dataDir })
    open.push(handle)
    expect(handle.kind).toBe('pglite')
    await handle.ping()
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true)
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid))
    // The path the server takes: every migration applied, in order, and none the second time.
    expect((await handle.migrate())[0]).toBe('0001_initial')
    expect(await handle.migrate()).toEqual([])
    await handle.db.insertInto('categories').values({ name: 'Persisted', slug: 'persisted' }).execute()
  })

  it('refuses a second connection to the same data directory with DataDirLockedError', async () => {
    const attempt = connectDatabase({ dataDir })
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError)
    await expect(attempt).rejects.toThrow(
      `The embedded database in ${dataDir} is in use by another process (pid ${process.pid}). ` +
        'Stop the server first, or set DATABASE_URL.',
    )
  })

  it('refuses a data directory locked by another live process and names its pid', async () => {
    const other = mkdtempSync(join(tmpdir(), 'bashboard-db-other-'))
    try {
      // The parent process (vitest's main process) is alive and is not us.
      writeFileSync(join(other, 'pglite.lock'), String(process.ppid))
      await expect(connectDatabase({ dataDir: other })).rejects.toThrow(`(pid ${process.ppid})`)
      expect(existsSync(join(other, 'pglite'))).toBe(false)
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
  })

  it('releases the lock on close, so the directory opens again with its data', async () => {
    const first = open.pop()
    await first?.close()
    expect(existsSync(lockPath)).toBe(false)
    const again = await connectDatabase({ dataDir })
    open.push(again)
    const rows = await again.db.selectFrom('categories').select('name').execute()
    expect(rows).toEqual([{ name: 'Persisted' }])
  })

  it('takes over a stale lock whose pid is dead', async () => {
    await open.pop()?.close()
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(lockPath, String(DEAD_PID))
    const handle = await connectDatabase({ dataDir })
    open.push(handle)
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid))
    await handle.close()
    await handle.close()
    expect(existsSync(lockPath)).toBe(false)
  })
})

describe('connectDatabase options', () => {
  it('opens an in-memory PGlite without touching the disk when memory is true', async () => {
    const handle = await connectDatabase({ memory: true })
    try {
      expect(handle.kind).toBe('pglite')
      await handle.ping()
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(handle.db)
      const { rows } = await sql<{ score: number }>`SELECT similarity('rsync', 'rsyn') AS score`.execute(
        handle.db,
      )
      expect(rows[0]?.score).toBeGreaterThan(0.5)
    } finally {
      await handle.close()
    }
  })

  it('throws when given neither a databaseUrl, a dataDir nor memory', async () => {
    await expect(connectDatabase({})).rejects.toThrow(TypeError)
  })
})

const postgres = TEST_TARGETS.find((target) => target.name.startsWith('PostgreSQL'))

describe.skipIf(postgres?.skipReason !== undefined)(
  `connectDatabase with a databaseUrl ${postgres ? targetTitle(postgres) : ''}`,
  () => {
    it('pings, and survives the server killing its idle connections', async () => {
      const test = await createPostgresTestDatabase(POSTGRES_SERVER_URL)
      const errors: Error[] = []
      const handle = await connectDatabase({ databaseUrl: test.databaseUrl, onError: (e) => errors.push(e) })
      try {
        expect(handle.kind).toBe('postgres')
        await handle.ping()
        const admin = new pg.Client(POSTGRES_SERVER_URL)
        await admin.connect()
        try {
          const name = new URL(test.databaseUrl ?? '').pathname.slice(1)
          // What a server restart does to a pool: every idle connection is closed under it.
          await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = $1 AND application_name = 'bashboard' AND pid <> pg_backend_pid()`,
            [name],
          )
        } finally {
          await admin.end()
        }
        await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThan(0)
        await handle.ping()
      } finally {
        await handle.close()
        await test.close()
      }
    })

    it('migrates on a connection of its own, free of the bounds a request statement has', async () => {
      const test = await createPostgresTestDatabase(POSTGRES_SERVER_URL)
      const handle = await connectDatabase({ databaseUrl: test.databaseUrl })
      const unbounded = openUnboundedDatabase(test.databaseUrl ?? '')
      try {
        const setting = async (db: Kysely<Database>, name: string) => {
          const { rows } = await sql<{ value: string }>`SELECT current_setting(${name}) AS value`.execute(db)
          return rows[0]?.value
        }
        expect(await setting(handle.db, 'statement_timeout')).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`)
        expect(await setting(unbounded, 'statement_timeout')).toBe('0')
        expect(await setting(unbounded, 'idle_in_transaction_session_timeout')).toBe('0')
        // Longer than the request pool's client-side bound (STATEMENT_TIMEOUT_MS + 500 ms) allows.
        await sql`SELECT pg_sleep(${(STATEMENT_TIMEOUT_MS + 1000) / 1000})`.execute(unbounded)
        // createPostgresTestDatabase migrated it already: nothing is left to apply, and nothing fails.
        expect(await handle.migrate()).toEqual([])
        const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM kysely_migration`.execute(
          handle.db,
        )
        expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(16)
      } finally {
        await unbounded.destroy()
        await handle.close()
        await test.close()
      }
    })

    it('lives through the server ending its idle connection, and opens another for the next query', async () => {
      const test = await createPostgresTestDatabase(POSTGRES_SERVER_URL)
      const handle = await connectDatabase({ databaseUrl: test.databaseUrl })
      const unbounded = openUnboundedDatabase(test.databaseUrl ?? '')
      try {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(unbounded)
        // As `DROP DATABASE … WITH (FORCE)` does to a connection still closing: the server ends it.
        await sql`SELECT pg_terminate_backend(${rows[0]?.pid})`.execute(handle.db)
        await new Promise((resolve) => setTimeout(resolve, 200))
        const again = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(unbounded)
        expect(again.rows[0]?.ok).toBe(1)
      } finally {
        await unbounded.destroy()
        await handle.close()
        await test.close()
      }
    })

    it('rejects ping within the bound when no server listens', async () => {
      const url = new URL(POSTGRES_SERVER_URL)
      url.port = '1'
      const handle = await connectDatabase({ databaseUrl: url.toString() })
      try {
        const started = Date.now()
        await expect(handle.ping()).rejects.toThrow()
        expect(Date.now() - started).toBeLessThanOrEqual(PING_TIMEOUT_MS + 500)
      } finally {
        await handle.close()
      }
    })
  },
)
