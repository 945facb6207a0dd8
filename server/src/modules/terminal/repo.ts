import type { Database } from '@bashboard/db'
import { type Kysely, type SqlBool, sql } from 'kysely'
import { type PostCardRow, selectPostCards } from '../posts/repo.ts'

/**
 * One page of the posts tagged with `program`, best first (score = up − down, then upvotes, then
 * newest), and how many there are. Tags are part of posts.search (weight B, the simple configuration),
 * so the GIN index narrows the rows to those mentioning the name before the exact tag check.
 */
export async function findProgramPosts(
  db: Kysely<Database>,
  program: string,
  opts: { limit: number; offset: number },
): Promise<{ rows: PostCardRow[]; total: number }> {
  const rows = await selectPostCards(db)
    .select(sql<string>`count(*) OVER ()`.as('matches'))
    .where(sql<SqlBool>`p.search @@ plainto_tsquery('simple', ${program})`)
    .where(sql<SqlBool>`${program} = ANY (p.tags)`)
    .orderBy(sql`p.uplike_count - p.downlike_count`, 'desc')
    .orderBy('p.uplike_count', 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(opts.limit)
    .offset(opts.offset)
    .execute()
  const first = rows[0]
  if (first) return { rows, total: Number(first.matches) }
  if (opts.offset === 0) return { rows, total: 0 }
  // A page past the last one has no row to carry the count.
  const { rows: counted } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM posts p
    WHERE p.search @@ plainto_tsquery('simple', ${program}) AND ${program} = ANY (p.tags)`.execute(db)
  return { rows, total: Number(counted[0]?.n ?? 0) }
}

/** Every tag in use with the number of posts carrying it, the most used first, then by name. */
export async function listProgramCounts(
  db: Kysely<Database>,
): Promise<Array<{ name: string; count: number }>> {
  const { rows } = await sql<{ name: string; count: string }>`
    SELECT t.tag AS name, count(*) AS count
    FROM posts p CROSS JOIN LATERAL unnest(p.tags) AS t(tag)
    GROUP BY t.tag
    ORDER BY count(*) DESC, t.tag`.execute(db)
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }))
}
