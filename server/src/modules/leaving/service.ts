import type { Database } from '@bashboard/db'
import type { Transaction } from 'kysely'
import {
  type DeleteAccountBody,
  type DeleteAccountResponse,
  LEAVING_MESSAGES,
} from '../../contract/leaving.ts'
import { ACCOUNT_MESSAGES } from '../../contract/limits.ts'
import type { DomainEventMap } from '../../events/catalog.ts'
import { type EventDeps, withEvents } from '../../events/transaction.ts'
import type { AuthUser } from '../../lib/access.ts'
import { DELETED_MEMBER_ID, DELETED_MEMBER_NAME } from '../../lib/deleted-member.ts'
import { BadRequestError, ConflictError, InvalidError, UnauthorizedError } from '../../lib/errors.ts'
import { verifyPassword } from '../../lib/password.ts'
import type { FileStore } from '../../lib/storage.ts'
import { findUserById } from '../accounts/repo.ts'
import { SETTLE_LOCK_KEY } from '../posts/vote-settler.ts'
import {
  type CodeFailures,
  checkSecondFactorCode,
  type SecondFactorDeps,
  type SecondFactorSpend,
  spendSecondFactorCode,
} from '../second-factor/service.ts'
import type { ExportFiles } from './export-files.ts'
import { findFileNamesOf } from './export-jobs-repo.ts'
import {
  addToPointsTotals,
  advisoryXactLock,
  deleteAccessTokens,
  deleteCollections,
  deleteEmptyPlaceholders,
  deleteMemberRow,
  deleteNotificationsFrom,
  deleteOwnComments,
  deleteOwnPosts,
  deleteOwnReplies,
  deletePendingVoteEffects,
  ensureDeletedMember,
  findApplicationDocuments,
  findOwnComments,
  lockAnotherModerator,
  lockMember,
  lockTouchedPosts,
  lowerCommentCounts,
  placeholdOwnAnswered,
  reassignComments,
  reassignOwnPosts,
  removeSaves,
  renameBlogAuthor,
  renameInNotifications,
  reverseVotePoints,
  type TouchedComment,
  withdrawVotes,
} from './repo.ts'

/*
 * Deleting an account (docs/product-rules.md#leaving). Everything happens in ONE transaction, so a
 * failure leaves the account as it was, and what follows (live counters, the leaderboard, sessions on
 * every instance) is raised as `account.deleted` and delivered after the commit (reactions.ts).
 *
 * The design, following GitHub (a shared "ghost" account) rather than Discourse (each account renamed
 * to "anonN" and kept): the member's row really goes, with everything that is only theirs (their
 * ledger, notifications, tokens, saves, collections, applications, mail); what other people's threads
 * need may stay, under the one deleted-member account (lib/deleted-member.ts), if the member chooses
 * `keep`. One shared account means nothing left behind can be grouped back into one person, and
 * every query and counter keeps working with a real author row (a null author would need every join
 * of posts and comments to change). With `remove`, their posts go (as a post deletion takes its votes,
 * comments and saves) and their comments go, except that a comment other people replied to stays as a
 * "comment deleted" placeholder, as when its author deletes it.
 *
 * Counters stay equal to recounts of their rows: each statement lowers the counts by exactly what it
 * removed (repo.ts), and the points the member's votes earned other authors are taken back with ledger
 * entries dated like the ones they cancel, so totals, tiers, daily sums and the week and month boards
 * all read as if the votes had never been cast.
 */

/**
 * What a deletion needs: the database, the live hub and domain events, the upload store, the
 * background exports' folder and what checks a second-factor code.
 */
export interface LeavingDeps extends EventDeps {
  files: FileStore
  exports: ExportFiles
  secondFactor: SecondFactorDeps
}

/** The 422 of a wrong password: the password change's words (contract/limits.ts). */
export const PASSWORD_INCORRECT = ACCOUNT_MESSAGES.currentPasswordIncorrect

