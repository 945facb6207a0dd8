import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, JWT_SECRET_FILE, loadConfig, REPO_ROOT } from './config.ts'

const SECRET = 'x'.repeat(40)

describe('loadConfig', () => {
  let dataDir: string

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bashboard-config-'))
  })
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('applies the embedded defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      publicOrigin: 'http://localhost:3000',
      allowedOrigins: ['http://localhost:3000'],
      trustProxy: false,
      webDistDir: join(REPO_ROOT, 'web', 'dist'),
      logLevel: 'warn',
      logFormat: 'pretty',
      seedDemo: true,
      pageCache: true,
      searchIndex: true,
      serverRender: true,
      rateLimit: { loginPerMinute: 10, signupPerMinute: 5, accountFailuresPerHour: 20, tokenPerMinute: 300 },
    })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.redisUrl).toBeUndefined()
  })

  it('resolves a relative DATA_DIR against the repository root, not the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'some/dir', JWT_SECRET: SECRET }).dataDir).toBe(
      join(REPO_ROOT, 'some', 'dir'),
    )
  })

  it('derives the public origin from PORT and adds ALLOWED_ORIGINS after it', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      ALLOWED_ORIGINS: ' https://a.example , https://b.example/ ,',
    })
    expect(config.publicOrigin).toBe('http://localhost:8080')
    expect(config.allowedOrigins).toEqual(['http://localhost:8080', 'https://a.example', 'https://b.example'])
  })

  it('reads booleans, numbers and URLs from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      SEED_DEMO: 'false',
      PAGE_CACHE: 'false',
      SEARCH_INDEX: 'false',
      SERVER_RENDER: 'false',
      DATABASE_URL: 'postgres://u@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRET: SECRET,
      RATE_LIMIT_SIGNUP_PER_MINUTE: '50',
      RATE_LIMIT_TOKEN_PER_MINUTE: '120',
    })
    expect(config).toMatchObject({
      trustProxy: true,
      seedDemo: false,
      pageCache: false,
      searchIndex: false,
      serverRender: false,
      databaseUrl: 'postgres://u@db:5432/app',
      redisUrl: 'redis://cache:6379',
      jwtSecret: SECRET,
      rateLimit: { signupPerMinute: 50, tokenPerMinute: 120 },
    })
  })

  it('logs every request as JSON in production, and only readable warnings and errors elsewhere', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: SECRET, MAIL: 'off' }),
    ).toMatchObject({
      logLevel: 'info',
      logFormat: 'json',
    })
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' })).toMatchObject({
      logLevel: 'warn',
      logFormat: 'pretty',
    })
  })

  it('lets LOG_LEVEL and LOG_FORMAT change the logging in either mode', () => {
    expect(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' })).toMatchObject({
      logLevel: 'info',
      logFormat: 'pretty',
    })
    expect(loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'json', LOG_LEVEL: 'debug' })).toMatchObject({
      logLevel: 'debug',
      logFormat: 'json',
    })
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        JWT_SECRET: SECRET,
        MAIL: 'off',
        LOG_LEVEL: 'error',
      }),
    ).toMatchObject({ logLevel: 'error', logFormat: 'json' })
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'fancy' })).toThrow(/LOG_FORMAT/)
  })

  it('mails to the outbox by default, over SMTP_URL when set, and refuses production without either', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).mail).toEqual({
      mode: 'outbox',
      from: 'Bashboard <no-reply@localhost>',
    })
    const smtp = {
      DATA_DIR: dataDir,
      SMTP_URL: 'smtps://u:p@smtp.example.com',
      MAIL_FROM: 'Site <a@example.com>',
    }
    expect(loadConfig(smtp).mail).toEqual({
      mode: 'smtp',
      smtpUrl: 'smtps://u:p@smtp.example.com',
      from: 'Site <a@example.com>',
    })
    const production = { DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: SECRET }
    expect(() => loadConfig(production)).toThrow(/SMTP_URL is required when NODE_ENV=production/)
    expect(loadConfig({ ...production, MAIL: 'off' }).mail.mode).toBe('off')
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail:25' }).mail.mode).toBe('smtp')
    expect(() => loadConfig({ DATA_DIR: dataDir, MAIL: 'on' })).toThrow(/MAIL may only be "off"/)
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/)
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: 'https://bash.example.org' }).mail.from).toBe(
      'Bashboard <no-reply@bash.example.org>',
    )
  })

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/)
  })

  it('refuses to start with REDIS_URL but without JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://localhost:6379' })).toThrow(
      /JWT_SECRET is required when REDIS_URL is set/,
    )
  })

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' })).toThrow(/at least 32 characters/)
  })

  it('generates the secret once in DATA_DIR (mode 0600) and reuses it', async () => {
    const first = loadConfig({ DATA_DIR: dataDir })
    const file = join(dataDir, JWT_SECRET_FILE)
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32)
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret)
  })

  it('replaces a stored secret that is too short', async () => {
    await writeFile(join(dataDir, JWT_SECRET_FILE), 'short\n')
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config.jwtSecret).not.toBe('short')
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32)
  })

  it('names the variable when a value is invalid', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT must be a whole number/)
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: '70000' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'staging' })).toThrow(/NODE_ENV/)
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'maybe' })).toThrow(
      /TRUST_PROXY must be true or false/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: 'localhost:3000' })).toThrow(/PUBLIC_ORIGIN/)
  })
})
