import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { BLOG_MESSAGES } from '../../contract/blogs.ts'
import { COLLECTION_MESSAGES } from '../../contract/collections.ts'
import { countOf } from '../../contract/plurals.ts'
import { USER_NOT_FOUND } from '../../contract/profiles.ts'
import { badgeForPoints } from '../../lib/badges.ts'
import { postPath } from '../../lib/old-addresses.ts'
import { printableText } from '../../lib/printable-text.ts'
import { excerpt } from '../../lib/sanitize.ts'
import { avatarUrl } from '../accounts/presenter.ts'
import { collectionPath } from '../collections/presenter.ts'
import { findPublicCollectionMeta } from '../collections/repo.ts'
import { contentImageUrl } from '../content-images/images.ts'
import { findSlugReplacing } from '../posts/repo.ts'
import { findPublicUser } from '../profiles/repo.ts'
import {
  type BlogMetaRow,
  findBlogMetaBySlug,
  findLatestBlogsMeta,
  findLatestPostsMeta,
  findPostMetaBySlug,
  type PostMetaRow,
} from './repo.ts'

/*
 * What makes the site findable and shareable (issue 6): the sitemap, robots.txt, RSS feeds of the
 * latest commands and articles, and the <head> the server puts into index.html for post and blog
 * pages, so crawlers and link previews see titles and descriptions without running scripts. Every
 * URL is absolute, built from PUBLIC_ORIGIN; every value is escaped for where it goes.
 */

/** What the site service needs: the database and the site's own origin (no trailing slash). */
export interface SiteDeps {
  db: Kysely<Database>
  origin: string
}

/** Items in each RSS feed. */
export const FEED_ITEMS = 20
/** Site name appended to page titles (as the web app's `formatTitle` does). */
export const SITE_NAME = 'Bashboard'
/** The image link previews show when a page has none of its own (bundled with the web app). */
export const DEFAULT_SOCIAL_IMAGE = '/house-ads/social-card.png'
/** Longest meta description before the category line (docs/product-rules.md#page-titles). */
export const META_DESCRIPTION_LENGTH = 160

// Characters XML 1.0 forbids even escaped; user text could carry them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it removes
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g

/**
 * Text escaped for XML element content and attribute values, printable first (lib/printable-text.ts):
 * feed readers show titles as they are, text-direction marks included.
 */
