/**
 * Re-encodes uploaded images (avatars, blog and ad images) so that what we serve is pixels we
 * produced ourselves: the format is checked by content, the dimensions are checked from the header
 * before any decoding (a tiny file can claim billions of pixels), and the output carries no metadata
 * (EXIF GPS positions, camera serials, embedded previews).
 */
import sharp, { type Metadata } from 'sharp'
import { AVATAR_CROP_INVALID, IMAGE_MESSAGES } from '../contract/limits.ts'
import { InvalidError, UnsupportedMediaTypeError } from './errors.ts'
import { sniffFileType } from './file-type.ts'

/** Largest image accepted, in pixels (width × height), read from the header before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000

/** The message of the 415 answered for anything that is not a JPEG or PNG by content. */
export const UNSUPPORTED_IMAGE_MESSAGE = IMAGE_MESSAGES.invalidType

/** The message of the 422 answered when the header claims more than `MAX_IMAGE_PIXELS`. */
export const IMAGE_TOO_LARGE_MESSAGE = 'Image dimensions are too large'

/** A square of the upright image (EXIF orientation applied), in its pixels: left and top edges, side. */
export interface SquareCrop {
  x: number
  y: number
  size: number
}

/**
 * How to re-encode: the longest side after resizing, and whether to crop to a square: the given `crop`
 * (which must lie inside the image), else the centred one.
 */
export interface ReencodeOptions {
  maxSide: number
  square?: boolean
  crop?: SquareCrop | undefined
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
  // The member framed the crop on the image as a browser shows it, upright; orientations 5–8 swap sides.
  const upright = meta.autoOrient ?? { width, height }
  const crop = opts.square ? opts.crop : undefined
  if (crop && !cropFits(crop, upright)) throw new InvalidError(AVATAR_CROP_INVALID, 'crop')

  const side = Math.max(1, Math.floor(opts.maxSide))
  // rotate() applies the EXIF orientation before the metadata is dropped (sharp strips it by default).
  let pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate()
  if (crop) {
    // Called before resize(), extract() cuts the source, and sharp runs the rotate() above first, so
    // the rectangle is read in upright pixels.
    pipeline = pipeline.extract({ left: crop.x, top: crop.y, width: crop.size, height: crop.size })
  }
  // A square crop never enlarges: its side is the shorter image side when that is below maxSide.
  const squareSide = Math.min(side, crop ? crop.size : Math.min(width, height))
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

/** Whether `crop` is a square of whole pixels inside an image of `size`. */
function cropFits(crop: SquareCrop, size: { width: number; height: number }): boolean {
  const whole = [crop.x, crop.y, crop.size].every(Number.isSafeInteger)
  return (
    whole &&
    crop.x >= 0 &&
    crop.y >= 0 &&
    crop.size >= 1 &&
    crop.x + crop.size <= size.width &&
    crop.y + crop.size <= size.height
  )
}
