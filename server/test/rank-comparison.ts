import type { Database } from '@bashboard/db'
import { type Kysely, sql } from 'kysely'
import {
  type RankSource,
  rankDocument,
  rankPattern,
  rankQuery,
  rankVector,
  searchRank,
  tsRank,
} from '../src/modules/website/search-rank.ts'
import { resolveSearch } from '../src/modules/website/search-repo.ts'
import { parseTsquery } from '../src/modules/website/tsearch-text.ts'
import { wordSimilarity } from '../src/modules/website/word-similarity.ts'

/** One part of a post's search rank as PostgreSQL and search-rank.ts compute it (null: left to PostgreSQL). */
export interface RankPart {
  part: 'text_rank' | 'title_similarity' | 'command_similarity' | 'rank'
  database: number
  memory: number | null
}

/** A post a search matches, ranked both ways. */
export interface ComparedPost {
  title: string
  command: string
  parts: RankPart[]
}

/**
 * Ranks the posts `search` matches (up to `limit`) in PostgreSQL, with the expression search-repo.ts
 * orders by and each of its parts, and with search-rank.ts; the search's tsquery text (null when it has
 * no word, or one the in-memory index cannot read) and both ranks of every post.
 */
export async function compareRanks(
  db: Kysely<Database>,
  search: string,
  limit: number,
): Promise<{ tsquery: string | null; posts: ComparedPost[] }> {
  return db.transaction().execute(async (trx) => {
    const tsquery = await resolveSearch(trx, search)
    const tree = tsquery === null ? null : parseTsquery(tsquery)
    if (tsquery === null || tree === null) return { tsquery: null, posts: [] }
    const query = sql`${tsquery}::tsquery`
    const { rows } = await sql<RankSource & Record<RankPart['part'], number>>`SELECT search::text AS search,
        title, command,
        ts_rank(search, ${query}) AS text_rank,
        word_similarity(${search}, title) AS title_similarity,
        word_similarity(${search}, command) AS command_similarity,
        ts_rank(search, ${query}) + greatest(word_similarity(${search}, title), word_similarity(${search}, command)) AS rank
      FROM posts WHERE search @@ ${query} LIMIT ${limit}`.execute(trx)
    const ranked = rankQuery(tree)
    const posts = rows.map((row) => {
      const memory: Record<RankPart['part'], number | null> = {
        text_rank: tsRank(rankVector(row.search), ranked),
        title_similarity: wordSimilarity(search, row.title),
        command_similarity: wordSimilarity(search, row.command),
        rank: searchRank(rankPattern(search, ranked), rankDocument(row)),
      }
      const parts = (Object.keys(memory) as Array<RankPart['part']>).map((part) => ({
        part,
        // float4 comes as text; a JavaScript number of the same float4 value.
        database: Math.fround(Number(row[part])),
        memory: memory[part],
      }))
      return { title: row.title, command: row.command, parts }
    })
    return { tsquery, posts }
  })
}
