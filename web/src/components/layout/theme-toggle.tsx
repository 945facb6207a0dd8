import { useAtomValue, useSetAtom } from 'jotai'
import { useHydrated } from '../../lib/hydration'
import { themeAtom, themePreferenceAtom, toggleThemeAtom, UNKNOWN_SYSTEM_THEME } from '../../state/theme'
import { MoonIcon, SunIcon } from '../ui/frame-icons'

/** Switches between the dark and light themes; the choice is remembered. */
export function ThemeToggle() {
  const shownTheme = useAtomValue(themeAtom)
  const preference = useAtomValue(themePreferenceAtom)
  // Without a choice, the server cannot know the system's theme and draws the toggle for the one it
  // assumes; the takeover draws the same, and the render after it the system's.
  const theme = useHydrated() || preference !== 'system' ? shownTheme : UNKNOWN_SYSTEM_THEME
  const toggle = useSetAtom(toggleThemeAtom)
  const next = theme === 'dark' ? 'light' : 'dark'
  const Icon = theme === 'dark' ? SunIcon : MoonIcon
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      className="inline-flex size-9 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-fg"
    >
      <Icon className="size-[18px]" />
    </button>
  )
}
