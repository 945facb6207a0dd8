import type { Database, NotificationKind, NotificationRow } from '@bashboard/db'
import type { Kysely, Transaction } from 'kysely'
import { MENTIONS_NOTIFIED_MAX } from '../../contract/comments.ts'
import { findMentions } from '../../contract/mentions.ts'
import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationsQuery,
  type NotificationsResponse,
} from '../../contract/notifications.ts'
import { badgeForPoints } from '../../lib/badges.ts'
import { startBatch } from '../../lib/batch.ts'
import { isDeletedMember } from '../../lib/deleted-member.ts'
import { NotFoundError } from '../../lib/errors.ts'
import type { LiveHub } from '../../live/hub.ts'
import type { Outbox } from '../../live/outbox.ts'
import { queueNotificationMail } from '../mail/service.ts'
import { toNotification } from './presenter.ts'
import {
  countNotifications,
  countUnread,
  findCommentSummary,
  findPostSummary,
  findUnreadWithCounts,
  findUsersByUsernames,
  insertNotification,
  listNotifications,
  markAllRead,
  markRead,
} from './repo.ts'

/** Longest post title quoted in a notification text (the column holds at most 300 characters). */
const QUOTED_TITLE_MAX = 120
/**
 * Most mentioned names looked up per comment: enough to find the first {@link MENTIONS_NOTIFIED_MAX}
 * real members among the writer's own name, repeats of people already notified and typos, while a
 * comment of nothing but `@names` stays one small query.
 */
const MENTION_LOOKUPS_MAX = 20
/** The upvote live push of one post goes out at most once per this window (per instance). */
export const UPVOTE_PUSH_WINDOW_MS = 3000

export const NOTIFICATION_NOT_FOUND = 'Notification not found'

/** What {@link createNotification} records. `subjectId` batches kind `upvotes` (the post id). */
export interface CreateNotificationInput {
  userId: string
  kind: NotificationKind
  text: string
  link: string | null
  subjectId?: string | null
  /** The moderator's reason of a `removal`. */
  reason?: string | null
}

function quote(title: string): string {
  return title.length > QUOTED_TITLE_MAX ? `${title.slice(0, QUOTED_TITLE_MAX - 1)}…` : title
}

/**
 * Records a notification inside the caller's transaction and queues the `notification` event on
 * `user:<userId>` (the whole notification and the new unread count), published only after commit,
 * and, for a reply or mention the member wants mailed at once, its mail.
 * Kind `upvotes` grows the unread row of the same subject instead of adding one.
 */
export async function createNotification(
  trx: Transaction<Database>,
  outbox: Outbox,
  input: CreateNotificationInput,
): Promise<void> {
  // Nobody reads the deleted-member account's (lib/deleted-member.ts): a reply to a comment it holds
  // tells no one.
  if (isDeletedMember(input.userId)) return
  const row = await insertNotification(trx, input)
  await queueNotificationMail(trx, { id: row.id, userId: input.userId, kind: input.kind })
  const unreadCount = await countUnread(trx, input.userId)
  outbox.publish(`user:${input.userId}`, 'notification', { ...toNotification(row), unreadCount })
}

/** A new comment, as {@link notifyComment} needs it. */
export interface NewCommentNotice {
  postId: string
  commentId: string
  commenterId: string
  commenterName: string
  content: string
  /** The author of the comment this one answers, when it is a reply. */
  answeredAuthorId: string | null
}

/**
 * Tells everyone a new comment concerns, each of them once and never its writer, in this order: the
 * author of the comment it answers (kind `reply`), the post's author (kind `comment`, link
 * `/post/<slug>`), then the members it mentions by `@username` (kind `mention`; unknown names do
 * nothing, at most {@link MENTIONS_NOTIFIED_MAX} are notified). Reply and mention links point at the
 * comment (`/post/<slug>#comment-<id>`). Nothing when the post is gone.
 */
