import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Compile } from 'typebox/compile'
import type { RawData } from 'ws'
import { LIVE_CLOSE_CODES, LIVE_LIMITS, LiveClientMessage, type LiveErrorCode } from '../contract/live.ts'
import { normaliseOrigin, originAllowed } from '../lib/origin.ts'
import { type Hub, type LiveUser, sinceFor } from './hub.ts'
import type { Presence } from './presence.ts'
import { canSubscribe, parseTopic } from './topics.ts'

/** Checks a token; resolves with the user or throws (the auth plugin's `app.verifyToken`). */
export type VerifyToken = (token: string) => Promise<LiveUser>

/**
 * Checks the web session cookie the socket's upgrade request carried; resolves with the user or throws
 * (401 without one). The auth plugin's `app.verifySession` over the request's cookie.
 */
export type VerifyUpgradeSession = (request: FastifyRequest) => Promise<LiveUser>

/** What the route needs beyond the hub. */
export interface WsRouteOptions {
  hub: Hub
  /** Counts the sockets the route accepts (the moderation console's "connected now"). */
  presence: Presence
  verifyToken: VerifyToken
  verifyUpgradeSession: VerifyUpgradeSession
  /** Origins a browser may open the socket from (the site's own and the configured allowlist). */
  allowedOrigins: readonly string[]
  /** Sustained client messages per second (bursts of twice as many pass). */
  messagesPerSecond?: number
}

const checkClientMessage = Compile(LiveClientMessage)

// setTimeout's longest delay; a later expiry is re-armed when this one fires.
const MAX_TIMER_MS = 2_147_483_647

/**
 * Registers `GET /ws` (docs/product-rules.md#live). The upgrade is refused with 403 when a browser sends an
 * Origin that is not allowed (a missing Origin means a non-browser client, which cross-site rules don't
 * concern).
 */
