import { type Static, Type } from 'typebox'
import { NullableDateTime } from './common.ts'
import { PASSKEY_NAME_MAX } from './passkey-messages.ts'

export {
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_MESSAGES,
  PASSKEY_NAME_MAX,
  PASSKEYS_PER_MEMBER,
} from './passkey-messages.ts'

/*
 * Passkeys (issue 49, docs/product-rules.md#passkeys): WebAuthn credentials, registered in Settings and
 * used to sign in alone (usernameless) or as the second factor after the password. The options and
 * credentials are WebAuthn's JSON forms (what @simplewebauthn/browser takes and gives), declared here
 * field by field so a response keeps every field the browser needs and a body holds nothing else.
 */

/** Base64url without padding, as WebAuthn's JSON forms write bytes. */
const Base64Url = (maxLength: number) => Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength })

const PublicKeyType = Type.Literal('public-key')

/** WebAuthn's requirement levels (user verification, resident keys). */
const Requirement = Type.Union([
  Type.Literal('required'),
  Type.Literal('preferred'),
  Type.Literal('discouraged'),
])

const AuthenticatorAttachment = Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])

/** A credential the browser should use (or, at registration, not register again). */
const CredentialDescriptor = Type.Object({
  id: Type.String(),
  /** Always `public-key`; WebAuthn's JSON form types it as any string. */
  type: Type.String(),
  transports: Type.Optional(Type.Array(Type.String())),
})

/** `navigator.credentials.create()` options, as JSON (WebAuthn's PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyCreationOptions = Type.Object({
  challenge: Type.String(),
  rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Integer(), type: PublicKeyType })),
  timeout: Type.Optional(Type.Integer()),
  attestation: Type.Optional(
    Type.Union([
      Type.Literal('none'),
      Type.Literal('indirect'),
      Type.Literal('direct'),
      Type.Literal('enterprise'),
    ]),
  ),
  excludeCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  authenticatorSelection: Type.Optional(
    Type.Object({
      authenticatorAttachment: Type.Optional(AuthenticatorAttachment),
      residentKey: Type.Optional(Requirement),
      requireResidentKey: Type.Optional(Type.Boolean()),
      userVerification: Type.Optional(Requirement),
    }),
  ),
  extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
  hints: Type.Optional(
    Type.Array(
      Type.Union([Type.Literal('security-key'), Type.Literal('client-device'), Type.Literal('hybrid')]),
    ),
  ),
})
export type PasskeyCreationOptions = Static<typeof PasskeyCreationOptions>

/** `navigator.credentials.get()` options, as JSON (WebAuthn's PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyRequestOptions = Type.Object({
  challenge: Type.String(),
  rpId: Type.Optional(Type.String()),
  timeout: Type.Optional(Type.Integer()),
  allowCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  userVerification: Type.Optional(Requirement),
})
export type PasskeyRequestOptions = Static<typeof PasskeyRequestOptions>

/** What the browser says about extensions; read by nobody here, so any shape is taken. */
const ClientExtensionResults = Type.Object({}, { additionalProperties: true })

/** What `navigator.credentials.create()` answered, as JSON (WebAuthn's RegistrationResponseJSON). */
export const PasskeyRegistrationCredential = Type.Object(
  {
    id: Base64Url(1400),
    rawId: Base64Url(1400),
    type: PublicKeyType,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(8192),
        attestationObject: Base64Url(65_536),
        authenticatorData: Type.Optional(Base64Url(65_536)),
        transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 })),
        publicKeyAlgorithm: Type.Optional(Type.Integer()),
        publicKey: Type.Optional(Base64Url(8192)),
      },
      { additionalProperties: false },
    ),
    authenticatorAttachment: Type.Optional(AuthenticatorAttachment),
    clientExtensionResults: ClientExtensionResults,
  },
  { additionalProperties: false },
)
export type PasskeyRegistrationCredential = Static<typeof PasskeyRegistrationCredential>

/** What `navigator.credentials.get()` answered, as JSON (WebAuthn's AuthenticationResponseJSON). */
export const PasskeyAuthenticationCredential = Type.Object(
  {
    id: Base64Url(1400),
    rawId: Base64Url(1400),
    type: PublicKeyType,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(8192),
        authenticatorData: Base64Url(65_536),
        signature: Base64Url(8192),
        userHandle: Type.Optional(Base64Url(128)),
      },
      { additionalProperties: false },
    ),
    authenticatorAttachment: Type.Optional(AuthenticatorAttachment),
    clientExtensionResults: ClientExtensionResults,
  },
  { additionalProperties: false },
)
export type PasskeyAuthenticationCredential = Static<typeof PasskeyAuthenticationCredential>

/** A passkey's name: plain text, trimmed by the server, at most PASSKEY_NAME_MAX characters. */
const PasskeyName = Type.String({ minLength: 1, maxLength: PASSKEY_NAME_MAX * 2 })

/** One of the member's passkeys, as Settings lists it. */
export const Passkey = Type.Object({
  _id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  /** The last sign-in (alone or as the second factor) it made; null when it was never used. */
  lastUsedAt: NullableDateTime,
  /** Whether the passkey can be synced to the member's other devices (a password manager, a phone's keychain). */
  synced: Type.Boolean(),
  /** Whether it is backed up now (synced passkeys only). */
  backedUp: Type.Boolean(),
})
export type Passkey = Static<typeof Passkey>

/** `GET /api/users/me/passkeys`: the member's passkeys, oldest first. */
export const PasskeyList = Type.Object({ passkeys: Type.Array(Passkey) })
export type PasskeyList = Static<typeof PasskeyList>

/** `POST /api/users/me/passkeys/options` and the two sign-in options routes: a ceremony to run. */
export const PasskeyRegistrationStart = Type.Object({ options: PasskeyCreationOptions })
export type PasskeyRegistrationStart = Static<typeof PasskeyRegistrationStart>
export const PasskeySignInStart = Type.Object({ options: PasskeyRequestOptions })
export type PasskeySignInStart = Static<typeof PasskeySignInStart>

/** `POST /api/users/me/passkeys`: the new credential, and its name (the server names it otherwise). */
export const RegisterPasskeyBody = Type.Object(
  { name: Type.Optional(PasskeyName), credential: PasskeyRegistrationCredential },
  { additionalProperties: false },
)
export type RegisterPasskeyBody = Static<typeof RegisterPasskeyBody>

/** `PATCH /api/users/me/passkeys/{id}`: a new name. */
export const RenamePasskeyBody = Type.Object({ name: PasskeyName }, { additionalProperties: false })
export type RenamePasskeyBody = Static<typeof RenamePasskeyBody>

/** `POST /api/user/login/passkey`: a passkey's answer to the sign-in challenge. */
export const PasskeySignInBody = Type.Object(
  { credential: PasskeyAuthenticationCredential },
  { additionalProperties: false },
)
export type PasskeySignInBody = Static<typeof PasskeySignInBody>

/** `POST /api/user/login/second-factor/passkey/options`: the password step's challenge. */
export const PasskeySecondFactorStartBody = Type.Object(
  { challenge: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
)
export type PasskeySecondFactorStartBody = Static<typeof PasskeySecondFactorStartBody>

/** `POST /api/user/login/second-factor/passkey`: the password step's challenge, answered by a passkey. */
export const PasskeySecondFactorBody = Type.Object(
  { challenge: Type.String({ minLength: 1, maxLength: 200 }), credential: PasskeyAuthenticationCredential },
  { additionalProperties: false },
)
export type PasskeySecondFactorBody = Static<typeof PasskeySecondFactorBody>
