import type { LiveClient, LiveClientOptions } from './socket-client'

/** The module that holds the socket client, asked for after the page's first paint. */
export type LoadSocketClient = () => Promise<{ LiveClient: typeof LiveClient }>

/** The part of the live client the pages use; the same calls as `LiveClient`'s. */
export interface LiveConnection {
  start(): void
  stop(): void
  reconnectNow(): void
  setSession(session: string | null): void
  subscribe(topic: string, liveId?: string): () => void
  noteLiveId(topic: string, liveId: string): void
}

/**
 * The tab's live socket, whose code (socket-client.ts) loads only once `start()` is first called (the
 * provider's effect, after the first paint), so it stays out of the initial JavaScript. Until then it
 * keeps what the page asked for (subscriptions, live ids, the session) and hands it to the real client.
 */
export class DeferredLiveClient implements LiveConnection {
  private client: LiveClient | null = null
  private loading: Promise<void> | null = null
  private running = false
  private session: string | null
  /** Calls made before the client loaded, replayed on it in order. */
  private readonly waiting: Array<(client: LiveClient) => void> = []

  constructor(
    private readonly load: LoadSocketClient,
    private readonly options: LiveClientOptions,
  ) {
    this.session = options.session ?? null
  }

  start(): void {
    this.running = true
    if (this.client) {
      this.client.start()
      return
    }
    this.loading ??= this.load().then(
      ({ LiveClient: Client }) => {
        const client = new Client({ ...this.options, session: this.session })
        this.client = client
        for (const call of this.waiting.splice(0)) call(client)
        if (this.running) client.start()
      },
      () => {
        // The chunk did not arrive (offline, a new deploy): the next start() asks again.
        this.loading = null
        this.options.onStatus?.('offline')
      },
    )
  }

  stop(): void {
    this.running = false
    this.client?.stop()
  }

  reconnectNow(): void {
    if (this.client) this.client.reconnectNow()
    else if (this.running && !this.loading) this.start()
  }

  setSession(session: string | null): void {
    this.session = session
    this.client?.setSession(session)
  }

  subscribe(topic: string, liveId?: string): () => void {
    if (this.client) return this.client.subscribe(topic, liveId)
    let release: (() => void) | null = null
    let released = false
    this.waiting.push((client) => {
      if (!released) release = client.subscribe(topic, liveId)
    })
    return () => {
      released = true
      release?.()
    }
  }

  noteLiveId(topic: string, liveId: string): void {
    if (this.client) this.client.noteLiveId(topic, liveId)
    else this.waiting.push((client) => client.noteLiveId(topic, liveId))
  }
}
