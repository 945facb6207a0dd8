import {
  connectDatabase,
  type DatabaseHandle,
  DataDirLockedError,
  DEMO_ACCOUNTS,
  isDatabaseEmpty,
  seedDemoData,
} from '@bashboard/db'
import { type App, buildApp } from './app.ts'
import { type Config, ConfigError, loadConfig } from './config.ts'
import { hashPassword } from './lib/password.ts'
import { fillCommandFlags, recheckCommandFlags } from './modules/posts/command-flags.ts'

/**
 * After a shutdown signal, the process exits at the latest this long after (docs/product-rules.md#security).
 */
const SHUTDOWN_DEADLINE_MS = 10_000

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`)
  process.exit(1)
}

function printBanner(config: Config, address: string, showDemoAccounts: boolean): void {
  const url = address.replace(/\/\/(127\.0\.0\.1|0\.0\.0\.0|\[::1?\])/, '//localhost')
  const lines = ['', `Bashboard is running at ${url}`]
  if (showDemoAccounts) {
    lines.push('', 'Demo accounts:')
    const rows = DEMO_ACCOUNTS.map((account) => [
      account.role,
      account.username,
      account.email,
      account.password,
    ])
    const header = ['role', 'username', 'email', 'password']
    const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)))
    for (const row of [header, ...rows]) {
      lines.push(`  ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd())
    }
  }
  if (!config.databaseUrl) lines.push('', `Data (embedded database, uploads, secret): ${config.dataDir}`)
  process.stdout.write(`${lines.join('\n')}\n\n`)
}

/** Closes everything in order: stop accepting, let in-flight requests finish, close sockets, then the db. */
function handleShutdown(app: App, handle: DatabaseHandle, background: AbortController): void {
  let closing = false
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    background.abort()
    const deadline = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS)
    deadline.unref()
    app
      .close()
      .catch((error: unknown) => app.log.error({ err: error }, 'error while closing the server'))
      .then(() => handle.close())
      .catch((error: unknown) => app.log.error({ err: error }, 'error while closing the database'))
      .finally(() => {
        app.log.info('stopped')
        process.exitCode = 0
        clearTimeout(deadline)
      })
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
}

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }

  let handle: DatabaseHandle
  try {
    handle = await connectDatabase({
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }),
      onError: (error) => process.stderr.write(`database connection error: ${error.message}\n`),
    })
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message)
    throw error
  }

  await handle.migrate()
  let seeded = false
  if (config.seedDemo && (await isDatabaseEmpty(handle.db))) {
    await seedDemoData(handle.db, { hashPassword })
    seeded = true
  }
  // Posts loaded without the server's rules (before migration 0013, or by the seed) get their
  // filter flags now, before the first browse request can filter on them.
  await fillCommandFlags(handle.db)

  const app = await buildApp({ config, db: handle.db, dbHandle: handle })
  // A stray rejection (a dropped socket, a late publish) is logged; it must not take the site down.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'))
  const background = new AbortController()
  handleShutdown(app, handle, background)

  const address = await app.listen({ port: config.port, host: config.host })
  printBanner(config, address, seeded || (!config.databaseUrl && config.seedDemo))
  // Flags stored by an older build may follow older rules; bring them up to this build's.
  recheckCommandFlags(handle.db, background.signal).then(
    (changed) => {
      if (changed > 0) app.log.info({ changed }, 'command flags rechecked')
    },
    (error: unknown) => {
      // A shutdown closes the database under the pass; that is not an error.
      if (!background.signal.aborted) app.log.error({ err: error }, 'rechecking command flags failed')
    },
  )
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Bashboard failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
})
