import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import fp from 'fastify-plugin'

/**
 * A module's routes as a named plugin that declares the plugins it needs. Fastify refuses to boot
 * when one of them has not been registered before it, so a module can never start with a reaction or
 * a batch it relies on missing. The routes stay encapsulated like any other module's.
 */
export function modulePlugin(
  name: string,
  dependencies: readonly string[],
  routes: FastifyPluginAsyncTypebox,
): FastifyPluginAsyncTypebox {
  return fp(routes, { name: `bashboard-${name}`, dependencies: [...dependencies], encapsulate: true })
}
