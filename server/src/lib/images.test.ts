import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { exifImage, hugePngHeader } from '../../test/uploads.ts'
import { InvalidError, UnsupportedMediaTypeError } from './errors.ts'
import { IMAGE_TOO_LARGE_MESSAGE, reencodeImage, UNSUPPORTED_IMAGE_MESSAGE } from './images.ts'

/** EXIF data that re-encoding must drop. */
const SECRET_EXIF = { IFD0: { Copyright: 'secret-owner', Artist: 'gps-leak' } }

/** A photo-like test image carrying {@link SECRET_EXIF}. */
function sample(format: 'jpeg' | 'png', width: number, height: number): Promise<Buffer> {
  return exifImage(format, width, height, SECRET_EXIF)
}

describe('reencodeImage', () => {
  it('re-encodes a JPEG as a JPEG without its EXIF data, within maxSide', async () => {
    const input = await sample('jpeg', 1200, 800)
    expect((await sharp(input).metadata()).exif).toBeDefined()

    const out = await reencodeImage(input, { maxSide: 600 })

    expect(out.ext).toBe('jpg')
    expect([out.width, out.height]).toEqual([600, 400])
    const meta = await sharp(out.data).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    expect(out.data.includes('secret-owner')).toBe(false)
  })

  it('re-encodes a PNG as a PNG and crops it to a centred square when asked', async () => {
    const input = await sample('png', 900, 300)

    const out = await reencodeImage(input, { maxSide: 512, square: true })

    expect(out.ext).toBe('png')
    // The square never enlarges: the shorter side (300) is below maxSide.
    expect([out.width, out.height]).toEqual([300, 300])
    const meta = await sharp(out.data).metadata()
    expect(meta.format).toBe('png')
    expect(meta.exif).toBeUndefined()
    expect(out.data.includes('gps-leak')).toBe(false)
  })

  it('shrinks a large square crop to maxSide', async () => {
    const out = await reencodeImage(await sample('jpeg', 2000, 1500), { maxSide: 512, square: true })
    expect([out.width, out.height]).toEqual([512, 512])
  })

  it.each([
    ['an SVG renamed .png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an HTML page renamed .png', '<!doctype html><html><script>alert(1)</script></html>'],
    ['a PDF', '%PDF-1.7\n1 0 obj\n'],
  ])('refuses %s with 415', async (_name, text) => {
    const error = await reencodeImage(Buffer.from(text), { maxSide: 512 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnsupportedMediaTypeError)
    expect((error as Error).message).toBe(UNSUPPORTED_IMAGE_MESSAGE)
  })

  it('refuses a PNG signature followed by garbage with 415', async () => {
    const bytes = Buffer.concat([hugePngHeader(10, 10).subarray(0, 8), Buffer.from('not a png at all')])
    await expect(reencodeImage(bytes, { maxSide: 512 })).rejects.toBeInstanceOf(UnsupportedMediaTypeError)
  })

  it('refuses a header claiming 50000×50000 pixels with 422, before decoding', async () => {
    const started = performance.now()
    const error = await reencodeImage(hugePngHeader(50_000, 50_000), { maxSide: 512 }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InvalidError)
    expect((error as Error).message).toBe(IMAGE_TOO_LARGE_MESSAGE)
    // Decoding 2.5 gigapixels would take seconds and gigabytes; reading the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
