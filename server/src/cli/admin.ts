/**
 * The operator CLI: `npm run admin -- <command>`. Reads the same environment as the server.
 * See `USAGE` in ./commands.ts.
 */
import {
  connectDatabase,
  type DatabaseHandle,
  DataDirLockedError,
  seedDemoData,
  wipeDatabase,
} from '@bashboard/db'
import { ConfigError, loadConfig } from '../config.ts'
import { hashPassword } from '../lib/password.ts'
import { EXIT, runAdmin, USAGE } from './commands.ts'

async function main(args: string[]): Promise<number> {
  if (args.length === 0 || ['help', '--help', '-h'].includes(args[0] ?? '')) {
    process.stdout.write(`${USAGE}\n`)
    return args.length === 0 ? EXIT.usage : EXIT.ok
  }
  let handle: DatabaseHandle
  try {
    const config = loadConfig()
    handle = await connectDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    )
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      return EXIT.refused
    }
    throw error
  }
  try {
    await handle.migrate()
    return await runAdmin(args, {
      db: handle.db,
      reseed: async (db) => {
        await wipeDatabase(db)
        await seedDemoData(db, { hashPassword })
      },
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    })
  } finally {
    await handle.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(
      `admin failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exitCode = 1
  },
)
