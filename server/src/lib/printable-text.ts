import { TEXT_DIRECTION_CONTROLS } from '../contract/limits.ts'

/*
 * User text made safe to print, for everything the site hands to a terminal or another program: the
 * plain-text pages (modules/terminal) and the exports (navi, tldr, JSON). Input refuses control
 * characters, lone carriage returns and text-direction marks (contract/limits.ts); this is the second
 * line of defence, for rows stored before that rule or written by hand.
 */

// Whole escape sequences first, so their parameters do not survive as visible junk ("[31m"):
// CSI (ESC [ … final byte), OSC (ESC ] … BEL or ST), DCS/SOS/PM/APC strings (ESC P/X/^/_ … ST),
// the 8-bit CSI and OSC introducers, and any other two-byte ESC sequence.
const ESCAPE_SEQUENCES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing terminal escapes is the point
  /\u001b\[[0-?]*[ -/]*[@-~]?|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]?|\u009d[^\u0007\u001b\u009c]*[\u0007\u009c]?|\u001b[\s\S]?/g
const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`
// Then every remaining C0 control but tab and line feed (a carriage return included: a terminal
// draws what follows it over the line's start), DEL, C1 controls, and the text-direction marks
// (contract/limits.ts `TEXT_DIRECTION_CONTROLS`), which make text read differently from how it runs
// ("Trojan Source").
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
