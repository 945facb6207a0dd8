import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CONTENT_IMAGE_MAX_BYTES, ErrorResponse, UploadedImageResponse } from '../../contract/common.ts'
import { IMAGE_MESSAGES } from '../../contract/limits.ts'
import {
  BadRequestError,
  InvalidError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../lib/errors.ts'
import { reencodeImage } from '../../lib/images.ts'
import { isStoredName, type PublicFolder } from '../../lib/storage.ts'

/*
 * Images of blog articles and ads, shared by both modules (so neither reaches into the other). The database stores either a name this server generated (a file
 * under /uploads/<folder>), a bundled path (`/house-ads/…` for ads, `/blog-covers/…` for blogs), or a
 * full https URL kept as is
 * (docs/product-rules.md#uploads). Anything else is refused on write, so a stored value can never point a
 * page at `javascript:` or outside the upload folders.
 */

/** Longest side of a stored content image: enough for a 728×90 banner at 2× and a blog hero. */
export const CONTENT_IMAGE_MAX_SIDE = 1600

/**
 * Images bundled with the web app (web/public): house ads for ads, the seeded articles' covers for
 * blogs. Only these exact shapes pass, so a stored path can never leave those folders.
 */
const BUNDLED_PATHS: Record<PublicFolder, RegExp | null> = {
  ads: /^\/house-ads\/[a-z0-9-]+\.(png|jpg)$/,
  blogs: /^\/blog-covers\/[a-z0-9-]+\.(png|jpg)$/,
  avatars: null,
}

/** The URL an `<img>` loads for a stored image value, or null when there is none. */
export function contentImageUrl(folder: PublicFolder, value: string | null): string | null {
  if (!value) return null
  if (/^https?:\/\//i.test(value) || value.startsWith('/')) return value
  return `/uploads/${folder}/${encodeURIComponent(value)}`
}

/**
 * The value to store for an image given in a create/update body, or undefined when it is not
 * acceptable: an upload name (also accepted as its `/uploads/<folder>/<name>` URL, so a client may
 * send back what it was given), a full https URL, or (with `bundled`) an image shipped with the web app.
 */
export function normaliseImageRef(
  folder: PublicFolder,
  raw: string,
  opts: { bundled?: boolean } = {},
): string | undefined {
  const value = raw.trim()
  const prefix = `/uploads/${folder}/`
  const name = value.startsWith(prefix) ? value.slice(prefix.length) : value
  if (isStoredName(name) && !name.endsWith('.pdf')) return name
  if (opts.bundled && BUNDLED_PATHS[folder]?.test(value)) return value
  if (!/^https:\/\//i.test(value)) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname !== '' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** Whether a stored value is a file this server wrote (so deleting its last user may remove it). */
export function isUploadedImage(value: string | null): value is string {
  return value !== null && isStoredName(value)
}

/**
 * Reads the multipart field `image` of an upload request (JPEG or PNG by content, at most 5 MB),
 * re-encodes it (metadata stripped, at most 1600 px per side, 40 megapixels refused before decoding)
 * and saves it under a random name in the public folder.
 * @throws UnsupportedMediaTypeError (415) for a body that is not multipart or a file that is not an image.
 * @throws PayloadTooLargeError (413) for a file over 5 MB.
 * @throws BadRequestError (400) when the request has no `image` file.
 * @throws InvalidError (422) for an image over 40 megapixels.
 */
export async function saveUploadedImage(
  app: FastifyInstance,
  request: FastifyRequest,
  folder: PublicFolder,
): Promise<{ image: string; url: string }> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError('Send the image as multipart/form-data in the field "image"')
  }
  const file = await request.file({ limits: { fileSize: CONTENT_IMAGE_MAX_BYTES } })
  if (file?.fieldname !== 'image') throw new BadRequestError('Please choose an image to upload')
  let bytes: Buffer
  try {
    bytes = await file.toBuffer()
  } catch (error) {
    // busboy stops at the limit; the plugin reports it as FST_REQ_FILE_TOO_LARGE.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new PayloadTooLargeError(IMAGE_MESSAGES.tooLarge)
    }
    throw error
  }
  if (file.file.truncated) throw new PayloadTooLargeError(IMAGE_MESSAGES.tooLarge)
  if (bytes.length === 0) throw new InvalidError('The image file is empty', 'image')
  const encoded = await reencodeImage(bytes, { maxSide: CONTENT_IMAGE_MAX_SIDE })
  const image = await app.files.savePublic(folder, encoded.data, encoded.ext)
  return { image, url: contentImageUrl(folder, image) ?? '' }
}

/**
 * Options of a moderator-only image upload route (`POST /api/mod/<folder>/image`): the same
 * checks, answers and documentation for every content folder, only the summary differs.
 */
export function imageUploadRoute(app: FastifyInstance, folder: PublicFolder, summary: string) {
  return {
    config: { access: 'moderator' as const },
    schema: {
      summary,
      tags: ['moderation'],
      consumes: ['multipart/form-data'],
      response: {
        201: UploadedImageResponse,
        413: ErrorResponse,
        415: ErrorResponse,
        422: ErrorResponse,
        400: ErrorResponse,
        401: ErrorResponse,
        403: ErrorResponse,
        404: ErrorResponse,
      },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) =>
      reply.status(201).send(await saveUploadedImage(app, request, folder)),
  }
}
