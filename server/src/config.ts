import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { type Static, Type } from 'typebox'
import { Value } from 'typebox/value'

/** The repository root: relative paths in the environment are resolved against it, not the cwd. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..')

const LogLevel = Type.Union([
  Type.Literal('fatal'),
  Type.Literal('error'),
  Type.Literal('warn'),
  Type.Literal('info'),
  Type.Literal('debug'),
  Type.Literal('trace'),
  Type.Literal('silent'),
])

/** How log lines are written: JSON for log collectors, or one readable line each for a terminal. */
const LogFormat = Type.Union([Type.Literal('json'), Type.Literal('pretty')])

/**
 * The validated server configuration (docs/product-rules.md#runtime). `loadConfig` builds it from the
 * environment.
 */
export const ConfigSchema = Type.Object({
  nodeEnv: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')]),
  port: Type.Integer({ minimum: 0, maximum: 65_535 }),
  host: Type.String({ minLength: 1 }),
  /** Absolute path holding uploads, the embedded database and the generated JWT secret. */
  dataDir: Type.String({ minLength: 1 }),
  /** PostgreSQL URL; unset means the embedded PGlite database in `dataDir`. */
  databaseUrl: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** Redis URL; unset means the in-process event bus and in-memory rate limits (one instance). */
  redisUrl: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  /** Prefix of every Redis key and channel (live bus, rate limits), so deployments can share a Redis. */
  redisKeyPrefix: Type.String({ minLength: 1, maxLength: 100 }),
  jwtSecret: Type.String({ minLength: 32 }),
  jwtIssuer: Type.String({ minLength: 1 }),
  jwtAudience: Type.String({ minLength: 1 }),
  /** The site's own origin, e.g. `http://localhost:3000` (no trailing slash). */
  publicOrigin: Type.String({ pattern: '^https?://[^/]+$' }),
  /** Origins allowed to open the live socket: `publicOrigin` first, then ALLOWED_ORIGINS. */
  allowedOrigins: Type.Array(Type.String({ pattern: '^https?://[^/]+$' })),
  /** Trust X-Forwarded-* (client IP, protocol) only when deployed behind a proxy. */
  trustProxy: Type.Boolean(),
  /** Absolute path of the built web app (`index.html` and assets). */
  webDistDir: Type.String({ minLength: 1 }),
  logLevel: LogLevel,
  /** `pretty` outside production (absent means JSON, as in production and the tests). */
  logFormat: Type.Optional(LogFormat),
  /** Seed demo content into an empty database on start. */
  seedDemo: Type.Boolean(),
  /** Share the public parts of home, browse and search between visitors (modules/website/caches.ts). */
  pageCache: Type.Boolean(),
  /** Answer searches from the in-memory index of every post's words (modules/website/search-index.ts). */
  searchIndex: Type.Boolean(),
  /** Send guests the home, browse and post pages with their first screen rendered (infra/server-render.ts). */
  serverRender: Type.Boolean(),
  /**
   * Outgoing mail (modules/mail): `smtp` through SMTP_URL, `outbox` writes each mail as a `.eml` file
   * to DATA_DIR/outbox (the embedded default), `off` sends nothing (MAIL=off, stated by the operator).
   */
  mail: Type.Object({
    mode: Type.Union([Type.Literal('smtp'), Type.Literal('outbox'), Type.Literal('off')]),
    smtpUrl: Type.Optional(Type.String({ pattern: '^smtps?://' })),
    /** The From header, e.g. `Bashboard <no-reply@example.com>`. */
    from: Type.String({ minLength: 3, maxLength: 200 }),
  }),
  /**
   * Sign in with GitHub (modules/identity), when GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are set.
   * `oauthUrl` serves /login/oauth/authorize and /login/oauth/access_token, `apiUrl` /user and
   * /user/emails: github.com and api.github.com unless a test peer stands in (GITHUB_OAUTH_URL,
   * GITHUB_API_URL).
   */
  github: Type.Optional(
    Type.Object({
      clientId: Type.String({ minLength: 1 }),
      clientSecret: Type.String({ minLength: 1 }),
      oauthUrl: Type.String({ pattern: '^https?://[^/]+' }),
      apiUrl: Type.String({ pattern: '^https?://[^/]+' }),
    }),
  ),
  /**
   * Sign in with Google (OpenID Connect), when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set;
   * endpoints and keys are discovered from `issuerUrl` (GOOGLE_ISSUER_URL, https://accounts.google.com).
   */
  google: Type.Optional(
    Type.Object({
      clientId: Type.String({ minLength: 1 }),
      clientSecret: Type.String({ minLength: 1 }),
      issuerUrl: Type.String({ pattern: '^https?://[^/]+' }),
    }),
  ),
  /** Commenting waits for a verified address too (for a site that gets spam); applying always does. */
  commentsNeedVerifiedEmail: Type.Boolean(),
  /**
   * Exports of members with more rows than this (posts, comments, votes and saves together) are
   * prepared in the background and mailed as a link; unset means the leaving module's default.
   */
  exportBackgroundRows: Type.Optional(Type.Integer({ minimum: 0 })),
  rateLimit: Type.Object({
    loginPerMinute: Type.Integer({ minimum: 1 }),
    signupPerMinute: Type.Integer({ minimum: 1 }),
    accountFailuresPerHour: Type.Integer({ minimum: 1 }),
    /** Requests per personal access token per minute. */
    tokenPerMinute: Type.Integer({ minimum: 1 }),
    /** Plain-text pages for curl (`/tar`, `/~words`…) per client IP per minute; 120 when unset. */
    terminalPerMinute: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
})
export type Config = Static<typeof ConfigSchema>

/** Raised for an environment the server must not start with; the message says what to fix. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

// Which environment variable feeds each config field, so errors name what the operator can change.
const ENV_NAMES: Record<string, string> = {
  nodeEnv: 'NODE_ENV',
  port: 'PORT',
  host: 'HOST',
  dataDir: 'DATA_DIR',
  databaseUrl: 'DATABASE_URL',
  redisUrl: 'REDIS_URL',
  redisKeyPrefix: 'REDIS_KEY_PREFIX',
  jwtSecret: 'JWT_SECRET',
  publicOrigin: 'PUBLIC_ORIGIN',
  allowedOrigins: 'ALLOWED_ORIGINS',
  trustProxy: 'TRUST_PROXY',
  webDistDir: 'WEB_DIST_DIR',
  logLevel: 'LOG_LEVEL',
  logFormat: 'LOG_FORMAT',
  seedDemo: 'SEED_DEMO',
  pageCache: 'PAGE_CACHE',
  searchIndex: 'SEARCH_INDEX',
  serverRender: 'SERVER_RENDER',
  mail: 'SMTP_URL / MAIL / MAIL_FROM',
  commentsNeedVerifiedEmail: 'COMMENTS_NEED_VERIFIED_EMAIL',
  github: 'GITHUB_CLIENT_ID / GITHUB_CLIENT_SECRET / GITHUB_OAUTH_URL / GITHUB_API_URL',
  google: 'GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET / GOOGLE_ISSUER_URL',
  exportBackgroundRows: 'EXPORT_BACKGROUND_ROWS',
  rateLimit: 'RATE_LIMIT_*',
}

/** The file in DATA_DIR holding the generated secret of the embedded mode. */
export const JWT_SECRET_FILE = 'jwt-secret'

/**
 * Reads and validates the configuration from the environment. Throws `ConfigError` with a message
 * naming the variable when something is wrong. In the embedded default (no NODE_ENV=production and
 * no REDIS_URL) a missing JWT_SECRET is generated once and kept in DATA_DIR/jwt-secret (mode 0600).
 */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = value(env.NODE_ENV) ?? 'development'
  const port = integer(env.PORT, 'PORT') ?? 3000
  const dataDir = absolute(value(env.DATA_DIR) ?? './data')
  const redisUrl = value(env.REDIS_URL)
  const publicOrigin = (value(env.PUBLIC_ORIGIN) ?? `http://localhost:${port}`).replace(/\/+$/, '')
  const extraOrigins = (value(env.ALLOWED_ORIGINS) ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin.length > 0)

  const candidate = {
    nodeEnv,
    port,
    host: value(env.HOST) ?? '127.0.0.1',
    dataDir,
    databaseUrl: value(env.DATABASE_URL),
    redisUrl,
    redisKeyPrefix: value(env.REDIS_KEY_PREFIX) ?? 'bashboard:',
    jwtSecret: resolveJwtSecret(env, { nodeEnv, redisUrl, dataDir }),
    jwtIssuer: 'bashboard',
    jwtAudience: 'bashboard',
    publicOrigin,
    allowedOrigins: [...new Set([publicOrigin, ...extraOrigins])],
    trustProxy: boolean(env.TRUST_PROXY, 'TRUST_PROXY') ?? false,
    webDistDir: absolute(value(env.WEB_DIST_DIR) ?? 'web/dist'),
    // On a developer's terminal (`npm start`, `npm run dev`) a line per request buries the banner with
    // the address and demo accounts: only warnings and errors, readable. Production logs every request
    // as JSON for its collector.
    logLevel: value(env.LOG_LEVEL) ?? (nodeEnv === 'production' ? 'info' : 'warn'),
    logFormat: value(env.LOG_FORMAT) ?? (nodeEnv === 'production' ? 'json' : 'pretty'),
    seedDemo: boolean(env.SEED_DEMO, 'SEED_DEMO') ?? true,
    pageCache: boolean(env.PAGE_CACHE, 'PAGE_CACHE') ?? true,
    searchIndex: boolean(env.SEARCH_INDEX, 'SEARCH_INDEX') ?? true,
    // Off until the app's takeover of the page runs in short tasks: on, the first paint comes 1.1-1.5 s
    // sooner but Lighthouse counts the whole start-up as blocking time (bench/README.md, "Session 17").
    serverRender: boolean(env.SERVER_RENDER, 'SERVER_RENDER') ?? true,
    mail: resolveMail(env, { nodeEnv, publicOrigin }),
    commentsNeedVerifiedEmail:
      boolean(env.COMMENTS_NEED_VERIFIED_EMAIL, 'COMMENTS_NEED_VERIFIED_EMAIL') ?? false,
    ...resolveProviders(env),
    // Only set when given, so the default lives beside the export (modules/leaving/export-jobs.ts).
    ...optionalInteger('exportBackgroundRows', env.EXPORT_BACKGROUND_ROWS, 'EXPORT_BACKGROUND_ROWS'),
    rateLimit: {
      loginPerMinute: integer(env.RATE_LIMIT_LOGIN_PER_MINUTE, 'RATE_LIMIT_LOGIN_PER_MINUTE') ?? 10,
      signupPerMinute: integer(env.RATE_LIMIT_SIGNUP_PER_MINUTE, 'RATE_LIMIT_SIGNUP_PER_MINUTE') ?? 5,
      accountFailuresPerHour:
        integer(env.RATE_LIMIT_ACCOUNT_FAILURES_PER_HOUR, 'RATE_LIMIT_ACCOUNT_FAILURES_PER_HOUR') ?? 20,
      tokenPerMinute: integer(env.RATE_LIMIT_TOKEN_PER_MINUTE, 'RATE_LIMIT_TOKEN_PER_MINUTE') ?? 300,
      // Only set when given, so the default lives beside the limit (infra/rate-limit.ts).
      ...optionalInteger(
        'terminalPerMinute',
        env.RATE_LIMIT_TERMINAL_PER_MINUTE,
        'RATE_LIMIT_TERMINAL_PER_MINUTE',
      ),
    },
  }
  // Optional fields must be absent, not undefined, for the schema check.
  if (candidate.databaseUrl === undefined) delete candidate.databaseUrl
  if (candidate.redisUrl === undefined) delete candidate.redisUrl

  if (Value.Check(ConfigSchema, candidate)) return candidate
  const problems = Value.Errors(ConfigSchema, candidate).map((error) => {
    const field = error.instancePath.split('/')[1] ?? ''
    return `${ENV_NAMES[field] ?? field}: ${error.message}`
  })
  throw new ConfigError(`Invalid configuration:\n  ${[...new Set(problems)].join('\n  ')}`)
}

function resolveJwtSecret(
  env: Env,
  ctx: { nodeEnv: string; redisUrl: string | undefined; dataDir: string },
): string {
  const given = value(env.JWT_SECRET)
  if (given !== undefined) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long.')
    return given
  }
  if (ctx.nodeEnv === 'production' || ctx.redisUrl !== undefined) {
    const why = ctx.nodeEnv === 'production' ? 'NODE_ENV=production' : 'REDIS_URL is set'
    throw new ConfigError(
      `JWT_SECRET is required when ${why} (every instance must share it). ` +
        'Set it to at least 32 random characters, e.g. the output of `openssl rand -base64 48`.',
    )
  }
  return readOrCreateSecret(join(ctx.dataDir, JWT_SECRET_FILE))
}

