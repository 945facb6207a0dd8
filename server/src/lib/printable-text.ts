import { TEXT_DIRECTION_CONTROLS } from '../contract/limits.ts'

// User text made safe for a terminal (the curl pages, the exports): input refuses these characters
// already (contract/limits.ts), so this guards rows stored before that rule.

// Whole escape sequences first, so their parameters do not survive as visible junk ("[31m"):
// CSI (ESC [ … final byte), OSC (ESC ] … BEL or ST), DCS/SOS/PM/APC strings (ESC P/X/^/_ … ST),
// the 8-bit CSI and OSC introducers, and any other two-byte ESC sequence.
const ESCAPE_SEQUENCES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing terminal escapes is the point
  /\u001b\[[0-?]*[ -/]*[@-~]?|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]?|\u009d[^\u0007\u001b\u009c]*[\u0007\u009c]?|\u001b[\s\S]?/g
const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`
// Then every other control but tab and line feed (a CR redraws the line's start), DEL, C1, and the
// text-direction marks ("Trojan Source").
const CONTROLS = new RegExp(
  `[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${TEXT_DIRECTION_CONTROLS.map(([first, last]) => `${hex(first)}-${hex(last)}`).join('')}]`,
  'g',
)

/**
 * `text` with no escape sequences, no control characters but `\t` and `\n`, no carriage returns
 * (CRLF reads as LF) and no text-direction marks.
 */
export function printableText(text: string): string {
  return text.replace(ESCAPE_SEQUENCES, '').replace(CONTROLS, '')
}
