import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox'
import { ErrorResponse } from '../../contract/common.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { buildBlogFeed, buildCommandsFeed, buildRobots, type SiteDeps } from './service.ts'
import { buildSitemap, buildSitemapFile, SITEMAP_SECTIONS } from './sitemap.ts'

/** `/sitemap/<section>/<n>.xml`: a section the index names and a file number from 1. */
const SitemapFileParams = Type.Object({
  section: Type.Union(SITEMAP_SECTIONS.map((name) => Type.Literal(name))),
  file: Type.String({ pattern: '^[1-9][0-9]{0,5}\\.xml$' }),
})

export const SITEMAP_FILE_NOT_FOUND = 'This sitemap has no such file'

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

  app.get(
    '/sitemap/:section/:file',
    {
      config: { access: 'public' },
      schema: { params: SitemapFileParams, response: { 200: Type.String(), 404: ErrorResponse } },
    },
    async (request, reply) => {
      const body = await buildSitemapFile(
        deps,
        request.params.section,
        Number.parseInt(request.params.file, 10),
      )
      if (body === null) throw new NotFoundError(SITEMAP_FILE_NOT_FOUND)
      return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(body)
    },
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
