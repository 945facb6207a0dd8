import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { hasControlCharacters, normalizeLineBreaks } from '../../contract/limits.ts'
import type { LiveModActivity } from '../../contract/live.ts'
import {
  MOD_LIMITS,
  MOD_MESSAGES,
  MOD_PAGE_SIZE,
  MOD_STATS_MINUTES,
  type ModActivityResponse,
  type ModAuditResponse,
  type ModCommentListResponse,
  type ModContentQuery,
  type ModPagination,
  type ModPostListResponse,
  type ModRoleBody,
  type ModStatsResponse,
  type ModUser,
  type ModUserListResponse,
  type ModUsersQuery,
} from '../../contract/moderation.ts'
import { type EventDeps, withEvents } from '../../events/transaction.ts'
import { type AuthUser, hasAccess, isContributor } from '../../lib/access.ts'
import { ForbiddenError, InvalidError, NotFoundError } from '../../lib/errors.ts'
import { isUuid } from '../../lib/slug.ts'
import { startOfUtcDay } from '../../lib/time.ts'
import type { Presence } from '../../live/presence.ts'
import { activityItem, excerpt, moderationTitle, voteTitle } from '../audit/activity.ts'
import { logModerationAction } from '../audit/log.ts'
import { createNotification } from '../notifications/service.ts'
import { toAuditEntry, toModComment, toModPost, toModUser } from './presenter.ts'
import {
  countCommentsPerMinute,
  countSignupsSince,
  countVotesPerMinute,
  listModerationLog,
  lockUser,
  recentApplications,
  recentComments,
  recentPosts,
  recentSignups,
  recentVotes,
  searchCommentsForModeration,
  searchPostsForModeration,
  searchUsersForModeration,
  setRole,
} from './repo.ts'

/** What the moderation service needs: the database, the live hub and the socket count. */
export interface ModerationDeps extends EventDeps {
  /** Sockets connected across instances, for the console's "connected now". */
  presence: Pick<Presence, 'connectedTotal'>
}

/** Default number of activity items. */
export const ACTIVITY_DEFAULT_LIMIT = 50

export const USER_NOT_FOUND = 'User not found'

const MINUTE_MS = 60_000

/** What a user is told when a moderator changes their role. */
const ROLE_NOTICE = {
  member: 'A moderator changed your role to member. You can no longer create posts.',
  contributor: 'A moderator made you a contributor. You can now create posts.',
  moderator: 'A moderator made you a moderator. The moderation console is open to you.',
} as const

/**
 * A moderator's reason, trimmed, with LF line breaks; 422 when it is not 3–500 characters or holds a
 * control character or a text-direction mark (contract/limits.ts).
 */
export function checkReason(raw: string): string {
  const reason = raw.trim()
  const stored = normalizeLineBreaks(reason)
  const length = [...stored].length
  if (length < MOD_LIMITS.reasonMinLength || length > MOD_LIMITS.reasonMaxLength) {
    throw new InvalidError(MOD_MESSAGES.reasonRequired, 'reason')
  }
  if (hasControlCharacters(reason, true)) throw new InvalidError(MOD_MESSAGES.reasonCharacters, 'reason')
  return stored
}

function pagination(page: number, total: number): ModPagination {
  return { page, pageSize: MOD_PAGE_SIZE, total, totalPages: Math.ceil(total / MOD_PAGE_SIZE) }
}

function trimmed(value: string | undefined): string | undefined {
  const text = value?.trim()
  return text ? text : undefined
}

/**
 * What happened lately, newest first, rebuilt from the tables: sign-ups, posts, comments, votes,
 * applications and moderator actions, each item shaped like the `activity` event. The `mod` topic's
 * id is read first, so the console can subscribe from it without missing anything.
 */
export async function listRecentActivity(deps: ModerationDeps, limit: number): Promise<ModActivityResponse> {
  const liveId = await deps.live.currentId('mod')
  const [signups, posts, comments, votes, applications, log] = await Promise.all([
    recentSignups(deps.db, limit),
    recentPosts(deps.db, limit),
    recentComments(deps.db, limit),
    recentVotes(deps.db, limit),
    recentApplications(deps.db, limit),
    listModerationLog(deps.db, { limit, offset: 0 }),
  ])
  const actor = (id: string | null, username: string | null) =>
    id && username !== null ? { id, username } : null
  const items: LiveModActivity[] = [
    ...signups.map((row) =>
      activityItem(
        'signup',
        { id: row.id, username: row.username },
        { type: 'user', id: row.id, title: row.username },
        row.created_at,
      ),
    ),
    ...posts.map((row) =>
      activityItem(
        'post',
        actor(row.author_id, row.username),
        { type: 'post', id: row.id, title: row.title },
        row.created_at,
      ),
    ),
    ...comments.map((row) =>
      activityItem(
        'comment',
        actor(row.author_id, row.username),
        { type: 'comment', id: row.id, title: excerpt(row.content) },
        row.created_at,
      ),
    ),
    ...votes.map((row) =>
      activityItem(
        'vote',
        actor(row.user_id, row.username),
        { type: 'post', id: row.post_id, title: voteTitle(row.value, row.title) },
        row.updated_at,
      ),
    ),
    ...applications.map((row) =>
      activityItem(
        'application',
        { id: row.user_id, username: row.username },
        { type: 'application', id: row.id, title: `Applied to become a contributor (${row.doc_category})` },
        row.created_at,
      ),
    ),
    // The same shape logModerationAction publishes.
    ...log.rows.map((row) => ({
      kind: 'moderation' as const,
      actor: row.moderator_id ? { _id: row.moderator_id, username: row.moderator_name } : null,
      subject: {
        type: row.subject_type,
        _id: row.subject_id ?? row.id,
        title: moderationTitle(row.action, row.subject_title),
      },
      at: row.created_at.toISOString(),
    })),
  ]
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  return { items: items.slice(0, limit), liveId }
}

