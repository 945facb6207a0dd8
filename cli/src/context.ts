import { ApiError, type Client, createClient, UnreachableError } from './api.ts'
import { OfflineCache } from './cache.ts'
import { err } from './colors.ts'
import { currentToken, readConfig, type StoredConfig, siteUrl } from './config.ts'

/** What every command needs: the config, the site, an API client and (opened on first use) the cache. */
export interface Context {
  config: StoredConfig
  baseUrl: string
  client: Client
  cache(): Promise<OfflineCache>
  /** A public read: sent with the token when there is one, again without it if the token lacks `read`. */
  read<T>(path: string): Promise<T>
  /**
   * Runs `online`; when the site cannot be reached, says so on stderr and runs `offline` instead (which
   * returns undefined when the cache cannot answer either, and the original error is raised).
   */
  withFallback<T>(online: () => Promise<T>, offline: (cache: OfflineCache) => T | undefined): Promise<T>
  /** Writes the cache if a command changed it. */
  finish(): Promise<void>
}

export async function createContext(): Promise<Context> {
  const config = await readConfig()
  const baseUrl = siteUrl(config)
  const client = createClient(baseUrl, currentToken(config))
  let cache: OfflineCache | undefined

  const context: Context = {
    config,
    baseUrl,
    client,
    async cache() {
      cache ??= await OfflineCache.open(baseUrl)
      return cache
    },
    async read<T>(path: string) {
      try {
        return await client.request<T>('GET', path)
      } catch (error) {
        // A token made only for voting or saving still may read what anyone can read.
        if (error instanceof ApiError && error.status === 403 && client.token) {
          return await client.request<T>('GET', path, { auth: 'none' })
        }
        throw error
      }
    },
    async withFallback(online, offline) {
      try {
        return await online()
      } catch (error) {
        if (!(error instanceof UnreachableError)) throw error
        const answer = offline(await context.cache())
        if (answer === undefined) {
          throw new UnreachableError(baseUrl, `${error.reason}; and the offline cache has no copy of this`)
        }
        process.stderr.write(
          `${err.yellow('offline: showing cached results')} ${err.dim(`(cannot reach ${baseUrl})`)}\n`,
        )
        return answer
      }
    },
    async finish() {
      await cache?.flush()
    },
  }
  return context
}
