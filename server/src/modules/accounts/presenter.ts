import type { UserRow } from '@bashboard/db'
import type { AuthResponse, ProfileHeader } from '../../contract/accounts.ts'
import { type AuthUser, isContributor } from '../../lib/access.ts'
import { badgeForPoints } from '../../lib/badges.ts'

/** The public URL of an avatar: a stored file name under /uploads/avatars, or a full URL kept as is. */
export function avatarUrl(avatar: string | null): string | null {
  if (!avatar) return null
  return /^https?:\/\//.test(avatar) ? avatar : `/uploads/avatars/${encodeURIComponent(avatar)}`
}

/** A users row as the header shows it. */
export function toProfileHeader(user: UserRow): ProfileHeader {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.email_verified_at !== null,
    avatar: avatarUrl(user.avatar),
    contributor: isContributor(user.role),
    role: user.role,
    points: user.points,
    badge: badgeForPoints(user.points),
  }
}

/** The answer to a signup or login. */
export function toAuthResponse(user: UserRow, token: { token: string; expiresAt: Date }): AuthResponse {
  return { token: token.token, expiresAt: token.expiresAt.toISOString(), user: toProfileHeader(user) }
}

/**
 * The caller's own header or profile as their credentials may read it: a request authenticated by a
 * personal access token never gets the account's email (docs/product-rules.md#sessions),
 * a session does.
 */
export function asSeenByCaller<T extends { email?: string }>(
  answer: T,
  auth: AuthUser,
): Omit<T, 'email'> & { email?: string } {
  if (!auth.accessToken) return answer
  const { email: _email, ...rest } = answer
  return rest
}
