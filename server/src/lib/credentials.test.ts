import { describe, expect, it } from 'vitest'
import { checkNewPassword, normalizeEmail, normalizeUsername } from './credentials.ts'
import { InvalidError } from './errors.ts'

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (error) {
    if (error instanceof InvalidError) return error.field
    throw error
  }
  return undefined
}

describe('normalizeUsername', () => {
  it('trims and keeps the case as typed', () => {
    expect(normalizeUsername('  Linus_T-1 ')).toBe('Linus_T-1')
  })

  it('refuses names shorter than 3 or longer than 30 characters', () => {
    expect(fieldOf(() => normalizeUsername('ab'))).toBe('username')
    expect(fieldOf(() => normalizeUsername('a'.repeat(31)))).toBe('username')
    expect(normalizeUsername('a'.repeat(30))).toHaveLength(30)
  })

  it('refuses characters outside letters, digits, _ and -', () => {
    for (const bad of ['with space', 'dot.ted', 'émile', 'semi;colon', '<script>']) {
      expect(
        fieldOf(() => normalizeUsername(bad)),
        bad,
      ).toBe('username')
    }
  })
})

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com')
  })

  it('refuses addresses without an @, a domain dot, or with spaces', () => {
    for (const bad of [
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'a da@example.com',
      'ada@exa mple.com',
    ]) {
      expect(
        fieldOf(() => normalizeEmail(bad)),
        bad,
      ).toBe('email')
    }
  })

  it('refuses addresses longer than 254 characters', () => {
    expect(fieldOf(() => normalizeEmail(`${'a'.repeat(250)}@example.com`))).toBe('email')
  })
})

describe('checkNewPassword', () => {
  it('accepts 6 to 128 characters', () => {
    expect(checkNewPassword('123456')).toBe('123456')
    expect(checkNewPassword('x'.repeat(128))).toHaveLength(128)
  })

  it('refuses shorter or longer passwords with a message naming the limit', () => {
    expect(() => checkNewPassword('12345')).toThrow('at least 6 characters')
    expect(() => checkNewPassword('x'.repeat(129))).toThrow('at most 128 characters')
  })
})
