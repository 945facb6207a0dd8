/**
 * @bashboard/db: the data layer. Table types, connecting (PostgreSQL or embedded PGlite), migrations and
 * the demo seed. The server imports this package; nothing here imports the server or the web app.
 */
export {
  type ConnectOptions,
  connectDatabase,
  type DatabaseHandle,
  DataDirLockedError,
  PING_TIMEOUT_MS,
  STATEMENT_TIMEOUT_MS,
} from './connect.ts'
export type * from './database.ts'
export { fixedStatement } from './fixed-statement.ts'
export { MigrationError, migrateToLatest } from './migrate.ts'
export { preparedAs } from './prepared.ts'
/** The demo seed's commands, for tests that must hold for every seeded command. */
export { COMMANDS as DEMO_COMMANDS, type SeedCommand } from './seed/content/commands.ts'
export {
  DEMO_ACCOUNTS,
  type DemoAccount,
  isDatabaseEmpty,
  type SeedOptions,
  seedDemoData,
  wipeDatabase,
} from './seed/index.ts'
export { seededRandom } from './seed/random.ts'
