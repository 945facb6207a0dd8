/**
 * Tells a file's type from its content (magic bytes), never from its name or declared type
 * (docs/product-rules.md#uploads). Only the formats uploads accept are recognised; everything else is `null`.
 */
export type SniffedType = 'jpeg' | 'png' | 'pdf'

/** MIME type and file extension of each recognised format. */
export const FILE_TYPES: Record<SniffedType, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  pdf: { mime: 'application/pdf', ext: 'pdf' },
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function startsWith(data: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (data.length < offset + bytes.length) return false
  return bytes.every((byte, i) => data[offset + i] === byte)
}

/**
 * The format of `data`, or null. A PDF must start with `%PDF-` (no leading junk: polyglots that hide
 * a PDF after an HTML or image prefix are refused). Markup (SVG, HTML) is never an accepted type.
 */
export function sniffFileType(data: Uint8Array): SniffedType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(data, PNG_SIGNATURE)) return 'png'
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'
  return null
}
