import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useLayoutEffect } from 'react'
import { applyThemeToDocument, systemThemeAtom, themeAtom, watchSystemTheme } from './theme'

/** Keeps <html data-theme> equal to the shown theme and follows system changes. Mounted once, at the root. */
export function useApplyTheme(): void {
  const theme = useAtomValue(themeAtom)
  const setSystemTheme = useSetAtom(systemThemeAtom)
  // Layout effect: the attribute must change before paint, or the page flashes the old palette.
  useLayoutEffect(() => applyThemeToDocument(theme), [theme])
  useEffect(() => watchSystemTheme(setSystemTheme), [setSystemTheme])
}
