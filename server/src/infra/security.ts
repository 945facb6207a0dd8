import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config.ts'

/** The WebSocket origin matching an HTTP origin (`https://x` → `wss://x`). */
export function socketOrigin(httpOrigin: string): string {
  return httpOrigin.replace(/^http/, 'ws')
}

/**
 * Security headers on every response: a Content-Security-Policy without inline scripts or styles
 * (the web build emits only files), nosniff, no framing, a strict referrer policy, and HSTS only
 * when the site is served over HTTPS.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { config } = opts
    const https = config.publicOrigin.startsWith('https://')
    const headers = staticHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'"],
          // blob: only for images: the avatar editor previews the picked file from an object URL the
          // page made itself (a blob: URL carries the page's own origin, and no other directive gets it).
          imgSrc: ["'self'", 'blob:', 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // 'self' covers same-origin WebSockets in current browsers; the explicit origins cover older ones.
          connectSrc: ["'self'", ...config.allowedOrigins.map(socketOrigin)],
          objectSrc: ["'none'"],
          // The moderation console shows an applicant's PDF from a blob: URL it fetched with its token.
          frameSrc: ["'self'", 'blob:'],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Over plain HTTP (the embedded default on localhost) HSTS would only confuse browsers.
      strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    })
    // Every response, the 404s and the socket upgrade's included.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers)
      done()
    })
  },
  { name: 'bashboard-security' },
)

/**
 * The headers helmet sets for `options`, computed once. They depend on nothing in the request (no
 * nonces), and @fastify/helmet rebuilt helmet's middleware, parsing the whole policy, on every request
 * (4 % of a post page's CPU in a profile).
 */
export function staticHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  } as unknown as ServerResponse
  let failure: unknown
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error
  })
  if (failure) throw failure
  return headers
}
