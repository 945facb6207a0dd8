/*
 * Everything the server sends is text other people wrote. A title or command holding terminal escape
 * sequences could clear the screen, retitle the window, fake a prompt, write the clipboard (OSC 52) or
 * hide part of a command from the reader, so nothing from the server reaches the terminal unfiltered.
 */

// ESC-introduced sequences: CSI (ESC [ … final byte), OSC (ESC ] … BEL or ST), DCS/SOS/PM/APC
// (ESC P, X, ^, _ … ST), and the two-byte escapes (ESC followed by one character).
const ESCAPE_SEQUENCES = new RegExp(
  [
    '\\u001b\\[[0-?]*[ -/]*[@-~]?',
    '\\u001b\\][^\\u0007\\u001b]*(?:\\u0007|\\u001b\\\\)?',
    '\\u001b[PX^_][\\s\\S]*?(?:\\u001b\\\\|$)',
    '\\u001b[\\s\\S]?',
  ].join('|'),
  'g',
)

// Remaining C0 controls except tab and line feed, DEL, and the C1 controls (U+0080–U+009F), which some
// terminals read as 8-bit CSI/OSC introducers.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g

// Bidirectional overrides and isolates can make a command read differently from what runs.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** Text safe to print: escape sequences, control characters (but tab and line feed) and bidi controls removed. */
export function stripControls(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(ESCAPE_SEQUENCES, '')
    .replace(CONTROLS, '')
    .replace(BIDI_CONTROLS, '')
}

/** Like {@link stripControls}, for one-line fields (titles, names): line breaks and tabs become spaces. */
export function stripLine(text: string): string {
  return stripControls(text)
    .replace(/[\t\n]+/g, ' ')
    .trim()
}

/**
 * JSON for stdout. `JSON.stringify` already escapes C0 controls; C1 controls and bidi controls are
 * escaped here too, so the data stays exact while the bytes on the terminal stay inert.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
