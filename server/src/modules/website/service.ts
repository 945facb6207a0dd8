import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { Category, Pagination, PostCard, SearchResponse } from '../../contract/posts.ts'
import type { BrowseResponse, BrowseSort, TagsResponse, WebsiteResponse } from '../../contract/website.ts'
import type { AuthUser } from '../../lib/access.ts'
import { badgeForPoints } from '../../lib/badges.ts'
import { createReadCache, type ReadCache, readThrough } from '../../lib/read-cache.ts'
import type { LiveHub } from '../../live/hub.ts'
import { avatarUrl } from '../accounts/presenter.ts'
import type { Leaderboard } from '../leaderboard/service.ts'
import { withMemberMarks, withSavedFlags } from '../posts/member-marks.ts'
import type { MemberMarksReader } from '../posts/member-marks-reader.ts'
import { type BrowsePage, type HomePage, type PostPageCaches, startLoad } from '../posts/page-caches.ts'
import { toPostCard, toReactedPosts } from '../posts/presenter.ts'
import { type PostCardRow, resolveCategoryId } from '../posts/repo.ts'
import { TODAYS_POSTS_LIMIT, toPlatformStats } from '../stats/service.ts'
import { browsePageReader } from './browse-page-repo.ts'
import { searchKey } from './caches.ts'
import { createCardPresenter } from './card-presenter.ts'
import { correctedSearchOf } from './corrected-search.ts'
import { type BrowseFilterInput, type BrowseFilters, hasFilters, parseBrowseFilters } from './filters.ts'
import { homeRowsReader } from './home-repo.ts'
import {
  type CategoryListRow,
  filteredBrowsePosts,
  listCategories,
  listPopularTags,
  type TagCountRow,
} from './repo.ts'
import { searchPosts } from './search.ts'
import type { SearchIndex } from './search-index.ts'

/** What the website service needs. */
export interface WebsiteDeps {
  db: Kysely<Database>
  live: LiveHub
  /** The cached boards: the home page's weekly leaders are the leaderboard page's week. */
  leaderboard: Pick<Leaderboard, 'weeklyLeaders'>
  /** The shared public parts of the responses (posts/page-caches.ts); null when PAGE_CACHE=false. */
  pageCaches: Pick<PostPageCaches, 'home' | 'browse' | 'search' | 'cards' | 'recentCards'> | null
  /** The popular tags, shared by every visitor; null when PAGE_CACHE=false. */
  tagsCache?: ReadCache<TagCountRow[]> | null
  /** Every post's words in memory (search-index.ts); null when SEARCH_INDEX=false. */
  searchIndex: SearchIndex | null
  /** A member's votes and saves among a page's posts, kept per member with PAGE_CACHE (member-marks-reader.ts). */
  memberMarks: MemberMarksReader
}

/** Tags the suggestions are picked from: the most used ones. */
export const POPULAR_TAGS_POOL = 500
/** Suggestions answered when the request names no limit. */
export const TAGS_DEFAULT_LIMIT = 20
/**
 * The popular tags are recounted at most this often: a tag list that trails new posts by a minute
 * suggests the same tags, and recounting reads every post's tags.
 */
export const TAGS_FRESH_MS = 60_000

/** Creates the cache {@link listTags} reads through. */
export function createTagsCache(): ReadCache<TagCountRow[]> {
  return createReadCache<TagCountRow[]>({ freshMs: TAGS_FRESH_MS, staleMs: TAGS_FRESH_MS, maxEntries: 1 })
}

/**
 * GET /api/website/tags: the most used tags, or those starting with `q` (normalised as tags are: case,
 * a leading `#`), among the {@link POPULAR_TAGS_POOL} most used.
 */
