import { type Database, fixedStatement } from '@bashboard/db'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { cardsJson, type PostCardJson, toPostCardRow } from './card-json-repo.ts'
import { type PostCardRow, rankedPostIds } from './repo.ts'

/** What a post page reads once it knows the post: its card and the related posts' cards. */
export interface PostPageRows {
  /** Undefined when the post was deleted since its id was found. */
  post: PostCardRow | undefined
  related: PostCardRow[]
}

/** The order of the related posts (the most upvoted of the category, then the newest), all descending. */
const RELATED_ORDER = [sql`p.uplike_count`, sql`p.created_at`]

/** The statement's row: each list a JSON column. */
interface PostPageJson {
  post: PostCardJson[]
  related: PostCardJson[]
}

/**
 * A post page's cards in one statement: the post's card and the top `relatedLimit` posts of its
 * category (without it; none when it has no category) as two JSON columns of one row.
 */
function postPageSql(
  relatedLimit: number,
  id: RawBuilder<unknown>,
  category: RawBuilder<unknown>,
): RawBuilder<PostPageJson> {
  return sql<PostPageJson>`SELECT
    ${cardsJson(sql`p.id = ${id}::uuid`, RELATED_ORDER)} AS post,
    ${cardsJson(
      rankedPostIds({
        by: 'upvotes',
        categoryId: sql<string>`${category}::uuid`,
        excludeId: sql<string>`${id}::uuid`,
        limit: relatedLimit,
        offset: 0,
      }),
      RELATED_ORDER,
    )} AS related`
}

/** {@link postPageReader}'s statement with its values, for EXPLAIN (the plan tests, the API benchmark). */
export function postPageQuery(relatedLimit: number, postId: string, categoryId: string | null) {
  return postPageSql(relatedLimit, sql.val(postId), sql.val(categoryId))
}

/**
 * The reader of a post page's cards ({@link postPageSql}): one named statement compiled once
 * (@bashboard/db `fixedStatement`), so an uncached post page costs one round trip once its id is found,
 * where it was two statements side by side.
 */
export function postPageReader(
  relatedLimit: number,
): (db: Kysely<Database>, postId: string, categoryId: string | null) => Promise<PostPageRows> {
  const statement = fixedStatement<[string, string | null], PostPageJson>('post_page', 2, (id, category) =>
    postPageSql(relatedLimit, id, category),
  )
  return async (db, postId, categoryId) => {
    const [row] = await statement(db, postId, categoryId)
    if (!row) throw new Error('the post page statement returned no row')
    return { post: row.post[0] && toPostCardRow(row.post[0]), related: row.related.map(toPostCardRow) }
  }
}
