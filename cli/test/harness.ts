import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import {
  createThrowawayDatabase,
  DEFAULT_DATABASE_URL,
  findFreePort,
  probePostgres,
  REPO_ROOT,
  type SpawnedServer,
  spawnServer,
  type ThrowawayDatabase,
  waitForReady,
} from '../../server/test/spawn-server.ts'

/** The installed executable, exactly as `npx bashboard` finds it at the repository root. */
export const BIN = join(REPO_ROOT, 'node_modules', '.bin', 'bashboard')
/** The short alias, the same program. */
export const BB = join(REPO_ROOT, 'node_modules', '.bin', 'bb')

export interface Site {
  server: SpawnedServer
  baseUrl: string
  dataDir: string
  /** The site's own database. */
  databaseUrl: string
  stop(): Promise<void>
}

/**
 * A real server with the demo content (so the demo contributor can post and the demo member can make
 * tokens), on a throwaway PostgreSQL database of its own (DATABASE_URL, else the machine's local
 * server, as the live-cluster tests use): the tests also write rows the API refuses ({@link setPostText}).
 */
export async function startSite(name: string): Promise<Site> {
  const adminUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL
  const unreachable = await probePostgres(adminUrl)
  if (unreachable !== null) throw new Error(`the CLI tests need PostgreSQL at ${adminUrl}: ${unreachable}`)
  const database: ThrowawayDatabase = await createThrowawayDatabase(adminUrl, 'bashboard_cli')
  const dataDir = await mkdtemp(join(tmpdir(), `bashboard-cli-${name}-`))
  const server = spawnServer(name, await findFreePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    // Empty means unset: no Redis is the in-process bus.
    REDIS_URL: '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // Every read queries, so a row written behind the server's back is what the next read sends.
    PAGE_CACHE: 'false',
  })
  let stopped = false
  const stop = async (): Promise<void> => {
    if (stopped) return
    stopped = true
    await server.stop()
    await database.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForReady(server, 60_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { server, baseUrl: server.baseUrl, dataDir, databaseUrl: database.url, stop }
}

/**
 * Writes a post's title and command straight into the site's database, past the API's rules: how a row
 * written before a rule existed, or by another path, reaches the CLI.
 */
export async function setPostText(
  site: Site,
  postId: string,
  text: { title: string; command: string },
): Promise<void> {
  const client = new pg.Client({ connectionString: site.databaseUrl })
  await client.connect()
  try {
    await client.query('UPDATE posts SET title = $2, command = $3 WHERE id = $1', [
      postId,
      text.title,
      text.command,
    ])
  } finally {
    await client.end()
  }
}

/** Calls the API as a browser session or token would. */
export async function api<T>(
  site: Pick<Site, 'baseUrl'>,
  method: string,
  path: string,
  options: { bearer?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = {}
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${site.baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

export async function signIn(
  site: Pick<Site, 'baseUrl'>,
  username: string,
  password: string,
): Promise<string> {
  const answer = await api<{ token: string }>(site, 'POST', '/api/user/login', {
    body: { emailOrUsername: username, password },
  })
  return answer.token
}

export async function createToken(
  site: Pick<Site, 'baseUrl'>,
  session: string,
  name: string,
  scopes: string[],
): Promise<{ token: string; id: string }> {
  const answer = await api<{ token: string; accessToken: { _id: string } }>(site, 'POST', '/api/tokens', {
    bearer: session,
    body: { name, scopes },
  })
  return { token: answer.token, id: answer.accessToken._id }
}

export interface CreatedPost {
  _id: string
  slug: string
  title: string
  command: string
}

export async function createPost(
  site: Site,
  session: string,
  post: { title: string; command: string; description: string },
): Promise<CreatedPost> {
  const browse = await api<{ categories: Array<{ _id: string }> }>(site, 'GET', '/api/website/browse')
  const category = browse.categories[0]?._id
  if (!category) throw new Error('the demo content has no category')
  const answer = await api<{ post: CreatedPost }>(site, 'POST', '/api/posts/create', {
    bearer: session,
    body: { ...post, category },
  })
  return answer.post
}

/** A home of its own for one CLI user: config and cache directories that nothing else touches. */
export async function makeHome(): Promise<{
  home: string
  env: Record<string, string>
  remove(): Promise<void>
}> {
  const home = await mkdtemp(join(tmpdir(), 'bashboard-cli-home-'))
  return {
    home,
    env: {
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_CACHE_HOME: join(home, 'cache'),
    },
    remove: () => rm(home, { recursive: true, force: true }),
  }
}

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

// What the parent's environment must not leak into the binary under test.
const SCRUBBED = [
  'BASHBOARD_URL',
  'BASHBOARD_TOKEN',
  'FORCE_COLOR',
  'NO_COLOR',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'TMUX',
]

/** Runs the real binary with stdin, stdout and stderr as pipes (a script, not a terminal). */
export async function runCli(
  args: string[],
  env: Record<string, string>,
  options: { input?: string; timeoutMs?: number; bin?: string } = {},
): Promise<CliResult> {
  const base = { ...process.env }
  for (const name of SCRUBBED) delete base[name]
  return await new Promise((resolve, reject) => {
    const child = spawn(options.bin ?? BIN, args, {
      env: { ...base, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`bashboard ${args.join(' ')} did not finish:\n${stdout}\n${stderr}`))
    }, options.timeoutMs ?? 30_000)
    child.once('error', reject)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
    child.stdin.end(options.input ?? '')
  })
}
