// The frame's icons in one module, so asking for them is one dynamic import (frame-icons.ts).
export { default as Heart } from 'lucide-react/icons/heart'
export { default as Menu } from 'lucide-react/icons/menu'
export { default as Moon } from 'lucide-react/icons/moon'
export { default as Sun } from 'lucide-react/icons/sun'
export { default as X } from 'lucide-react/icons/x'
