import type { WebSocket } from 'ws'
import type { Role } from '../contract/common.ts'
import {
  LIVE_CLOSE_CODES,
  type LiveEventData,
  type LiveEventName,
  type LiveServerMessage,
  type LiveTopic,
} from '../contract/live.ts'
import { type Bus, type BusMessage, type LiveLogger, parseEventId, resetFrame, withTimeout } from './bus.ts'
import { canSubscribe, parseTopic } from './topics.ts'

/**
 * The live hub: the sockets of this instance, which topics each holds, and the fan-out of bus
 * messages to them. Each message is encoded once per instance and the same bytes go to every
 * subscriber; the fan-out loop does no async work and allocates nothing per socket.
 *
 * Per topic the hub remembers the last id it fanned out, which makes the stream self-checking: a gap
 * (a message missed while the Redis subscription was down) is filled from the backlog, and an id that
 * goes backwards (the counter was lost) resets the topic's subscribers.
 */

/** What the routes may publish: `publish(topic, event, data)` is checked against contract/live.ts. */
export interface LiveHub {
  /**
   * Publishes an event on a topic. Never throws and never takes longer than about 500 ms: a failure
   * is logged and the event dropped (its subscribers are told to refetch once the bus is back).
   */
  publish<T extends LiveTopic, E extends LiveEventName<T>>(
    topic: T,
    event: E,
    data: LiveEventData<T, E>,
  ): Promise<void>
  /**
   * The topic's last event id, for a REST response's `liveId` (`'0'` when there is none). Read it
   * BEFORE querying the data it goes with: then a client that subscribes with it as `since` gets
   * every event the data may lack (events carry absolute values, so one it already reflects is harmless).
   */
  currentId(topic: string): Promise<string>
  /** True when events are being published and delivered. */
  isReady(): Promise<boolean>
  /**
   * Calls `watcher` for every event published on this instance (at once) and for every event the bus
   * delivers from any instance (so an event published here is usually reported twice). Caches use it
   * to patch or drop what an event changes. Returns the function that stops watching.
   */
  watch(watcher: LiveWatcher): () => void
  /** Closes every socket with 1001 and then the bus. */
  close(): Promise<void>
  readonly log: LiveLogger
}

/** One event as a watcher sees it (see {@link LiveHub.watch}). */
export interface WatchedEvent {
  readonly topic: string
  /** The event name; null for a reset marker (events on the topic may have been lost). */
  readonly event: string | null
  /**
   * The topic's event id, when the bus has numbered it; null when told at publish time on this
   * instance (before the bus numbered it: the same event comes again, numbered, from the bus).
   */
  readonly id: string | null
  /** The payload as published (`LiveEventData` of the event); parsed from the frame on first use. */
  data(): unknown
}

/** Told of every event on every topic (see {@link LiveHub.watch}). */
export interface LiveWatcher {
  /** An event (or a reset marker) was published on a topic. */
  event(event: WatchedEvent): void
  /** Delivery was interrupted and works again: events may have been missed meanwhile. */
  resumed(): void
}

/** A bus message as watchers see it: the payload is parsed from the frame once, and only if asked. */
function watchedBusMessage(message: BusMessage): WatchedEvent {
  let parsed: { data: unknown } | undefined
  return {
    topic: message.topic,
    event: message.event,
    id: message.id,
    data() {
      parsed ??= JSON.parse(message.frame) as { data: unknown }
      return parsed.data
    },
  }
}

/** The authenticated user of a socket (a subset of the auth plugin's AuthUser). */
export interface LiveUser {
  readonly id: string
  readonly role: Role
  /** Token expiry, seconds since the epoch. */
  readonly exp: number
  /** The token's version; a `session.revoked` above it signs the socket out of private topics. */
  readonly tokenVersion?: number
  /** The web session it authenticated with (by cookie), which a `session.revoked` may name. */
  readonly sessionId?: string
}

/** One connected socket. */
export interface LiveSocket {
  readonly ws: WebSocket
  auth: LiveUser | null
  /** Topics this socket holds (subscribed or catching up). */
  readonly topics: Set<string>
  /** Cleared by each heartbeat, set by any pong or message. */
  alive: boolean
  /** Set once the socket is being closed; nothing more is sent to it. */
  closing: boolean
}