export function escapeXml(text: string): string {
  return printableText(text)
    .replace(XML_INVALID, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
}

/** Text escaped for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

// Slugs are ASCII already; encoding keeps a hand-edited row from breaking a URL.
export const postUrl = (origin: string, slug: string) => `${origin}/post/${encodeURIComponent(slug)}`
export const blogUrl = (origin: string, slug: string) => `${origin}/blog/${encodeURIComponent(slug)}`
export const profileUrl = (origin: string, username: string) => `${origin}/u/${encodeURIComponent(username)}`
export const collectionUrl = (origin: string, owner: string, slug: string) =>
  `${origin}/c/${encodeURIComponent(owner)}/${encodeURIComponent(slug)}`

/** An image value as an absolute URL (relative paths are on this site). */
function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`
}

/** `GET /robots.txt`: everything may be crawled but the console, private pages and the moderation API. */
export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /mod',
    'Disallow: /settings',
    'Disallow: /profile',
    'Disallow: /api/mod',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}

interface FeedItem {
  title: string
  link: string
  description: string
  author: string
  category: string | null
  published: Date
}

function rssDocument(
  channel: { title: string; link: string; self: string; description: string },
  items: FeedItem[],
) {
  const newest = items[0]?.published ?? new Date()
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `  <title>${escapeXml(channel.title)}</title>`,
    `  <link>${escapeXml(channel.link)}</link>`,
    `  <description>${escapeXml(channel.description)}</description>`,
    '  <language>en</language>',
    `  <lastBuildDate>${newest.toUTCString()}</lastBuildDate>`,
    `  <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...items.map((item) =>
      [
        '  <item>',
        `    <title>${escapeXml(item.title)}</title>`,
        `    <link>${escapeXml(item.link)}</link>`,
        `    <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
        `    <pubDate>${item.published.toUTCString()}</pubDate>`,
        `    <dc:creator>${escapeXml(item.author)}</dc:creator>`,
        ...(item.category ? [`    <category>${escapeXml(item.category)}</category>`] : []),
        `    <description>${escapeXml(item.description)}</description>`,
        '  </item>',
      ].join('\n'),
    ),
    '</channel>',
    '</rss>',
  ]
  return `${lines.join('\n')}\n`
}

/** `GET /feed.xml`: RSS 2.0 of the latest 20 commands. Descriptions are plain text (the command first). */
export async function buildCommandsFeed(deps: SiteDeps): Promise<string> {
  const posts = await findLatestPostsMeta(deps.db, FEED_ITEMS)
  return rssDocument(
    {
      title: 'Bashboard: latest commands',
      link: `${deps.origin}/`,
      self: `${deps.origin}/feed.xml`,
      description: 'The newest Linux commands shared on Bashboard.',
    },
    posts.map((post) => ({
      title: post.title,
      link: postUrl(deps.origin, post.slug),
      description: `$ ${post.command}\n\n${post.description_text}`,
      author: post.author_username,
      category: post.category_name,
      published: post.created_at,
    })),
  )
}

/** `GET /blog/feed.xml`: RSS 2.0 of the latest 20 published articles. */
export async function buildBlogFeed(deps: SiteDeps): Promise<string> {
  const blogs = await findLatestBlogsMeta(deps.db, FEED_ITEMS)
  return rssDocument(
    {
      title: 'Bashboard blog',
      link: `${deps.origin}/blog`,
      self: `${deps.origin}/blog/feed.xml`,
      description: 'Articles about the Linux command line from the Bashboard team.',
    },
    blogs.map((blog) => ({
      title: blog.title,
      link: blogUrl(deps.origin, blog.slug),
      description: blog.metadescription,
      author: blog.author_name,
      category: null,
      published: blog.published_at ?? blog.created_at,
    })),
  )
}

/** The <head> of a server-rendered page: its status, title and meta/link tags (values unescaped). */
export interface PageHead {
  status: 200 | 404
  title: string
  /** Meta tags: `name`/`property` → content. Keys starting with og:, article: or profile: are properties. */
  meta: [string, string][]
  canonical: string | null
}

function postHead(origin: string, post: PostMetaRow): PageHead {
  const category = post.category_name ?? 'Uncategorized'
  const text = excerpt(post.description_text || 'No description available', META_DESCRIPTION_LENGTH)
  const description = `${text} A Linux command in the ${category} category.`
  const url = postUrl(origin, post.slug)
  const image = absoluteUrl(origin, DEFAULT_SOCIAL_IMAGE)
  return {
    status: 200,
    title: `${post.title} | ${SITE_NAME}`,
    canonical: url,
    meta: [
      ['description', description],
      ['keywords', [...post.tags, category, 'linux', 'command'].join(', ')],
      ['author', post.author_username],
      ['og:site_name', SITE_NAME],
      ['og:title', post.title],
      ['og:description', description],
      ['og:type', 'article'],
      ['og:url', url],
      ['og:image', image],
      ['article:published_time', post.created_at.toISOString()],
      ['article:author', post.author_username],
      ['article:section', category],
      ['twitter:card', 'summary_large_image'],
      ['twitter:title', post.title],
      ['twitter:description', description],
      ['twitter:image', image],
    ],
  }
}

function blogHead(origin: string, blog: BlogMetaRow): PageHead {
  const description = excerpt(blog.metadescription, META_DESCRIPTION_LENGTH)
  const url = blogUrl(origin, blog.slug)
  const image = absoluteUrl(origin, contentImageUrl('blogs', blog.image) ?? DEFAULT_SOCIAL_IMAGE)
  return {
    status: 200,
    title: `${blog.title} | ${SITE_NAME}`,
    canonical: url,
    meta: [
      ['description', description],
      ['keywords', 'linux, command line, shell, blog, bashboard'],
      ['author', blog.author_name],
      ['og:site_name', SITE_NAME],
      ['og:title', blog.title],
      ['og:description', description],
      ['og:type', 'article'],
      ['og:url', url],
      ['og:image', image],
      ['article:published_time', (blog.published_at ?? blog.created_at).toISOString()],
      ['article:author', blog.author_name],
      ['twitter:card', 'summary_large_image'],
      ['twitter:title', blog.title],
      ['twitter:description', description],
      ['twitter:image', image],
    ],
  }
}

// The single-page app shows its own not-found state; the status and noindex tell crawlers.
function missingHead(title: string): PageHead {
  return {
    status: 404,
    title: `${title} | ${SITE_NAME}`,
    canonical: null,
    meta: [['robots', 'noindex']],
  }
}

const POST_PAGE = /^\/post\/([^/]+)\/?$/
const BLOG_PAGE = /^\/blog\/([^/]+)\/?$/
const COLLECTION_PAGE = /^\/c\/([^/]+)\/([^/]+)\/?$/
const PROFILE_PAGE = /^\/u\/([^/]+)\/?$/

/** The head of a member's public profile; an unknown name is a 404. */
async function profileHead(deps: SiteDeps, rawUser: string): Promise<PageHead> {
  let username: string
  try {
    username = decodeURIComponent(rawUser)
  } catch {
    return missingHead(USER_NOT_FOUND)
  }
  const user = await findPublicUser(deps.db, username)
  if (!user) return missingHead(USER_NOT_FOUND)
  const since = user.created_at.toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const description = `${user.username} is a ${badgeForPoints(user.points)} member of ${SITE_NAME} with ${countOf(user.points, 'point')} and ${countOf(user.post_count, 'command')} shared, member since ${since}.`
  const url = `${deps.origin}/u/${encodeURIComponent(user.username)}`
  const image = absoluteUrl(deps.origin, avatarUrl(user.avatar) ?? DEFAULT_SOCIAL_IMAGE)
  return {
    status: 200,
    title: `${user.username} | ${SITE_NAME}`,
    canonical: url,
    meta: [
      ['description', description],
      ['author', user.username],
      ['og:site_name', SITE_NAME],
      ['og:title', `${user.username} on ${SITE_NAME}`],
      ['og:description', description],
      ['og:type', 'profile'],
      ['og:url', url],
      ['og:image', image],
      ['profile:username', user.username],
      ['twitter:card', 'summary'],
      ['twitter:title', `${user.username} on ${SITE_NAME}`],
      ['twitter:description', description],
      ['twitter:image', image],
    ],
  }
}

/** The head of a public collection's page; private and unknown ones are the same 404. */
async function collectionHead(deps: SiteDeps, rawUser: string, rawSlug: string): Promise<PageHead> {
  let username: string
  let slug: string
  try {
    username = decodeURIComponent(rawUser)
    slug = decodeURIComponent(rawSlug)
  } catch {
    return missingHead(COLLECTION_MESSAGES.notFound)
  }
  const row = await findPublicCollectionMeta(deps.db, username, slug)
  if (!row) return missingHead(COLLECTION_MESSAGES.notFound)
  const summary = `A collection of ${countOf(row.post_count, 'command')} by ${row.owner_username} on ${SITE_NAME}.`
  const description = row.description
    ? `${excerpt(row.description.replace(/\s+/g, ' '), META_DESCRIPTION_LENGTH)} ${summary}`
    : summary
  const url = `${deps.origin}${collectionPath(row.owner_username, row.slug)}`
  const image = absoluteUrl(deps.origin, DEFAULT_SOCIAL_IMAGE)
  return {
    status: 200,
    title: `${row.name} by ${row.owner_username} | ${SITE_NAME}`,
    canonical: url,
    meta: [
      ['description', description],
      ['author', row.owner_username],
      ['og:site_name', SITE_NAME],
      ['og:title', row.name],
      ['og:description', description],
      ['og:type', 'website'],
      ['og:url', url],
      ['og:image', image],
      ['twitter:card', 'summary_large_image'],
      ['twitter:title', row.name],
      ['twitter:description', description],
      ['twitter:image', image],
    ],
  }
}

/** A page that moved: the path it is at now (a post's old slug, docs/product-rules.md#posts). */
export interface PageMoved {
  location: string
}

/**
 * The head of a post, blog, public collection or public profile page (`/post/{slug}`, `/blog/{slug}`,
 * `/c/{username}/{slug}`, `/u/{username}`), or null for any other path. An unknown post, an unknown or draft article,
 * or an unknown or private collection gives a 404 head; a post's old slug gives where the post is now.
 */
export async function pageHead(deps: SiteDeps, path: string): Promise<PageHead | PageMoved | null> {
  const collection = path.match(COLLECTION_PAGE)
  if (collection) return collectionHead(deps, collection[1] ?? '', collection[2] ?? '')
  const profile = path.match(PROFILE_PAGE)
  if (profile) return profileHead(deps, profile[1] ?? '')
  const post = path.match(POST_PAGE)
  const blog = post ? null : path.match(BLOG_PAGE)
  const raw = post?.[1] ?? blog?.[1]
  if (raw === undefined) return null
  let slug: string
  try {
    slug = decodeURIComponent(raw)
  } catch {
    return missingHead(post ? 'Post not found' : BLOG_MESSAGES.notFound)
  }
  if (post) {
    const row = await findPostMetaBySlug(deps.db, slug)
    if (row) return postHead(deps.origin, row)
    // Only a miss looks at old slugs: one of them is the post's old address, sent on to its page.
    const current = await findSlugReplacing(deps.db, slug)
    return current === undefined ? missingHead('Post not found') : { location: postPath(current) }
  }
  const row = await findBlogMetaBySlug(deps.db, slug)
  return row ? blogHead(deps.origin, row) : missingHead(BLOG_MESSAGES.notFound)
}

/** The HTML of a head's tags, every value escaped. */
export function renderHead(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`]
  for (const [key, content] of head.meta) {
    const attribute = /^(og|article|profile):/.test(key) ? 'property' : 'name'
    tags.push(`<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`)
  }
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`)
  return tags.join('\n    ')
}

/**
 * index.html with the page's head: the built page's own `<title>` and description are replaced, the
 * other tags added before `</head>` (a head is created when the file has none). The page's text goes
 * in as it is, `$` included.
 */
export function injectHead(indexHtml: string, head: PageHead): string {
  const tags = renderHead(head)
  const cleaned = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '')
  // A function, not a string: a title's `$&` or `$\`` would otherwise be read as a replacement pattern.
  if (/<\/head>/i.test(cleaned)) return cleaned.replace(/<\/head>/i, () => `  ${tags}\n  </head>`)
  if (/<html[^>]*>/i.test(cleaned))
    return cleaned.replace(/<html[^>]*>/i, (tag) => `${tag}<head>${tags}</head>`)
  return `<head>${tags}</head>${cleaned}`
}

/**
 * The head of a page ready for the web-app plugin (infra/web-app.ts): its status and index.html with
 * the head written in, where a moved page is now, or null when the path has no head of its own.
 */
export async function findPageHead(
  db: Kysely<Database>,
  origin: string,
  path: string,
): Promise<{ status: number; inject(indexHtml: string): string } | PageMoved | null> {
  const head = await pageHead({ db, origin }, path)
  if (head === null || 'location' in head) return head
  return { status: head.status, inject: (indexHtml) => injectHead(indexHtml, head) }
}
