/*
 * Upload fixtures shared by the server tests: multipart bodies as a browser's FormData sends them,
 * and real or deliberately hostile images (EXIF-carrying photos, a decompression-bomb header).
 */
import { randomUUID } from 'node:crypto'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'

/** One file part of a multipart body. */
export interface FilePart {
  name: string
  filename: string
  contentType: string
  data: Uint8Array
}

/** A multipart/form-data body with text fields then files, and the headers to send it with. */
export function multipartForm(
  fields: Record<string, string>,
  files: FilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bashboard${randomUUID().replaceAll('-', '')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A multipart body with one file part and nothing else. */
export function multipartBody(
  field: string,
  filename: string,
  contentType: string,
  data: Uint8Array,
): { payload: Buffer; headers: Record<string, string> } {
  return multipartForm({}, [{ name: field, filename, contentType, data }])
}

/** A small real PNG. */
export function pngBytes(width = 64, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 200, b: 120 } } })
    .png()
    .toBuffer()
}

/** A photo-like JPEG or PNG carrying the given EXIF data, which re-encoding must drop. */
export function exifImage(
  format: 'jpeg' | 'png',
  width: number,
  height: number,
  exif: Record<string, Record<string, string>>,
): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  }).withExif(exif)
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer()
}

/** A PNG chunk with its length and CRC, so decoders parse the header as genuine. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A few bytes whose header claims `width × height` pixels (a decompression bomb's calling card). */
export function hugePngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
