import type { LiveClientMessage, LiveEventMessage, LiveServerMessage } from '@bashboard/server/contract'
import type { LiveStatus } from './types'

/** The part of the browser WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number
  onopen: ((event: Event) => void) | null
  onclose: ((event: CloseEvent) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
  onerror: ((event: Event) => void) | null
  send(data: string): void
  close(code?: number, reason?: string): void
}

export type SocketFactory = (url: string) => SocketLike

export interface LiveClientOptions {
  url: string
  /** Receives every event of a subscribed topic, in order, once per event id. */
  onEvent: (message: LiveEventMessage) => void
  /** The server no longer holds the events missed on `topic`: its data must be refetched. */
  onReset: (topic: string) => void
  onStatus?: (status: LiveStatus) => void
  createSocket?: SocketFactory
  /**
   * The web session the socket signs in with (by the cookie its upgrade carries), named by any key that
   * changes with the session (the app uses its CSRF token); null for an anonymous socket.
   */
  session?: string | null
  /** Source of jitter in [0, 1). */
  random?: () => number
  backoffBaseMs?: number
  backoffMaxMs?: number
  pingIntervalMs?: number
  /** How long subscriptions wait for the answer to `auth` before going ahead anonymously. */
  authTimeoutMs?: number
}

const OPEN = 1
/** A socket that stayed open this long is considered healthy, so the next reconnect starts fast again. */
const STABLE_AFTER_MS = 10_000
/** Most topics per subscribe message (the server's per-socket limit). */
const MAX_TOPICS_PER_MESSAGE = 200

/**
 * Delay before reconnect attempt `attempt` (0-based): exponential from `baseMs`, capped at `maxMs`, with
 * "equal jitter" (half fixed, half random) so a server restart does not bring every tab back at once.
 */
export function backoffDelay(attempt: number, random: () => number, baseMs = 500, maxMs = 30_000): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

/** Live event ids are decimal integers (contract/live.ts): compare them as numbers. */
export function isNewerId(candidate: string, current: string | undefined): boolean {
  if (current === undefined) return true
  return Number(candidate) > Number(current)
}

/**
 * One WebSocket per tab to the live channel. Keeps a reference count per topic, remembers the last
 * event id seen per topic and resubscribes with `since` after a reconnect, so the server replays what
 * was missed (or answers `reset`). Reconnects with capped exponential backoff and pings while idle.
 */
export class LiveClient {
  private readonly options: Required<Omit<LiveClientOptions, 'session' | 'onStatus'>> &
    Pick<LiveClientOptions, 'onStatus'>
  private socket: SocketLike | null = null
  private session: string | null
  private running = false
  private attempt = 0
  private openedAt = 0
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null
  private pingTimer: ReturnType<typeof setInterval> | null = null
  private authTimer: ReturnType<typeof setTimeout> | null = null
  private awaitingPong = false
  /** Subscriptions wait while the socket's `auth` is unanswered, so private topics are not refused. */
  private authPending = false
  private currentStatus: LiveStatus = 'connecting'
  private readonly refs = new Map<string, number>()
  private readonly lastIds = new Map<string, string>()
  /** Topics the server refused (e.g. private ones before auth); retried after the next `authed`. */
  private readonly refused = new Set<string>()
  private readonly pendingSubscribe = new Set<string>()
  private readonly pendingUnsubscribe = new Set<string>()
  private flushQueued = false