/** Hub limits; defaults as in docs/product-rules.md#live. */
export interface HubOptions {
  bus: Bus
  log: LiveLogger
  /** Close a socket whose unsent data passes this many bytes (default 1 MiB). */
  maxBufferedBytes?: number
  /** Ping every socket this often; terminate one that did not answer the previous ping (default 25 s). */
  heartbeatMs?: number
  /** How long a publish may take before it is dropped (default 500 ms). */
  publishTimeoutMs?: number
  /** How long sockets get to complete the closing handshake on shutdown (default 2 s). */
  closeGraceMs?: number
}

/** The hub as the WebSocket route and the plugin use it. */
export interface Hub extends LiveHub {
  /** Starts tracking a newly opened socket. */
  addSocket(ws: WebSocket): LiveSocket
  /**
   * Subscribes a socket to a topic it may hold (the caller checked access and limits). With
   * `since`, the events after it are replayed first (or a reset is sent), then live ones follow.
   */
  subscribe(socket: LiveSocket, topic: string, since: number | null): void
  unsubscribe(socket: LiveSocket, topic: string): void
  /** Changes a socket's user; returns the topics it had to give up because the new user may not hold them. */
  setAuth(socket: LiveSocket, user: LiveUser | null): string[]
  /** Sends one message to one socket. */
  send(socket: LiveSocket, message: LiveServerMessage): void
  /** Closes a socket and stops sending to it at once. */
  closeSocket(socket: LiveSocket, code: number, reason: string): void
  /** Closes every socket with 1001 and refuses new ones (Fastify preClose). */
  closeSockets(): Promise<void>
  /** True once shutdown began. */
  readonly closing: boolean
  /** Counts, for tests and diagnostics. */
  stats(): { sockets: number; topics: number; pending: number }
}

/** A socket catching up from `since`: buffering while its backlog loads, then skipping what it has. */
interface CatchUp {
  lastSent: number
  buffer: BusMessage[] | null
}

interface TopicState {
  readonly name: string
  /** Sockets that get every message as it comes. */
  readonly sockets: Set<LiveSocket>
  readonly catchingUp: Map<LiveSocket, CatchUp>
  /** Last id fanned out on this instance; null until the first one. */
  lastId: number | null
  /** Messages held back while a gap is filled from the backlog; null when not repairing. */
  repairing: BusMessage[] | null
}

const TEXT = { binary: false } as const