export async function listTags(
  deps: Pick<WebsiteDeps, 'db' | 'tagsCache'>,
  query: { q?: string; limit?: number },
): Promise<TagsResponse> {
  const popular = await readThrough(deps.tagsCache ?? undefined, 'popular', () =>
    listPopularTags(deps.db, POPULAR_TAGS_POOL),
  )
  const prefix = (query.q ?? '').trim().toLowerCase().replace(/^#+/, '').replace(/\s+/g, '-')
  return {
    tags: popular
      .filter((row) => row.tag.startsWith(prefix))
      .slice(0, query.limit ?? TAGS_DEFAULT_LIMIT)
      .map((row) => ({ tag: row.tag, postCount: row.post_count })),
  }
}

/** Browse and search page size (docs/product-rules.md#lists). */
export const PAGE_SIZE = 10
/** Posts in the home page's latest list. */
export const LATEST_LIMIT = 10
/** Top posts of the week on the home page (docs/product-rules.md#home). */
export const TOP_WEEKLY_LIMIT = 2
/** Rows of the home page's weekly leaderboard card. */
export const WEEKLY_LEADERS_LIMIT = 5
/** The top posts of the week are those created in the last this many days (by the database's clock). */
export const TOP_WEEKLY_DAYS = 7

/** The home page's statement, its sizes fixed (home-repo.ts). */
const readHomeRows = homeRowsReader({
  latestLimit: LATEST_LIMIT,
  topDays: TOP_WEEKLY_DAYS,
  topLimit: TOP_WEEKLY_LIMIT,
  todaysLimit: TODAYS_POSTS_LIMIT,
})
/** Browse pages without a search or filters, one statement each (browse-page-repo.ts). */
const readBrowsePage = browsePageReader(PAGE_SIZE)
/** The home and browse pages' cards, presented again only when their rows change (card-presenter.ts). */
const presentCard = createCardPresenter()

function toCategory(row: CategoryListRow): Category {
  return { _id: row.id, name: row.name, slug: row.slug, postCount: row.post_count }
}

function pagination(page: number, pageSize: number, totalPosts: number): Pagination {
  return { page, pageSize, totalPosts, totalPages: Math.ceil(totalPosts / pageSize) }
}

/**
 * The home page data. Live ids are read first, so an event that lands while the queries run is
 * replayed to the client rather than lost.
 */
export async function getWebsite(deps: WebsiteDeps, auth: AuthUser | null): Promise<WebsiteResponse> {
  const load = () => loadWebsite(deps)
  const common = await readThrough(deps.pageCaches?.home, 'home', load)
  // The cached cards are shared: the caller's saves are laid over copies.
  const { lists, votes } = await withMemberMarks(
    deps.memberMarks,
    auth,
    common.latestPosts,
    common.topWeeklyPosts,
  )
  const [latestPosts, topWeeklyPosts] = lists
  return { ...common, latestPosts, topWeeklyPosts, myReactedPosts: votes && toReactedPosts(votes) }
}

/**
 * The part of the home page every visitor sees alike: one statement (home-repo.ts) and the
 * leaderboard's in-memory snapshot.
 */
async function loadWebsite(deps: WebsiteDeps): Promise<HomePage> {
  const share = startLoad(deps.pageCaches)
  const [postsId, statsId] = await Promise.all([deps.live.currentId('posts'), deps.live.currentId('stats')])
  const [home, leaders] = await Promise.all([
    readHomeRows(deps.db),
    deps.leaderboard.weeklyLeaders(WEEKLY_LEADERS_LIMIT),
  ])
  return {
    latestPosts: share(home.latest.map(presentCard)),
    topWeeklyPosts: share(home.topWeekly.map(presentCard)),
    categories: home.categories.map(toCategory),
    platformStats: toPlatformStats(home.stats),
    userLeaderboard: leaders.map((row) => ({
      _id: row.id,
      username: row.username,
      avatar: avatarUrl(row.avatar),
      points: row.gain,
      badge: badgeForPoints(row.total),
    })),
    liveIds: { posts: postsId, stats: statsId },
  }
}

/**
 * One browse page. A non-empty search switches to search mode (ranked, sort and category ignored);
 * an unknown category gives an empty page rather than an error, like an empty search result. The
 * filters (filters.ts) apply in both modes and are part of the cache key, normalised, so one filter
 * written two ways shares an entry; the page caches drop filtered pages on any edit (an edit can add
 * a tag or a placeholder), and on a new or deleted post like every list of its category. Votes patch
 * the cards' counters in place, so a post crossing a `minScore` line joins or leaves a cached page when
 * the page is next refreshed (at most 10 s), as orderings by votes do.
 * @throws InvalidError for filters that cannot match anything as written (see parseBrowseFilters).
 */
export async function browse(
  deps: WebsiteDeps,
  auth: AuthUser | null,
  query: {
    page?: number
    search?: string
    exact?: boolean
    category?: string
    sort?: BrowseSort
  } & BrowseFilterInput,
): Promise<BrowseResponse> {
  const params = {
    page: query.page ?? 1,
    search: query.search?.trim() ?? '',
    exact: query.exact ?? false,
    categoryKey: query.category?.trim() ?? '',
    sort: query.sort ?? 'latest',
    filters: parseBrowseFilters(query),
  }
  const load = () => loadBrowse(deps, params)
  const key = JSON.stringify([
    params.sort,
    params.categoryKey,
    params.page,
    params.search,
    params.filters,
    params.exact,
  ])
  const { response } = await readThrough(deps.pageCaches?.browse, key, load)
  const { lists, votes } = await withMemberMarks(deps.memberMarks, auth, response.posts)
  return { ...response, posts: lists[0], myReactedPosts: votes && toReactedPosts(votes) }
}

/**
 * A browse page as every visitor sees it. Without a search or filters, one statement answers it
 * (browse-page-repo.ts); a search or filters read the categories beside their own statements.
 */
async function loadBrowse(
  deps: WebsiteDeps,
  params: {
    page: number
    search: string
    exact: boolean
    categoryKey: string
    sort: BrowseSort
    filters: BrowseFilters
  },
): Promise<BrowsePage> {
  const { page, search, categoryKey, filters } = params
  const filtering = hasFilters(filters)
  const share = startLoad(deps.pageCaches)
  const liveId = await deps.live.currentId('posts')
  const offset = (page - 1) * PAGE_SIZE
  const present = (
    result: { cards: PostCard[]; total: number; corrections?: Array<[string, string]> },
    categories: CategoryListRow[],
    categoryId: string | null,
  ): BrowsePage => {
    const corrected = correctedSearchOf(search, result.corrections ?? [])
    return {
      response: {
        posts: result.cards,
        categories: categories.map(toCategory),
        pagination: pagination(page, PAGE_SIZE, result.total),
        search: search === '' ? null : search,
        ...(corrected === null ? {} : { correctedSearch: corrected }),
        liveId,
      },
      // An unknown category's page is empty and stays so until it expires.
      categoryId,
      filtered: filtering,
    }
  }
  const presentRows = (result: { rows: PostCardRow[]; total: number }) => ({
    cards: share(result.rows.map(presentCard)),
    total: result.total,
  })
  if (search === '' && !filtering) {
    const found = await readBrowsePage(deps.db, {
      sort: params.sort,
      offset,
      ...(categoryKey === '' ? {} : { categoryKey }),
    })
    return present(presentRows(found), found.categories, found.categoryId)
  }
  // Search mode ignores the category.
  const filtered = search === '' && categoryKey !== ''
  const resolving = filtered ? resolveCategoryId(deps.db, categoryKey) : Promise.resolve(undefined)
  const [categories, categoryId, result] = await Promise.all([
    listCategories(deps.db),
    resolving,
    (async () => {
      if (search !== '')
        return searchCards(deps, share, presentCard, search, {
          limit: PAGE_SIZE,
          offset,
          filters,
          exact: params.exact,
        })
      const id = await resolving
      if (filtered && !id) return { cards: [], total: 0 }
      const rows = await filteredBrowsePosts(deps.db, {
        sort: params.sort,
        limit: PAGE_SIZE,
        offset,
        filters,
        ...(id ? { categoryId: id } : {}),
      })
      return presentRows(rows)
    })(),
  ])
  return present(result, categories, categoryId ?? null)
}

/**
 * A search page's cards, shared through `share` (the load's startLoad). Posts another search loaded
 * lately keep their card (posts/page-caches.ts recentCards), which the card store keeps true, and
 * their rows are not read; the others are presented by `present` and kept for the next searches.
 */
async function searchCards(
  deps: WebsiteDeps,
  share: (cards: PostCard[]) => PostCard[],
  present: (row: PostCardRow) => PostCard,
  search: string,
  opts: { limit: number; offset: number; filters?: BrowseFilters; exact?: boolean },
): Promise<{ cards: PostCard[]; total: number; corrections: Array<[string, string]> }> {
  const recent = deps.pageCaches?.recentCards
  const reused = new Map<string, PostCard>()
  const held = (candidates: readonly string[]) => {
    for (const id of candidates) {
      const card = recent?.get(id)
      if (card) reused.set(id, card)
    }
    return [...reused.keys()]
  }
  const page = await searchPosts(deps.db, deps.searchIndex, search, { ...opts, held })
  const loaded = share(page.rows.map(present))
  // Only cards read now are kept: a reused card is not kept longer than the time since its load.
  recent?.keep(loaded)
  const byId = new Map(loaded.map((card) => [card._id, card]))
  const cards = page.ids.flatMap((id) => {
    const card = byId.get(id) ?? reused.get(id)
    return card ? [card] : []
  })
  return { cards, total: page.total, corrections: page.corrections }
}

/** GET /api/posts/v1/search: ranked results; an empty search is an empty list. */
export async function search(
  deps: WebsiteDeps,
  query: { search?: string; page?: number; limit?: number },
  auth: AuthUser | null = null,
): Promise<SearchResponse> {
  const page = query.page ?? 1
  const limit = query.limit ?? PAGE_SIZE
  const term = query.search?.trim() ?? ''
  if (term === '') return { posts: [], pagination: pagination(page, limit, 0) }
  const load = async (): Promise<SearchResponse> => {
    const share = startLoad(deps.pageCaches)
    const found = await searchCards(deps, share, toPostCard, term, { limit, offset: (page - 1) * limit })
    return { posts: found.cards, pagination: pagination(page, limit, found.total) }
  }
  const result = await readThrough(deps.pageCaches?.search, searchKey(term, page, limit), load)
  const [posts] = await withSavedFlags(deps.memberMarks, auth, result.posts)
  return { ...result, posts }
}
