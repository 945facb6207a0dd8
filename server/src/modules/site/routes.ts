import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { buildBlogFeed, buildCommandsFeed, buildRobots, buildSitemap, type SiteDeps } from './service.ts'

// Crawlers and feed readers poll; five minutes of caching keeps them off the database.
const CACHE = 'public, max-age=300'

/** The sitemap, robots.txt and the RSS feeds of commands and blog articles (not part of the JSON API). */
export const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: SiteDeps = { db: app.db, origin: app.config.publicOrigin }

  app.get('/sitemap.xml', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(await buildSitemap(deps)),
  )

  app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(buildRobots(deps.origin)),
  )

  app.get('/feed.xml', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(await buildCommandsFeed(deps)),
  )

  app.get('/blog/feed.xml', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(await buildBlogFeed(deps)),
  )
}
