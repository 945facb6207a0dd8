/**
 * Re-encodes uploaded images (avatars, blog and ad images) so that what we serve is pixels we
 * produced ourselves: the format is checked by content, the dimensions are checked from the header
 * before any decoding (a tiny file can claim billions of pixels), and the output carries no metadata
 * (EXIF GPS positions, camera serials, embedded previews).
 */
import sharp, { type Metadata } from 'sharp'
import { IMAGE_MESSAGES } from '../contract/limits.ts'
import { InvalidError, UnsupportedMediaTypeError } from './errors.ts'
import { sniffFileType } from './file-type.ts'

/** Largest image accepted, in pixels (width × height), read from the header before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000

/** The message of the 415 answered for anything that is not a JPEG or PNG by content. */
export const UNSUPPORTED_IMAGE_MESSAGE = IMAGE_MESSAGES.invalidType

/** The message of the 422 answered when the header claims more than `MAX_IMAGE_PIXELS`. */
export const IMAGE_TOO_LARGE_MESSAGE = 'Image dimensions are too large'

/** How to re-encode: the longest side after resizing, and whether to crop to a centred square. */
export interface ReencodeOptions {
  maxSide: number
  square?: boolean
}

/** A re-encoded image: JPEG stays JPEG, PNG stays PNG (keeps transparency). */
export interface ReencodedImage {
  data: Buffer
  ext: 'jpg' | 'png'
  width: number
  height: number
}

/**
 * Checks and re-encodes an uploaded image.
 * @throws UnsupportedMediaTypeError (415) when the bytes are not a JPEG or PNG, or cannot be decoded.
 * @throws InvalidError (422) when the header claims more than 40 megapixels.
 */
export async function reencodeImage(bytes: Uint8Array, opts: ReencodeOptions): Promise<ReencodedImage> {
  const type = sniffFileType(bytes)
  if (type !== 'jpeg' && type !== 'png') throw new UnsupportedMediaTypeError(UNSUPPORTED_IMAGE_MESSAGE)

  // The header is read without the pixel limit (metadata() does not decode pixels) so that an
  // oversized image gets its own clear 422; the decoding pipeline below keeps limitInputPixels as a
  // second guard.
  let meta: Metadata
  try {
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata()
  } catch {
    throw new UnsupportedMediaTypeError(UNSUPPORTED_IMAGE_MESSAGE)
  }
  // The magic bytes and the decoder must agree; a PNG signature on a JPEG body is refused.
  if (meta.format !== type) throw new UnsupportedMediaTypeError(UNSUPPORTED_IMAGE_MESSAGE)
  const width = meta.width ?? 0
  const height = meta.height ?? 0
  if (width <= 0 || height <= 0) throw new UnsupportedMediaTypeError(UNSUPPORTED_IMAGE_MESSAGE)
  if (width * height > MAX_IMAGE_PIXELS) throw new InvalidError(IMAGE_TOO_LARGE_MESSAGE)

  const side = Math.max(1, Math.floor(opts.maxSide))
  // rotate() applies the EXIF orientation before the metadata is dropped (sharp strips it by default).
  let pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate()
  // A square crop never enlarges: its side is the shorter image side when that is below maxSide.
  const squareSide = Math.min(side, width, height)
  pipeline = opts.square
    ? pipeline.resize(squareSide, squareSide, { fit: 'cover', position: 'centre' })
    : pipeline.resize(side, side, { fit: 'inside', withoutEnlargement: true })
  pipeline = type === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85 })

  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true })
    return { data, ext: type === 'png' ? 'png' : 'jpg', width: info.width, height: info.height }
  } catch {
    // A header that parses but a body that does not (truncated, corrupt) is not a usable image.
    throw new UnsupportedMediaTypeError(UNSUPPORTED_IMAGE_MESSAGE)
  }
}
