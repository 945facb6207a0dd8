import { describe, expect, it } from 'vitest'
import { proposeUsername } from './username.ts'

describe('proposeUsername', () => {
  it('keeps a GitHub login that is a valid username', () => {
    expect(proposeUsername('octo-cat_42', 'x@example.com')).toBe('octo-cat_42')
  })

  it('turns a display name into letters, digits and dashes', () => {
    expect(proposeUsername('José Müller', 'x@example.com')).toBe('Jose-Muller')
  })

  it('falls back to the address when the name has nothing usable', () => {
    expect(proposeUsername('李小龍', 'bruce.lee@example.com')).toBe('brucelee')
  })

  it('cuts a long name to the longest username', () => {
    expect(proposeUsername('a'.repeat(50), 'x@example.com')).toHaveLength(30)
  })

  it('offers nothing when no source makes a valid username', () => {
    expect(proposeUsername(null, 'x@example.com')).toBe('')
  })
})