/**
 * Deletes the caller's account after checking `body.password` (422 on `password` when wrong) or
 * `body.code`, a second-factor code (422 on `code` when wrong, counted against `codeFailures`; 409 when
 * the member has no second factor): nothing changes on a refusal, and the code is spent only by a
 * deletion that commits. Neither or both is a 400. A moderator who is the last one is refused (409): the site would have no one to moderate
 * it, and no member could be made one. `body.content` keeps the member's posts and comments under the
 * deleted-member name or removes them. Avatar and application files are deleted from disk after the
 * commit. Raises `account.deleted`.
 */
export async function deleteAccount(
  deps: LeavingDeps,
  auth: AuthUser,
  body: DeleteAccountBody,
  codeFailures: CodeFailures,
): Promise<DeleteAccountResponse> {
  if ((body.password === undefined) === (body.code === undefined)) {
    throw new BadRequestError(LEAVING_MESSAGES.confirmWithOne)
  }
  const user = await findUserById(deps.db, auth.id)
  if (!user) throw new UnauthorizedError()
  let spend: SecondFactorSpend | undefined
  if (body.code !== undefined) {
    spend = await checkSecondFactorCode({ ...deps.secondFactor, failures: codeFailures }, user.id, {
      code: body.code,
      method: body.method,
    })
  } else if (!(await verifyPassword(user.password_hash, body.password ?? ''))) {
    throw new InvalidError(PASSWORD_INCORRECT, 'password')
  }
  const removing = body.content === 'remove'

  const { answer, files } = await withEvents(deps, async (trx, outbox) => {
    // No settler batch runs during a deletion (it would apply effects of votes being withdrawn), and
    // deletions run one at a time (the last-moderator rule cannot be passed by two at once).
    await advisoryXactLock(trx, SETTLE_LOCK_KEY)
    // The posts first, then the member: a comment on one of their posts locks the post, then checks
    // the notification it writes them against their row, so the other order could wait in a circle.
    await lockTouchedPosts(trx, auth.id, removing)
    // From here the member's own requests (a vote in another tab) wait, so nothing of theirs arrives
    // between the statements below.
    const member = await lockMember(trx, auth.id)
    if (!member) throw new UnauthorizedError()
    // Checked above against the row as it was; a password changed since is not the one given.
    if (!spend && member.password_hash !== user.password_hash) {
      throw new InvalidError(PASSWORD_INCORRECT, 'password')
    }
    if (member.role === 'moderator' && !(await lockAnotherModerator(trx, member.id))) {
      throw new ConflictError(LEAVING_MESSAGES.lastModerator)
    }
    await ensureDeletedMember(trx)
    const ownComments = await findOwnComments(trx, member.id)

    await deletePendingVoteEffects(trx, member.id)
    await addToPointsTotals(trx, await reverseVotePoints(trx, member.id))
    const votes = await withdrawVotes(trx, member.id)
    const saves = await removeSaves(trx, member.id)
    const collections = await deleteCollections(trx, member.id)
    const accessTokens = await deleteAccessTokens(trx, member.id)

    const removedPosts = removing ? await deleteOwnPosts(trx, member.id) : []
    const keptPosts = removing ? 0 : await reassignOwnPosts(trx, member.id)

    const commentIds = ownComments.map((comment) => comment.id)
    const commentedPostIds = [...new Set(ownComments.map((comment) => comment.post_id))]
    // What people could read of theirs (a placeholder of a comment they deleted is not theirs any more).
    const readableComments = ownComments.filter((comment) => comment.deleted_at === null).length
    let comments: DomainEventMap['account.deleted']['comments'] = []
    if (removing) {
      comments = await removeComments(trx, member.id)
      await deleteNotificationsFrom(trx, member.username, commentIds, commentedPostIds)
    } else {
      await reassignComments(trx, member.id, true)
      await renameInNotifications(trx, member.username, commentIds, commentedPostIds)
    }

    const documents = await findApplicationDocuments(trx, member.id)
    const exportFiles = await findFileNamesOf(trx, member.id)
    // Last before the row goes: a racing request that spent the same code rolls all of this back.
    if (spend) await spendSecondFactorCode(trx, spend)
    await renameBlogAuthor(trx, member.id)
    await deleteMemberRow(trx, member.id)

    outbox.raise('account.deleted', {
      user: { id: member.id, username: member.username },
      tokenVersion: member.token_version + 1,
      keptUnder: { id: DELETED_MEMBER_ID, username: DELETED_MEMBER_NAME },
      votes,
      saves,
      comments,
      removedPosts: removedPosts.map((post) => ({ postId: post.id, title: post.title })),
    })
    const answer: DeleteAccountResponse = {
      deleted: true,
      content: body.content,
      posts: { kept: keptPosts, removed: removedPosts.length },
      // Removed: gone from view, those on their own posts with the posts, those answered as placeholders.
      comments: {
        kept: removing ? 0 : readableComments,
        removed: removing ? readableComments : 0,
      },
      // One vote and one save per post, so one row per post is one per vote or save.
      votes: votes.length,
      saves: saves.length,
      collections,
      accessTokens,
    }
    return { answer, files: { avatar: member.avatar, documents, exportFiles } }
  })

  // After the commit: a failed deletion keeps its files, and a file that cannot be removed (already
  // gone) must not fail a deletion that happened.
  const removals = [
    ...(files.avatar ? [deps.files.removePublic('avatars', files.avatar)] : []),
    ...files.documents.map((key) => deps.files.removePrivate(key)),
    ...files.exportFiles.map((name) => deps.exports.remove(name)),
  ]
  await Promise.allSettled(removals)
  return answer
}

