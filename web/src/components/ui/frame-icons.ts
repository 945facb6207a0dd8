import { lazyIcon } from './lazy-icon'

/* The icons of the page frame that every first screen shows (lazy-icon.tsx says why they load apart). */
export const SunIcon = lazyIcon(() => import('lucide-react/icons/sun'))
export const MoonIcon = lazyIcon(() => import('lucide-react/icons/moon'))
export const HeartIcon = lazyIcon(() => import('lucide-react/icons/heart'))
export const MenuIcon = lazyIcon(() => import('lucide-react/icons/menu'))
export const CloseIcon = lazyIcon(() => import('lucide-react/icons/x'))
