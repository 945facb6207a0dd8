import { EventEmitter } from 'node:events'
import type { FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'

/** A server → client message, as far as the live tests read it. */
export interface Received {
  type: string
  topic?: string
  topics?: string[]
  event?: string
  id?: string
  data?: unknown
  code?: string
  message?: string
  userId?: string
  role?: string
}

/** A socket opened with `app.injectWS` that records what it receives and how it closed. */
export interface TestSocket {
  readonly ws: WebSocket
  readonly received: Received[]
  /** Resolves with the close code and reason once the socket closed. */
  readonly closed: Promise<{ code: number; reason: string }>
  send(message: unknown): void
  /** Waits for the first message from index `from` on that matches; fails listing what did arrive. */
  waitFor(match: (message: Received) => boolean, what: string, from?: number): Promise<Received>
  /** Subscribes and resolves with the server's `subscribed` answer. */
  subscribe(topics: string[], since?: Record<string, string>): Promise<Received>
  /** Sends `auth` and resolves with the `authed` or `error` answer. */
  auth(token: string): Promise<Received>
  /** Event messages received so far on `topic`. */
  events(topic: string): Received[]
}

/** Opens `/ws` in-process (no port), with the given upgrade headers (e.g. `origin`). */
export async function openSocket(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const received: Received[] = []
  const wakers = new Set<() => void>()
  let isClosed = false
  let resolveClosed: (value: { code: number; reason: string }) => void = () => {}
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    resolveClosed = resolve
  })
  const ws = await app.injectWS(
    '/ws',
    { headers },
    {
      // Listeners go on before the upgrade completes, so nothing the server sends first is missed.
      onInit(socket) {
        socket.on('message', (data) => {
          received.push(JSON.parse(data.toString()) as Received)
          for (const wake of wakers) wake()
        })
        socket.on('close', (code, reason) => {
          isClosed = true
          resolveClosed({ code, reason: reason.toString() })
          for (const wake of wakers) wake()
        })
      },
    },
  )

  const client: TestSocket = {
    ws,
    received,
    closed,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),

    async waitFor(match, what, from = 0) {
      const deadline = Date.now() + 3000
      for (;;) {
        const found = received.slice(from).find(match)
        if (found) return found
        const left = deadline - Date.now()
        if (left <= 0 || isClosed) {
          const state = isClosed ? 'socket closed' : 'timed out'
          throw new Error(`${state} waiting for ${what}; received ${JSON.stringify(received.slice(from))}`)
        }
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            clearTimeout(timer)
            wakers.delete(wake)
            resolve()
          }
          const timer = setTimeout(wake, left)
          wakers.add(wake)
        })
      }
    },

    async subscribe(topics, since) {
      const from = received.length
      client.send(since ? { type: 'subscribe', topics, since } : { type: 'subscribe', topics })
      return client.waitFor((message) => message.type === 'subscribed', 'subscribed', from)
    },

    async auth(token) {
      const from = received.length
      client.send({ type: 'auth', token })
      return client.waitFor(
        (message) => message.type === 'authed' || message.type === 'error',
        'auth answer',
        from,
      )
    },

    events: (topic) => received.filter((message) => message.type === 'event' && message.topic === topic),
  }
  return client
}

/** Lets pending socket traffic through (in-process sockets deliver within a few ticks). */
export async function settle(ms = 50): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms))
}

/** Stands in for a ws WebSocket: records what is sent and how it was closed. */
export class FakeSocket extends EventEmitter {
  readonly raw: Array<Buffer | string> = []
  bufferedAmount = 0
  readyState = 1
  readonly CLOSED = 3
  closedWith: { code: number; reason: string } | null = null
  terminated = false
  pings = 0

  send(data: Buffer | string): void {
    this.raw.push(data)
  }
  close(code: number, reason: string): void {
    this.closedWith = { code, reason }
    this.readyState = 3
    this.emit('close', code, reason)
  }
  terminate(): void {
    this.terminated = true
    if (this.readyState !== 3) {
      this.readyState = 3
      this.emit('close', 1006, '')
    }
  }
  ping(): void {
    this.pings += 1
  }
  /** Parsed messages, in order. */
  messages(): Array<{ type: string; id?: string; topic?: string; code?: string }> {
    return this.raw.map((data) => JSON.parse(data.toString()))
  }
  /** The ids of the event messages received, and 'reset' for resets. */
  ids(): string[] {
    return this.messages().map((message) => (message.type === 'reset' ? 'reset' : String(message.id)))
  }
}
