import type { LeaderboardPeriod } from '../../contract/leaderboard.ts'
import { type BrowseSort, SEARCH_MAX_LENGTH } from '../../contract/website.ts'
import { BadRequestError } from '../../lib/errors.ts'
import { PERIODS } from '../leaderboard/service.ts'
import type { BrowseFilterInput } from '../website/filters.ts'

/*
 * The query values of the site's pages as curl users type them, read with messages that say what to
 * write instead. The route schemas take them as strings (lengths bounded), so a browser's odd query
 * still reaches the web app as before, which forgives it; text and JSON clients are told here.
 */

/**
 * The longest value the text pages' schemas let through (about a URL's whole length: Node reads at
 * most 16 KiB of request headers), so that a value past its own limit is told so here, with the limit.
 */
export const QUERY_VALUE_MAX_LENGTH = 16 * 1024

/** The highest page any list pages to (the API's PageNumber). */
export const MAX_PAGE = 10_000
/** The highest `minScore` the browse filters take (the API's). */
export const MAX_MIN_SCORE = 1_000_000

// At most this much of a bad value is repeated back in a message.
const clip = (raw: string) => (raw.length > 20 ? `${raw.slice(0, 20)}…` : raw)

/** A page number: absent is 1; else a whole number from 1 to {@link MAX_PAGE}. */
export function parsePage(raw: string | undefined): number {
  if (raw === undefined) return 1
  const page = /^\d{1,5}$/.test(raw) ? Number(raw) : 0
  if (page < 1 || page > MAX_PAGE) {
    throw new BadRequestError(`page must be a whole number from 1 to ${MAX_PAGE}, not "${clip(raw)}"`)
  }
  return page
}

/**
 * Search words, trimmed: at most {@link SEARCH_MAX_LENGTH} characters, as in the API; a longer search
 * is refused with a 400 that says the limit rather than cut, so nobody reads results for words they did
 * not all send.
 */
export function parseSearch(raw: string | undefined): string {
  const words = raw?.trim() ?? ''
  if (words.length > SEARCH_MAX_LENGTH) {
    throw new BadRequestError(
      `A search can be at most ${SEARCH_MAX_LENGTH} characters long; this one has ${words.length}. Use fewer words.`,
    )
  }
  return words
}

/** The leaderboard's tab: absent is `all`. */
export function parsePeriod(raw: string | undefined): LeaderboardPeriod {
  if (raw === undefined) return 'all'
  const period = PERIODS.find((known) => known === raw)
  if (!period) throw new BadRequestError(`Unknown period "${clip(raw)}": use ${PERIODS.join(', ')}`)
  return period
}

// Every sort, checked complete by the compiler.
const SORTS: Record<BrowseSort, true> = { latest: true, trending: true, upvotes: true, views: true }

/** The browse order: absent is `latest`. */
export function parseSort(raw: string | undefined): BrowseSort {
  if (raw === undefined || raw === '') return 'latest'
  const sort = (Object.keys(SORTS) as BrowseSort[]).find((known) => known === raw)
  if (!sort) {
    throw new BadRequestError(`Unknown sort "${clip(raw)}": use ${Object.keys(SORTS).join(', ')}`)
  }
  return sort
}

function parseFlag(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined
  if (raw === 'true' || raw === '1') return true
  if (raw === 'false' || raw === '0') return false
  throw new BadRequestError(`${name} must be true or false, not "${clip(raw)}"`)
}

function parseDay(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  // Only the shape here: whether the day exists is the browse filters' check (422).
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    throw new BadRequestError(`${name} must be a day written YYYY-MM-DD, not "${clip(raw)}"`)
  }
  return raw
}

function parseMinScore(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const score = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(score <= MAX_MIN_SCORE)) {
    throw new BadRequestError(
      `minScore must be a whole number from 0 to ${MAX_MIN_SCORE}, not "${clip(raw)}"`,
    )
  }
  return score
}

/** The browse query as typed (the web's `/browse` search params). */
export interface BrowseQueryInput {
  page?: string | undefined
  search?: string | undefined
  category?: string | undefined
  sort?: string | undefined
  tags?: string | string[] | undefined
  from?: string | undefined
  to?: string | undefined
  hasPlaceholders?: string | undefined
  hasWarning?: string | undefined
  minScore?: string | undefined
}

/** A browse query read: what the site's browse service takes. */
export interface BrowseParams {
  page: number
  /** Trimmed; '' for none. A search ranks the results and ignores category and sort, as on the site. */
  search: string
  /** A category's id or slug, trimmed; '' for all. */
  category: string
  sort: BrowseSort
  filters: BrowseFilterInput
}

/**
 * The browse query's values, read. Filters that are well formed but cannot match (a day that does
 * not exist, a word that cannot be a tag) are the browse service's to refuse, with 422.
 */
export function parseBrowseQuery(query: BrowseQueryInput): BrowseParams {
  const filters: BrowseFilterInput = {
    tags: query.tags,
    from: parseDay('from', query.from),
    to: parseDay('to', query.to),
    hasPlaceholders: parseFlag('hasPlaceholders', query.hasPlaceholders),
    hasWarning: parseFlag('hasWarning', query.hasWarning),
    minScore: parseMinScore(query.minScore),
  }
  return {
    page: parsePage(query.page),
    search: parseSearch(query.search),
    category: query.category?.trim() ?? '',
    sort: parseSort(query.sort),
    filters,
  }
}
