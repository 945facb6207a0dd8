import { createHash } from 'node:crypto'
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { BoundedMap } from '../lib/bounded-map.ts'

/** Bodies smaller than this go out as they are: the headers and the CPU would cost more than they save. */
export const COMPRESS_MIN_BYTES = 1024

/**
 * The bodies are compressed per request, so cost matters more than the last few percent. On the home
 * page's JSON (16 kB) gzip level 6 and brotli quality 4 both give about 4.4 kB, but a server answering
 * only that endpoint managed about 1.5 times as many requests a second with gzip; brotli's default
 * quality (11) saves another 0.8 kB for a hundred times the CPU. So gzip whenever the client accepts it,
 * brotli at quality 4 for a client that accepts only brotli.
 */
const BROTLI_QUALITY = 4
const GZIP_LEVEL = 6

/** Text types worth compressing (JSON, HTML, XML feeds and sitemaps, SVG); images and archives are not. */
const COMPRESSIBLE_TYPE =
  /^(?:text\/|application\/(?:json|xml|javascript)\b|application\/[\w.-]+\+(?:json|xml)\b|image\/svg\+xml\b)/i

export type ContentCoding = 'br' | 'gzip'

/**
 * The coding to answer an `Accept-Encoding` header with: gzip when accepted, else brotli, else none.
 * A coding listed with `q=0` is refused; `*` accepts whatever is not listed.
 */
export function negotiateEncoding(header: string | undefined): ContentCoding | null {
  if (!header) return null
  const accepted = new Map<string, boolean>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name.trim(), q === undefined || Number(q.slice(2)) > 0)
  }
  const allows = (coding: ContentCoding) => accepted.get(coding) ?? accepted.get('*') ?? false
  if (allows('gzip')) return 'gzip'
  if (allows('br')) return 'br'
  return null
}

/** Compresses a body with a coding, asynchronously. */
export type Compress = (
  coding: ContentCoding,
  body: Buffer,
  done: (error: Error | null, out: Buffer) => void,
) => void

/** Compressed bodies kept (see {@link keepingCompressed}): a few MB, the popular pages of each coding. */
export const COMPRESSED_BODIES_KEPT = 256
/** Bodies larger than this are compressed every time: rare, and each would take a large share of the keep. */
export const COMPRESSED_BODY_MAX_BYTES = 256 * 1024

/**
 * `compress` keeping its results by coding and content (SHA-256 of the body), the most recently used
 * {@link COMPRESSED_BODIES_KEPT}: a page every guest gets alike (home, browse, a search, a post's page)
 * is compressed once per change, not per request. Hashing a body costs about a tenth of gzip's work on
 * it (a 12 kB body: 10 µs against 105 µs), so bodies seen once cost little more.
 */
export function keepingCompressed(compress: Compress, kept = COMPRESSED_BODIES_KEPT): Compress {
  // Past `kept` bodies, the least recently used goes first.
  const bodies = new BoundedMap<Buffer>({ maxEntries: kept })
  return (coding, body, done) => {
    if (body.length > COMPRESSED_BODY_MAX_BYTES) return compress(coding, body, done)
    const key = `${coding}:${createHash('sha256').update(body).digest('base64')}`
    const found = bodies.get(key)
    if (found) return done(null, found)
    compress(coding, body, (error, out) => {
      if (!error) bodies.set(key, out)
      done(error, out)
    })
  }
}

/** gzip or brotli at the levels above, on the thread pool. */
const compress: Compress = (coding, body, done) => {
  if (coding === 'br') {
    brotliCompress(
      body,
      {
        params: {
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      },
      done,
    )
  } else gzip(body, { level: GZIP_LEVEL }, done)
}

function appendVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary')
  if (current === undefined) {
    reply.header('vary', 'Accept-Encoding')
    return
  }
  const value = Array.isArray(current) ? current.join(', ') : String(current)
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(value)) {
    reply.header('vary', `${value}, Accept-Encoding`)
  }
}

/** Whether this response may be compressed at all, before looking at its body. */
function eligible(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method === 'HEAD') return false
  const status = reply.statusCode
  if (status < 200 || status === 204 || status === 206 || status === 304) return false
  if (reply.hasHeader('content-encoding')) return false
  const type = reply.getHeader('content-type')
  if (typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return false
  const cacheControl = reply.getHeader('cache-control')
  return !(typeof cacheControl === 'string' && cacheControl.includes('no-transform'))
}

/**
 * Compresses JSON and HTML bodies of at least {@link COMPRESS_MIN_BYTES} with gzip or brotli when the
 * request's `Accept-Encoding` allows it. A request without that header (the API benchmark's clients,
 * most scripts) costs one header lookup. A body compressed recently is sent from the keep
 * ({@link keepingCompressed}). Streams are left alone: the web app's files are compressed at
 * build time and served by `@fastify/static` (`preCompressed`), uploads are images. The live socket's
 * upgrade never reaches onSend.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    const compressKept = keepingCompressed(compress)
    app.addHook('onSend', (request, reply, payload, done) => {
      const header = request.headers['accept-encoding']
      if (header === undefined) return done(null, payload)
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload)
      // A string's length never exceeds its UTF-8 byte length, so most small bodies stop here cheaply.
      if (payload.length < COMPRESS_MIN_BYTES && Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) {
        return done(null, payload)
      }
      if (!eligible(request, reply)) return done(null, payload)
      appendVary(reply)
      const coding = negotiateEncoding(header)
      if (coding === null) return done(null, payload)
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload
      compressKept(coding, body, (error, out) => {
        if (error) {
          request.log.warn({ err: error }, 'response compression failed; sending it uncompressed')
          return done(null, payload)
        }
        reply.header('content-encoding', coding)
        reply.removeHeader('content-length')
        done(null, out)
      })
    })
  },
  { name: 'bashboard-compression' },
)
