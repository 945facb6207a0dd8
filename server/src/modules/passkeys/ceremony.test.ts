import { describe, expect, it } from 'vitest'
import {
  challengeOf,
  normalizePasskeyName,
  relyingPartyIdFor,
  relyingPartyOf,
  signCountOf,
  userHandleOf,
} from './ceremony.ts'

describe('the relying party', () => {
  const party = relyingPartyOf('https://bashboard.example', [
    'https://bashboard.example',
    'http://localhost:3000',
  ])

  it('is PUBLIC_ORIGIN first, then the other origins the site is served at, each with its host as id', () => {
    expect(party.origins).toEqual(['https://bashboard.example', 'http://localhost:3000'])
    expect(party.ids).toEqual(['bashboard.example', 'localhost'])
  })

  it('binds a ceremony to the origin it came from when the site is served there, else to PUBLIC_ORIGIN', () => {
    expect(relyingPartyIdFor(party, 'http://localhost:3000')).toBe('localhost')
    expect(relyingPartyIdFor(party, 'https://evil.example')).toBe('bashboard.example')
    expect(relyingPartyIdFor(party, undefined)).toBe('bashboard.example')
  })
})

describe('reading a ceremony', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

  it('finds the challenge a browser answered, and nothing in what is not client data', () => {
    expect(challengeOf(encode({ type: 'webauthn.get', challenge: 'abc' }))).toBe('abc')
    expect(challengeOf(encode({ type: 'webauthn.get' }))).toBeUndefined()
    expect(challengeOf(encode({ challenge: 42 }))).toBeUndefined()
    expect(challengeOf('not json')).toBeUndefined()
  })

  it('reads the signature counter after the RP id hash and the flags', () => {
    const data = Buffer.alloc(37)
    data.writeUInt32BE(4_000_000_000, 33)
    expect(signCountOf(data.toString('base64url'))).toBe(4_000_000_000)
    expect(signCountOf(Buffer.alloc(36).toString('base64url'))).toBeUndefined()
  })

  it('makes the user handle from the member id’s 16 bytes', () => {
    expect(Buffer.from(userHandleOf('0b6e5f4a-1c2d-4e3f-8a9b-0c1d2e3f4a5b')).toString('hex')).toBe(
      '0b6e5f4a1c2d4e3f8a9b0c1d2e3f4a5b',
    )
  })
})

describe('passkey names', () => {
  it('trims and joins white space, keeps emoji, and refuses empty, overlong and control-character names', () => {
    expect(normalizePasskeyName('  Work \t phone ', 64)).toBe('Work phone')
    expect(normalizePasskeyName('👩‍💻 laptop', 64)).toBe('👩‍💻 laptop')
    expect(normalizePasskeyName('   ', 64)).toBeUndefined()
    expect(normalizePasskeyName('é'.repeat(65), 64)).toBeUndefined()
    expect(normalizePasskeyName('é'.repeat(64), 64)).toBe('é'.repeat(64))
    expect(normalizePasskeyName('evil\u202Eexe', 64)).toBeUndefined()
    expect(normalizePasskeyName('bell\u0007', 64)).toBeUndefined()
  })
})