/**
 * Where mail goes: SMTP_URL when set; else `.eml` files in the outbox, except in production, where a
 * site that silently sends no password resets is worse than one that does not start (MAIL=off says
 * the operator means it).
 */
function resolveMail(env: Env, ctx: { nodeEnv: string; publicOrigin: string }): Config['mail'] {
  const smtpUrl = value(env.SMTP_URL)
  const mode = value(env.MAIL)?.toLowerCase()
  if (mode !== undefined && mode !== 'off') {
    throw new ConfigError(`MAIL may only be "off" (to send no mail at all), got "${mode}".`)
  }
  // An unparsable PUBLIC_ORIGIN is reported by the schema check; the default From just needs a host.
  const host = URL.canParse(ctx.publicOrigin) ? new URL(ctx.publicOrigin).hostname : 'localhost'
  const from = value(env.MAIL_FROM) ?? `Bashboard <no-reply@${host}>`
  if (mode === 'off') return { mode: 'off', from }
  if (smtpUrl !== undefined) return { mode: 'smtp', smtpUrl, from }
  if (ctx.nodeEnv === 'production') {
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production (password resets and verification links are mailed), ' +
        'e.g. smtps://user:password@smtp.example.com. Set MAIL=off to run without mail on purpose.',
    )
  }
  return { mode: 'outbox', from }
}

