/**
 * The moderator actions the audit log records, named `domain.verb` (`application.accepted`), and how
 * each reads to people ("Accepted application"). The server writes the label into the console's
 * activity items; the web's audit log shows it in place of the stored name. A moderator action is
 * logged with a {@link ModerationAction}, so a new one without a label here does not compile. This
 * module imports nothing: the web imports it at runtime from `@bashboard/server/contract/moderation-actions`.
 */

/** Every action, with its label: past tense, what the moderator did, read before the subject's title. */
export const MODERATION_ACTION_LABELS = {
  'post.deleted': 'Deleted post',
  'post.rolled_back': 'Rolled back post',
  'comment.deleted': 'Deleted comment',
  'role.changed': 'Changed role',
  'application.accepted': 'Accepted application',
  'application.rejected': 'Rejected application',
  'blog.created': 'Created blog draft',
  'blog.published': 'Published blog post',
  'blog.unpublished': 'Unpublished blog post',
  'blog.updated': 'Edited blog post',
  'blog.deleted': 'Deleted blog post',
  'ad.created': 'Created ad',
  'ad.updated': 'Edited ad',
  'ad.paused': 'Paused ad',
  'ad.resumed': 'Resumed ad',
  'ad.deleted': 'Deleted ad',
} as const satisfies Record<`${string}.${string}`, string>

/** The name of a moderator action, as stored in the audit log (`ModAuditEntry.action`). */
export type ModerationAction = keyof typeof MODERATION_ACTION_LABELS

/**
 * How an action reads to people. The audit log's column is plain text, so a row written under a name
 * this build no longer has still reads as words ("post.restored" → "Post restored"), never as the name.
 */
export function moderationActionLabel(action: string): string {
  if (Object.hasOwn(MODERATION_ACTION_LABELS, action))
    return MODERATION_ACTION_LABELS[action as ModerationAction]
  const words = action.replace(/[._]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
