import WebSocket from 'ws'

/**
 * A server → client message of the live channel, as far as these tests read it (docs/product-rules.md#live).
 */
export interface LiveMessage {
  type: string
  topic?: string
  topics?: string[]
  event?: string
  id?: string
  data?: unknown
  code?: string
  message?: string
}

/**
 * A WebSocket client for tests against a running server: keeps every message it receives, in order,
 * so a test can wait for one and afterwards inspect exactly what arrived.
 */
export class SocketClient {
  readonly received: LiveMessage[] = []
  private readonly waiters = new Set<() => void>()
  private closed = false

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      this.received.push(JSON.parse(raw.toString()) as LiveMessage)
      for (const wake of this.waiters) wake()
    })
    socket.on('close', () => {
      this.closed = true
      for (const wake of this.waiters) wake()
    })
  }

  /** Opens a socket to `url`, sending `origin` as the browser would. */
  static async connect(url: string, origin?: string): Promise<SocketClient> {
    const socket = new WebSocket(url, origin ? { origin } : {})
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade to ${url} refused with HTTP ${response.statusCode}`)),
      )
    })
    return new SocketClient(socket)
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message))
  }

  /** Waits for the first message from index `from` on that matches; fails with what did arrive. */
  async waitFor(
    match: (message: LiveMessage) => boolean,
    what: string,
    timeoutMs = 5000,
    from = 0,
  ): Promise<LiveMessage> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.received.slice(from).find(match)
      if (found) return found
      const left = deadline - Date.now()
      if (left <= 0 || this.closed) {
        const state = this.closed ? 'socket closed' : `${timeoutMs} ms passed`
        throw new Error(`${state} before ${what}; received: ${JSON.stringify(this.received.slice(from))}`)
      }
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer)
          this.waiters.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, left)
        this.waiters.add(wake)
      })
    }
  }

  /** Subscribes and waits for the server's `subscribed` answer. */
  async subscribe(topics: string[], since?: Record<string, string>): Promise<void> {
    const from = this.received.length
    this.send(since ? { type: 'subscribe', topics, since } : { type: 'subscribe', topics })
    await this.waitFor(
      (message) => message.type === 'subscribed' && topics.every((topic) => message.topics?.includes(topic)),
      `subscribed to ${topics.join(', ')}`,
      5000,
      from,
    )
  }

  /** Event messages received so far on `topic`. */
  events(topic: string): LiveMessage[] {
    return this.received.filter((message) => message.type === 'event' && message.topic === topic)
  }

  async close(): Promise<void> {
    if (this.closed) return
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve())
      this.socket.close(1000)
      setTimeout(() => {
        this.socket.terminate()
        resolve()
      }, 1000).unref()
    })
  }
}