export async function notifyComment(
  trx: Transaction<Database>,
  outbox: Outbox,
  input: NewCommentNotice,
): Promise<void> {
  const post = await findPostSummary(trx, input.postId)
  if (!post) return
  const title = quote(post.title)
  const atComment = `/post/${post.slug}#comment-${input.commentId}`
  const notified = new Set([input.commenterId])
  if (input.answeredAuthorId && !notified.has(input.answeredAuthorId)) {
    notified.add(input.answeredAuthorId)
    await createNotification(trx, outbox, {
      userId: input.answeredAuthorId,
      kind: 'reply',
      text: `${input.commenterName} replied to your comment on "${title}"`,
      link: atComment,
      subjectId: input.commentId,
    })
  }
  if (!notified.has(post.author_id)) {
    notified.add(post.author_id)
    await createNotification(trx, outbox, {
      userId: post.author_id,
      kind: 'comment',
      text: `${input.commenterName} commented on your command "${title}"`,
      link: `/post/${post.slug}`,
      subjectId: input.postId,
    })
  }
  const names = findMentions(input.content)
  if (names.length === 0) return
  // Found in the order they were written, so the first ones mentioned are the ones notified.
  const found = await findUsersByUsernames(trx, names.slice(0, MENTION_LOOKUPS_MAX))
  const byName = new Map(found.map((user) => [user.username.toLowerCase(), user.id]))
  let mentioned = 0
  for (const name of names) {
    if (mentioned >= MENTIONS_NOTIFIED_MAX) break
    const userId = byName.get(name.toLowerCase())
    if (!userId || notified.has(userId)) continue
    notified.add(userId)
    mentioned++
    await createNotification(trx, outbox, {
      userId,
      kind: 'mention',
      text: `${input.commenterName} mentioned you in a comment on "${title}"`,
      link: atComment,
      subjectId: input.commentId,
    })
  }
}

/**
 * Quoted lengths in a removal notice: with {@link REMOVAL_NEXT_STEPS} the text stays within the
 * column's 300 characters (the longest comment notice is 276).
 */
const REMOVED_TITLE_MAX = 120
const REMOVED_COMMENT_TITLE_MAX = 60
const REMOVED_EXCERPT_MAX = 60

/** What a removal notice tells the author to do next; the web links both places it names. */
export const REMOVAL_NEXT_STEPS =
  'See the community guidelines before you post again, and contact the moderators if you think this was a mistake.'

/** Where a removal notice leads: the guidelines (the moderators' contact page is `/contact`). */
export const REMOVAL_LINK = '/guidelines'

/** `text` on one line, cut to `max` characters (code points, as the column counts them) with an ellipsis. */
function clip(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('')
}

/** What a moderator removed, as {@link notifyRemoval} names it. */
export type RemovedContent =
  | { type: 'post'; postId: string; authorId: string; title: string }
  | { type: 'comment'; commentId: string }

/**
 * Tells an author that a moderator removed their post or comment (kind `removal`): what went (the
 * post's title, or an excerpt of the comment and its post's title), what to do next, and the
 * moderator's `reason` (blank: none given, as through the regular delete routes) in its own field.
 * Nothing when the remover is the author. Call it inside the deleting transaction, before the row
 * goes: the notice commits with the deletion and its push goes out after.
 */
export async function notifyRemoval(
  trx: Transaction<Database>,
  outbox: Outbox,
  input: { removed: RemovedContent; removerId: string; reason: string },
): Promise<void> {
  const { removed } = input
  let notice: { userId: string; subjectId: string; what: string }
  if (removed.type === 'post') {
    notice = {
      userId: removed.authorId,
      subjectId: removed.postId,
      what: `your command "${clip(removed.title, REMOVED_TITLE_MAX)}"`,
    }
  } else {
    const comment = await findCommentSummary(trx, removed.commentId)
    if (!comment) return
    notice = {
      userId: comment.author_id,
      subjectId: removed.commentId,
      what: `your comment "${clip(comment.content, REMOVED_EXCERPT_MAX)}" on "${clip(comment.post_title, REMOVED_COMMENT_TITLE_MAX)}"`,
    }
  }
  if (notice.userId === input.removerId) return
  const reason = input.reason.trim()
  await createNotification(trx, outbox, {
    userId: notice.userId,
    kind: 'removal',
    text: `A moderator removed ${notice.what}. ${REMOVAL_NEXT_STEPS}`,
    link: REMOVAL_LINK,
    subjectId: notice.subjectId,
    reason: reason === '' ? null : reason,
  })
}

/** The text of a tier notification for a user who now has `points`. */
function tierText(points: number): string {
  return `You reached the ${badgeForPoints(points)} tier with ${points} points`
}

/**
 * Tells a user they reached a higher tier, when a points change moved their total across one or more
 * tier minimums upward (one notification naming the highest tier reached). Losing points never
 * notifies.
 */
export async function notifyTierCrossing(
  trx: Transaction<Database>,
  outbox: Outbox,
  input: { userId: string; before: number; after: number },
): Promise<void> {
  if (input.after <= input.before) return
  if (badgeForPoints(input.before) === badgeForPoints(input.after)) return
  await createNotification(trx, outbox, {
    userId: input.userId,
    kind: 'tier',
    text: tierText(input.after),
    link: '/profile',
    subjectId: null,
  })
}

