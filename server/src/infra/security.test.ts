import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { testConfig } from '../../test/build-test-app.ts'
import { securityPlugin } from './security.ts'

/** The Content-Security-Policy a page of the site gets, as directive → sources. */
async function policyFor(publicOrigin: string): Promise<Record<string, string[]>> {
  const app = Fastify()
  const config = testConfig({
    dataDir: '/nonexistent',
    webDistDir: '/nonexistent',
    publicOrigin,
    allowedOrigins: [publicOrigin],
  })
  await app.register(securityPlugin, { config })
  app.get('/page', async () => 'ok')
  try {
    const res = await app.inject({ url: '/page' })
    const header = String(res.headers['content-security-policy'])
    return Object.fromEntries(
      header
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name = '', ...sources]) => [name, sources]),
    )
  } finally {
    await app.close()
  }
}

describe('the Content-Security-Policy', () => {
  it('is exactly these directives: blob: only for images, and no inline script or style anywhere', async () => {
    expect(await policyFor('http://localhost:3000')).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'"],
      // The avatar editor previews the picked file from an object URL of the page's own.
      'img-src': ["'self'", 'blob:', 'data:', 'https:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'ws://localhost:3000'],
      'object-src': ["'none'"],
      // The moderation console shows an applicant's PDF from a blob: URL.
      'frame-src': ["'self'", 'blob:'],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    })
  })

  it('adds upgrade-insecure-requests over HTTPS and changes nothing else', async () => {
    const secure = await policyFor('https://bashboard.example')
    expect(secure['upgrade-insecure-requests']).toEqual([])
    expect(secure['img-src']).toEqual(["'self'", 'blob:', 'data:', 'https:'])
    expect(secure['connect-src']).toEqual(["'self'", 'wss://bashboard.example'])
    const everyDirective = Object.entries(secure).flatMap(([name, sources]) =>
      sources.map((s) => `${name} ${s}`),
    )
    expect(everyDirective.filter((entry) => /unsafe-|\*|blob:/.test(entry))).toEqual([
      'img-src blob:',
      'frame-src blob:',
    ])
  })
})
