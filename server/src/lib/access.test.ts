import { describe, expect, it } from 'vitest'
import { hasAccess, isContributor } from './access.ts'

describe('hasAccess', () => {
  it('lets guests use public routes only', () => {
    expect(hasAccess(null, 'public')).toBe(true)
    expect(hasAccess(null, 'member')).toBe(false)
  })

  it('orders the roles moderator ⊇ contributor ⊇ member', () => {
    expect(hasAccess('member', 'member')).toBe(true)
    expect(hasAccess('member', 'contributor')).toBe(false)
    expect(hasAccess('contributor', 'member')).toBe(true)
    expect(hasAccess('contributor', 'contributor')).toBe(true)
    expect(hasAccess('contributor', 'moderator')).toBe(false)
    expect(hasAccess('moderator', 'contributor')).toBe(true)
    expect(hasAccess('moderator', 'moderator')).toBe(true)
  })
})

describe('isContributor', () => {
  it('is true for contributors and moderators', () => {
    expect(isContributor('member')).toBe(false)
    expect(isContributor('contributor')).toBe(true)
    expect(isContributor('moderator')).toBe(true)
  })
})
