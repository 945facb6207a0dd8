import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import pg from 'pg'

/** Repository root, so the spawned server resolves its workspace packages as `npm start` would. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres'
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379'

/** Asks the kernel for a free TCP port on 127.0.0.1 (released again before returning). */
export async function findFreePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))))
    })
  })
}

/** Resolves with an error message when PostgreSQL does not answer at `url`, or null when it does. */
export async function probePostgres(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  // A refused connection also surfaces as an 'error' event; without a listener it would crash the run.
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  } finally {
    await client.end().catch(() => {})
  }
}

/** Resolves with an error message when Redis does not answer PING at `url`, or null when it does. */
export async function probeRedis(url: string): Promise<string | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  })
  // ioredis rejects connect() with a bare "Connection is closed."; the 'error' event says why.
  let cause: Error | undefined
  redis.on('error', (error: Error) => {
    cause ??= error
  })
  try {
    await redis.connect()
    const answer = await redis.ping()
    return answer === 'PONG' ? null : `unexpected PING answer ${answer}`
  } catch (error) {
    return (cause ?? (error instanceof Error ? error : new Error(String(error)))).message
  } finally {
    redis.disconnect()
  }
}

/** A database created for one test run on an existing PostgreSQL server. */
export interface ThrowawayDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

/**
 * Creates an empty database with a unique name on the server behind `adminUrl`; `drop()` removes it
 * even while the servers under test still hold connections (PostgreSQL 13+ `WITH (FORCE)`).
 */
export async function createThrowawayDatabase(
  adminUrl: string,
  prefix = 'bashboard_test',
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  const runAdmin = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 })
    client.on('error', () => {})
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end().catch(() => {})
    }
  }
  await runAdmin(`create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { name, url: url.toString(), drop: () => runAdmin(`drop database if exists "${name}" with (force)`) }
}

/** Deletes every Redis key under `prefix` (a run-specific prefix, so nothing shared is touched). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null })
  redis.on('error', () => {})
  try {
    await redis.connect()
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
      cursor = next
      if (keys.length > 0) await redis.del(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

/** A server process started with `tsx server/src/main.ts`. */
export interface SpawnedServer {
  name: string
  port: number
  baseUrl: string
  wsUrl: string
  child: ChildProcess
  /** The last lines the process wrote, for failure messages. */
  output(): string
  /** SIGTERM (a graceful shutdown), SIGKILL to the process group after `graceMs`; resolves once exited. */
  stop(graceMs?: number): Promise<void>
}

const running = new Set<SpawnedServer>()

// A crashed or interrupted test run must not leave servers holding ports and databases.
process.once('exit', () => {
  for (const server of running) killGroup(server.child, 'SIGKILL')
})

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    // Negative pid: the whole group, because tsx runs the server in a child node process of its own.
    process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

/**
 * Starts the real server (`node_modules/.bin/tsx server/src/main.ts`) in its own process group with
 * `env` added to the current environment, listening on `port`.
 */
export function spawnServer(name: string, port: number, env: Record<string, string>): SpawnedServer {
  const child = spawn(`${REPO_ROOT}node_modules/.bin/tsx`, ['server/src/main.ts'], {
    cwd: REPO_ROOT,
    // The live socket checks Origin against PUBLIC_ORIGIN, so it must name the address clients use.
    env: {
      ...process.env,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const lines: string[] = []
  const keep = (chunk: Buffer): void => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    if (lines.length > 200) lines.splice(0, lines.length - 200)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const server: SpawnedServer = {
    name,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    child,
    output: () => lines.join('\n'),
    async stop(graceMs = 8000) {
      // Only the tsx wrapper: it relays the signal once. Signalling the group would hand the server a
      // second SIGTERM, which skips its graceful shutdown.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
      // tsx's inner node process may outlive the wrapper for a moment; make sure the group is gone.
      killGroup(child, 'SIGKILL')
      running.delete(server)
    },
  }
  running.add(server)
  return server
}

/** Polls `GET /readyz` until it answers 200; fails early with the server's output if the process exits. */
export async function waitForReady(server: SpawnedServer, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer yet'
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `${server.name} exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output()}`,
      )
    }
    try {
      const response = await fetch(`${server.baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
      last = `HTTP ${response.status}: ${await response.text()}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${server.name} was not ready after ${timeoutMs} ms (${last}):\n${server.output()}`)
}