/**
 * Removes the member's comments that remain once their posts are gone: their replies, then their
 * top-level comments (those other people answered stay as placeholders, as when an author deletes
 * one), then placeholders whose last reply was theirs. Each post's count drops by the readable
 * comments it lost (the known drift of a cascade, which dropped the rows and left the count).
 * Answers one event per comment, with its post's count after all of it.
 */
async function removeComments(
  trx: Transaction<Database>,
  userId: string,
): Promise<DomainEventMap['account.deleted']['comments']> {
  // Their placeholders hold other people's replies: they stay, and would cascade away with the row.
  await reassignComments(trx, userId, false)
  const replies = await deleteOwnReplies(trx, userId)
  const placeheld = await placeholdOwnAnswered(trx, userId)
  const deleted = await deleteOwnComments(trx, userId)
  const parents = [...new Set(replies.flatMap((reply) => (reply.parent_id ? [reply.parent_id] : [])))]
  const emptied = new Set((await deleteEmptyPlaceholders(trx, parents)).map((parent) => parent.id))

  const lost = new Map<string, number>()
  for (const comment of [...replies, ...placeheld, ...deleted]) {
    lost.set(comment.post_id, (lost.get(comment.post_id) ?? 0) + 1)
  }
  const counts = await lowerCommentCounts(trx, lost)
  // An emptied placeholder is announced with the last of its replies to go, as a reply's deletion does.
  const lastReplyOf = new Map<string, string>()
  for (const reply of replies) {
    if (reply.parent_id && emptied.has(reply.parent_id)) lastReplyOf.set(reply.parent_id, reply.id)
  }
  const removedParentOf = new Map([...lastReplyOf].map(([parentId, replyId]) => [replyId, parentId]))
  const event = (comment: TouchedComment) => ({
    postId: comment.post_id,
    commentId: comment.id,
    commentsCount: counts.get(comment.post_id) ?? 0,
  })
  return [
    ...replies.map((reply) => {
      const removedParentId = removedParentOf.get(reply.id)
      return { ...event(reply), ...(removedParentId ? { removedParentId } : {}) }
    }),
    ...placeheld.map((comment) => ({ ...event(comment), placeholder: true as const })),
    ...deleted.map(event),
  ]
}
