// What the image scripts (house-ads.mjs, blog-covers.mjs) share: the repository root, the site's dark
// palette and fonts, XML escaping, and rendering an SVG string to an optimised PNG file with sharp.
import { mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
// sharp is a dependency of the server workspace.
const sharp = createRequire(join(root, 'server', 'package.json'))('sharp')

/** The dark theme's colours (web/src/styles.css). */
export const C = {
  bg: '#0b0e0d',
  surface: '#111614',
  bar: '#171e1b',
  line: '#26302c',
  fg: '#e6ece9',
  muted: '#9aa8a1',
  accent: '#4ade80',
  accentFg: '#03200e',
}
export const MONO = 'DejaVu Sans Mono, Liberation Mono, monospace'
export const SANS = 'DejaVu Sans, Liberation Sans, sans-serif'

/** Escapes text for an SVG text node. */
export const esc = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** The output folder: the script's first argument, else `web/public/<folder>`; created if missing. */
export function outputFolder(folder) {
  const out = process.argv[2] ?? join(root, 'web', 'public', folder)
  mkdirSync(out, { recursive: true })
  return out
}

/** Renders `svg` to a palette PNG at `path`. */
export function renderPng(svg, path) {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(path)
}
