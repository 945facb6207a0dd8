import type { Database } from '@bashboard/db'
import { type Kysely, sql } from 'kysely'

/**
 * Row counts behind the platform stats, in one round trip. Posts come from the trigger-kept counters
 * of migration 0002 rather than count(*) over every post.
 */
export async function countTotals(
  db: Kysely<Database>,
): Promise<{ posts: number; users: number; categories: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      sql<string>`(SELECT coalesce(sum(n), 0) FROM counters.post_counts)`.as('posts'),
      eb.selectFrom('users').select(eb.fn.countAll<string>().as('n')).as('users'),
      eb.selectFrom('categories').select(eb.fn.countAll<string>().as('n')).as('categories'),
    ])
    .executeTakeFirstOrThrow()
  return { posts: Number(row.posts), users: Number(row.users), categories: Number(row.categories) }
}

/** The newest posts created at or after `since`. */
export function findPostsCreatedSince(
  db: Kysely<Database>,
  since: Date,
  limit: number,
): Promise<Array<{ id: string; title: string; slug: string; created_at: Date }>> {
  return db
    .selectFrom('posts')
    .select(['id', 'title', 'slug', 'created_at'])
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** Distinct users who created a post or a comment, or cast or changed a vote, at or after `since`. */
export async function countActiveUsersSince(db: Kysely<Database>, since: Date): Promise<number> {
  const row = await db
    .selectNoFrom(() => [
      sql<string>`(select count(*) from (
        select author_id as user_id from posts where created_at >= ${since}
        union
        select author_id from comments where created_at >= ${since}
        union
        select user_id from votes where updated_at >= ${since}
      ) as active)`.as('n'),
    ])
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
