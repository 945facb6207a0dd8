/**
 * Refuses PDFs that carry active content (docs/product-rules.md#uploads): scripts, launch actions, embedded
 * files, rich media, XFA forms and automatic actions. The check reads PDF *names* (`/JavaScript`), decoding
 * `#xx` hex escapes (`/J#61vaScript` is `/JavaScript` to a reader), in the file itself and inside every
 * Flate-compressed stream, where object streams can hide dictionaries. It also refuses polyglots: a
 * file that is a PDF and something else (HTML or a ZIP appended after the end of the PDF).
 */
import { inflateSync } from 'node:zlib'

/** Names whose presence anywhere makes a PDF active. `/AA` is "additional actions" (run on events). */
const ACTIVE_NAMES: ReadonlyMap<string, string> = new Map([
  ['JavaScript', 'JavaScript'],
  ['JS', 'JavaScript'],
  ['Launch', 'a launch action'],
  ['EmbeddedFile', 'an embedded file'],
  ['EmbeddedFiles', 'an embedded file'],
  ['RichMedia', 'rich media'],
  ['XFA', 'an XFA form'],
  ['AA', 'an automatic action'],
])

// Markup that makes a browser treat the bytes as a page if the file is ever served inline.
const MARKUP = /<\s*(?:script|html|svg|iframe|object|embed|!doctype\s+html)\b/i

/** Largest total inflated size examined; beyond it the PDF is refused rather than half-checked. */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024

/** Why a PDF was refused, or null when it looks inert. */
export type PdfVerdict = { safe: true } | { safe: false; reason: string }

/** Decodes the `#xx` escapes of a PDF name (ISO 32000-1 §7.3.5). */
export function decodePdfName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

// A name is a slash followed by regular characters (anything but whitespace and delimiters).
const NAME = /\/([^\s/<>[\]()%{}\0]+)/g

function findActiveName(text: string): string | null {
  for (const match of text.matchAll(NAME)) {
    const found = ACTIVE_NAMES.get(decodePdfName(match[1] ?? ''))
    if (found) return found
  }
  return null
}

/** The raw bytes of each `stream … endstream` section, in order. */
function* streamsOf(text: string, bytes: Buffer): Generator<Buffer> {
  const start = /stream\r?\n/g
  for (let match = start.exec(text); match; match = start.exec(text)) {
    // `endstream` also matches /stream\r?\n/ only when followed by a newline; skip those.
    if (text.slice(Math.max(0, match.index - 3), match.index) === 'end') continue
    const from = match.index + match[0].length
    const to = text.indexOf('endstream', from)
    if (to < 0) return
    yield bytes.subarray(from, to)
    start.lastIndex = to + 'endstream'.length
  }
}

/**
 * Checks a PDF's bytes for active content and polyglot tricks. The caller has already sniffed it as a
 * PDF (`%PDF-` at offset 0).
 */
export function checkPdfSafety(data: Uint8Array): PdfVerdict {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  // latin1 keeps one character per byte, so offsets in the text are offsets in the bytes.
  const text = bytes.toString('latin1')

  const eof = text.lastIndexOf('%%EOF')
  if (eof < 0) return { safe: false, reason: 'the file does not end like a PDF' }
  // Anything but whitespace after the last %%EOF is a second file glued on (a ZIP, a page…).
  if (/[^\s\0]/.test(text.slice(eof + 5))) return { safe: false, reason: 'data after the end of the PDF' }
  if (MARKUP.test(text)) return { safe: false, reason: 'HTML markup' }

  const direct = findActiveName(text)
  if (direct) return { safe: false, reason: direct }

  let inflatedTotal = 0
  for (const stream of streamsOf(text, bytes)) {
    let inflated: Buffer
    try {
      inflated = inflateSync(stream, { maxOutputLength: MAX_INFLATED_BYTES - inflatedTotal + 1 })
    } catch (error) {
      // Over the budget: refuse rather than let a bomb or a huge stream go unexamined.
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        return { safe: false, reason: 'compressed content too large to check' }
      }
      // Not Flate data (an image, or another filter): nothing a reader would parse as objects.
      continue
    }
    inflatedTotal += inflated.length
    if (inflatedTotal > MAX_INFLATED_BYTES)
      return { safe: false, reason: 'compressed content too large to check' }
    const inner = inflated.toString('latin1')
    if (MARKUP.test(inner)) return { safe: false, reason: 'HTML markup' }
    const hidden = findActiveName(inner)
    if (hidden) return { safe: false, reason: hidden }
  }
  return { safe: true }
}
