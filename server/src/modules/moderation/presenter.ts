import type { ModerationLogRow, UserRow } from '@bashboard/db'
import type { ModAuditEntry, ModComment, ModPost, ModUser } from '../../contract/moderation.ts'
import { avatarUrl } from '../accounts/presenter.ts'

/** An author reference, or null when the account is gone. */
function userRef(id: string | null, username: string | null): { _id: string; username: string } | null {
  return id && username !== null ? { _id: id, username } : null
}

/** A post row of the console's search. */
export function toModPost(row: {
  id: string
  slug: string
  title: string
  command: string
  author_id: string | null
  username: string | null
  uplike_count: number
  downlike_count: number
  comments_count: number
  created_at: Date
}): ModPost {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    command: row.command,
    author: userRef(row.author_id, row.username),
    uplikeCount: row.uplike_count,
    downlikeCount: row.downlike_count,
    commentsCount: row.comments_count,
    createdAt: row.created_at.toISOString(),
  }
}

/** A comment row of the console's search, with its post. */
export function toModComment(row: {
  id: string
  content: string
  author_id: string | null
  username: string | null
  created_at: Date
  post_id: string
  post_slug: string
  post_title: string
}): ModComment {
  return {
    _id: row.id,
    content: row.content,
    author: userRef(row.author_id, row.username),
    post: { _id: row.post_id, slug: row.post_slug, title: row.post_title },
    createdAt: row.created_at.toISOString(),
  }
}

/** A user as the console lists it (never the password hash or token version). */
export function toModUser(row: UserRow): ModUser {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    avatar: avatarUrl(row.avatar),
    role: row.role,
    points: row.points,
    createdAt: row.created_at.toISOString(),
  }
}

/** One audit-log entry. */
export function toAuditEntry(row: ModerationLogRow): ModAuditEntry {
  return {
    _id: row.id,
    moderator: { _id: row.moderator_id, username: row.moderator_name },
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectTitle: row.subject_title,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
  }
}
