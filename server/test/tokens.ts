import { createHmac } from 'node:crypto'

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url')
}

/**
 * Signs an arbitrary JWT by hand, so tests can produce tokens the server must refuse: another
 * algorithm, `alg: none`, missing or wrong claims, an expiry in the past.
 */
export function forgeToken(
  payload: Record<string, unknown>,
  options: { secret: string; alg?: 'HS256' | 'HS384' | 'HS512' | 'none' },
): string {
  const alg = options.alg ?? 'HS256'
  const head = `${base64url(JSON.stringify({ alg, typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`
  if (alg === 'none') return `${head}.`
  const digest = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg]
  return `${head}.${createHmac(digest, options.secret).update(head).digest('base64url')}`
}
