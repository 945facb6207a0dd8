import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'
import {
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  normalizeTotpCode,
  totpProvisioning,
  totpStepOf,
} from './codes.ts'

describe('TOTP codes', () => {
  const secret = newTotpSecret()
  const now = 1_800_000_000_000 // a fixed instant, 60,000,000 steps after the epoch
  const step = Math.floor(now / 30_000)
  const codeAt = (offsetSteps: number) => generate({ secret, epoch: now / 1000 + offsetSteps * 30 })

  it('makes 160-bit base32 secrets', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(newTotpSecret()).not.toBe(secret)
  })

  it('accepts the code of now and of one step either side, and says which step it is', async () => {
    expect(await totpStepOf(secret, await codeAt(0), now)).toBe(step)
    expect(await totpStepOf(secret, await codeAt(-1), now)).toBe(step - 1)
    expect(await totpStepOf(secret, await codeAt(1), now)).toBe(step + 1)
  })

  it('refuses codes two steps away and codes of another secret', async () => {
    const far = [await codeAt(-2), await codeAt(2)]
    const near = new Set([await codeAt(-1), await codeAt(0), await codeAt(1)])
    for (const code of far.filter((candidate) => !near.has(candidate))) {
      expect(await totpStepOf(secret, code, now)).toBeUndefined()
    }
    const other = await generate({ secret: newTotpSecret(), epoch: now / 1000 })
    if (!near.has(other)) expect(await totpStepOf(secret, other, now)).toBeUndefined()
  })

  it('reads typed codes with spaces or a hyphen, and nothing but six digits', () => {
    expect(normalizeTotpCode(' 123 456 ')).toBe('123456')
    expect(normalizeTotpCode('123-456')).toBe('123456')
    expect(normalizeTotpCode('12345')).toBeUndefined()
    expect(normalizeTotpCode('1234567')).toBeUndefined()
    expect(normalizeTotpCode('12345a')).toBeUndefined()
  })

  it('provisions an otpauth URI with the issuer and account, and its QR code as an SVG data URL', async () => {
    const { otpauthUri, qrCode } = await totpProvisioning(secret, 'ada_lovelace')
    expect(otpauthUri).toBe(`otpauth://totp/Bashboard:ada_lovelace?secret=${secret}&issuer=Bashboard`)
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(qrCode.split(',')[1] ?? '', 'base64').toString('utf8')
    expect(svg).toMatch(/^<svg [^>]*viewBox/)
    expect(svg).not.toMatch(/<script|on\w+=/i)
  })
})

describe('recovery codes', () => {
  it('makes ten distinct xxxxx-xxxxx codes without look-alike letters', () => {
    const codes = newRecoveryCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/)
  })

  it('reads typed codes in any case, with or without the hyphen, and refuses other shapes', () => {
    expect(normalizeRecoveryCode('ABCDE-FGH23')).toBe('abcdefgh23')
    expect(normalizeRecoveryCode(' abcde fgh23 ')).toBe('abcdefgh23')
    expect(normalizeRecoveryCode('abcde-fgh2')).toBeUndefined()
    expect(normalizeRecoveryCode('abcde-fgh10')).toBeUndefined()
    expect(normalizeRecoveryCode('123456')).toBeUndefined()
  })
})
