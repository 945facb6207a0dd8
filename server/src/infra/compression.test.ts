import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import {
  COMPRESS_MIN_BYTES,
  COMPRESSED_BODY_MAX_BYTES,
  type Compress,
  keepingCompressed,
  negotiateEncoding,
} from './compression.ts'
import { OPENAPI_PATH } from './openapi.ts'

// A JavaScript file of a realistic size, as the web build writes it: the file plus its .br and .gz.
const ASSET = '/assets/index-Test1234.js'
const ASSET_SOURCE = Buffer.from(
  Array.from(
    { length: 400 },
    (_, i) => `export function f${i}(a){return a*${i}+"${'x'.repeat(i % 17)}"}\n`,
  ).join(''),
)
const PNG = '/assets/logo-Test1234.png'
const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

describe('response compression', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp()
    const assets = join(t.config.webDistDir, 'assets')
    await mkdir(assets, { recursive: true })
    const file = join(t.config.webDistDir, ASSET)
    await writeFile(file, ASSET_SOURCE)
    await writeFile(`${file}.br`, brotliCompressSync(ASSET_SOURCE))
    await writeFile(`${file}.gz`, gzipSync(ASSET_SOURCE))
    await writeFile(join(t.config.webDistDir, PNG), PNG_BYTES)
  })
  afterAll(async () => {
    await t?.close()
  })

  describe('built web assets', () => {
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: ASSET,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      })

    function expectAssetHeaders(headers: Record<string, unknown>) {
      expect(headers['content-type']).toMatch(/^(?:text|application)\/javascript/)
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(String(headers.vary).toLowerCase()).toContain('accept-encoding')
    }

    it('sends the brotli file to a client that accepts brotli', async () => {
      const res = await get('gzip, deflate, br, zstd')
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe('br')
      expectAssetHeaders(res.headers)
      expect(brotliDecompressSync(res.rawPayload).equals(ASSET_SOURCE)).toBe(true)
      expect(res.rawPayload.length).toBeLessThan(ASSET_SOURCE.length / 2)
    })

    it('sends the gzip file to a client that accepts only gzip', async () => {
      const res = await get('gzip')
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe('gzip')
      expectAssetHeaders(res.headers)
      expect(gunzipSync(res.rawPayload).equals(ASSET_SOURCE)).toBe(true)
    })

    it('sends the plain file to a client that accepts neither, or sends no Accept-Encoding', async () => {
      for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
        const res = await get(accept)
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-encoding']).toBeUndefined()
        expectAssetHeaders(res.headers)
        expect(res.rawPayload.equals(ASSET_SOURCE)).toBe(true)
      }
    })

    it('sends an image as it is, whatever the client accepts', async () => {
      const res = await t.app.inject({ method: 'GET', url: PNG, headers: { 'accept-encoding': 'br, gzip' } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.rawPayload.equals(PNG_BYTES)).toBe(true)
    })
  })

  describe('API responses', () => {
    it('compresses a large JSON response with gzip, or brotli for a client that only takes brotli', async () => {
      const plain = await t.app.inject({ method: 'GET', url: OPENAPI_PATH })
      expect(plain.statusCode).toBe(200)
      expect(plain.rawPayload.length).toBeGreaterThan(10 * COMPRESS_MIN_BYTES)

      const gz = await t.app.inject({
        method: 'GET',
        url: OPENAPI_PATH,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      })
      expect(gz.statusCode).toBe(200)
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(gz.headers['content-type']).toMatch(/^application\/json/)
      expect(gz.headers.vary).toMatch(/accept-encoding/i)
      expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length)
      expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4)
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json())

      const br = await t.app.inject({
        method: 'GET',
        url: OPENAPI_PATH,
        headers: { 'accept-encoding': 'br' },
      })
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers.vary).toMatch(/accept-encoding/i)
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json())
    })

    it('sends a large JSON response as it is to a client that does not ask', async () => {
      const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH })
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.headers.vary).toBeUndefined()
      expect(() => res.json()).not.toThrow()
    })

    it('leaves a response under the threshold uncompressed', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'accept-encoding': 'br, gzip' },
      })
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.json()).toEqual({ status: 'ok' })
    })
  })
})

describe('negotiateEncoding', () => {
  it('prefers gzip, falls back to brotli, honours q=0 and *', () => {
    expect(negotiateEncoding(undefined)).toBeNull()
    expect(negotiateEncoding('')).toBeNull()
    expect(negotiateEncoding('identity')).toBeNull()
    expect(negotiateEncoding('gzip, deflate, br')).toBe('gzip')
    expect(negotiateEncoding('GZIP')).toBe('gzip')
    expect(negotiateEncoding('br')).toBe('br')
    expect(negotiateEncoding('gzip;q=0, br;q=0.5')).toBe('br')
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull()
    expect(negotiateEncoding('*')).toBe('gzip')
    expect(negotiateEncoding('*, gzip;q=0')).toBe('br')
    expect(negotiateEncoding('deflate')).toBeNull()
  })
})

describe('keepingCompressed', () => {
  /** A compressor that counts its calls, failing on bodies that say so. */
  function counting() {
    const calls: string[] = []
    const compress: Compress = (coding, body, done) => {
      calls.push(`${coding}:${body.toString()}`)
      if (body.toString() === 'fail') return done(new Error('broken'), body)
      done(null, gzipSync(body))
    }
    return { calls, compress }
  }
  const run = (compress: Compress, coding: 'gzip' | 'br', text: string) =>
    new Promise<Buffer>((resolve, reject) =>
      compress(coding, Buffer.from(text), (error, out) => (error ? reject(error) : resolve(out))),
    )

  it('compresses a body once per coding and sends the same bytes again', async () => {
    const { calls, compress } = counting()
    const kept = keepingCompressed(compress)
    const first = await run(kept, 'gzip', '{"page":1}')
    const again = await run(kept, 'gzip', '{"page":1}')
    expect(again.equals(first)).toBe(true)
    expect(gunzipSync(again).toString()).toBe('{"page":1}')
    await run(kept, 'br', '{"page":1}')
    await run(kept, 'gzip', '{"page":2}')
    expect(calls).toEqual(['gzip:{"page":1}', 'br:{"page":1}', 'gzip:{"page":2}'])
  })

  it('keeps the most recently used bodies only, and never a failure', async () => {
    const { calls, compress } = counting()
    const kept = keepingCompressed(compress, 2)
    await run(kept, 'gzip', 'a')
    await run(kept, 'gzip', 'b')
    await run(kept, 'gzip', 'a')
    await run(kept, 'gzip', 'c')
    // 'b' was the least recently used: it went; 'a' stayed.
    await run(kept, 'gzip', 'a')
    await run(kept, 'gzip', 'b')
    expect(calls).toEqual(['gzip:a', 'gzip:b', 'gzip:c', 'gzip:b'])
    await expect(run(kept, 'gzip', 'fail')).rejects.toThrow('broken')
    await expect(run(kept, 'gzip', 'fail')).rejects.toThrow('broken')
    expect(calls.filter((call) => call === 'gzip:fail')).toHaveLength(2)
  })

  it('compresses a body over the size it keeps every time', async () => {
    const { calls, compress } = counting()
    const kept = keepingCompressed(compress)
    const large = 'x'.repeat(COMPRESSED_BODY_MAX_BYTES + 1)
    await run(kept, 'gzip', large)
    await run(kept, 'gzip', large)
    expect(calls).toHaveLength(2)
  })
})