export function registerWsRoute(app: FastifyInstance, options: WsRouteOptions): void {
  const { hub, presence, verifyToken, verifyUpgradeSession } = options
  const allowed = new Set(options.allowedOrigins.map(normaliseOrigin))
  const rate = options.messagesPerSecond ?? LIVE_LIMITS.messagesPerSecond
  const burst = rate * 2

  async function checkOrigin(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    const origin = request.headers.origin
    // Same host counts: the page was served by this host (e.g. 127.0.0.1 vs the configured localhost). A
    // cross-site page can't forge this pair: the browser sets Origin to its own site, Host to ours.
    if (originAllowed(origin, allowed, request.headers.host)) return undefined
    request.log.warn({ origin }, 'live socket refused: origin not allowed')
    // Returning the reply ends the request here: the upgrade never happens.
    return reply
      .code(403)
      .send({ statusCode: 403, error: 'Forbidden', message: 'This origin may not open the live channel' })
  }

  app.get('/ws', { websocket: true, config: { access: 'public' }, onRequest: checkOrigin }, (ws, request) => {
    if (hub.closing) {
      ws.close(LIVE_CLOSE_CODES.goingAway, 'server shutting down')
      return
    }
    const socket = hub.addSocket(ws)
    presence.track(ws)
    const log = request.log
    let tokens = burst
    let refilledAt = Date.now()
    let expiryTimer: NodeJS.Timeout | undefined
    // Messages are handled one after another, so `auth` then `subscribe user:<id>` works as sent.
    let queue: Promise<void> = Promise.resolve()
    let queued = 0

    const error = (code: LiveErrorCode, message: string, topic?: string): void =>
      hub.send(
        socket,
        topic === undefined ? { type: 'error', code, message } : { type: 'error', code, message, topic },
      )

    function armExpiry(user: LiveUser): void {
      clearTimeout(expiryTimer)
      const left = user.exp * 1000 - Date.now()
      expiryTimer = setTimeout(
        () => {
          // Each auth message re-arms this timer, so it always belongs to the socket's current token
          // (a role.changed event may have replaced the auth object, but not its expiry).
          if (socket.auth === null) return
          if (user.exp * 1000 > Date.now()) return armExpiry(user)
          hub.setAuth(socket, null)
          error(
            'token_expired',
            'Your session expired; private topics were dropped. Sign in again to get them back.',
          )
        },
        Math.min(Math.max(left, 0), MAX_TIMER_MS),
      )
      expiryTimer.unref()
    }

    // An `auth` without a token uses the session cookie the browser opened the socket with.
    async function authenticate(token: string | undefined): Promise<void> {
      let user: LiveUser
      try {
        user = await (token === undefined ? verifyUpgradeSession(request) : verifyToken(token))
      } catch (err) {
        const status = (err as { statusCode?: unknown }).statusCode
        if (typeof status === 'number' && status < 500) {
          error('unauthorized', 'The token was refused')
        } else {
          log.warn({ err }, 'live auth could not check a token')
          error('unavailable', 'The token could not be checked right now; try again')
        }
        return
      }
      if (socket.closing) return
      const live: LiveUser = {
        id: user.id,
        role: user.role,
        exp: user.exp,
        tokenVersion: user.tokenVersion,
        ...(user.sessionId === undefined ? {} : { sessionId: user.sessionId }),
      }
      for (const topic of hub.setAuth(socket, live)) {
        error('forbidden', 'This topic belongs to another user or role', topic)
      }
      armExpiry(live)
      hub.send(socket, { type: 'authed', userId: live.id, role: live.role })
    }

    function subscribe(topics: readonly string[], since: Readonly<Record<string, string>> | undefined): void {
      const accepted = new Set<string>()
      for (const name of topics) {
        const topic = parseTopic(name)
        if (!topic) {
          error(
            'unknown_topic',
            `There is no topic named ${JSON.stringify(name)}`,
            name.slice(0, LIVE_LIMITS.maxTopicLength),
          )
          continue
        }
        if (!canSubscribe(topic, socket.auth)) {
          error(
            'forbidden',
            socket.auth ? 'This topic belongs to another user or role' : 'Sign in to subscribe to this topic',
            name,
          )
          continue
        }
        if (!socket.topics.has(name) && socket.topics.size >= LIVE_LIMITS.maxTopicsPerSocket) {
          error('too_many_topics', `A socket may hold at most ${LIVE_LIMITS.maxTopicsPerSocket} topics`, name)
          continue
        }
        // The schema already checked the format of every `since` value.
        hub.subscribe(socket, name, sinceFor(since, name) ?? null)
        accepted.add(name)
      }
      // Sent even when everything was refused, so a client waiting for the answer always gets one.
      hub.send(socket, { type: 'subscribed', topics: [...accepted] })
    }

    async function handle(raw: RawData, isBinary: boolean): Promise<void> {
      if (socket.closing) return
      let message: unknown
      try {
        message = isBinary ? undefined : JSON.parse(raw.toString())
      } catch {
        message = undefined
      }
      if (!checkClientMessage.Check(message)) {
        error('bad_message', 'Messages are JSON objects of type auth, subscribe, unsubscribe or ping')
        return
      }
      switch (message.type) {
        case 'auth':
          return authenticate(message.token)
        case 'subscribe':
          return subscribe(message.topics, message.since)
        case 'unsubscribe':
          for (const name of message.topics) hub.unsubscribe(socket, name)
          return
        case 'ping':
          hub.send(socket, { type: 'pong' })
          return
      }
    }

    ws.on('message', (raw, isBinary) => {
      socket.alive = true
      // Token bucket: `burst` at once, `rate` per second sustained; a client beyond that is cut off.
      const now = Date.now()
      tokens = Math.min(burst, tokens + ((now - refilledAt) / 1000) * rate)
      refilledAt = now
      if (tokens < 1) {
        log.warn('live socket closed for flooding')
        hub.closeSocket(socket, LIVE_CLOSE_CODES.policyViolation, 'too many messages')
        return
      }
      tokens -= 1
      // A slow token check must not let unhandled messages (up to 64 KiB each) pile up without bound.
      if (queued >= burst) {
        hub.closeSocket(socket, LIVE_CLOSE_CODES.policyViolation, 'too many messages')
        return
      }
      queued += 1
      queue = queue
        .then(() => handle(raw, isBinary))
        .catch((err: unknown) => log.error({ err }, 'live message failed'))
        .finally(() => {
          queued -= 1
        })
    })
    ws.on('close', () => clearTimeout(expiryTimer))
  })
}
