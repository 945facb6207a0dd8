import type { Database, ModerationLogRow, Role, UserRow } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'
import { DELETED_MEMBER_ID } from '../../lib/deleted-member.ts'
import { updateUserRole } from '../accounts/repo.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** A page of the audit log, newest first, and the number of entries. */
export async function listModerationLog(
  db: Executor,
  page: { limit: number; offset: number },
): Promise<{ rows: ModerationLogRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('moderation_log')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('moderation_log')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

// ---------------------------------------------------------------------------------------------
// Activity history: the newest rows of each kind, merged by the service.
// ---------------------------------------------------------------------------------------------

/** The newest sign-ups. */
export function recentSignups(db: Executor, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute()
}

/** The newest posts with their authors. */
export function recentPosts(db: Executor, limit: number) {
  return db
    .selectFrom('posts')
    .leftJoin('users', 'users.id', 'posts.author_id')
    .select(['posts.id', 'posts.title', 'posts.created_at', 'posts.author_id', 'users.username'])
    .orderBy('posts.created_at', 'desc')
    .limit(limit)
    .execute()
}

/** The newest comments with their authors. */
export function recentComments(db: Executor, limit: number) {
  return (
    db
      .selectFrom('comments')
      .leftJoin('users', 'users.id', 'comments.author_id')
      .select([
        'comments.id',
        'comments.content',
        'comments.created_at',
        'comments.author_id',
        'users.username',
      ])
      // "Comment deleted" placeholders (kept for their replies) hold nothing to moderate.
      .where('comments.deleted_at', 'is', null)
      .orderBy('comments.created_at', 'desc')
      .limit(limit)
      .execute()
  )
}

/** The latest votes (a switched vote counts at the time it switched), with the voter and post title. */
export function recentVotes(db: Executor, limit: number) {
  return db
    .selectFrom('votes')
    .innerJoin('posts', 'posts.id', 'votes.post_id')
    .leftJoin('users', 'users.id', 'votes.user_id')
    .select([
      'votes.post_id',
      'votes.user_id',
      'votes.value',
      'votes.updated_at',
      'posts.title',
      'users.username',
    ])
    .orderBy('votes.updated_at', 'desc')
    .limit(limit)
    .execute()
}

/** The newest applications with their applicants. */
export function recentApplications(db: Executor, limit: number) {
  return db
    .selectFrom('applications')
    .innerJoin('users', 'users.id', 'applications.user_id')
    .select([
      'applications.id',
      'applications.user_id',
      'applications.doc_category',
      'applications.created_at',
      'users.username',
    ])
    .orderBy('applications.created_at', 'desc')
    .limit(limit)
    .execute()
}

// ---------------------------------------------------------------------------------------------
// Live counters
// ---------------------------------------------------------------------------------------------

/** Accounts created at or after `since`. */
export async function countSignupsSince(db: Executor, since: Date): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/** Per-minute counts of votes cast or switched since `since` (minute start → count). */
export async function countVotesPerMinute(db: Executor, since: Date): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('votes')
    .select([
      sql<Date>`date_trunc('minute', updated_at)`.as('minute'),
      (eb) => eb.fn.countAll<string>().as('total'),
    ])
    .where('updated_at', '>=', since)
    .groupBy(sql`date_trunc('minute', updated_at)`)
    .execute()
  return new Map(rows.map((row) => [new Date(row.minute).getTime(), Number(row.total)]))
}

/** Per-minute counts of comments written since `since` (minute start → count). */
export async function countCommentsPerMinute(db: Executor, since: Date): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('comments')
    .select([
      sql<Date>`date_trunc('minute', created_at)`.as('minute'),
      (eb) => eb.fn.countAll<string>().as('total'),
    ])
    .where('created_at', '>=', since)
    .groupBy(sql`date_trunc('minute', created_at)`)
    .execute()
  return new Map(rows.map((row) => [new Date(row.minute).getTime(), Number(row.total)]))
}

