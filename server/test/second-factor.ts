import { generate } from 'otplib'
import { expect } from 'vitest'
import type { App } from '../src/app.ts'
import type { RecoveryCodesResponse, TotpEnrolment } from '../src/contract/second-factor.ts'
import { authHeader } from './factories.ts'

/*
 * Authenticator codes for the tests of second factors. A time step, once accepted, is spent for its
 * member, and only the steps around now (one back, one ahead) are accepted.
 */

/** The authenticator's code `offsetSteps` steps of 30 s from now (-1, 0 or +1 are accepted). */
export function codeFor(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 })
}

/** A code of the right shape that is none of those accepted around now. */
export async function wrongCodeFor(secret: string): Promise<string> {
  const near = new Set(await Promise.all([-1, 0, 1].map((offset) => codeFor(secret, offset))))
  let candidate = 100_000
  while (near.has(String(candidate))) candidate += 1
  return String(candidate)
}

/**
 * Turns an authenticator on for the member of `session`, confirmed with the code of the step before
 * now (so the steps of now and the next stay usable): its secret and recovery codes.
 */
export async function enrolTotp(
  app: App,
  session: string,
  remoteAddress?: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const headers = authHeader(session)
  const started = await app.inject({
    method: 'POST',
    url: '/api/users/me/second-factor/totp',
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  })
  expect(started.statusCode, started.body).toBe(201)
  const { secret } = started.json<TotpEnrolment>()
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/users/me/second-factor/totp/confirm',
    headers,
    payload: { code: await codeFor(secret, -1) },
    ...(remoteAddress ? { remoteAddress } : {}),
  })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  return { secret, recoveryCodes: confirmed.json<RecoveryCodesResponse>().recoveryCodes }
}
