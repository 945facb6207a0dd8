import { describe, expect, it } from 'vitest'
import { deriveSecretKey, openSecret, sealSecret } from './secret-box.ts'

const key = deriveSecretKey('a-server-secret-of-at-least-32-characters', 'totp')

describe('secret box', () => {
  it('opens what it sealed, for the same context', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'user-1')
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain('JBSWY3DP')
    expect(openSecret(key, sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')
  })

  it('seals the same secret differently each time', () => {
    expect(sealSecret(key, 'same', 'user-1')).not.toBe(sealSecret(key, 'same', 'user-1'))
  })

  it('refuses another context, another key, a tampered value and a foreign format', () => {
    const sealed = sealSecret(key, 'secret', 'user-1')
    expect(openSecret(key, sealed, 'user-2')).toBeUndefined()
    expect(
      openSecret(deriveSecretKey('another-server-secret-of-32-characters!', 'totp'), sealed, 'user-1'),
    ).toBeUndefined()
    expect(
      openSecret(deriveSecretKey('a-server-secret-of-at-least-32-characters', 'other'), sealed, 'user-1'),
    ).toBeUndefined()
    const [version, iv, body = ''] = sealed.split('.')
    const flipped = `${body.at(0) === 'A' ? 'B' : 'A'}${body.slice(1)}`
    expect(openSecret(key, [version, iv, flipped].join('.'), 'user-1')).toBeUndefined()
    expect(openSecret(key, 'plain-base32', 'user-1')).toBeUndefined()
    expect(openSecret(key, `v2.${iv}.${body}`, 'user-1')).toBeUndefined()
    expect(openSecret(key, `v1.${iv}.${body}.extra`, 'user-1')).toBeUndefined()
  })
})