// ---------------------------------------------------------------------------------------------
// Content search
// ---------------------------------------------------------------------------------------------

/** `%text%` for ILIKE, with the pattern characters of `text` escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Filters of the console's content lists; `q` and `author` are trimmed and non-empty when set. */
export interface ContentFilter {
  q?: string | undefined
  author?: string | undefined
  limit: number
  offset: number
}

/**
 * Posts whose title or command contains `q` (trigram indexes) or whose text matches it as words
 * (full-text index), by author username; newest first.
 */
export async function searchPostsForModeration(db: Executor, filter: ContentFilter) {
  let query = db.selectFrom('posts').leftJoin('users', 'users.id', 'posts.author_id')
  if (filter.q) {
    const pattern = containsPattern(filter.q)
    const q = filter.q
    query = query.where((eb) =>
      eb.or([
        eb('posts.title', 'ilike', pattern),
        eb('posts.command', 'ilike', pattern),
        eb(sql<boolean>`posts.search @@ websearch_to_tsquery('english', ${q})`, '=', true),
      ]),
    )
  }
  if (filter.author) query = query.where(sql`lower(users.username)`, '=', filter.author.toLowerCase())
  const [rows, count] = await Promise.all([
    query
      .select([
        'posts.id',
        'posts.slug',
        'posts.title',
        'posts.command',
        'posts.author_id',
        'posts.uplike_count',
        'posts.downlike_count',
        'posts.comments_count',
        'posts.created_at',
        'users.username',
      ])
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/** Comments whose text contains `q` (trigram index), by author username; newest first. */
export async function searchCommentsForModeration(db: Executor, filter: ContentFilter) {
  let query = db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .leftJoin('users', 'users.id', 'comments.author_id')
    // "Comment deleted" placeholders (kept for their replies) hold nothing to moderate.
    .where('comments.deleted_at', 'is', null)
  if (filter.q) query = query.where('comments.content', 'ilike', containsPattern(filter.q))
  if (filter.author) query = query.where(sql`lower(users.username)`, '=', filter.author.toLowerCase())
  const [rows, count] = await Promise.all([
    query
      .select([
        'comments.id',
        'comments.content',
        'comments.author_id',
        'comments.created_at',
        'posts.id as post_id',
        'posts.slug as post_slug',
        'posts.title as post_title',
        'users.username',
      ])
      .orderBy('comments.created_at', 'desc')
      .orderBy('comments.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/** A post's title, for the audit log of its deletion. */
export async function findPostTitle(db: Executor, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('posts').select('title').where('id', '=', id).executeTakeFirst()
  return row?.title
}

// ---------------------------------------------------------------------------------------------
// Users and roles
// ---------------------------------------------------------------------------------------------

/** Users whose name contains `q` (trigram index) or whose email is `q`; newest first. */
export async function searchUsersForModeration(
  db: Executor,
  filter: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  // The deleted-member account (lib/deleted-member.ts) is nobody a moderator can give a role to.
  let query = db.selectFrom('users').where('id', '<>', DELETED_MEMBER_ID)
  if (filter.q) {
    const pattern = containsPattern(filter.q)
    const email = filter.q.toLowerCase()
    query = query.where((eb) => eb.or([eb('username', 'ilike', pattern), eb('email', '=', email)]))
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/**
 * A user row, locked until the transaction ends (role changes and decisions serialise on it); never the
 * deleted-member account, which answers as no one.
 */
export function lockUser(trx: Transaction<Database>, id: string): Promise<UserRow | undefined> {
  return trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('id', '<>', DELETED_MEMBER_ID)
    .forUpdate()
    .executeTakeFirst()
}

/** Sets a user's role; `revokeTokens` bumps the token version so older tokens are refused. */
export function setRole(
  trx: Transaction<Database>,
  id: string,
  role: Role,
  revokeTokens: boolean,
): Promise<UserRow> {
  // The same update as the CLI's role change; here it runs inside the moderator's transaction.
  return updateUserRole(trx, id, role, revokeTokens)
}
