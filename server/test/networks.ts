import type { HTTPMethods, LightMyRequestResponse } from 'fastify'
import type { App } from '../src/app.ts'
import { authHeader } from './factories.ts'

/*
 * Client addresses for tests of per-address and per-network budgets (failed sign-ins, code guesses):
 * each test takes a /24 of its own, so one test's failures never spend another's budget.
 */

/** Hands out the /24 networks `10.<block>.1.*`, `10.<block>.2.*`…; each is a function giving its next host. */
export function networksOf(block: number): () => () => string {
  let subnet = 0
  return () => {
    subnet += 1
    const mine = subnet
    let host = 0
    return () => {
      host = (host % 250) + 1
      return `10.${block}.${mine}.${host}`
    }
  }
}

/** A request to the app from the address `ip()` gives, with a bearer token unless null. */
export function requestFrom(
  app: () => App,
  ip: () => string,
): (
  method: HTTPMethods,
  url: string,
  token: string | null,
  payload?: object,
) => Promise<LightMyRequestResponse> {
  return (method, url, token, payload) =>
    app().inject({
      method,
      url,
      remoteAddress: ip(),
      headers: token ? authHeader(token) : {},
      ...(payload ? { payload } : {}),
    })
}
