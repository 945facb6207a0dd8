import type { Access, Role } from '../contract/common.ts'
import type { TokenScope } from '../contract/tokens.ts'

/** The personal access token a request authenticated with (absent for a signed-in session). */
export interface AccessTokenAuth {
  id: string
  scopes: readonly TokenScope[]
}

/** The signed-in user behind a request, read from a verified token and the users row. */
export interface AuthUser {
  id: string
  role: Role
  username: string
  /** Token expiry, seconds since the epoch (for a personal access token without expiry: never). */
  exp: number
  /** The token's `ver` claim (equal to the user's token_version when it was checked). */
  tokenVersion: number
  /**
   * Set only when the request came with a personal access token rather than a session: which token
   * and its scopes. The access hook has already checked the route's scope against them.
   */
  accessToken?: AccessTokenAuth
  /** Set only when the request came with the web session cookie: which session (docs/product-rules.md#sessions). */
  sessionId?: string
}

const RANK: Record<Access, number> = { public: 0, member: 1, contributor: 2, moderator: 3 }

/** Whether a role may use a route declared with `access` (moderator ⊇ contributor ⊇ member ⊇ public). */
export function hasAccess(role: Role | null, access: Access): boolean {
  return (role === null ? 0 : RANK[role]) >= RANK[access]
}

/** Contributors and moderators may post: the API's `contributor` flag. */
export function isContributor(role: Role): boolean {
  return hasAccess(role, 'contributor')
}
