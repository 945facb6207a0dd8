import { lazyIcon } from './lazy-icon'

/*
 * The icons of the page frame that every first screen shows (lazy-icon.tsx says why they load apart),
 * asked for with one import: each dynamic import walks the page's links to preload its chunk's
 * dependencies, and on a server-drawn page that walk is what a phone's takeover spends most on.
 */
let iconSet: Promise<typeof import('./frame-icon-set')> | null = null
const loadIconSet = () => {
  iconSet ??= import('./frame-icon-set')
  return iconSet
}

export const SunIcon = lazyIcon(() => loadIconSet().then((icons) => ({ default: icons.Sun })))
export const MoonIcon = lazyIcon(() => loadIconSet().then((icons) => ({ default: icons.Moon })))
export const HeartIcon = lazyIcon(() => loadIconSet().then((icons) => ({ default: icons.Heart })))
export const MenuIcon = lazyIcon(() => loadIconSet().then((icons) => ({ default: icons.Menu })))
export const CloseIcon = lazyIcon(() => loadIconSet().then((icons) => ({ default: icons.X })))

/** Asks for every frame icon; resolves once all have arrived (or failed: their boxes stay empty). */
export function preloadFrameIcons(): Promise<unknown> {
  const icons = [SunIcon, MoonIcon, HeartIcon, MenuIcon, CloseIcon]
  return Promise.allSettled(icons.map((icon) => icon.preload()))
}
