import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** Placeholder registered by the lead; the owner of this module replaces it. */
export const siteRoutes: FastifyPluginAsyncTypebox = async () => {}
