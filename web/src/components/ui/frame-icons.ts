import { lazyIcon } from './lazy-icon'

/* The icons of the page frame that every first screen shows (lazy-icon.tsx says why they load apart). */
export const SunIcon = lazyIcon(() => import('lucide-react/icons/sun'))
export const MoonIcon = lazyIcon(() => import('lucide-react/icons/moon'))
export const HeartIcon = lazyIcon(() => import('lucide-react/icons/heart'))
export const MenuIcon = lazyIcon(() => import('lucide-react/icons/menu'))
export const CloseIcon = lazyIcon(() => import('lucide-react/icons/x'))

/** Asks for every frame icon; resolves once all have arrived (or one failed: its box stays empty). */
export function preloadFrameIcons(): Promise<unknown> {
  const icons = [SunIcon, MoonIcon, HeartIcon, MenuIcon, CloseIcon]
  return Promise.allSettled(icons.map((icon) => icon.preload()))
}