/**
 * The sign-in providers whose client id and secret are both set. One without the other is a typo
 * the operator would otherwise only notice when the button is missing.
 */
function resolveProviders(env: Env): Pick<Config, 'github' | 'google'> {
  const pair = (prefix: string) => {
    const clientId = value(env[`${prefix}_CLIENT_ID`])
    const clientSecret = value(env[`${prefix}_CLIENT_SECRET`])
    if ((clientId === undefined) !== (clientSecret === undefined)) {
      throw new ConfigError(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together.`)
    }
    return clientId === undefined || clientSecret === undefined ? undefined : { clientId, clientSecret }
  }
  const trimmed = (raw: string | undefined, fallback: string) => (value(raw) ?? fallback).replace(/\/+$/, '')
  const github = pair('GITHUB')
  const google = pair('GOOGLE')
  return {
    ...(github && {
      github: {
        ...github,
        oauthUrl: trimmed(env.GITHUB_OAUTH_URL, 'https://github.com'),
        apiUrl: trimmed(env.GITHUB_API_URL, 'https://api.github.com'),
      },
    }),
    ...(google && {
      google: { ...google, issuerUrl: trimmed(env.GOOGLE_ISSUER_URL, 'https://accounts.google.com') },
    }),
  }
}

function readOrCreateSecret(file: string): string {
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(resolve(file, '..'), { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  // The mode above only applies when the file is created; a rewritten short file keeps its mode.
  chmodSync(file, 0o600)
  return secret
}

function value(raw: string | undefined): string | undefined {
  const trimmed = raw?.trim()
  return trimmed === undefined || trimmed === '' ? undefined : trimmed
}

function integer(raw: string | undefined, name: string): number | undefined {
  const text = value(raw)
  if (text === undefined) return undefined
  if (!/^\d+$/.test(text)) throw new ConfigError(`${name} must be a whole number, got "${text}".`)
  return Number(text)
}

/** `{ [key]: n }` when the variable is set, else nothing (for optional fields, which must be absent). */
function optionalInteger<K extends string>(
  key: K,
  raw: string | undefined,
  name: string,
): { [P in K]?: number } {
  const parsed = integer(raw, name)
  return (parsed === undefined ? {} : { [key]: parsed }) as { [P in K]?: number }
}

function boolean(raw: string | undefined, name: string): boolean | undefined {
  const text = value(raw)?.toLowerCase()
  if (text === undefined) return undefined
  if (['1', 'true', 'yes', 'on'].includes(text)) return true
  if (['0', 'false', 'no', 'off'].includes(text)) return false
  throw new ConfigError(`${name} must be true or false, got "${text}".`)
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path)
}
