import { type Static, Type } from 'typebox'
import { Id } from './common.ts'

// Browsers signed in with the session cookie, as Settings → Sessions lists them (product-rules#sessions).

/** How a session began. */
export const SignInMethod = Type.Union([
  Type.Literal('password'),
  Type.Literal('signup'),
  Type.Literal('second-factor'),
  Type.Literal('passkey'),
  Type.Literal('github'),
  Type.Literal('google'),
])
export type SignInMethod = Static<typeof SignInMethod>

const DateTime = Type.String({ format: 'date-time' })

/** One signed-in browser. */
export const WebSession = Type.Object({
  id: Id,
  /** True for the browser asking. */
  current: Type.Boolean(),
  /** Browser and system read from its User-Agent ("Firefox 133 on Ubuntu"), or "Unknown browser". */
  device: Type.String(),
  /** The client network it was last seen from (an IPv4 /24 or an IPv6 /64), never the full address. */
  network: Type.String(),
  method: SignInMethod,
  createdAt: DateTime,
  lastSeenAt: DateTime,
  expiresAt: DateTime,
})
export type WebSession = Static<typeof WebSession>

/** GET /api/users/me/sessions: the member's active sessions, the current one first, then by last seen. */
export const WebSessionList = Type.Object({ sessions: Type.Array(WebSession) })
export type WebSessionList = Static<typeof WebSessionList>

/** POST /api/users/me/sessions/end-others: how many other sessions it ended. */
export const EndedSessions = Type.Object({ ended: Type.Integer({ minimum: 0 }) })
export type EndedSessions = Static<typeof EndedSessions>
