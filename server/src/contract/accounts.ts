import { type Static, Type } from 'typebox'
import { BadgeName, Id, Role } from './common.ts'

export { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from './limits.ts'

/**
 * The signed-in user's header data (GET /api/website/user/profile/header), also returned with every
 * token. `avatar` is a URL path under /uploads/avatars, or null when the user has none.
 */
export const ProfileHeader = Type.Object({
  _id: Id,
  username: Type.String(),
  email: Type.String(),
  /** Whether the member followed the verification link mailed to their current address. */
  emailVerified: Type.Boolean(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  contributor: Type.Boolean(),
  role: Role,
  points: Type.Integer({ minimum: 0 }),
  badge: BadgeName,
})
export type ProfileHeader = Static<typeof ProfileHeader>

/**
 * GET /api/website/user/profile/header: the header data, with `email` only for a signed-in session.
 * A request authenticated by a personal access token never reads the account's email
 * (docs/product-rules.md#sessions), so the field is absent from its answer.
 */
export const CurrentUserHeader = Type.Object({
  ...ProfileHeader.properties,
  email: Type.Optional(Type.String()),
})
export type CurrentUserHeader = Static<typeof CurrentUserHeader>

/**
 * POST /api/user/signup. The schema only checks shapes (a missing or mistyped field is a 400);
 * the service trims the values and answers 422 naming the field when a rule fails, so the same rules
 * apply to the operator CLI. Lengths here are generous outer bounds against abuse.
 */
export const SignupBody = Type.Object(
  {
    username: Type.String({ maxLength: 200 }),
    email: Type.String({ maxLength: 400 }),
    password: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
)
export type SignupBody = Static<typeof SignupBody>

/** POST /api/user/login: `emailOrUsername` matches either, case-insensitively. */
export const LoginBody = Type.Object(
  {
    emailOrUsername: Type.String({ minLength: 1, maxLength: 400 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
)
export type LoginBody = Static<typeof LoginBody>

/** Answer to a successful signup or login. The token expires at `expiresAt` (ISO-8601, one hour). */
export const AuthResponse = Type.Object({
  token: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  user: ProfileHeader,
})
export type AuthResponse = Static<typeof AuthResponse>
