import type { LiveActivityKind, LiveModActivity } from '../../contract/live.ts'
import { moderationActionLabel } from '../../contract/moderation-actions.ts'

/*
 * The moderation console's live activity stream (`activity` on `mod`). The reactions to domain events
 * (server/src/reactions.ts) publish one item when something happens (sign-up, post, comment, vote,
 * application); moderator actions go through `logModerationAction` instead. Building the payload here keeps every publisher's item in the
 * same shape as the REST history that `GET /api/mod/activity` rebuilds from the tables.
 */

/** Longest subject title in an activity item. */
export const ACTIVITY_TITLE_MAX = 200
/** Longest comment excerpt quoted in an activity item. */
export const ACTIVITY_EXCERPT_MAX = 80

/** Who did it: a user id and name, or null. */
export interface ActivityActor {
  id: string
  username: string
}

/** What it was about. */
export interface ActivitySubject {
  type: 'user' | 'post' | 'comment' | 'vote' | 'application'
  id: string
  title: string
}

/** Shortens a text for an activity line, on one line. */
export function excerpt(text: string, max = ACTIVITY_EXCERPT_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** The title of a vote item: which way, on which post. */
export function voteTitle(value: number, postTitle: string): string {
  return `${value > 0 ? 'Upvoted' : 'Downvoted'}: ${postTitle}`
}

/**
 * The title of a moderator action's item: what was done, in words, then to what ("Accepted application:
 * ada's application"); the stored `domain.verb` name never reaches the console.
 */
export function moderationTitle(action: string, subjectTitle: string): string {
  return `${moderationActionLabel(action)}: ${subjectTitle}`.slice(0, ACTIVITY_TITLE_MAX)
}

/** Builds one activity item. */
export function activityItem(
  kind: LiveActivityKind,
  actor: ActivityActor | null,
  subject: ActivitySubject,
  at: Date = new Date(),
): LiveModActivity {
  return {
    kind,
    actor: actor ? { _id: actor.id, username: actor.username } : null,
    subject: { type: subject.type, _id: subject.id, title: subject.title.slice(0, ACTIVITY_TITLE_MAX) },
    at: at.toISOString(),
  }
}
