/*
 * The one account that holds what deleted members chose to leave behind (docs/product-rules.md#leaving):
 * their posts, their comments, and the "comment deleted" placeholders that keep other people's replies
 * in their threads. Like GitHub's shared "ghost" user, one account for everyone who left, so what a
 * person wrote can no longer be grouped back into one anonymous profile (Discourse's per-member
 * "anonN" renames keep that link).
 *
 * It is made by the first deletion that needs it (modules/leaving), and it is nobody: no password
 * (an unusable hash), no address (the email has no `@`, so nobody can sign up with it or be sent
 * mail), a name with a space (no one can register or take it), no points (the vote settler skips it),
 * no notifications, and it is left off the leaderboard, the sitemap, the `@` suggestions, the
 * moderators' user list and the Total Users count (migration 0023).
 */

/** The deleted-member account's id (also written out in db migration 0023). */
export const DELETED_MEMBER_ID = '00000000-0000-0000-0000-00000de1e7ed'

/** Its username, as posts and comments kept under it show it. */
export const DELETED_MEMBER_NAME = 'deleted member'

/** Its email column: unique and lower-case as the table requires, but no address anyone can have. */
export const DELETED_MEMBER_EMAIL = 'deleted-member'

/** Whether `userId` is the deleted-member account. */
export function isDeletedMember(userId: string): boolean {
  return userId === DELETED_MEMBER_ID
}
