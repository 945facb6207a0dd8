import { printableText } from '../../../lib/printable-text.ts'

/*
 * Text for a terminal: removing what could drive it (escape sequences, control characters), measuring
 * how wide text is drawn, wrapping and cutting it to a width, and ANSI colours that can be switched
 * off. Pure functions, unit-tested in render.test.ts.
 */

/**
 * User text made safe to write to a terminal: no escape sequences, no control characters but `\t` and
 * `\n`, no text-direction marks (lib/printable-text.ts, which the exports use too).
 */
export const cleanText = printableText

/** {@link cleanText} on one line: newlines and tabs become spaces and runs of spaces fold. */
export function cleanLine(text: string): string {
  return cleanText(text).replace(/\s+/g, ' ').trim()
}

// Characters drawn two cells wide (East Asian wide and fullwidth, emoji) and zero wide (combining marks,
// zero-width joiners and spaces, variation selectors).
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u
const ZERO = /^(?:\p{Mn}|\p{Me}|[\u200b-\u200f])$/u

/** Cells a code point takes in a terminal (0, 1 or 2). */
function charWidth(char: string): number {
  if (ZERO.test(char)) return 0
  return WIDE.test(char) ? 2 : 1
}

// The colour escapes this module writes itself (SGR), which take no cells.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching our own colour escapes
const SGR = /\u001b\[[0-9;]*m/g

// A colour escape or one code point: what a long word is cut between.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching our own colour escapes
const PIECES = /\u001b\[[0-9;]*m|[\s\S]/gu

/** Cells `text` takes in a terminal; colour escapes take none (user text is cleaned before styling). */
export function displayWidth(text: string): number {
  let width = 0
  for (const char of text.replace(SGR, '')) width += charWidth(char)
  return width
}

/** `text` cut to at most `width` cells, ending in "…" when cut; never splits a character. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text
  let out = ''
  let used = 0
  for (const char of text) {
    const w = charWidth(char)
    if (used + w > width - 1) break
    out += char
    used += w
  }
  return `${out}…`
}

/** `text` padded with spaces to `width` cells (left-aligned). */
export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)))
}

/** Words of `text` laid into lines of at most `width` cells; a longer word is cut across lines. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  let used = 0
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = displayWidth(word)
    if (used > 0 && used + 1 + w <= width) {
      line += ` ${word}`
      used += 1 + w
      continue
    }
    if (used > 0) lines.push(line)
    line = ''
    used = 0
    if (w <= width) {
      line = word
      used = w
      continue
    }
    // A word longer than a line is cut by cells; colour escapes go along and take none.
    for (const [piece] of word.matchAll(PIECES)) {
      const cw = piece.startsWith('\u001b') ? 0 : charWidth(piece)
      if (used + cw > width) {
        lines.push(line)
        line = ''
        used = 0
      }
      line += piece
      used += cw
    }
  }
  if (used > 0 || lines.length === 0) lines.push(line)
  return lines
}

/** Styles for text; each wraps its argument in ANSI escapes, or returns it as it is without colour. */
export interface Palette {
  bold(text: string): string
  dim(text: string): string
  green(text: string): string
  cyan(text: string): string
  yellow(text: string): string
  magenta(text: string): string
  red(text: string): string
}

const style =
  (open: number, close: number) =>
  (text: string): string =>
    text === '' ? '' : `\u001b[${open}m${text}\u001b[${close}m`

/** ANSI colours (SGR codes with their own resets, so nesting stays correct). */
export const COLOURS: Palette = {
  bold: style(1, 22),
  dim: style(2, 22),
  green: style(32, 39),
  cyan: style(36, 39),
  yellow: style(33, 39),
  magenta: style(35, 39),
  red: style(31, 39),
}

const same = (text: string): string => text
/** No colours (`?T`, scripts). */
export const PLAIN: Palette = {
  bold: same,
  dim: same,
  green: same,
  cyan: same,
  yellow: same,
  magenta: same,
  red: same,
}
