/**
 * The browse filters as the URL and the API both write them (`tags=a,b&from=…&to=…&hasPlaceholders=true
 * &hasWarning=true&minScore=3`). Only the browse page loads this; the route passes the fields through.
 */
export interface BrowseFilters {
  /** Tags a post must all carry, lower-case. */
  tags: string[]
  /** First and last UTC day, `YYYY-MM-DD`; '' for open. */
  from: string
  to: string
  hasPlaceholders: boolean
  hasWarning: boolean
  /** Least score (upvotes − downvotes); null for any. */
  minScore: number | null
}

export const NO_FILTERS: BrowseFilters = {
  tags: [],
  from: '',
  to: '',
  hasPlaceholders: false,
  hasWarning: false,
  minScore: null,
}

/** The filter fields of the browse URL (only the ones set). */
export interface BrowseFilterSearch {
  tags?: string
  from?: string
  to?: string
  hasPlaceholders?: boolean
  hasWarning?: boolean
  minScore?: number
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Reads the filters from a URL's query, dropping what is malformed (a link never fails to open). */
export function readFilters(raw: { [Key in keyof BrowseFilterSearch]?: unknown }): BrowseFilters {
  const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : '')
  const tags = String(raw.tags ?? '')
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag, index, all) => tag !== '' && all.indexOf(tag) === index)
    .slice(0, 10)
  const score = Number(raw.minScore)
  // A range written backwards is read the right way round rather than refused.
  const [from, to] = [day(raw.from), day(raw.to)].sort((a, b) => (a && b ? a.localeCompare(b) : 0))
  return {
    tags: raw.tags === undefined ? [] : tags,
    from: from ?? '',
    to: to ?? '',
    hasPlaceholders: raw.hasPlaceholders === true || raw.hasPlaceholders === 'true',
    hasWarning: raw.hasWarning === true || raw.hasWarning === 'true',
    minScore: Number.isInteger(score) && score >= 0 && raw.minScore !== '' ? score : null,
  }
}

/** The URL (and API) fields of the filters: only those set, so an unfiltered /browse stays clean. */
export function filterSearch(filters: BrowseFilters): BrowseFilterSearch {
  return {
    ...(filters.tags.length > 0 ? { tags: filters.tags.join(',') } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.hasPlaceholders ? { hasPlaceholders: true } : {}),
    ...(filters.hasWarning ? { hasWarning: true } : {}),
    ...(filters.minScore !== null ? { minScore: filters.minScore } : {}),
  }
}

/** How many filters are set (the Filters button shows it). */
export function countFilters(filters: BrowseFilters): number {
  return Object.keys(filterSearch(filters)).length + Math.max(0, filters.tags.length - 1)
}
