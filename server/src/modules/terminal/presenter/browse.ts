import { countOf } from '../../../contract/plurals.ts'
import type { Category } from '../../../contract/posts.ts'
import type { BrowseSort } from '../../../contract/website.ts'
import type { BrowseRead } from '../site-service.ts'
import { comment, entries, footer, page, type RenderContext, renderSearch, WIDTH } from './render.ts'
import { cleanLine, wrap } from './text.ts'

/** Browse orders as the page's heading says them. */
const SORT_NAMES: Record<BrowseSort, string> = {
  latest: 'newest first',
  trending: 'trending first',
  upvotes: 'most upvoted first',
  views: 'most viewed first',
}

/** What names a browse list in its links: the read query, without its page. */
export interface BrowseLink {
  search?: string
  category?: string
  sort?: BrowseSort
  tags?: string | string[] | undefined
  from?: string | undefined
  to?: string | undefined
  hasPlaceholders?: boolean | undefined
  hasWarning?: boolean | undefined
  minScore?: number | undefined
}

/**
 * The site's browse query for a list, URL-encoded in a fixed order and without defaults, so the text
 * links to the same page the web app shows: `search=find%20large`, `sort=upvotes&category=archives`.
 */
export function browseQuery(link: BrowseLink): string {
  const tags = Array.isArray(link.tags) ? link.tags.join(',') : link.tags
  const pairs: Array<[string, string | number | boolean | undefined]> = [
    ['search', link.search],
    ['category', link.category],
    ['sort', link.sort === 'latest' ? undefined : link.sort],
    ['tags', tags],
    ['from', link.from],
    ['to', link.to],
    ['hasPlaceholders', link.hasPlaceholders],
    ['hasWarning', link.hasWarning],
    ['minScore', link.minScore],
  ]
  return pairs
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&')
}

/** The filters of a list in words (`tags tar, gzip · from 2026-01-01`), or '' when there are none. */
function filterWords(read: BrowseRead): string {
  const { filters } = read.params
  const tags = Array.isArray(filters.tags) ? filters.tags.join(',') : filters.tags
  const words = [
    read.category ? `category ${cleanLine(read.category.name)}` : null,
    tags ? `tags ${cleanLine(tags).split(',').filter(Boolean).join(', ')}` : null,
    filters.from ? `from ${filters.from}` : null,
    filters.to ? `to ${filters.to}` : null,
    filters.hasPlaceholders === undefined
      ? null
      : filters.hasPlaceholders
        ? 'with placeholders'
        : 'without placeholders',
    filters.hasWarning === undefined ? null : filters.hasWarning ? 'with a warning' : 'without a warning',
    filters.minScore === undefined ? null : `score at least ${filters.minScore}`,
  ]
  return words.filter((word): word is string => word !== null).join(' · ')
}

/** `GET /browse?category=<x>` for a category that does not exist: which ones do. */
export function renderUnknownCategory(
  ctx: RenderContext,
  key: string,
  categories: readonly Category[],
): string {
  const { palette } = ctx
  const names = categories.map((category) => cleanLine(category.slug)).join(', ')
  const lines = [`${palette.dim('#')} ${palette.red(`There is no category "${cleanLine(key)}".`)}`]
  if (names !== '') {
    lines.push(...wrap(`Categories: ${names}`, WIDTH - 2).map((line) => comment(ctx, line)))
    const first = categories[0]
    if (first)
      lines.push(
        comment(ctx, `For example: curl "${ctx.origin}/browse?category=${encodeURIComponent(first.slug)}"`),
      )
  }
  lines.push('', ...footer(ctx))
  return page(lines)
}

/**
 * `GET /browse?…`: a page of the site's list, numbered across pages. With a search it is the search's
 * page (the same text as `/~<words>` for its first page).
 */
export function renderBrowse(ctx: RenderContext, read: BrowseRead): string {
  const { palette } = ctx
  const { params, response } = read
  const link: BrowseLink = {
    search: params.search,
    category: params.category,
    sort: params.sort,
    ...params.filters,
  }
  const query = browseQuery(link)
  const filters = filterWords(read)
  const { page: current, pageSize, totalPosts: total, totalPages } = response.pagination
  if (params.search !== '') {
    return renderSearch(ctx, params.search, response.posts, total, {
      page: current,
      pageSize,
      query,
      ...(filters === '' ? {} : { note: filters }),
    })
  }
  const href = (at: number) => {
    const full = [query, at > 1 ? `page=${at}` : ''].filter(Boolean).join('&')
    return `${ctx.origin}/browse${full === '' ? '' : `?${full}`}`
  }
  const count = `${countOf(total, 'command')}, ${SORT_NAMES[params.sort]}`
  const where = current > 1 ? ` (page ${current} of ${totalPages})` : ''
  const lines = [`${palette.dim('#')} ${palette.bold('Browse')} ${palette.dim(`— ${count}${where}`)}`]
  if (filters !== '') lines.push(comment(ctx, filters))
  lines.push('', ...entries(ctx, response.posts, (current - 1) * pageSize + 1))
  if (response.posts.length === 0) {
    lines.push(
      comment(
        ctx,
        total > 0
          ? `Page ${current} is past the last page (${totalPages}).`
          : filters === ''
            ? 'No commands have been shared yet.'
            : 'No commands match these filters.',
      ),
      '',
    )
  }
  if (current < totalPages) lines.push(comment(ctx, `More: curl "${href(current + 1)}"`), '')
  lines.push(comment(ctx, `On the site: ${href(current)}`), '', ...footer(ctx))
  return page(lines)
}