/** Creates the hub over `bus` and subscribes it to the bus. */
export function createLiveHub(options: HubOptions): Hub {
  const { bus, log } = options
  const maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024
  const heartbeatMs = options.heartbeatMs ?? 25_000
  const publishTimeoutMs = options.publishTimeoutMs ?? 500
  const closeGraceMs = options.closeGraceMs ?? 2000

  const sockets = new Set<LiveSocket>()
  const topics = new Map<string, TopicState>()
  const socketsByUser = new Map<string, Set<LiveSocket>>()
  const watchers = new Set<LiveWatcher>()
  let closing = false
  let closed = false

  /** A watcher that throws must not stop delivery to sockets or to the other watchers. */
  function notify(call: () => void): void {
    try {
      call()
    } catch (error) {
      log.error({ err: error }, 'live watcher failed')
    }
  }

  // ---- sending -------------------------------------------------------------------------------

  function sendBytes(socket: LiveSocket, bytes: Buffer): void {
    if (socket.closing) return
    if (socket.ws.bufferedAmount > maxBufferedBytes) {
      // A reader this far behind would only fall further; it reconnects and catches up with `since`.
      closeSocket(socket, LIVE_CLOSE_CODES.tryAgainLater, 'too far behind; reconnect and catch up')
      return
    }
    socket.ws.send(bytes, TEXT)
  }

  function send(socket: LiveSocket, message: LiveServerMessage): void {
    sendBytes(socket, Buffer.from(JSON.stringify(message)))
  }

  function closeSocket(socket: LiveSocket, code: number, reason: string): void {
    if (socket.closing) return
    detach(socket)
    socket.ws.close(code, reason)
    // The close frame may sit behind a full buffer; don't wait for a peer that isn't reading.
    setTimeout(() => socket.ws.terminate(), closeGraceMs).unref()
  }

  // ---- topic bookkeeping ---------------------------------------------------------------------

  function topicState(name: string): TopicState {
    let state = topics.get(name)
    if (!state) {
      state = { name, sockets: new Set(), catchingUp: new Map(), lastId: null, repairing: null }
      topics.set(name, state)
    }
    return state
  }

  function leave(socket: LiveSocket, name: string): void {
    socket.topics.delete(name)
    const state = topics.get(name)
    if (!state) return
    state.sockets.delete(socket)
    state.catchingUp.delete(socket)
    if (state.sockets.size === 0 && state.catchingUp.size === 0) topics.delete(name)
  }

  /** Stops all sending to a socket and forgets it. */
  function detach(socket: LiveSocket): void {
    socket.closing = true
    for (const name of [...socket.topics]) leave(socket, name)
    sockets.delete(socket)
    if (socket.auth) indexUser(socket, socket.auth.id, false)
  }

  function indexUser(socket: LiveSocket, userId: string, add: boolean): void {
    let set = socketsByUser.get(userId)
    if (add) {
      if (!set) {
        set = new Set()
        socketsByUser.set(userId, set)
      }
      set.add(socket)
    } else if (set) {
      set.delete(socket)
      if (set.size === 0) socketsByUser.delete(userId)
    }
  }

  // ---- fan-out -------------------------------------------------------------------------------

  /** The hot path: one message to every socket of a topic. */
  function deliver(state: TopicState, message: BusMessage): void {
    const id = Number(message.id)
    state.lastId = id
    const bytes = Buffer.from(message.frame)
    for (const socket of state.sockets) sendBytes(socket, bytes)
    if (state.catchingUp.size === 0) return
    for (const [socket, catchUp] of state.catchingUp) {
      if (catchUp.buffer) {
        catchUp.buffer.push(message)
      } else if (id > catchUp.lastSent) {
        // The live stream has passed what the replay sent: from here on every message is new to it.
        sendBytes(socket, bytes)
        state.catchingUp.delete(socket)
        state.sockets.add(socket)
      }
    }
  }

  /** Tells every socket of a topic to refetch; afterwards they all simply follow the live stream. */
  function resetTopic(state: TopicState): void {
    const bytes = Buffer.from(resetFrame(state.name))
    for (const socket of state.sockets) sendBytes(socket, bytes)
    for (const socket of state.catchingUp.keys()) {
      sendBytes(socket, bytes)
      state.sockets.add(socket)
    }
    state.catchingUp.clear()
  }

  function onBusMessage(message: BusMessage): void {
    if (watchers.size > 0) {
      const watched = watchedBusMessage(message)
      for (const watcher of watchers) notify(() => watcher.event(watched))
    }
    if (message.event === 'role.changed') applyRoleChange(message)
    if (message.event === 'session.revoked') applySessionRevoked(message)
    const state = topics.get(message.topic)
    if (!state) return
    if (state.repairing) {
      state.repairing.push(message)
      return
    }
    const id = Number(message.id)
    if (state.lastId !== null) {
      if (id > state.lastId + 1) {
        void repair(state, message)
        return
      }
      if (id <= state.lastId) {
        // Ids only grow within a counter, so this one is new: the old history is not ours to trust.
        log.warn(
          { topic: state.name, id, lastId: state.lastId },
          'live ids went backwards; resetting the topic',
        )
        resetTopic(state)
      }
    }
    deliver(state, message)
  }

  /**
   * Fills the gap after `state.lastId` from the backlog, holding back live messages meanwhile; resets
   * the topic's sockets when the gap can't be filled.
   */
  async function repair(state: TopicState, trigger: BusMessage | null): Promise<void> {
    const from = state.lastId
    state.repairing = trigger ? [trigger] : []
    let result: Awaited<ReturnType<Bus['backlog']>>
    if (from === null) {
      // Nothing fanned out yet, so nothing known to have been missed unless the topic has events at all.
      result =
        (await bus.currentId(state.name)) === '0' ? { kind: 'replay', messages: [] } : { kind: 'reset' }
    } else {
      result = await bus.backlog(state.name, String(from))
    }
    if (topics.get(state.name) !== state) return
    const held = state.repairing ?? []
    state.repairing = null
    if (result.kind === 'reset') {
      log.info({ topic: state.name }, 'live messages were missed and are gone; subscribers will refetch')
      resetTopic(state)
      state.lastId = null
      for (const message of held) deliver(state, message)
      return
    }
    for (const message of result.messages) deliver(state, message)
    for (const message of held) {
      if (state.lastId === null || Number(message.id) > state.lastId) deliver(state, message)
    }
  }

  function onBusResumed(): void {
    for (const watcher of watchers) notify(() => watcher.resumed())
    for (const state of topics.values()) {
      if (!state.repairing) void repair(state, null)
    }
  }

  /**
   * Applies a `user:<id>` event to that user's sockets on this instance: `next` gives a socket its new
   * auth (null signs it out, undefined leaves it as it is), and each private topic it thereby loses is
   * answered with `error`, so the client knows to retry after its next `auth`.
   */
  function applyToUserSockets<T>(
    message: BusMessage,
    next: (auth: LiveUser, data: T) => LiveUser | null | undefined,
    error: { code: 'forbidden' | 'token_expired'; message: string },
  ): void {
    const topic = parseTopic(message.topic)
    if (topic?.kind !== 'user') return
    const holders = socketsByUser.get(topic.id)
    if (!holders) return
    let data: T
    try {
      data = (JSON.parse(message.frame) as { data: T }).data
    } catch {
      return
    }
    // A copy: signing a socket out removes it from the index being walked.
    for (const socket of [...holders]) {
      if (!socket.auth) continue
      const auth = next(socket.auth, data)
      if (auth === undefined) continue
      for (const name of setAuth(socket, auth)) send(socket, { type: 'error', ...error, topic: name })
    }
  }

  /**
   * After a password change, a sign-out or "sign out everywhere else", the sockets of the ended sessions
   * become anonymous at once (their private topics dropped) rather than when the token expires; the
   * socket of the session that made the change takes the new version and stays.
   */
  function applySessionRevoked(message: BusMessage): void {
    applyToUserSockets<{ tokenVersion?: number; sessionIds?: string[]; keepSessionId?: string }>(
      message,
      (auth, { tokenVersion, sessionIds, keepSessionId }) => {
        if (auth.sessionId !== undefined && sessionIds?.includes(auth.sessionId)) return null
        if (tokenVersion === undefined || (auth.tokenVersion ?? -1) >= tokenVersion) return undefined
        if (auth.sessionId !== undefined && auth.sessionId === keepSessionId) return { ...auth, tokenVersion }
        return null
      },
      {
        code: 'token_expired',
        message: 'This session was signed out; sign in again to get your private topics back.',
      },
    )
  }

  /** A demoted moderator loses `mod` at once rather than when the token expires. */
  function applyRoleChange(message: BusMessage): void {
    applyToUserSockets<{ role: Role }>(message, (auth, { role }) => ({ ...auth, role }), {
      code: 'forbidden',
      message: 'Your role changed; this topic is no longer yours',
    })
  }

  // ---- subscriptions -------------------------------------------------------------------------

  function subscribe(socket: LiveSocket, name: string, since: number | null): void {
    if (socket.closing || socket.topics.has(name)) return
    socket.topics.add(name)
    const state = topicState(name)
    if (since === null) {
      state.sockets.add(socket)
      return
    }
    const catchUp: CatchUp = { lastSent: since, buffer: [] }
    state.catchingUp.set(socket, catchUp)
    void replay(socket, state, catchUp, since)
  }

  async function replay(
    socket: LiveSocket,
    state: TopicState,
    catchUp: CatchUp,
    since: number,
  ): Promise<void> {
    const result = await bus.backlog(state.name, String(since))
    // Unsubscribed, closed or reset meanwhile: whatever replaced this catch-up is in charge now.
    if (topics.get(state.name) !== state || state.catchingUp.get(socket) !== catchUp) return
    const held = catchUp.buffer ?? []
    catchUp.buffer = null
    if (result.kind === 'reset') {
      sendBytes(socket, Buffer.from(resetFrame(state.name)))
      state.catchingUp.delete(socket)
      state.sockets.add(socket)
      for (const message of held) sendBytes(socket, Buffer.from(message.frame))
      return
    }
    for (const message of [...result.messages, ...held]) {
      const id = Number(message.id)
      if (id <= catchUp.lastSent) continue
      sendBytes(socket, Buffer.from(message.frame))
      catchUp.lastSent = id
    }
    // With Redis the backlog can be ahead of the pub/sub stream; until the stream passes it, deliver() skips.
    if (state.lastId !== null && state.lastId >= catchUp.lastSent) {
      state.catchingUp.delete(socket)
      state.sockets.add(socket)
    }
  }

  function setAuth(socket: LiveSocket, user: LiveUser | null): string[] {
    if (socket.auth) indexUser(socket, socket.auth.id, false)
    socket.auth = user
    if (user && !socket.closing) indexUser(socket, user.id, true)
    const dropped: string[] = []
    for (const name of socket.topics) {
      const topic = parseTopic(name)
      if (!topic || !canSubscribe(topic, user)) dropped.push(name)
    }
    for (const name of dropped) leave(socket, name)
    return dropped
  }

  // ---- lifecycle -----------------------------------------------------------------------------

  const unsubscribeBus = bus.subscribe({ message: onBusMessage, resumed: onBusResumed })

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (!socket.alive) {
        detach(socket)
        socket.ws.terminate()
        continue
      }
      socket.alive = false
      socket.ws.ping()
    }
  }, heartbeatMs)
  heartbeat.unref()

  async function closeSockets(): Promise<void> {
    closing = true
    const open = [...sockets]
    const done = open.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.ws.readyState === socket.ws.CLOSED) return resolve()
          socket.ws.once('close', () => resolve())
          // Resolve after the grace period even if the terminate below somehow emits nothing.
          setTimeout(resolve, closeGraceMs + 500).unref()
          closeSocket(socket, LIVE_CLOSE_CODES.goingAway, 'server shutting down')
        }),
    )
    await Promise.all(done)
  }

  const hub: Hub = {
    log,
    get closing() {
      return closing
    },

    async publish(topic, event, data) {
      if (closed) return
      if (!parseTopic(topic)) {
        log.error({ topic, event }, 'refusing to publish on a malformed topic')
        return
      }
      // Told before the bus: a cache must drop what this event changes before the request that
      // caused it answers, even when the bus delivers the event back a little later (Redis).
      const watched: WatchedEvent = { topic, event, id: null, data: () => data }
      for (const watcher of watchers) notify(() => watcher.event(watched))
      try {
        await withTimeout(bus.publish(topic, event, data), publishTimeoutMs + 100, 'publish timed out')
      } catch (error) {
        log.warn({ err: error, topic, event }, 'live event dropped')
      }
    },

    currentId: (topic) => bus.currentId(topic),
    watch(watcher) {
      watchers.add(watcher)
      return () => watchers.delete(watcher)
    },
    isReady: () => bus.isReady(),

    addSocket(ws) {
      const socket: LiveSocket = { ws, auth: null, topics: new Set(), alive: true, closing: false }
      sockets.add(socket)
      ws.on('pong', () => {
        socket.alive = true
      })
      ws.on('close', () => detach(socket))
      return socket
    },

    subscribe,
    unsubscribe: (socket, topic) => leave(socket, topic),
    setAuth,
    send,
    closeSocket,
    closeSockets,

    async close() {
      if (closed) return
      await closeSockets()
      closed = true
      clearInterval(heartbeat)
      unsubscribeBus()
      await bus.close()
    },

    stats() {
      let pending = 0
      for (const state of topics.values()) pending += state.catchingUp.size
      return { sockets: sockets.size, topics: topics.size, pending }
    },
  }
  return hub
}

/** Parses a `since` value; null (subscribe without replay) when absent, undefined when malformed. */
export function sinceFor(
  since: Readonly<Record<string, string>> | undefined,
  topic: string,
): number | null | undefined {
  const value = since?.[topic]
  if (value === undefined) return null
  return parseEventId(value) ?? undefined
}