/** The texts of a post's upvote batch notification, which the vote settler upserts. */
export interface UpvoteBatchTexts {
  link: string
  /** The text of a fresh batch (count 1). */
  firstText: string
  /** A grown batch reads `<prefix><count><suffix>` ("Your command "X" got 3 new upvotes"). */
  prefix: string
  suffix: string
}

/**
 * The texts of the post author's unread upvote batch row. No event is queued for it: the settler
 * (posts/vote-settler.ts) hands the row's id to {@link UpvoteNotifier.upvoted} after commit, which
 * pushes at most once per window with the absolute count.
 */
export function upvoteBatchTexts(post: { title: string; slug: string }): UpvoteBatchTexts {
  const prefix = `Your command "${quote(post.title)}" got `
  return { link: `/post/${post.slug}`, firstText: `${prefix}1 new upvote`, prefix, suffix: ' new upvotes' }
}

/**
 * Publishes a notification written outside {@link createNotification} (by a single statement that
 * committed on its own): the same `notification` event on `user:<id>`, with the unread count.
 */
export function publishNotification(live: LiveHub, row: NotificationRow, unreadCount: number): Promise<void> {
  return live.publish(`user:${row.user_id}`, 'notification', { ...toNotification(row), unreadCount })
}

/** Pushes upvote notifications live, coalesced per notification row (so per user and post). */
export interface UpvoteNotifier {
  /**
   * Call after the vote settlement that grew the row committed. The first call after a quiet spell opens a window of
   * {@link UPVOTE_PUSH_WINDOW_MS}; at its end each row upvoted in it gets one `notification` event with
   * the row as it is then (its absolute count) and the unread count. So a row is pushed at most once
   * per window, however many votes it gets. Never throws, never delays the caller.
   */
  pushSoon(notificationId: string): void
  /** Drops pending pushes and waits for one in progress (app shutdown). */
  close(): Promise<void>
}

/**
 * An upvote notifier over `db` and the live hub. One window is open at a time for all rows, so a
 * burst of votes on many posts costs one read at its end rather than two per row.
 */
export function createUpvoteNotifier(
  deps: { db: Kysely<Database>; live: LiveHub },
  windowMs = UPVOTE_PUSH_WINDOW_MS,
): UpvoteNotifier {
  let pending = new Set<string>()
  const batch = startBatch({
    delayMs: windowMs,
    async run() {
      const ids = [...pending]
      pending = new Set()
      if (ids.length === 0) return
      // Rows read (or gone) meanwhile are left out: the user has seen them, a toast now would be noise.
      const due = await findUnreadWithCounts(deps.db, ids)
      await Promise.all(
        due.map(({ row, unreadCount }) =>
          deps.live.publish(`user:${row.user_id}`, 'notification', { ...toNotification(row), unreadCount }),
        ),
      )
    },
    onError: (error) =>
      deps.live.log.warn({ err: error }, 'upvote notification push failed; the menu shows it on refetch'),
  })

  return {
    pushSoon(notificationId) {
      pending.add(notificationId)
      batch.poke()
    },
    async close() {
      pending.clear()
      await batch.close()
    },
  }
}

/**
 * A page of the user's notifications matching `query` (kind, unread only), the unread total and where
 * the page is. The live id is read before the rows: an event published in between is replayed on
 * subscribe, not lost.
 */
export async function getNotifications(
  deps: { db: Kysely<Database>; live: LiveHub },
  userId: string,
  query: NotificationsQuery = {},
): Promise<NotificationsResponse> {
  const page = query.page ?? 1
  const filter = { kind: query.kind, unread: query.unread }
  const liveId = await deps.live.currentId(`user:${userId}`)
  const [rows, total, unreadCount] = await Promise.all([
    listNotifications(deps.db, userId, filter, page),
    countNotifications(deps.db, userId, filter),
    countUnread(deps.db, userId),
  ])
  return {
    notifications: rows.map(toNotification),
    unreadCount,
    pagination: {
      page,
      pageSize: NOTIFICATIONS_PAGE_SIZE,
      total,
      totalPages: Math.ceil(total / NOTIFICATIONS_PAGE_SIZE),
    },
    liveId,
  }
}

/** Marks all of the user's notifications read. */
export async function readAllNotifications(
  db: Kysely<Database>,
  userId: string,
): Promise<{ unreadCount: 0 }> {
  await markAllRead(db, userId)
  return { unreadCount: 0 }
}

/** Marks one notification read (404 when it is not the user's); answers the unread count left. */
export async function readNotification(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<{ unreadCount: number }> {
  if (!(await markRead(db, userId, id))) throw new NotFoundError(NOTIFICATION_NOT_FOUND)
  return { unreadCount: await countUnread(db, userId) }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes upvote notifications, coalesced (see {@link UpvoteNotifier}). */
    upvoteNotifier: UpvoteNotifier
  }
}
