import { MEMBER_HINT_COOKIE } from '@bashboard/server/contract/values'
import { afterEach, describe, expect, it } from 'vitest'
import { writeMemberHint } from './member-hint'
import { SESSION_STORAGE_KEY, sessionAtom } from './session'
import { createAppStore } from './store'

const hint = () => document.cookie.split('; ').find((cookie) => cookie.startsWith(`${MEMBER_HINT_COOKIE}=`))

afterEach(() => {
  writeMemberHint(false)
  localStorage.clear()
})

describe('the member hint cookie', () => {
  it('is set when a session is stored and cleared when it is removed', () => {
    const store = createAppStore()
    expect(hint()).toBeUndefined()
    store.set(sessionAtom, { token: 'jwt', expiresAt: new Date(Date.now() + 60_000).toISOString() })
    expect(hint()).toBe(`${MEMBER_HINT_COOKIE}=1`)
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull()
    store.set(sessionAtom, null)
    expect(hint()).toBeUndefined()
  })

  it('carries nothing but the hint', () => {
    writeMemberHint(true)
    expect(hint()).toBe(`${MEMBER_HINT_COOKIE}=1`)
    expect(document.cookie).not.toContain('jwt')
  })
})
