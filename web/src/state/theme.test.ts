import { THEME_COOKIE } from '@bashboard/server/contract/values'
import { afterEach, describe, expect, it } from 'vitest'
import { createAppStore } from './store'
import { THEME_STORAGE_KEY, themePreferenceAtom, toggleThemeAtom, writeThemeCookie } from './theme'

const themeCookie = () => document.cookie.split('; ').find((cookie) => cookie.startsWith(`${THEME_COOKIE}=`))

afterEach(() => {
  writeThemeCookie('system')
  localStorage.clear()
})

describe('the theme cookie', () => {
  it("follows the visitor's choice, beside the stored one", () => {
    const store = createAppStore()
    expect(themeCookie()).toBeUndefined()
    store.set(themePreferenceAtom, 'light')
    expect(themeCookie()).toBe(`${THEME_COOKIE}=light`)
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light')
    store.set(toggleThemeAtom)
    expect(themeCookie()).toBe(`${THEME_COOKIE}=dark`)
  })

  it("is cleared when the visitor goes back to the system's theme", () => {
    const store = createAppStore()
    store.set(themePreferenceAtom, 'dark')
    store.set(themePreferenceAtom, 'system')
    expect(themeCookie()).toBeUndefined()
  })
})
