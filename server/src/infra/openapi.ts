import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'

/** Placeholder registered by the lead; the owner replaces it with @fastify/swagger. */
export const openApiPlugin = fp(async (_app: FastifyInstance, _opts: { config: Config }) => {}, {
  name: 'bashboard-openapi',
})
