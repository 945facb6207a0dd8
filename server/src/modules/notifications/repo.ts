import type { Database, NotificationKind, NotificationRow } from '@bashboard/db'
import { type Kysely, type OnConflictBuilder, sql, type Transaction } from 'kysely'
import { NOTIFICATIONS_PAGE_SIZE } from '../../contract/notifications.ts'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * The conflict target of an upvote batch: the unread `upvotes` row of one user and post (the partial
 * unique index), which a new upvote grows instead of inserting another row.
 */
function unreadUpvoteBatch(oc: OnConflictBuilder<Database, 'notifications'>) {
  return oc
    .columns(['user_id', 'kind', 'subject_id'])
    .where('read_at', 'is', null)
    .where('kind', '=', 'upvotes')
}

/** What a new notification holds; `subjectId` batches upvotes (the post); `reason` is a removal's. */
export interface NewNotification {
  userId: string
  kind: NotificationKind
  text: string
  link: string | null
  subjectId?: string | null
  reason?: string | null
}

/**
 * Inserts a notification. Kind `upvotes` goes into the user's unread row for the same subject when
 * there is one (its count grows by one and its text is replaced), which the partial unique index
 * `notifications_unread_batch_key` makes one atomic upsert even under concurrent votes.
 */
export function insertNotification(db: Executor, input: NewNotification): Promise<NotificationRow> {
  const values = {
    user_id: input.userId,
    kind: input.kind,
    text: input.text,
    link: input.link,
    subject_id: input.subjectId ?? null,
    reason: input.reason ?? null,
  }
  const insert = db.insertInto('notifications').values(values)
  if (input.kind !== 'upvotes') return insert.returningAll().executeTakeFirstOrThrow()
  return insert
    .onConflict((oc) =>
      unreadUpvoteBatch(oc).doUpdateSet({
        count: sql`notifications.count + 1`,
        text: (eb) => eb.ref('excluded.text'),
        link: (eb) => eb.ref('excluded.link'),
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Which of a user's notifications a page lists: one kind, or only the unread ones. */
export interface NotificationFilter {
  kind?: NotificationKind | undefined
  unread?: boolean | undefined
}

function matching(db: Executor, userId: string, filter: NotificationFilter) {
  let query = db.selectFrom('notifications').where('user_id', '=', userId)
  if (filter.kind) query = query.where('kind', '=', filter.kind)
  if (filter.unread) query = query.where('read_at', 'is', null)
  return query
}

/**
 * Page `page` of the user's notifications that match `filter`, newest activity first (served by
 * notifications_user_updated_at_idx; a user's rows are few, so the offset stays cheap).
 */
export function listNotifications(
  db: Executor,
  userId: string,
  filter: NotificationFilter = {},
  page = 1,
): Promise<NotificationRow[]> {
  return matching(db, userId, filter)
    .selectAll()
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_PAGE_SIZE)
    .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE)
    .execute()
}

/** How many of the user's notifications match `filter`. */
export async function countNotifications(
  db: Executor,
  userId: string,
  filter: NotificationFilter,
): Promise<number> {
  const row = await matching(db, userId, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The still-unread rows among `ids`, each with its user's unread count: what a batch of live pushes
 * needs, in one statement (each count is served by the partial unread index).
 */
export async function findUnreadWithCounts(
  db: Executor,
  ids: readonly string[],
): Promise<Array<{ row: NotificationRow; unreadCount: number }>> {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('notifications as n')
    .selectAll('n')
    .select((eb) =>
      eb
        .selectFrom('notifications as unread')
        .select(eb.fn.countAll<string>().as('c'))
        .whereRef('unread.user_id', '=', 'n.user_id')
        .where('unread.read_at', 'is', null)
        .as('unread_count'),
    )
    .where('n.id', 'in', ids)
    .where('n.read_at', 'is', null)
    .execute()
  return rows.map(({ unread_count: unreadCount, ...row }) => ({ row, unreadCount: Number(unreadCount) }))
}

/** How many of the user's notifications are unread (served by the partial unread index). */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Marks every unread notification of the user read. */
export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute()
}

/** Marks one notification of the user read; false when the user has no such notification. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable('notifications')
    .set({ read_at: sql`coalesce(read_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** What a notification about a post names: its author, title and slug. */
export function findPostSummary(
  db: Executor,
  postId: string,
): Promise<{ author_id: string; title: string; slug: string } | undefined> {
  return db
    .selectFrom('posts')
    .select(['author_id', 'title', 'slug'])
    .where('id', '=', postId)
    .executeTakeFirst()
}

/**
 * What a removal notice names about a comment: its author and text, and the title of its post. Read
 * inside the deleting transaction, before the row goes.
 */
export function findCommentSummary(
  db: Executor,
  commentId: string,
): Promise<{ author_id: string; content: string; post_title: string } | undefined> {
  return db
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select(['c.author_id', 'c.content', 'p.title as post_title'])
    .where('c.id', '=', commentId)
    .executeTakeFirst()
}

/** The members with these usernames (compared without case, served by users_username_lower_key). */
export function findUsersByUsernames(
  db: Executor,
  usernames: readonly string[],
): Promise<Array<{ id: string; username: string }>> {
  if (usernames.length === 0) return Promise.resolve([])
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(
      sql`lower(username)`,
      'in',
      usernames.map((name) => name.toLowerCase()),
    )
    .execute()
}
