import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Database, DatabaseHandle } from '@bashboard/db'
import { createTestDatabase } from '@bashboard/db/testing'
import type { Kysely } from 'kysely'
import { type App, buildApp } from '../src/app.ts'
import type { Config } from '../src/config.ts'
import { type Bus, createMemoryBus } from '../src/live/bus.ts'

/** A fixed secret, so tests can forge tokens with it (e.g. to check that a bad alg is refused). */
export const TEST_JWT_SECRET = 'bashboard-test-secret-0123456789abcdef'

/** The index.html written into the test web build; the SPA fallback tests look for this marker. */
export const TEST_INDEX_HTML =
  '<!doctype html><html><body><div id="root">bashboard-test-spa</div></body></html>'

/** The production rate limits, for a test that changes one of them. */
export const TEST_RATE_LIMITS = {
  loginPerMinute: 10,
  signupPerMinute: 5,
  accountFailuresPerHour: 20,
  tokenPerMinute: 300,
} satisfies Config['rateLimit']

/** A valid configuration for tests, with the production limits unless overridden. */
export function testConfig(overrides: Partial<Config> & Pick<Config, 'dataDir' | 'webDistDir'>): Config {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    redisKeyPrefix: `bashboard-test-${randomUUID()}:`,
    jwtSecret: TEST_JWT_SECRET,
    jwtIssuer: 'bashboard',
    jwtAudience: 'bashboard',
    publicOrigin: 'http://localhost:3000',
    allowedOrigins: ['http://localhost:3000'],
    trustProxy: false,
    logLevel: 'silent',
    seedDemo: false,
    pageCache: true,
    searchIndex: true,
    serverRender: true,
    // Mail goes to DATA_DIR/outbox unless a test starts an SMTP peer (test/smtp-peer.ts).
    mail: { mode: 'outbox', from: 'Bashboard <no-reply@localhost>' },
    commentsNeedVerifiedEmail: false,
    rateLimit: TEST_RATE_LIMITS,
    ...overrides,
  }
}

export interface TestApp {
  app: App
  db: Kysely<Database>
  config: Config
  /** The in-memory live bus; `bus.subscribe(...)` observes what the app publishes. */
  bus: Bus
  close(): Promise<void>
}

export interface BuildTestAppOptions {
  /** Config fields to change (e.g. rate limits). */
  config?: Partial<Config>
  /** Write an index.html into the temporary web build (default true). */
  withWebBuild?: boolean
  /** More files of the temporary web build (path inside it → content), e.g. its server render bundle. */
  webFiles?: Record<string, string>
  /** The live bus to use (default: a fresh in-memory bus). */
  bus?: Bus
  /** A stand-in database handle, e.g. one whose `ping` fails, for readiness tests. */
  dbHandle?: DatabaseHandle
  /** Wraps the database the app gets, e.g. with a plugin that counts its queries. */
  wrapDb?: (db: Kysely<Database>) => Kysely<Database>
  /** The app's logger: silent unless given (buildApp's `logger`, e.g. a level and a stream to read). */
  logger?: Record<string, unknown>
  /** Registers extra (test-only) routes or hooks before the app is made ready. */
  setup?: (app: App) => void | Promise<void>
}

/**
 * The real app on a fresh, migrated, empty database (PostgreSQL when DATABASE_URL is set, else
 * PGlite), an in-memory live bus, and temporary data and web directories. Call `close()` in afterAll.
 */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDatabase()
  const dataDir = await mkdtemp(join(tmpdir(), 'bashboard-data-'))
  const webDistDir = await mkdtemp(join(tmpdir(), 'bashboard-web-'))
  if (options.withWebBuild !== false) await writeFile(join(webDistDir, 'index.html'), TEST_INDEX_HTML)
  for (const [path, content] of Object.entries(options.webFiles ?? {})) {
    await mkdir(dirname(join(webDistDir, path)), { recursive: true })
    await writeFile(join(webDistDir, path), content)
  }
  const config = testConfig({ dataDir, webDistDir, ...options.config })
  let app: App | undefined
  try {
    const bus = options.bus ?? createMemoryBus()
    app = await buildApp({
      config,
      db: options.wrapDb ? options.wrapDb(testDb.db) : testDb.db,
      bus,
      logger: options.logger ?? false,
      ...(options.dbHandle ? { dbHandle: options.dbHandle } : {}),
    })
    await options.setup?.(app)
    await app.ready()
    const ready = app
    return {
      app: ready,
      db: testDb.db,
      config,
      bus,
      close: async () => {
        await ready.close()
        await testDb.close()
        await Promise.all([dataDir, webDistDir].map((dir) => rm(dir, { recursive: true, force: true })))
      },
    }
  } catch (error) {
    await app?.close().catch(() => {})
    await testDb.close()
    await Promise.all([dataDir, webDistDir].map((dir) => rm(dir, { recursive: true, force: true })))
    throw error
  }
}