/** Spreads per-minute counts over the last `MOD_STATS_MINUTES` minutes, oldest first. */
function series(counts: Map<number, number>, firstMinute: number): number[] {
  return Array.from({ length: MOD_STATS_MINUTES }, (_, i) => counts.get(firstMinute + i * MINUTE_MS) ?? 0)
}

/**
 * The console's live counters: sockets connected to any instance now, sign-ups since UTC midnight,
 * and votes and comments per minute over the last 30 minutes (the last entry is the current minute).
 */
export async function getModerationStats(
  deps: ModerationDeps,
  now: Date = new Date(),
): Promise<ModStatsResponse> {
  const currentMinute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS
  const firstMinute = currentMinute - (MOD_STATS_MINUTES - 1) * MINUTE_MS
  const since = new Date(firstMinute)
  const [connectedNow, signupsToday, votes, comments] = await Promise.all([
    deps.presence.connectedTotal(),
    countSignupsSince(deps.db, startOfUtcDay(now)),
    countVotesPerMinute(deps.db, since),
    countCommentsPerMinute(deps.db, since),
  ])
  return {
    connectedNow,
    signupsToday,
    votesPerMinute: series(votes, firstMinute),
    commentsPerMinute: series(comments, firstMinute),
  }
}

/** Posts matching the console's search (text and/or author), newest first. */
export async function searchPosts(
  db: Kysely<Database>,
  query: ModContentQuery,
): Promise<ModPostListResponse> {
  const page = query.page ?? 1
  const { rows, total } = await searchPostsForModeration(db, {
    q: trimmed(query.q),
    author: trimmed(query.author),
    limit: MOD_PAGE_SIZE,
    offset: (page - 1) * MOD_PAGE_SIZE,
  })
  return { posts: rows.map(toModPost), pagination: pagination(page, total) }
}

/** Comments matching the console's search (text and/or author), newest first. */
export async function searchComments(
  db: Kysely<Database>,
  query: ModContentQuery,
): Promise<ModCommentListResponse> {
  const page = query.page ?? 1
  const { rows, total } = await searchCommentsForModeration(db, {
    q: trimmed(query.q),
    author: trimmed(query.author),
    limit: MOD_PAGE_SIZE,
    offset: (page - 1) * MOD_PAGE_SIZE,
  })
  return { comments: rows.map(toModComment), pagination: pagination(page, total) }
}

/** Users whose name contains `q` or whose email is `q`, newest first. */
export async function searchUsers(db: Kysely<Database>, query: ModUsersQuery): Promise<ModUserListResponse> {
  const page = query.page ?? 1
  const { rows, total } = await searchUsersForModeration(db, {
    q: trimmed(query.q),
    limit: MOD_PAGE_SIZE,
    offset: (page - 1) * MOD_PAGE_SIZE,
  })
  return { users: rows.map(toModUser), pagination: pagination(page, total) }
}

/**
 * Changes a user's role (moderators; never their own: 403). Lowering a role bumps the token version,
 * so the user's old tokens stop working at once. In one transaction with the audit log and a `role`
 * notification; raises `user.role_changed`.
 */
export async function changeUserRole(
  deps: ModerationDeps,
  auth: AuthUser,
  userId: string,
  body: ModRoleBody,
): Promise<ModUser> {
  if (userId === auth.id) throw new ForbiddenError(MOD_MESSAGES.ownRole)
  const reason = checkReason(body.reason)
  if (!isUuid(userId)) throw new NotFoundError(USER_NOT_FOUND)
  return withEvents(deps, async (trx, outbox) => {
    const user = await lockUser(trx, userId)
    if (!user) throw new NotFoundError(USER_NOT_FOUND)
    if (user.role === body.role) return toModUser(user)
    const lowered = !hasAccess(body.role, user.role)
    const updated = await setRole(trx, userId, body.role, lowered)
    outbox.raise('user.role_changed', { userId, role: body.role })
    await createNotification(trx, outbox, {
      userId,
      kind: 'role',
      text: ROLE_NOTICE[body.role],
      link: isContributor(body.role) ? '/create-post' : null,
    })
    await logModerationAction(trx, outbox, {
      moderatorId: auth.id,
      moderatorName: auth.username,
      action: 'role.changed',
      subjectType: 'user',
      subjectId: userId,
      subjectTitle: `${user.username}: ${user.role} → ${body.role}`,
      reason,
    })
    return toModUser(updated)
  })
}

/** A page of the audit log, newest first. */
export async function listAuditLog(db: Kysely<Database>, page: number): Promise<ModAuditResponse> {
  const { rows, total } = await listModerationLog(db, {
    limit: MOD_PAGE_SIZE,
    offset: (page - 1) * MOD_PAGE_SIZE,
  })
  return { entries: rows.map(toAuditEntry), page, totalPages: Math.ceil(total / MOD_PAGE_SIZE) }
}
