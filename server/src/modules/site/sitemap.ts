import {
  countPosts,
  countProfiles,
  countPublicCollections,
  findPostSlugs,
  findProfileUsernames,
  findPublicCollectionPaths,
  findPublishedBlogSlugs,
} from './repo.ts'
import { blogUrl, collectionUrl, escapeXml, postUrl, profileUrl, type SiteDeps } from './service.ts'

/** The sitemap protocol's limit of URLs in one file (sitemaps.org); past it crawlers drop the file. */
export const SITEMAP_MAX_URLS = 50_000

/** The parts the sitemap is split into once it no longer fits in one file, in the order they are listed. */
export const SITEMAP_SECTIONS = ['pages', 'posts', 'profiles', 'collections'] as const
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number]

/** What the sitemap needs: the site's deps and, for tests, a smaller number of URLs per file. */
export interface SitemapDeps extends SiteDeps {
  urlsPerFile?: number
}

interface SitemapUrl {
  loc: string
  lastmod?: Date
}

/** A section's size and one file's slice of its URLs, in a stable order. */
interface Section {
  count(): Promise<number>
  urls(offset: number, limit: number): Promise<SitemapUrl[]>
}

/** The site's own pages, listed first. */
const MAIN_PATHS = ['/', '/browse', '/leaderboard', '/blog']

function sections(deps: SiteDeps): Record<SitemapSection, Section> {
  const { db, origin } = deps
  // Articles are written by moderators, a few a week: the main pages and all of them are one list.
  const pages = async (): Promise<SitemapUrl[]> => [
    ...MAIN_PATHS.map((path) => ({ loc: `${origin}${path}` })),
    ...(await findPublishedBlogSlugs(db)).map((blog) => ({
      loc: blogUrl(origin, blog.slug),
      lastmod: blog.updated_at,
    })),
  ]
  return {
    pages: {
      count: async () => (await pages()).length,
      urls: async (offset, limit) => (await pages()).slice(offset, offset + limit),
    },
    posts: {
      count: () => countPosts(db),
      urls: async (offset, limit) =>
        (await findPostSlugs(db, offset, limit)).map((post) => ({
          loc: postUrl(origin, post.slug),
          lastmod: post.updated_at,
        })),
    },
    profiles: {
      count: () => countProfiles(db),
      urls: async (offset, limit) =>
        (await findProfileUsernames(db, offset, limit)).map((profile) => ({
          loc: profileUrl(origin, profile.username),
        })),
    },
    collections: {
      count: () => countPublicCollections(db),
      urls: async (offset, limit) =>
        (await findPublicCollectionPaths(db, offset, limit)).map((c) => ({
          loc: collectionUrl(origin, c.owner, c.slug),
          lastmod: c.updated_at,
        })),
    },
  }
}

function urlset(urls: SitemapUrl[]): string {
  const url = ({ loc, lastmod }: SitemapUrl) =>
    `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`
  return `${[
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(url),
    '</urlset>',
  ].join('\n')}\n`
}

/** The URL of one file of a section (1-based). */
export function sitemapFileUrl(origin: string, section: SitemapSection, page: number): string {
  return `${origin}/sitemap/${section}/${page}.xml`
}

/**
 * `GET /sitemap.xml`: the home, browse, leaderboard and blog pages, every published article, every post
 * with its last change, the profiles of members who shared a command, and every public collection that
 * holds a post. While they fit in one file ({@link SITEMAP_MAX_URLS}) that is one `urlset`; past it, a
 * sitemap index naming each section's files (`/sitemap/<section>/<n>.xml`), so a site of a million
 * posts stays within the protocol.
 */
export async function buildSitemap(deps: SitemapDeps): Promise<string> {
  const perFile = deps.urlsPerFile ?? SITEMAP_MAX_URLS
  const all = sections(deps)
  const counts = await Promise.all(SITEMAP_SECTIONS.map((name) => all[name].count()))
  if (counts.reduce((sum, n) => sum + n, 0) <= perFile) {
    const urls = await Promise.all(SITEMAP_SECTIONS.map((name) => all[name].urls(0, perFile)))
    return urlset(urls.flat())
  }
  const files = SITEMAP_SECTIONS.flatMap((name, i) =>
    Array.from({ length: Math.ceil((counts[i] ?? 0) / perFile) }, (_, n) =>
      sitemapFileUrl(deps.origin, name, n + 1),
    ),
  )
  return `${[
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`),
    '</sitemapindex>',
  ].join('\n')}\n`
}

/**
 * `GET /sitemap/<section>/<page>.xml`: one file of a section the index names, or null past the
 * section's last file (the first file of an empty section is an empty `urlset`).
 */
export async function buildSitemapFile(
  deps: SitemapDeps,
  section: SitemapSection,
  page: number,
): Promise<string | null> {
  const perFile = deps.urlsPerFile ?? SITEMAP_MAX_URLS
  const urls = await sections(deps)[section].urls((page - 1) * perFile, perFile)
  return urls.length === 0 && page > 1 ? null : urlset(urls)
}
