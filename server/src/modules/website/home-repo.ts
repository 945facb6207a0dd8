import { type Database, fixedStatement } from '@bashboard/db'
import { type Kysely, sql } from 'kysely'
import { cardsJson, type PostCardJson, toPostCardRow } from '../posts/card-json-repo.ts'
import type { PostCardRow } from '../posts/repo.ts'
import { type PlatformStatsRow, platformStatsColumns } from '../stats/repo.ts'
import { CATEGORIES_JSON } from './categories-json-repo.ts'
import {
  browseOrder,
  browsePageIds,
  type CategoryListRow,
  TOP_POSTS_ORDER,
  topPostIdsOfLastDays,
} from './repo.ts'

/** What the home page reads from the database, every visitor alike. */
export interface HomeRows {
  latest: PostCardRow[]
  topWeekly: PostCardRow[]
  categories: CategoryListRow[]
  stats: PlatformStatsRow
}

/** The sizes the home page reads with, fixed when its reader is made. */
export interface HomeSizes {
  latestLimit: number
  /** The top posts are those created in this many last days. */
  topDays: number
  topLimit: number
  todaysLimit: number
}

type HomeRow = PlatformStatsRow & {
  latest: PostCardJson[]
  top_weekly: PostCardJson[]
  category_list: CategoryListRow[]
}

/**
 * The reader of the home page: one statement for the latest posts (as a latest browse page), the most
 * upvoted posts of the last `topDays` days, every category and the platform stats, each a column of
 * one row. A request used to send five statements, and with the database part below a millisecond,
 * each statement's round trip (a socket write, a parse, Kysely's compile) cost more than its work. A
 * named prepared statement without parameters, compiled once (@bashboard/db `fixedStatement`): the sizes are
 * literals and the dates `now()`, so its one generic plan, made once per connection, reads an index
 * range for each part.
 */
export function homeRowsReader(sizes: HomeSizes): (db: Kysely<Database>) => Promise<HomeRows> {
  const latestIds = browsePageIds({ sort: 'latest', limit: sizes.latestLimit, offset: 0 })
  const topIds = topPostIdsOfLastDays(sizes.topDays, sizes.topLimit)
  const statement = fixedStatement<[], HomeRow>(
    'home_page',
    0,
    () => sql`SELECT
      ${cardsJson(latestIds, browseOrder('latest'))} AS latest,
      ${cardsJson(topIds, TOP_POSTS_ORDER)} AS top_weekly,
      ${CATEGORIES_JSON} AS category_list,
      ${platformStatsColumns(sizes.todaysLimit)}`,
  )
  return async (db) => {
    const [row] = await statement(db)
    if (!row) throw new Error('the home statement returned no row')
    const { latest, top_weekly, category_list, ...stats } = row
    return {
      latest: latest.map(toPostCardRow),
      topWeekly: top_weekly.map(toPostCardRow),
      categories: category_list,
      stats,
    }
  }
}
