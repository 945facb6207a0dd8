import type { Database } from '@bashboard/db'
import { type Compilable, type OperationNodeSource, sql, type Transaction } from 'kysely'

// The reads of a member's export (export.ts), inside its one REPEATABLE READ, READ ONLY transaction: each
// list is a cursor read a page at a time, so a member with a hundred thousand votes is never in memory
// at once, and every page sees the same snapshot as the first.

type Trx = Transaction<Database>

/** Rows of a cursor, a page at a time. */
export type Pages<R> = AsyncGenerator<R[], void, undefined>

/**
 * Runs `query` as the cursor `name` and yields its rows `size` at a time; the cursor is closed when the
 * reader stops (or when the transaction ends, if it failed).
 */
async function* cursorPages<R>(
  trx: Trx,
  name: string,
  query: Compilable<R> & OperationNodeSource,
  size: number,
): Pages<R> {
  await sql`DECLARE ${sql.id(name)} NO SCROLL CURSOR FOR ${query}`.execute(trx)
  let open = true
  try {
    while (open) {
      const { rows } = await sql<R>`FETCH FORWARD ${sql.lit(size)} FROM ${sql.id(name)}`.execute(trx)
      if (rows.length > 0) yield rows
      open = rows.length === size
    }
  } finally {
    await sql`CLOSE ${sql.id(name)}`.execute(trx)
  }
}

/** The member's row as the export's profile needs it, or undefined when there is no such member. */
export function findExportProfile(trx: Trx, userId: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'username', 'email', 'role', 'points', 'avatar', 'post_count', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst()
}

/** The member's posts, oldest first, with their category. */
export function postPages(trx: Trx, userId: string, size: number) {
  const query = trx
    .selectFrom('posts as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.title',
      'p.slug',
      'p.command',
      'p.description',
      'p.description_text',
      'p.tags',
      'c.name as category_name',
      'c.slug as category_slug',
      'p.uplike_count',
      'p.downlike_count',
      'p.view_count',
      'p.comments_count',
      'p.saved_count',
      'p.created_at',
      'p.updated_at',
      'p.edited_at',
    ])
    .where('p.author_id', '=', userId)
    .orderBy('p.created_at')
    .orderBy('p.id')
  return cursorPages(trx, 'export_posts', query, size)
}

/** The member's comments, oldest first, with the post each is on; placeholders are left out. */
export function commentPages(trx: Trx, userId: string, size: number) {
  const query = trx
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select([
      'c.id',
      'c.post_id',
      'p.title as post_title',
      'p.slug as post_slug',
      'c.parent_id',
      'c.content',
      'c.created_at',
      'c.edited_at',
    ])
    .where('c.author_id', '=', userId)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.created_at')
    .orderBy('c.id')
  return cursorPages(trx, 'export_comments', query, size)
}

/** The member's votes, the first cast first, with the post each is on. */
export function votePages(trx: Trx, userId: string, size: number) {
  const query = trx
    .selectFrom('votes as v')
    .innerJoin('posts as p', 'p.id', 'v.post_id')
    .select([
      'v.post_id',
      'p.title as post_title',
      'p.slug as post_slug',
      'v.value',
      'v.created_at',
      'v.updated_at',
    ])
    .where('v.user_id', '=', userId)
    .orderBy('v.created_at')
    .orderBy('v.post_id')
  return cursorPages(trx, 'export_votes', query, size)
}

/** The member's saved posts, the first saved first. */
export function savePages(trx: Trx, userId: string, size: number) {
  const query = trx
    .selectFrom('saves as s')
    .innerJoin('posts as p', 'p.id', 's.post_id')
    .select(['s.post_id', 'p.title as post_title', 'p.slug as post_slug', 's.created_at'])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at')
    .orderBy('s.post_id')
  return cursorPages(trx, 'export_saves', query, size)
}

/**
 * The member's collections, oldest first, one row per post in each (in the member's order) and one row
 * with null post columns for an empty collection.
 */
export function collectionItemPages(trx: Trx, userId: string, size: number) {
  const query = trx
    .selectFrom('collections as k')
    .leftJoin('collection_posts as cp', 'cp.collection_id', 'k.id')
    .leftJoin('posts as p', 'p.id', 'cp.post_id')
    .select([
      'k.id',
      'k.name',
      'k.slug',
      'k.description',
      'k.public',
      'k.created_at',
      'k.updated_at',
      'cp.post_id',
      'p.title as post_title',
      'p.slug as post_slug',
      'cp.position',
      'cp.added_at',
    ])
    .where('k.owner_id', '=', userId)
    .orderBy('k.created_at')
    .orderBy('k.id')
    .orderBy('cp.position')
  return cursorPages(trx, 'export_collections', query, size)
}

/** The member's personal access tokens (revoked ones too): names, scopes and dates, never the hash. */
export function findExportTokens(trx: Trx, userId: string) {
  return trx
    .selectFrom('access_tokens')
    .select(['name', 'scopes', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** The member's contributor applications, oldest first (never who reviewed them). */
export function findExportApplications(trx: Trx, userId: string) {
  return trx
    .selectFrom('applications')
    .select([
      'status',
      'doc_category',
      'cover_letter',
      'document_name',
      'created_at',
      'reviewed_at',
      'review_message',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}
