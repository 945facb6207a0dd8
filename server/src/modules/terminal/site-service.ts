import type { BlogDetailResponse, BlogListResponse } from '../../contract/blogs.ts'
import type { CollectionDetail } from '../../contract/collections.ts'
import type { LeaderboardResponse } from '../../contract/leaderboard.ts'
import type { Category } from '../../contract/posts.ts'
import type { PublicProfileResponse } from '../../contract/profiles.ts'
import type { BrowseResponse } from '../../contract/website.ts'
import type { AuthUser } from '../../lib/access.ts'
import type { LiveHub } from '../../live/hub.ts'
import { type BlogsDeps, getBlog, listBlogs } from '../blogs/service.ts'
import { getCollectionBySlug } from '../collections/service.ts'
import { type Leaderboard, readLeaderboardPage } from '../leaderboard/service.ts'
import { getPublicProfile, type ProfilesDeps } from '../profiles/service.ts'
import { browse, type WebsiteDeps } from '../website/service.ts'
import {
  type BrowseParams,
  type BrowseQueryInput,
  parseBrowseQuery,
  parsePage,
  parsePeriod,
} from './site-query.ts'

/*
 * The site's pages for text and JSON clients. Each read is the one the web page makes, through the
 * owning module's service (its caches, its rules, its view counting), so `?json` answers what the API
 * answers and the text shows the same data.
 */

/** What the site pages read through: the other modules' services and their dependencies. */
export interface SitePagesDeps {
  leaderboard: Pick<Leaderboard, 'get'>
  live: LiveHub
  /** Browse (its page caches and search). */
  website: WebsiteDeps
  blogs: BlogsDeps
  /** Public profiles and collections (the collections module's rules for private ones). */
  people: ProfilesDeps
}

/** `/leaderboard?period=`: the board as `GET /api/leaderboard` answers it. */
export async function readLeaderboard(
  deps: SitePagesDeps,
  rawPeriod: string | undefined,
): Promise<LeaderboardResponse> {
  return readLeaderboardPage(deps, parsePeriod(rawPeriod))
}

/** A browse page read for the terminal: what `GET /api/website/browse` answers, and what was asked. */
export interface BrowseRead {
  params: BrowseParams
  response: BrowseResponse
  /**
   * The category asked for: undefined when none was (or a search ignores it), null when no category
   * has that id or slug (the API answers an empty page; the text says so).
   */
  category: Category | null | undefined
}

/** `/browse?…`: one page of the site's browse list, with the caller's votes as the API gives them. */
export async function readBrowse(
  deps: SitePagesDeps,
  auth: AuthUser | null,
  query: BrowseQueryInput,
): Promise<BrowseRead> {
  const params = parseBrowseQuery(query)
  const response = await browse(deps.website, auth, {
    page: params.page,
    search: params.search,
    category: params.category,
    sort: params.sort,
    ...params.filters,
  })
  const asked = params.search === '' && params.category !== ''
  const category = asked
    ? (response.categories.find((known) => known._id === params.category || known.slug === params.category) ??
      null)
    : undefined
  return { params, response, category }
}

/** `/blog?page=`: a page of published articles, as `GET /api/blogs` answers it (the site's 6 a page). */
export async function readBlogList(
  deps: SitePagesDeps,
  rawPage: string | undefined,
): Promise<BlogListResponse> {
  return listBlogs(deps.blogs, { page: parsePage(rawPage) })
}

/** `/blog/<slug>`: a published article, counting a view as the site's page does. */
export async function readArticle(
  deps: SitePagesDeps,
  slug: string,
  viewer: string,
): Promise<BlogDetailResponse> {
  return getBlog(deps.blogs, slug, viewer)
}

/** `/u/<name>?page=`: a member's public profile with a page of their commands. */
export async function readMember(
  deps: SitePagesDeps,
  username: string,
  rawPage: string | undefined,
): Promise<PublicProfileResponse> {
  return getPublicProfile(deps.people, username, parsePage(rawPage))
}

/** `/c/<name>/<slug>`: a collection and its commands; a private one is a 404 to all but its owner. */
export async function readCollection(
  deps: SitePagesDeps,
  auth: AuthUser | null,
  username: string,
  slug: string,
): Promise<CollectionDetail> {
  return getCollectionBySlug(deps.people, auth, username, slug)
}
