import { closeSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { createPgConfig } from '@electric-sql/pglite/node-postgres'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database } from './database.ts'
import { migrateToLatest } from './migrate.ts'
import { withPreparedStatements } from './prepared.ts'

/** How to reach the database. `databaseUrl` wins; else `memory`; else an embedded PGlite in `dataDir`. */
export interface ConnectOptions {
  /** A PostgreSQL connection string (`DATABASE_URL`). */
  databaseUrl?: string
  /** `DATA_DIR`: the embedded database lives in `${dataDir}/pglite`, guarded by `${dataDir}/pglite.lock`. */
  dataDir?: string
  /** An in-memory PGlite (tests, throwaway runs): nothing is written to disk and no lock is taken. */
  memory?: boolean
  /** Told about errors of idle pooled connections (a restarted server, say); they never crash the process. */
  onError?: (error: Error) => void
}

/** An open database. `close()` is idempotent. */
export interface DatabaseHandle {
  db: Kysely<Database>
  kind: 'postgres' | 'pglite'
  /** Resolves when `select 1` answers within {@link PING_TIMEOUT_MS}; rejects otherwise. */
  ping(): Promise<void>
  /**
   * Applies the pending migrations ({@link migrateToLatest}) without the per-statement bounds of `db`: a
   * migration rewriting a big table takes longer than a request may. 0016's copy into
   * counters.post_ranks took longer than {@link STATEMENT_TIMEOUT_MS} at 1M posts, so a big site's
   * server would not have started (bench/README.md, "Session 14"). On PostgreSQL it runs on a connection
   * of its own, closed after; PGlite has no such bounds. Resolves to the names of the migrations applied.
   */
  migrate(): Promise<string[]>
  close(): Promise<void>
}

/** Thrown when another process (or another handle in this one) holds the embedded database. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError'
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop the server first, or set DATABASE_URL.',
    )
  }
}

/** Longest a ping may take: a readiness probe must answer quickly even when the database hangs. */
export const PING_TIMEOUT_MS = 3000
/** Bound on one statement, both server-side and client-side, so no request hangs on the database. */
export const STATEMENT_TIMEOUT_MS = 5000

/**
 * Opens the database. With `databaseUrl`: a pg Pool with bounded connect, statement and idle times. Without:
 * PGlite (PostgreSQL in WASM, pg_trgm loaded) in memory or in `${dataDir}/pglite`, which only one process
 * may open at a time.
 * @throws DataDirLockedError when the embedded data directory is held by a live process.
 */
export async function connectDatabase(opts: ConnectOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return connectPostgres(opts.databaseUrl, opts.onError)
  if (opts.memory) return connectPglite(undefined, opts.onError)
  if (opts.dataDir) return connectPglite(resolve(opts.dataDir), opts.onError)
  throw new TypeError('connectDatabase needs a databaseUrl, a dataDir or memory: true')
}

function connectPostgres(databaseUrl: string, onError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 3000,
    // Idle clients are dropped, so connections broken by a server restart do not linger in the pool.
    idleTimeoutMillis: 10_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // Client-side twin of statement_timeout: also fires when the server or the network stops answering.
    query_timeout: STATEMENT_TIMEOUT_MS + 500,
    idle_in_transaction_session_timeout: 15_000,
    application_name: 'bashboard',
  })
  // An idle client whose server went away emits 'error' on the pool; unhandled, it would kill the process.
  // pg has already removed that client, and the next query opens a fresh one.
  pool.on('error', (error) => onError?.(error))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) })
  let closing: Promise<void> | undefined
  return {
    db,
    kind: 'postgres',
    ping: () => pingDatabase(db),
    migrate: async () => {
      const migrations = openUnboundedDatabase(databaseUrl)
      try {
        return await migrateToLatest(migrations)
      } finally {
        await migrations.destroy()
      }
    },
    close: () => {
      closing ??= db.destroy()
      return closing
    },
  }
}

