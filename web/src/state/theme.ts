import { THEME_COOKIE } from '@bashboard/server/contract/values'
import { atom } from 'jotai'
import { writeCookie } from './cookie'
import { atomWithLazy } from './lazy-atom'

export type Theme = 'dark' | 'light'
/** 'system' follows the operating system; the toggle stores an explicit choice. */
export type ThemePreference = Theme | 'system'

export const THEME_STORAGE_KEY = 'bashboard.theme'

const LIGHT_QUERY = '(prefers-color-scheme: light)'

/** The system's theme where it cannot be known: a browser that cannot tell, and the server's render. */
export const UNKNOWN_SYSTEM_THEME: Theme = 'dark'

/** The theme the operating system asks for ({@link UNKNOWN_SYSTEM_THEME} when the browser cannot tell). */
export function readSystemTheme(): Theme {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return UNKNOWN_SYSTEM_THEME
  return window.matchMedia(LIGHT_QUERY).matches ? 'light' : 'dark'
}

function parsePreference(value: unknown): ThemePreference {
  return value === 'dark' || value === 'light' ? value : 'system'
}

function readStoredPreference(): ThemePreference {
  try {
    return parsePreference(localStorage.getItem(THEME_STORAGE_KEY))
  } catch {
    return 'system'
  }
}

/**
 * The stored choice as this page knows it. The server's render of a page sets it from the theme cookie
 * (src/entry-server.tsx), where there is no localStorage.
 */
export const storedPreferenceAtom = atomWithLazy<ThemePreference>(readStoredPreference)

/** A year: the choice lasts as long as the one in localStorage would, short of clearing the site's data. */
const THEME_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/**
 * Mirrors the choice into the theme cookie, which the server reads to send the page already in that
 * theme (no flash of the other palette before the app starts). 'system' clears it. Not a secret.
 */
export function writeThemeCookie(preference: ThemePreference): void {
  writeCookie(THEME_COOKIE, preference === 'system' ? null : preference, THEME_COOKIE_MAX_AGE_SECONDS)
}

/** The visitor's stored choice ('system' until they press the toggle); writing it persists it. */
export const themePreferenceAtom = atom(
  (get) => get(storedPreferenceAtom),
  (_get, set, preference: ThemePreference) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, preference)
    } catch {
      // Blocked storage: the choice holds for this visit only.
    }
    writeThemeCookie(preference)
    set(storedPreferenceAtom, preference)
  },
)

/** The system theme, kept current while the page is open (see useApplyTheme). */
export const systemThemeAtom = atomWithLazy<Theme>(readSystemTheme)

/** The theme actually shown. */
export const themeAtom = atom<Theme>((get) => {
  const preference = get(themePreferenceAtom)
  return preference === 'system' ? get(systemThemeAtom) : preference
})

/** Flips between dark and light and remembers the choice. */
export const toggleThemeAtom = atom(null, (get, set) => {
  set(themePreferenceAtom, get(themeAtom) === 'dark' ? 'light' : 'dark')
})

/** Writes the theme to <html data-theme>, which the CSS palette keys on. */
export function applyThemeToDocument(theme: Theme): void {
  document.documentElement.dataset.theme = theme
}

/** Subscribes to system theme changes; returns the unsubscribe function. */
export function watchSystemTheme(onChange: (theme: Theme) => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {}
  const query = window.matchMedia(LIGHT_QUERY)
  const listener = (): void => onChange(query.matches ? 'light' : 'dark')
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}
