import { type RawBuilder, type SqlBool, sql } from 'kysely'
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

const DAY_MS = 24 * 60 * 60 * 1000

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

/**
 * The SQL conditions of the filters over the posts aliased `alias` (none when no filter is set). Each
 * can be answered by an index (tags: GIN; dates: the creation date index; the flags: the primary key
 * of post_command_flags, or its partial indexes when the flag is rare); the score is checked on the
 * rows those yield, since indexing a counter on posts would make every vote rewrite the row's index
 * entries. A post whose flags are not computed yet matches neither true nor false.
 */
export function filterConditions(filters: BrowseFilters, alias: 'p' | 'm'): Array<RawBuilder<SqlBool>> {
  const column = (name: string) => sql.ref(`${alias}.${name}`)
  const conditions: Array<RawBuilder<SqlBool>> = []
  if (filters.tags.length > 0) {
    conditions.push(sql<SqlBool>`${column('tags')} @> ${sql.val(filters.tags)}::text[]`)
  }
  if (filters.from !== null) {
    conditions.push(sql<SqlBool>`${column('created_at')} >= ${`${filters.from}T00:00:00Z`}::timestamptz`)
  }
  if (filters.to !== null) {
    // Inclusive of the whole last day: before the next day's midnight.
    const next = new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString()
    conditions.push(sql<SqlBool>`${column('created_at')} < ${next}::timestamptz`)
  }
  for (const [flag, wanted] of [
    ['has_placeholders', filters.hasPlaceholders],
    ['has_warning', filters.hasWarning],
  ] as const) {
    if (wanted === null) continue
    const value = wanted ? sql`f.${sql.ref(flag)}` : sql`NOT f.${sql.ref(flag)}`
    conditions.push(
      sql<SqlBool>`EXISTS (SELECT 1 FROM post_command_flags f WHERE f.post_id = ${column('id')} AND ${value})`,
    )
  }
  if (filters.minScore !== null) {
    conditions.push(
      sql<SqlBool>`(${column('uplike_count')} - ${column('downlike_count')}) >= ${filters.minScore}::integer`,
    )
  }
  return conditions
}

/** The conditions joined with AND, or TRUE when there are none. */
export function allOf(conditions: ReadonlyArray<RawBuilder<SqlBool>>): RawBuilder<SqlBool> {
  return conditions.length === 0 ? sql<SqlBool>`TRUE` : sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`
}