async function connectPglite(dataDir: string | undefined, onError?: (error: Error) => void) {
  const release = dataDir === undefined ? () => {} : acquireDataDirLock(dataDir)
  let lite: PGlite
  try {
    if (dataDir !== undefined) mkdirSync(join(dataDir, 'pglite'), { recursive: true })
    lite =
      dataDir === undefined
        ? await PGlite.create({ extensions: { pg_trgm } })
        : await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } })
  } catch (error) {
    release()
    throw error
  }
  const pool = new pg.Pool(createPgConfig(lite) as pg.PoolConfig)
  pool.on('error', (error) => onError?.(error))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) })
  let closing: Promise<void> | undefined
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    ping: () => pingDatabase(db),
    migrate: () => migrateToLatest(db),
    close: () => {
      closing ??= (async () => {
        try {
          // The adapter does not own PGlite: ending the pool leaves the instance (and the process) alive.
          await db.destroy()
          await lite.close()
        } finally {
          release()
        }
      })()
      return closing
    },
  }
  return handle
}

/**
 * One PostgreSQL connection with no statement, query or idle-in-transaction bound, for work that may
 * rightly take minutes (migrations). Destroy it when done.
 */
export function openUnboundedDatabase(databaseUrl: string): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    connectionTimeoutMillis: 3000,
    statement_timeout: 0,
    idle_in_transaction_session_timeout: 0,
    application_name: 'bashboard-migrate',
  })
  // An idle connection the server ends (a restart, or `DROP DATABASE … WITH (FORCE)` while the pool is
  // still closing it) is an 'error' event on the pool; unheard, it would end the process. The pool drops
  // that connection and opens another for the next query, whose own failure reaches its caller.
  pool.on('error', () => {})
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}

async function pingDatabase(db: Kysely<Database>): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The database did not answer within ${PING_TIMEOUT_MS} ms`)),
      PING_TIMEOUT_MS,
    )
  })
  try {
    await Promise.race([db.selectNoFrom((eb) => eb.lit(1).as('ok')).execute(), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Lock files held by this process, so a second handle in the same process is refused too. */
const heldLocks = new Set<string>()
let exitHookInstalled = false

/**
 * Takes `${dataDir}/pglite.lock`, holding this process's pid. A lock whose pid is dead is stale and taken
 * over. The file is created complete by hard-linking a temporary file, so a reader never sees it empty.
 * @returns a function that releases the lock.
 */
function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = join(dataDir, 'pglite.lock')
  if (heldLocks.has(lockPath)) throw new DataDirLockedError(dataDir, process.pid)

  const tmpPath = `${lockPath}.${process.pid}.${Date.now()}`
  const fd = openSync(tmpPath, 'wx')
  try {
    writeSync(fd, String(process.pid))
  } finally {
    closeSync(fd)
  }
  try {
    // Two attempts: the second follows removing a stale lock. Losing that race to another process
    // surfaces as EEXIST again, and the winner's pid is reported.
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(tmpPath, lockPath)
        break
      } catch (error) {
        if (!isErrnoException(error) || error.code !== 'EEXIST') throw error
        const owner = readLockPid(lockPath)
        if (attempt > 0 || (owner !== undefined && isLiveOtherProcess(owner))) {
          throw new DataDirLockedError(dataDir, owner ?? 0)
        }
        unlinkQuietly(lockPath)
      }
    }
  } finally {
    unlinkQuietly(tmpPath)
  }

  heldLocks.add(lockPath)
  if (!exitHookInstalled) {
    exitHookInstalled = true
    // A process that exits without closing still frees its locks; a crash leaves a stale one instead.
    process.once('exit', () => {
      for (const path of heldLocks) unlinkQuietly(path)
    })
  }
  let released = false
  return () => {
    if (released) return
    released = true
    heldLocks.delete(lockPath)
    if (readLockPid(lockPath) === process.pid) unlinkQuietly(lockPath)
  }
}

function readLockPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/**
 * Our own pid in a lock we do not hold means a previous run with the same pid (pid 1 in a container)
 * died without cleaning up, so it counts as dead.
 */
function isLiveOtherProcess(pid: number): boolean {
  if (pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return isErrnoException(error) && error.code === 'EPERM'
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // Already gone.
  }
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error
}
