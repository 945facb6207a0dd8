import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectDatabase, migrateToLatest } from '@bashboard/db'
import { buildApp } from '../../server/src/app.ts'
import { loadConfig } from '../../server/src/config.ts'
import { type Bus, createMemoryBus, createRedisBus, type LiveLogger } from '../../server/src/live/bus.ts'
// The plugin module declares `app.live` on FastifyInstance; app.ts's declarations alone don't carry it.
import type {} from '../../server/src/live/plugin.ts'
import { makeStatsPayload, readStamp, report, summarize } from './protocol.ts'
import { serveCommands } from './server-harness.ts'

/*
 * The real server for the fan-out benchmark: the production app (buildApp with its live plugin, the
 * memory bus or Redis as REDIS_URL says) on a real database, plus a publisher that calls
 * app.live.publish('stats', 'stats.updated', …) — the same path a sign-up or a new post takes.
 * Configured by run.ts through the environment (DATABASE_URL, REDIS_URL, JWT_SECRET, PUBLIC_ORIGIN, PORT,
 * and REDIS_KEY_PREFIX: a run's own Redis keys, so its events never reach a real site's `stats` topic).
 *
 * The bus is built here rather than by the plugin so that a probe can subscribe to it ahead of the
 * hub: it timestamps each event as the bus hands it over, which measures the bus hop (Redis round trip,
 * or nothing for the memory bus) apart from the fan-out to the sockets.
 */

const dataDir = await mkdtemp(join(tmpdir(), 'bashboard-bench-'))
try {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false' })
  // No DATABASE_URL: an in-memory PGlite, so the benchmark runs without a PostgreSQL server too.
  const handle = await connectDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { memory: true },
  )
  await migrateToLatest(handle.db)
  // Warnings only (a dropped event, a Redis hiccup): they explain odd figures without flooding the output.
  const warn = (level: string) => (details: object, message?: string) =>
    process.stderr.write(
      `bench-server ${process.pid} bus ${level}: ${message ?? ''} ${JSON.stringify(details, (_key, value) => (value instanceof Error ? value.message : value))}\n`,
    )
  const busLog: LiveLogger = { debug() {}, info() {}, warn: warn('warn'), error: warn('error') }
  const bus: Bus = config.redisUrl
    ? createRedisBus(config.redisUrl, { prefix: config.redisKeyPrefix, logger: busLog })
    : createMemoryBus({ logger: busLog })
  let busHopMs: number[] = []
  // Subscribed before buildApp creates the hub, so it runs before the fan-out of each message.
  bus.subscribe({
    message(message) {
      const receivedNs = process.hrtime.bigint()
      const stamp = readStamp(Buffer.from(message.frame))
      if (stamp) busHopMs.push(Number(receivedNs - stamp.sentNs) / 1e6)
    },
    resumed() {},
  })
  const app = await buildApp({ config, db: handle.db, dbHandle: handle, logger: { level: 'warn' }, bus })
  await app.listen({ port: config.port, host: config.host })

  serveCommands({
    publish: (seq, dueNs) => app.live.publish('stats', 'stats.updated', makeStatsPayload(seq, dueNs)),
    busHop() {
      const summary = summarize(busHopMs)
      busHopMs = []
      return summary
    },
    async close() {
      await app.close()
      await handle.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  })
  const address = app.server.address()
  report({
    type: 'listening',
    port: typeof address === 'object' && address ? address.port : 0,
    pid: process.pid,
  })
} catch (error) {
  await rm(dataDir, { recursive: true, force: true })
  report({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  process.exitCode = 1
  // The IPC channel would keep the process alive.
  process.disconnect?.()
}
