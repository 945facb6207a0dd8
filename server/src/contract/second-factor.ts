import { type Static, Type } from 'typebox'
import { NullableDateTime } from './common.ts'

export {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_CHALLENGE_SECONDS,
  SECOND_FACTOR_MESSAGES,
  SECOND_FACTOR_METHODS,
} from './second-factor-messages.ts'

/*
 * The second factor (issue 49, docs/product-rules.md#second-factor): an authenticator app (TOTP) with
 * ten single-use recovery codes. A member who has one signs in in two steps: the password answers a
 * challenge (202), and a code answers the challenge with the session.
 */

/** How a challenge is answered: a code from the authenticator app, or a recovery code. */
export const SecondFactorMethod = Type.Union([Type.Literal('totp'), Type.Literal('recovery')])
export type SecondFactorMethod = Static<typeof SecondFactorMethod>

/**
 * What can answer a sign-in challenge: a code of either kind, or one of the member's passkeys (at
 * `POST /api/user/login/second-factor/passkey`, docs/product-rules.md#passkeys).
 */
export const SecondFactorChallengeMethod = Type.Union([SecondFactorMethod, Type.Literal('passkey')])
export type SecondFactorChallengeMethod = Static<typeof SecondFactorChallengeMethod>

/** A code as typed: spaces and hyphens are ignored, so `123 456` and `abcde-fghij` are fine. */
const Code = Type.String({ minLength: 1, maxLength: 64 })

/**
 * 202 from `POST /api/user/login` for a member with a second factor: the password was right, and no
 * session is given yet. `challenge` is answered within five minutes, once, at
 * `POST /api/user/login/second-factor` with one of `methods`.
 */
export const SecondFactorRequired = Type.Object({
  secondFactor: Type.Object({
    challenge: Type.String(),
    methods: Type.Array(SecondFactorChallengeMethod),
    expiresAt: Type.String({ format: 'date-time' }),
  }),
})
export type SecondFactorRequired = Static<typeof SecondFactorRequired>

/** `POST /api/user/login/second-factor`: the challenge and a code of the chosen method. */
export const SecondFactorLoginBody = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 200 }),
    method: SecondFactorMethod,
    code: Code,
  },
  { additionalProperties: false },
)
export type SecondFactorLoginBody = Static<typeof SecondFactorLoginBody>

/** `GET /api/users/me/second-factor`: what protects the member's sign-in. */
export const SecondFactorStatus = Type.Object({
  /** Whether signing in asks for a second factor at all. */
  enabled: Type.Boolean(),
  totp: Type.Object({
    enabled: Type.Boolean(),
    /** When the authenticator was turned on; null when it is off. */
    enabledAt: NullableDateTime,
  }),
  /** Unused recovery codes left (0 when the second factor is off). */
  recoveryCodesRemaining: Type.Integer({ minimum: 0 }),
})
export type SecondFactorStatus = Static<typeof SecondFactorStatus>

/**
 * 201 from `POST /api/users/me/second-factor/totp`: a new secret for the member's authenticator app,
 * as text (for typing in), as an `otpauth://` URI and as a QR code of it (an SVG `data:` URL). It is
 * shown now only: once the enrolment is confirmed the secret is never answered again.
 */
export const TotpEnrolment = Type.Object({
  secret: Type.String(),
  otpauthUri: Type.String(),
  qrCode: Type.String({ description: 'data:image/svg+xml;base64,… of the otpauth URI' }),
  /** The enrolment must be confirmed with a code before this time. */
  expiresAt: Type.String({ format: 'date-time' }),
})
export type TotpEnrolment = Static<typeof TotpEnrolment>

/** `POST /api/users/me/second-factor/totp/confirm`: the app's current code turns it on. */
export const ConfirmTotpBody = Type.Object({ code: Code }, { additionalProperties: false })
export type ConfirmTotpBody = Static<typeof ConfirmTotpBody>

/**
 * Proof of the second factor for changing it: a current authenticator code or an unused recovery
 * code (`POST /api/users/me/second-factor/recovery-codes`).
 */
export const SecondFactorProofBody = Type.Object(
  { method: SecondFactorMethod, code: Code },
  { additionalProperties: false },
)
export type SecondFactorProofBody = Static<typeof SecondFactorProofBody>

/** `DELETE /api/users/me/second-factor/totp`: the password and a code, both. */
export const DisableTotpBody = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    method: SecondFactorMethod,
    code: Code,
  },
  { additionalProperties: false },
)
export type DisableTotpBody = Static<typeof DisableTotpBody>

/**
 * New recovery codes (at enrolment and on regeneration), shown this once: only their hashes are
 * kept, and the ones before them stop working.
 */
export const RecoveryCodesResponse = Type.Object({
  recoveryCodes: Type.Array(Type.String()),
  status: SecondFactorStatus,
})
export type RecoveryCodesResponse = Static<typeof RecoveryCodesResponse>