  constructor(options: LiveClientOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url),
      random: Math.random,
      backoffBaseMs: 500,
      backoffMaxMs: 30_000,
      pingIntervalMs: 25_000,
      authTimeoutMs: 5_000,
      ...options,
    }
    this.session = options.session ?? null
  }

  /** The connection state. */
  get status(): LiveStatus {
    return this.currentStatus
  }

  /** Opens the socket (and keeps reopening it) until `stop()`. */
  start(): void {
    if (this.running) return
    this.running = true
    this.attempt = 0
    this.open()
  }

  /** Closes the socket for good; subscriptions and last ids are kept for a later `start()`. */
  stop(): void {
    this.running = false
    this.clearReconnect()
    this.dropSocket()
    this.setStatus('offline')
  }

  /** Reconnects at once when a reconnect is pending (the browser came back online). */
  reconnectNow(): void {
    if (!this.running || this.socket) return
    this.clearReconnect()
    this.open()
  }

  /**
   * Signs the socket in or out. Either way it reconnects: the socket signs in with the cookie its
   * upgrade request carried, and a new connection is the only way to shed the old identity's topics.
   */
  setSession(session: string | null): void {
    if (session === this.session) return
    this.session = session
    if (!this.socket || this.socket.readyState !== OPEN) return
    this.dropSocket()
    this.attempt = 0
    this.open()
  }

  /**
   * Holds `topic` until the returned release function is called. `liveId` is the topic id carried by the
   * REST response the caller rendered: events after it are replayed.
   */
  subscribe(topic: string, liveId?: string): () => void {
    if (liveId !== undefined) this.noteLiveId(topic, liveId)
    const count = this.refs.get(topic) ?? 0
    this.refs.set(topic, count + 1)
    if (count === 0) {
      // Released and re-taken in the same tick (React StrictMode, route changes): nothing to send.
      if (!this.pendingUnsubscribe.delete(topic)) this.pendingSubscribe.add(topic)
      this.queueFlush()
    }
    let released = false
    return () => {
      if (released) return
      released = true
      this.release(topic)
    }
  }

  /** Records the `liveId` of a fresh REST response; ids only move forward. */
  noteLiveId(topic: string, liveId: string): void {
    if (isNewerId(liveId, this.lastIds.get(topic))) this.lastIds.set(topic, liveId)
  }

  /** The last event id seen (or noted) for a topic. */
  lastIdOf(topic: string): string | undefined {
    return this.lastIds.get(topic)
  }

  /** How many holders a topic has (0 when unsubscribed). */
  holdersOf(topic: string): number {
    return this.refs.get(topic) ?? 0
  }

  private release(topic: string): void {
    const count = this.refs.get(topic) ?? 0
    if (count > 1) {
      this.refs.set(topic, count - 1)
      return
    }
    this.refs.delete(topic)
    this.refused.delete(topic)
    if (!this.pendingSubscribe.delete(topic)) this.pendingUnsubscribe.add(topic)
    this.queueFlush()
  }

  private open(): void {
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting')
    let socket: SocketLike
    try {
      socket = this.options.createSocket(this.options.url)
    } catch {
      this.scheduleReconnect()
      return
    }
    this.socket = socket
    socket.onopen = () => this.handleOpen(socket)
    socket.onmessage = (event) => this.handleMessage(socket, event)
    socket.onclose = () => this.handleClose(socket)
    // An error is always followed by a close, which does the work.
    socket.onerror = () => {}
  }

  private handleOpen(socket: SocketLike): void {
    if (socket !== this.socket) return
    this.openedAt = Date.now()
    this.awaitingPong = false
    this.refused.clear()
    this.pendingSubscribe.clear()
    this.pendingUnsubscribe.clear()
    this.setStatus('open')
    this.startPing()
    if (this.session) {
      this.authPending = true
      this.send({ type: 'auth' })
      this.authTimer = setTimeout(() => this.finishAuth(), this.options.authTimeoutMs)
    } else {
      this.subscribeAll()
    }
  }

  private finishAuth(): void {
    if (!this.authPending) return
    this.authPending = false
    if (this.authTimer) clearTimeout(this.authTimer)
    this.authTimer = null
    this.subscribeAll()
  }

  private handleMessage(socket: SocketLike, event: MessageEvent): void {
    if (socket !== this.socket) return
    this.awaitingPong = false
    let message: LiveServerMessage
    try {
      message = JSON.parse(String(event.data)) as LiveServerMessage
    } catch {
      return
    }
    switch (message.type) {
      case 'authed':
        if (this.authPending) this.finishAuth()
        else this.retryRefused()
        break
      case 'error':
        if (message.code === 'unauthorized' && this.authPending) this.finishAuth()
        else if (message.topic && (message.code === 'forbidden' || message.code === 'token_expired'))
          this.refused.add(message.topic)
        break
      case 'event':
        this.handleEvent(message)
        break
      case 'reset':
        if (!this.refs.has(message.topic)) break
        // The refetch that follows brings the topic's current id (see noteLiveId).
        this.lastIds.delete(message.topic)
        this.options.onReset(message.topic)
        break
      default:
        break
    }
  }

  private handleEvent(message: LiveEventMessage): void {
    // Late events of a released topic and replays of ids already applied are dropped.
    if (!this.refs.has(message.topic)) return
    if (!isNewerId(message.id, this.lastIds.get(message.topic))) return
    this.lastIds.set(message.topic, message.id)
    this.options.onEvent(message)
  }

  private handleClose(socket: SocketLike): void {
    if (socket !== this.socket) return
    this.connectionLost()
  }

  /** The socket closed or stopped answering: let it go and try again after the backoff delay. */
  private connectionLost(): void {
    const stable = this.openedAt > 0 && Date.now() - this.openedAt >= STABLE_AFTER_MS
    this.dropSocket()
    if (stable) this.attempt = 0
    if (this.running) this.scheduleReconnect()
    else this.setStatus('offline')
  }

  private scheduleReconnect(): void {
    this.setStatus('reconnecting')
    const delay = backoffDelay(
      this.attempt,
      this.options.random,
      this.options.backoffBaseMs,
      this.options.backoffMaxMs,
    )
    this.attempt += 1
    this.clearReconnect()
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      if (this.running) this.open()
    }, delay)
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
  }

  /** Detaches and closes the current socket without triggering a reconnect from its close event. */
  private dropSocket(): void {
    const socket = this.socket
    this.socket = null
    this.openedAt = 0
    this.authPending = false
    if (this.authTimer) clearTimeout(this.authTimer)
    this.authTimer = null
    if (this.pingTimer) clearInterval(this.pingTimer)
    this.pingTimer = null
    if (!socket) return
    socket.onopen = null
    socket.onmessage = null
    socket.onclose = null
    socket.onerror = null
    try {
      socket.close(1000)
    } catch {
      // Closing a socket that never opened can throw in some browsers; it is gone either way.
    }
  }

  private startPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer)
    this.pingTimer = setInterval(() => {
      if (!this.socket) return
      // Nothing heard since the last ping: the connection is dead even if the browser has not noticed.
      if (this.awaitingPong) {
        this.connectionLost()
        return
      }
      this.awaitingPong = true
      this.send({ type: 'ping' })
    }, this.options.pingIntervalMs)
  }

  private queueFlush(): void {
    if (this.flushQueued) return
    this.flushQueued = true
    queueMicrotask(() => {
      this.flushQueued = false
      this.flush()
    })
  }

  private flush(): void {
    if (!this.isReady()) {
      // The next open subscribes to every held topic anyway.
      this.pendingSubscribe.clear()
      this.pendingUnsubscribe.clear()
      return
    }
    if (this.pendingUnsubscribe.size > 0) {
      this.send({ type: 'unsubscribe', topics: [...this.pendingUnsubscribe] })
      this.pendingUnsubscribe.clear()
    }
    if (this.pendingSubscribe.size > 0) {
      this.sendSubscribe([...this.pendingSubscribe])
      this.pendingSubscribe.clear()
    }
  }

  private subscribeAll(): void {
    this.pendingSubscribe.clear()
    this.pendingUnsubscribe.clear()
    this.sendSubscribe([...this.refs.keys()])
  }

  private retryRefused(): void {
    const topics = [...this.refused].filter((topic) => this.refs.has(topic))
    this.refused.clear()
    this.sendSubscribe(topics)
  }

  private sendSubscribe(topics: string[]): void {
    for (let start = 0; start < topics.length; start += MAX_TOPICS_PER_MESSAGE) {
      const chunk = topics.slice(start, start + MAX_TOPICS_PER_MESSAGE)
      const since: Record<string, string> = {}
      for (const topic of chunk) {
        const id = this.lastIds.get(topic)
        if (id !== undefined) since[topic] = id
      }
      const message: Extract<LiveClientMessage, { type: 'subscribe' }> =
        Object.keys(since).length > 0
          ? { type: 'subscribe', topics: chunk, since }
          : { type: 'subscribe', topics: chunk }
      this.send(message)
    }
  }

  private isReady(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN && !this.authPending
  }

  private send(message: LiveClientMessage): void {
    if (!this.socket || this.socket.readyState !== OPEN) return
    this.socket.send(JSON.stringify(message))
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.currentStatus) return
    this.currentStatus = status
    this.options.onStatus?.(status)
  }
}
