import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import type {
  PasskeyAuthenticationCredential,
  PasskeyCreationOptions,
  PasskeyRegistrationCredential,
  PasskeyRequestOptions,
} from '../src/contract/passkeys.ts'

/*
 * A software WebAuthn authenticator for tests: a P-256 key made with node:crypto, and the attestation
 * ("none") and assertion responses a browser would send, built byte by byte (WebAuthn §6.1, §6.5;
 * CBOR per RFC 8949), so the server's checks run against what a real authenticator makes.
 */

const FLAG_USER_PRESENT = 0x01
const FLAG_USER_VERIFIED = 0x04
const FLAG_BACKUP_ELIGIBLE = 0x08
const FLAG_BACKED_UP = 0x10
const FLAG_ATTESTED_DATA = 0x40

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor }

/** The CBOR head of a major type with its argument (lengths and integers up to 2^32). */
function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value])
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value])
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff])
  const head = Buffer.alloc(5)
  head[0] = (major << 5) | 26
  head.writeUInt32BE(value, 1)
  return head
}

/** Enough CBOR for attestation objects and COSE keys: integers, byte and text strings, maps. */
export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([cborHead(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value])
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value)
  return Buffer.concat([
    cborHead(5, entries.length),
    ...entries.flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)]),
  ])
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest()

export interface AuthenticatorOptions {
  /** The origin the "browser" is on (default: the test app's PUBLIC_ORIGIN). */
  origin?: string
  /** Whether the credential may be synced (backup eligible) and is backed up. */
  backupEligible?: boolean
  backedUp?: boolean
}

/** What one response may do differently from an honest authenticator, to test each refusal. */
export interface ResponseOverrides {
  challenge?: string
  origin?: string
  rpId?: string
  counter?: number
  userVerified?: boolean
  backupEligible?: boolean
  backedUp?: boolean
}

/** One authenticator holding one credential (a passkey), made by {@link register}. */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32)
  private readonly privateKey: KeyObject
  private readonly publicJwk: { x: string; y: string }
  private userHandle: string | undefined
  /** The signature counter; each assertion moves it on by one unless told otherwise. */
  counter = 0
  private readonly origin: string
  private readonly backupEligible: boolean
  private readonly backedUp: boolean

  constructor(options: AuthenticatorOptions = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = privateKey
    const jwk = publicKey.export({ format: 'jwk' })
    this.publicJwk = { x: jwk.x ?? '', y: jwk.y ?? '' }
    this.origin = options.origin ?? 'http://localhost:3000'
    this.backupEligible = options.backupEligible ?? false
    this.backedUp = options.backedUp ?? false
  }

  /** The credential id as WebAuthn's JSON writes it. */
  get id(): string {
    return b64url(this.credentialId)
  }

  /** `navigator.credentials.create()`: a new discoverable credential, attested with "none". */
  register(
    options: PasskeyCreationOptions,
    overrides: ResponseOverrides = {},
  ): PasskeyRegistrationCredential {
    this.userHandle = options.user.id
    const cose = encodeCbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    )
    const length = Buffer.alloc(2)
    length.writeUInt16BE(this.credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, cose])
    const authData = this.authenticatorData(
      overrides.rpId ?? options.rp.id ?? '',
      FLAG_ATTESTED_DATA,
      overrides,
      this.counter,
      attested,
    )
    const clientData = this.clientData('webauthn.create', overrides.challenge ?? options.challenge, overrides)
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(encodeCbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    }
  }

  /** `navigator.credentials.get()`: an assertion over the challenge, signed with the credential's key. */
  assert(options: PasskeyRequestOptions, overrides: ResponseOverrides = {}): PasskeyAuthenticationCredential {
    this.counter = overrides.counter ?? this.counter + 1
    const authData = this.authenticatorData(overrides.rpId ?? options.rpId ?? '', 0, overrides, this.counter)
    const clientData = this.clientData('webauthn.get', overrides.challenge ?? options.challenge, overrides)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey)
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    }
  }

  private authenticatorData(
    rpId: string,
    extraFlags: number,
    overrides: ResponseOverrides,
    counter: number,
    attested: Buffer = Buffer.alloc(0),
  ): Buffer {
    let flags = FLAG_USER_PRESENT | extraFlags
    if (overrides.userVerified ?? true) flags |= FLAG_USER_VERIFIED
    if (overrides.backupEligible ?? this.backupEligible) flags |= FLAG_BACKUP_ELIGIBLE
    if (overrides.backedUp ?? this.backedUp) flags |= FLAG_BACKED_UP
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested])
  }

  private clientData(type: string, challenge: string, overrides: ResponseOverrides): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }),
      'utf8',
    )
  }
}
