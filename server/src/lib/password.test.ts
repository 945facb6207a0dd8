import { describe, expect, it } from 'vitest'
import { hashPassword, verifyDummyPassword, verifyPassword } from './password.ts'

describe('password hashing', () => {
  it('hashes with argon2id and a random salt', async () => {
    const first = await hashPassword('correct horse')
    const second = await hashPassword('correct horse')
    expect(first.startsWith('$argon2id$')).toBe(true)
    expect(first).not.toBe(second)
  })

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse')
    expect(await verifyPassword(stored, 'correct horse')).toBe(true)
    expect(await verifyPassword(stored, 'Correct horse')).toBe(false)
  })

  it('treats a malformed stored hash as a mismatch instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false)
  })

  it('runs a dummy verification without throwing', async () => {
    await expect(verifyDummyPassword('whatever')).resolves.toBeUndefined()
  })
})
