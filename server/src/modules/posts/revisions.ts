import type { PostRevisionsResponse } from '../../contract/post-revisions.ts'
import type { PostCard } from '../../contract/posts.ts'
import { withEvents } from '../../events/transaction.ts'
import { type AuthUser, hasAccess } from '../../lib/access.ts'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../lib/errors.ts'
import { commandKey, isUuid, slugify } from '../../lib/slug.ts'
import { logModerationAction } from '../audit/log.ts'
import { findPostKey, findTakenPostFields, lockPostForEdit, type PostChanges } from './repo.ts'
import { toPostRevisions } from './revisions-presenter.ts'
import { findCurrentVersion, findPostRevision, listRevisionRows } from './revisions-repo.ts'
import { changesShownFields, POST_MESSAGES, type PostsDeps, writePostEdit } from './service.ts'

/** What the history and rollback answer besides the posts API's own messages. */
export const REVISION_MESSAGES = {
  notFound: 'Revision not found',
  notModerator: 'Only moderators can roll back a post',
  unchanged: 'The post already shows this version',
} as const

/**
 * A post's history (public, like the post): its current version and the earlier ones, newest first,
 * by id, slug or old slug. 404 when no post has the key.
 */
export async function listPostRevisions(
  deps: Pick<PostsDeps, 'db'>,
  idOrSlug: string,
): Promise<PostRevisionsResponse> {
  const key = await findPostKey(deps.db, idOrSlug, isUuid(idOrSlug))
  // Read in one snapshot, so an edit landing between the reads cannot show a version twice or not at all.
  const snapshot = deps.db.transaction().setIsolationLevel('repeatable read')
  const [current, rows] = await snapshot.execute(async (trx) => {
    if (!key) return [undefined, []] as const
    return [await findCurrentVersion(trx, key.id), await listRevisionRows(trx, key.id)] as const
  })
  if (!current) throw new NotFoundError(POST_MESSAGES.notFound)
  return toPostRevisions(current, rows)
}

/**
 * Restores one of a post's revisions (moderators; `reason` already checked by the caller). In one
 * transaction: the version it replaces is kept as a revision, the post takes the revision's title,
 * command, description and tags (and its category, unless that was deleted since), exactly as an edit
 * would ({@link writePostEdit}: the same events and caches), and the audit log records `post.rolled_back`.
 * 404 for an unknown post or a revision of another post, 409 when another post holds the title or
 * command now, 422 when the post already shows that version.
 */
export async function rollbackPost(
  deps: PostsDeps,
  auth: AuthUser,
  postId: string,
  rollback: { revisionId: string; reason: string },
): Promise<PostCard> {
  if (!hasAccess(auth.role, 'moderator')) throw new ForbiddenError(REVISION_MESSAGES.notModerator)
  if (!isUuid(postId)) throw new NotFoundError(POST_MESSAGES.notFound)
  if (!isUuid(rollback.revisionId)) throw new NotFoundError(REVISION_MESSAGES.notFound)

  return withEvents(deps, async (trx, outbox) => {
    const current = await lockPostForEdit(trx, postId)
    if (!current) throw new NotFoundError(POST_MESSAGES.notFound)
    const revision = await findPostRevision(trx, current.id, rollback.revisionId)
    if (!revision) throw new NotFoundError(REVISION_MESSAGES.notFound)

    const slug = slugify(revision.title)
    const key = commandKey(revision.command)
    const changes: PostChanges = {
      title: revision.title,
      slug,
      command: revision.command,
      command_key: key,
      tags: revision.tags,
      description: revision.description,
      description_text: revision.description_text,
      // A version whose category was deleted since keeps the post's current one.
      ...(revision.category_id === null ? {} : { category_id: revision.category_id }),
    }
    if (!changesShownFields(current, changes))
      throw new InvalidError(REVISION_MESSAGES.unchanged, 'revisionId')
    // Another post may have taken the title or command since: the same 409s as an edit's.
    const taken = await findTakenPostFields(trx, slug, key, current.id)
    if (taken.slug) throw new ConflictError(POST_MESSAGES.titleTaken, 'title')
    if (taken.command) throw new ConflictError(POST_MESSAGES.commandTaken, 'command')

    const restored = await writePostEdit(trx, outbox, auth, current, changes, 'rollback')
    await logModerationAction(trx, outbox, {
      moderatorId: auth.id,
      moderatorName: auth.username,
      action: 'post.rolled_back',
      subjectType: 'post',
      subjectId: current.id,
      subjectTitle: restored.title,
      reason: rollback.reason,
    })
    return restored
  })
}
