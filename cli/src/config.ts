import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { CliError } from './errors.ts'

/** What `login` keeps between runs. The token is a secret, so the file is readable by its owner only. */
export interface StoredConfig {
  /** Personal access token (`bb_pat_…`). */
  token?: string
  /** The site the token was verified against. */
  url?: string
  /** The username the token belongs to, as the site answered at login. */
  username?: string
}

export const DEFAULT_URL = 'http://localhost:3000'

function xdgDir(variable: 'XDG_CONFIG_HOME' | 'XDG_CACHE_HOME', fallback: string): string {
  const value = process.env[variable]
  // The XDG spec says relative paths are invalid and must be ignored.
  return value?.startsWith('/') ? value : join(homedir(), fallback)
}

export function configPath(): string {
  return join(xdgDir('XDG_CONFIG_HOME', '.config'), 'bashboard', 'config.json')
}

export function cacheRoot(): string {
  return join(xdgDir('XDG_CACHE_HOME', '.cache'), 'bashboard')
}

export async function readConfig(): Promise<StoredConfig> {
  let text: string
  try {
    text = await readFile(configPath(), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw new CliError(`cannot read ${configPath()}: ${(error as Error).message}`)
  }
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new Error('not an object')
    const config = parsed as Record<string, unknown>
    return {
      ...(typeof config.token === 'string' ? { token: config.token } : {}),
      ...(typeof config.url === 'string' ? { url: config.url } : {}),
      ...(typeof config.username === 'string' ? { username: config.username } : {}),
    }
  } catch (error) {
    throw new CliError(`${configPath()} is not valid JSON (${(error as Error).message}); fix or delete it`)
  }
}

/**
 * Writes a file that may hold a secret or private data: the directory is created 0700 and the file
 * 0600, written to a temporary name and renamed, so a crash never leaves half a file behind.
 */
export async function writePrivateFile(path: string, content: string): Promise<void> {
  const dir = dirname(path)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  // mkdir leaves an existing directory's mode alone; tighten it in case it was made by something else.
  await chmod(dir, 0o700)
  const temporary = `${path}.${process.pid}.tmp`
  await writeFile(temporary, content, { mode: 0o600 })
  await chmod(temporary, 0o600)
  await rename(temporary, path)
}

export async function writeConfig(config: StoredConfig): Promise<void> {
  await writePrivateFile(configPath(), `${JSON.stringify(config, null, 2)}\n`)
}

export async function deleteConfigToken(): Promise<boolean> {
  const config = await readConfig()
  if (config.token === undefined) return false
  const { token: _token, username: _username, ...rest } = config
  if (Object.keys(rest).length === 0) await rm(configPath(), { force: true })
  else await writeConfig(rest)
  return true
}

/** The site to talk to: `BASHBOARD_URL`, else the one saved at login, else localhost:3000. */
export function siteUrl(config: StoredConfig): string {
  const raw = process.env.BASHBOARD_URL?.trim() || config.url || DEFAULT_URL
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new CliError(`BASHBOARD_URL is not a URL: ${raw}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`BASHBOARD_URL must be an http or https URL: ${raw}`)
  }
  return url.origin + url.pathname.replace(/\/+$/, '')
}

/** The token to send: `BASHBOARD_TOKEN`, else the one saved at login. */
export function currentToken(config: StoredConfig): string | undefined {
  return process.env.BASHBOARD_TOKEN?.trim() || config.token || undefined
}
