import { MAX_FILTER_TAGS } from '../../contract/website.ts'
import { InvalidError } from '../../lib/errors.ts'
import { normalizeTag } from '../../lib/tags.ts'

/**
 * The browse filters of one request, normalised: the same filters written differently (tag order or
 * case, a repeated tag, `tags=a,b` or `tags=a&tags=b`) give equal values and one cache key.
 */
export interface BrowseFilters {
  /** Every tag the post must carry, normalised as posts store them, sorted, without repeats. */
  tags: string[]
  /** First and last UTC day included, `YYYY-MM-DD`. */
  from: string | null
  to: string | null
  hasPlaceholders: boolean | null
  hasWarning: boolean | null
  /** Least upvotes minus downvotes. */
  minScore: number | null
}

/** The filter fields of a browse query as they arrive (after the schema's checks and conversions). */
export interface BrowseFilterInput {
  tags?: string | string[] | undefined
  from?: string | undefined
  to?: string | undefined
  hasPlaceholders?: boolean | undefined
  hasWarning?: boolean | undefined
  minScore?: number | undefined
}

export const NO_FILTERS: BrowseFilters = {
  tags: [],
  from: null,
  to: null,
  hasPlaceholders: null,
  hasWarning: null,
  minScore: null,
}

/** Whether `YYYY-MM-DD` (already shaped so by the schema) names a real day (not 2026-02-30). */
function isRealDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day
}

/** The tags of the query, split on commas, normalised and checked. */
function parseTags(raw: string | string[] | undefined): string[] {
  if (raw === undefined) return []
  const tags = new Set<string>()
  for (const part of (Array.isArray(raw) ? raw : [raw]).flatMap((value) => value.split(','))) {
    if (part.trim() === '') continue
    const tag = normalizeTag(part)
    if (tag === undefined) {
      throw new InvalidError(
        `"${part.trim().slice(0, 40)}" is not a tag: use letters, digits, ., _, + or -`,
        'tags',
      )
    }
    tags.add(tag)
  }
  if (tags.size > MAX_FILTER_TAGS) throw new InvalidError(`Filter by at most ${MAX_FILTER_TAGS} tags`, 'tags')
  return [...tags].sort()
}

/**
 * The filters of a browse query, normalised.
 * @throws InvalidError (422) for a tag that cannot be one, more than {@link MAX_FILTER_TAGS} tags, a
 * day that does not exist, or a range that ends before it starts.
 */
export function parseBrowseFilters(query: BrowseFilterInput): BrowseFilters {
  const tags = parseTags(query.tags)
  for (const field of ['from', 'to'] as const) {
    const day = query[field]
    if (day !== undefined && !isRealDay(day))
      throw new InvalidError(`${field} is not a real day: ${day}`, field)
  }
  const from = query.from ?? null
  const to = query.to ?? null
  if (from !== null && to !== null && from > to) {
    throw new InvalidError('The date range ends before it starts: "to" must be on or after "from"', 'to')
  }
  return {
    tags,
    from,
    to,
    hasPlaceholders: query.hasPlaceholders ?? null,
    hasWarning: query.hasWarning ?? null,
    minScore: query.minScore ?? null,
  }
}

/** Whether any filter is set. */
export function hasFilters(filters: BrowseFilters): boolean {
  return (
    filters.tags.length > 0 ||
    filters.from !== null ||
    filters.to !== null ||
    filters.hasPlaceholders !== null ||
    filters.hasWarning !== null ||
    filters.minScore !== null
  )
}
