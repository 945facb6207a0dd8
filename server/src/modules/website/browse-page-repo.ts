import { type Database, fixedStatement } from '@bashboard/db'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { BrowseSort } from '../../contract/website.ts'
import { isUuid } from '../../lib/slug.ts'
import { cardsJson, type PostCardJson, toPostCardRow } from '../posts/card-json-repo.ts'
import type { PostCardRow } from '../posts/repo.ts'
import { CATEGORIES_JSON } from './categories-json-repo.ts'
import { browseOrder, browsePageIds, browseTotal, type CategoryListRow } from './repo.ts'

/** One unfiltered browse page: a sort, optionally a category (id or slug), and where the page starts. */
export interface BrowsePageQuery {
  sort: BrowseSort
  /** A category's id or slug; absent for every category. */
  categoryKey?: string
  offset: number
}

/** What a browse page reads from the database. */
export interface BrowsePageRows {
  rows: PostCardRow[]
  /** The posts the sort lists (in the category), of every page. */
  total: number
  /** The category the key named; null when none was asked for or none matched. */
  categoryId: string | null
  categories: CategoryListRow[]
}

interface BrowseRow {
  posts: PostCardJson[]
  total: string | null
  category_id: string | null
  category_list: CategoryListRow[]
}

/** The category a browse statement resolved (see {@link browseStatement}). */
const CATEGORY = sql<string>`(SELECT id FROM category)`

/**
 * The statement of one browse page. With a category key (`key`, and `uuid`: the key when it is a uuid,
 * else NULL) the category is resolved first, an id winning over a slug that looks like one; an
 * unknown category matches no post, so its page is empty with a total of 0.
 */
function browseStatement(
  sort: BrowseSort,
  limit: number,
  offset: number,
  category: { key: RawBuilder<unknown>; uuid: RawBuilder<unknown> } | null,
): RawBuilder<BrowseRow> {
  const resolve = category
    ? sql`WITH category AS (
        SELECT id FROM categories WHERE slug = ${category.key} OR id = ${category.uuid}::uuid
        ORDER BY id = ${category.uuid}::uuid DESC NULLS LAST LIMIT 1
      )`
    : sql``
  const ids = browsePageIds({ sort, limit, offset, ...(category ? { category: CATEGORY } : {}) })
  return sql<BrowseRow>`${resolve}
    SELECT ${cardsJson(ids, browseOrder(sort))} AS posts,
      ${browseTotal(sort, category ? CATEGORY : undefined)} AS total,
      ${category ? CATEGORY : sql`NULL::uuid`} AS category_id,
      ${CATEGORIES_JSON} AS category_list`
}

/**
 * The reader of browse pages of `limit` posts without a search or filters, one statement a page: the
 * page's cards in the sort's order, the number of posts the sort lists (repo.ts browseTotal), the
 * category the key named and every category. Trending, say, used to take three statements (four with
 * a category), whose round trips cost more than their work (bench/README.md). The first page of each
 * sort, with and without a category, is a named prepared statement compiled once
 * (@bashboard/db `fixedStatement`): the category key is its one value, the window literals (repo.ts
 * pageWindow), and each plan walks an index in the sort's order whatever the category. Deeper pages
 * are planned per request, as their offsets change what a plan costs.
 */
export function browsePageReader(
  limit: number,
): (db: Kysely<Database>, query: BrowsePageQuery) => Promise<BrowsePageRows> {
  type FirstPage = (db: Kysely<Database>, key: string | null, uuid: string | null) => Promise<BrowseRow[]>
  const firstPages = new Map<string, FirstPage>()
  const firstPage = (sort: BrowseSort, inCategory: boolean): FirstPage => {
    const name = `browse_${sort}${inCategory ? '_in_category' : ''}_first_page`
    let statement = firstPages.get(name)
    if (!statement) {
      statement = fixedStatement<[string | null, string | null], BrowseRow>(name, 2, (key, uuid) =>
        browseStatement(sort, limit, 0, inCategory ? { key, uuid } : null),
      )
      firstPages.set(name, statement)
    }
    return statement
  }
  return async (db, query) => {
    const key = query.categoryKey ?? null
    const uuid = key !== null && isUuid(key) ? key : null
    const rows =
      query.offset === 0
        ? await firstPage(query.sort, key !== null)(db, key, uuid)
        : (
            await browseStatement(
              query.sort,
              limit,
              query.offset,
              key === null ? null : { key: sql.val(key), uuid: sql.val(uuid) },
            ).execute(db)
          ).rows
    const row = rows[0]
    if (!row) throw new Error('the browse statement returned no row')
    return {
      rows: row.posts.map(toPostCardRow),
      total: Number(row.total ?? 0),
      categoryId: row.category_id,
      categories: row.category_list,
    }
  }
}
