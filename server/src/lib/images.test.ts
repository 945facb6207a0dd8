import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { exifImage, hugePngHeader } from '../../test/uploads.ts'
import { AVATAR_CROP_INVALID } from '../contract/limits.ts'
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

  describe('with a crop', () => {
    /** A `width`×`height` image, red on its left half and blue on its right, optionally EXIF-rotated. */
    async function halves(width: number, height: number, orientation?: number): Promise<Buffer> {
      const red = await sharp({
        create: { width: width / 2, height, channels: 3, background: { r: 255, g: 0, b: 0 } },
      })
        .png()
        .toBuffer()
      const image = sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 255 } } })
        .composite([{ input: red, left: 0, top: 0 }])
        .withMetadata(orientation ? { orientation } : {})
      return (orientation ? image.jpeg({ quality: 95 }) : image.png()).toBuffer()
    }

    /** The colour of the middle pixel of an encoded image. */
    async function middle(data: Buffer): Promise<[number, number, number]> {
      const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true })
      const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels
      return [raw[at] ?? -1, raw[at + 1] ?? -1, raw[at + 2] ?? -1]
    }

    it('keeps the framed square, not the centred one', async () => {
      const input = await halves(400, 200)
      // The centred square straddles the halves; the left and right squares are one colour each.
      const left = await reencodeImage(input, { maxSide: 512, square: true, crop: { x: 0, y: 0, size: 200 } })
      const right = await reencodeImage(input, {
        maxSide: 512,
        square: true,
        crop: { x: 200, y: 0, size: 200 },
      })
      expect([left.width, left.height]).toEqual([200, 200])
      expect(await middle(left.data)).toEqual([255, 0, 0])
      expect(await middle(right.data)).toEqual([0, 0, 255])
    })

    it('shrinks a framed square larger than maxSide, and never enlarges a small one', async () => {
      const input = await halves(1600, 800)
      const big = await reencodeImage(input, { maxSide: 512, square: true, crop: { x: 0, y: 0, size: 800 } })
      expect([big.width, big.height]).toEqual([512, 512])
      const small = await reencodeImage(input, {
        maxSide: 512,
        square: true,
        crop: { x: 10, y: 10, size: 50 },
      })
      expect([small.width, small.height]).toEqual([50, 50])
      expect(await middle(small.data)).toEqual([255, 0, 0])
    })

    it('reads the square in upright pixels of an EXIF-rotated photo', async () => {
      // Stored 400×200 with orientation 6 (turn 90° clockwise): shown 200 wide and 400 tall, red on top.
      const input = await halves(400, 200, 6)
      const top = await reencodeImage(input, { maxSide: 512, square: true, crop: { x: 0, y: 0, size: 200 } })
      const bottom = await reencodeImage(input, {
        maxSide: 512,
        square: true,
        crop: { x: 0, y: 200, size: 200 },
      })
      const [r, , b] = await middle(top.data)
      expect(r).toBeGreaterThan(200)
      expect(b).toBeLessThan(50)
      const [r2, , b2] = await middle(bottom.data)
      expect(r2).toBeLessThan(50)
      expect(b2).toBeGreaterThan(200)
      // 200 + 200 fits the upright height but not the stored one: the upright size is what counts.
      expect(bottom.width).toBe(200)
    })

    it.each([
      ['past the right edge', { x: 201, y: 0, size: 200 }],
      ['past the bottom edge', { x: 0, y: 1, size: 200 }],
      ['of side 0', { x: 0, y: 0, size: 0 }],
      ['at a negative place', { x: -1, y: 0, size: 10 }],
      ['of fractional pixels', { x: 0.5, y: 0, size: 10 }],
    ])('refuses a square %s with 422', async (_name, crop) => {
      const error = await reencodeImage(await halves(400, 200), { maxSide: 512, square: true, crop }).catch(
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(InvalidError)
      expect((error as Error).message).toBe(AVATAR_CROP_INVALID)
    })
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
