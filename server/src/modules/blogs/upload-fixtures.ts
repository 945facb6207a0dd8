/*
 * Test fixtures for the image upload routes of blogs and ads: a real PNG and a multipart body as a
 * browser's FormData sends it. Used by the module tests only.
 */
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'

/** A multipart body with one file part, as a browser's FormData would send it. */
export function multipartBody(
  field: string,
  filename: string,
  contentType: string,
  data: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bashboard${randomUUID().replaceAll('-', '')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A small real PNG. */
export function pngBytes(width = 64, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 200, b: 120 } } })
    .png()
    .toBuffer()
}
