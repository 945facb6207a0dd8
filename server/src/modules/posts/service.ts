import { createHash } from 'node:crypto'
import type { Database, RevisionChange } from '@bashboard/db'
import type { Kysely, Transaction } from 'kysely'
import { hasTextDirectionControls, normalizeLineBreaks } from '../../contract/limits.ts'
import {
  type CreatePostBody,
  hasControlCharacters,
  POST_LIMITS,
  POST_RULE_MESSAGES,
  type PostCard,
  type PostDetailResponse,
  type UpdatePostBody,
  type VoteResponse,
} from '../../contract/posts.ts'
import type { DomainEvents } from '../../events/dispatcher.ts'
import { type EventOutbox, withEvents } from '../../events/transaction.ts'
import { type AuthUser, hasAccess, isContributor } from '../../lib/access.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../lib/errors.ts'
import { readThrough } from '../../lib/read-cache.ts'
import { htmlToText, sanitizeDescription } from '../../lib/sanitize.ts'
import { commandKey, isUuid, slugify } from '../../lib/slug.ts'
import { deriveTags } from '../../lib/tags.ts'
import type { LiveHub } from '../../live/hub.ts'
import { logModerationAction } from '../audit/log.ts'
import { notifyRemoval, notifyTierCrossing } from '../notifications/service.ts'
import { saveCommandFlags } from './command-flags.ts'
import { withMemberMarks } from './member-marks.ts'
import type { MemberMarksReader } from './member-marks-reader.ts'
import { type PostPage, type PostPageCaches, startLoad } from './page-caches.ts'
import { POINTS } from './points.ts'
import { postPageReader } from './post-page-repo.ts'
import { toPostCard } from './presenter.ts'
import {
  adjustCategoryCount,
  adjustPostCounts,
  deletePostRow,
  findPostCardById,
  findPostKey,
  findPostSlugByCommandKey,
  findTakenPostFields,
  insertPost,
  type LockedPost,
  lockPostForDelete,
  lockPostForEdit,
  moveSlug,
  type PostChanges,
  recordPoints,
  resolveCategoryId,
  sumPointsForSubject,
  updatePostFields,
} from './repo.ts'
import { insertPostRevision } from './revisions-repo.ts'
import type { ViewCounter } from './views.ts'
import { castVote, findVoteCounts } from './votes-repo.ts'

/**
 * What the posts service needs. Every part is required, so a caller that forgets one fails to compile;
 * only the page caches may be absent (PAGE_CACHE=false). What follows a write is not here: the
 * service raises domain events and reactions.ts lists who reacts to them.
 */
export interface PostsDeps {
  db: Kysely<Database>
  live: LiveHub
  /** Delivers the domain events the writes raise, after commit. */
  events: DomainEvents
  /** Pages shared between visitors (page-caches.ts); null when PAGE_CACHE=false: every request queries. */
  pageCaches: Pick<PostPageCaches, 'pages' | 'cards'> | null
  /** Batched view counting. */
  views: ViewCounter
  /** A member's votes and saves among a page's posts, kept per member with PAGE_CACHE (member-marks-reader.ts). */
  memberMarks: MemberMarksReader
}

/** Related posts on the detail page. */
export const RELATED_LIMIT = 4
/** A post page's cards, one statement (post-page-repo.ts). */
const readPostPageRows = postPageReader(RELATED_LIMIT)

/**
 * The posts API's messages: the create-post rules' texts (shared with the form, in the order they are
 * checked: docs/product-rules.md#create-post), then the rest.
 */
export const POST_MESSAGES = {
  ...POST_RULE_MESSAGES,
  notContributor: 'Only contributors can create posts',
  ownPost: 'You cannot vote on your own post',
  notFound: 'Post not found',
  notAuthor: 'Only the author or a moderator can change this post',
} as const

function checkTitle(raw: string): string {
  const title = raw.trim()
  if (title === '') throw new InvalidError(POST_MESSAGES.titleRequired, 'title')
  if (title.length > POST_LIMITS.titleMaxLength) throw new InvalidError(POST_MESSAGES.titleTooLong, 'title')
  if (hasControlCharacters(title, false))
    throw new InvalidError(POST_MESSAGES.titleControlCharacters, 'title')
  return title
}

function checkCommand(raw: string): string {
  const command = raw.trim()
  if (command === '') throw new InvalidError(POST_MESSAGES.commandRequired, 'command')
  if (hasControlCharacters(command, true)) {
    throw new InvalidError(POST_MESSAGES.commandControlCharacters, 'command')
  }
  // A command pasted from Windows keeps its lines, stored with LF (contract/limits.ts).
  return normalizeLineBreaks(command)
}

function checkDescription(raw: string): { html: string; text: string } {
  // The rules apply to what survives sanitising, so markup alone or a script never counts as text.
  const html = sanitizeDescription(raw.trim())
  const text = htmlToText(html)
  if (text === '') throw new InvalidError(POST_MESSAGES.descriptionRequired, 'description')
  if (text.length < POST_LIMITS.descriptionMinLength) {
    throw new InvalidError(POST_MESSAGES.descriptionTooShort, 'description')
  }
  // Checked after sanitising, which decodes entities: `&#x202E;` is refused like the character itself.
  if (hasTextDirectionControls(html)) {
    throw new InvalidError(POST_MESSAGES.descriptionDirectionMarks, 'description')
  }
  return { html, text }
}

async function checkCategory(db: Kysely<Database>, raw: string): Promise<string> {
  const value = raw.trim()
  if (value === '') throw new InvalidError(POST_MESSAGES.categoryRequired, 'category')
  const id = await resolveCategoryId(db, value)
  if (id === undefined) throw new InvalidError(POST_MESSAGES.categoryUnknown, 'category')
  return id
}

/**
 * The 409 for a command already on the site. It names the post that has it (docs/product-rules.md#posts),
 * so the form can link there instead of leaving the author to search for it.
 */
async function commandTaken(db: Kysely<Database>, key: string, exceptId?: string): Promise<ConflictError> {
  const slug = await findPostSlugByCommandKey(db, key, exceptId)
  const existing = slug === undefined ? undefined : { slug, path: `/post/${slug}` }
  return new ConflictError(POST_MESSAGES.commandTaken, 'command', existing)
}

async function assertUnique(db: Kysely<Database>, slug?: string, key?: string, exceptId?: string) {
  const taken = await findTakenPostFields(db, slug, key, exceptId)
  if (taken.slug) throw new ConflictError(POST_MESSAGES.titleTaken, 'title')
  if (taken.command && key !== undefined) throw await commandTaken(db, key, exceptId)
}

// A lost race between the pre-check and the write gives the same 409 as the pre-check.
function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error)) {
    if (error.constraint?.includes('command')) throw new ConflictError(POST_MESSAGES.commandTaken, 'command')
    if (error.constraint?.includes('slug')) throw new ConflictError(POST_MESSAGES.titleTaken, 'title')
  }
  throw error
}

/**
 * After a lost race the transaction is aborted, so the winner's slug is looked up outside it: the same
 * answer as the pre-check's.
 */
function linkLostCommandRace(db: Kysely<Database>, key: string | undefined, exceptId?: string) {
  return async (error: unknown): Promise<never> => {
    if (error instanceof ConflictError && error.field === 'command' && !error.existing && key !== undefined)
      throw await commandTaken(db, key, exceptId)
    throw error
  }
}

async function loadCard(db: Kysely<Database>, id: string): Promise<PostCard> {
  const row = await findPostCardById(db, id)
  if (!row) throw new NotFoundError(POST_MESSAGES.notFound)
  return toPostCard(row)
}

/**
 * Creates a post (contributors and moderators): validates in the order of docs/product-rules.md#create-post,
 * sanitises the description, derives the slug, command key and tags, then in one transaction inserts the
 * post, counts it for the author and category and awards the author's points; raises `post.created`.
 */
export async function createPost(deps: PostsDeps, auth: AuthUser, body: CreatePostBody): Promise<PostCard> {
  if (!isContributor(auth.role)) throw new ForbiddenError(POST_MESSAGES.notContributor)
  const title = checkTitle(body.title)
  const command = checkCommand(body.command)
  const description = checkDescription(body.description)
  const categoryId = await checkCategory(deps.db, body.category)
  const slug = slugify(title)
  const key = commandKey(command)
  await assertUnique(deps.db, slug, key)

  return withEvents(deps, async (trx, outbox) => {
    const inserted = await insertPost(trx, {
      author_id: auth.id,
      category_id: categoryId,
      title,
      slug,
      command,
      command_key: key,
      description: description.html,
      description_text: description.text,
      tags: deriveTags(command, body.tags ?? []),
    }).catch(rethrowDuplicate)
    await saveCommandFlags(trx, inserted.id, command)
    await adjustPostCounts(trx, auth.id, categoryId, 1)
    const points = await recordPoints(trx, {
      userId: auth.id,
      delta: POINTS.postCreated,
      reason: 'post_created',
      subjectId: inserted.id,
      actorId: auth.id,
    })
    await notifyTierCrossing(trx, outbox, {
      userId: auth.id,
      before: points - POINTS.postCreated,
      after: points,
    })
    const created = await loadCard(trx, inserted.id)
    outbox.raise('post.created', { post: created, actor: auth })
    return created
  }).catch(linkLostCommandRace(deps.db, key))
}

/**
 * Changes a post's fields (its author or a moderator). The same rules and uniqueness apply as on
 * create; a new command re-derives the command's tags and keeps the author's extra ones. A new slug
 * keeps the old one as the post's (post_old_slugs, in the same transaction), so old links redirect to
 * the new address; a slug the post had before is its own to take back. The version it replaces is kept
 * as a revision when anything shown changes ({@link writePostEdit}). Raises `post.edited`.
 */
export async function updatePost(deps: PostsDeps, auth: AuthUser, body: UpdatePostBody): Promise<PostCard> {
  if (!isUuid(body.id)) throw new NotFoundError(POST_MESSAGES.notFound)
  const title = body.title === undefined ? undefined : checkTitle(body.title)
  const command = body.command === undefined ? undefined : checkCommand(body.command)
  const description = body.description === undefined ? undefined : checkDescription(body.description)
  const categoryId = body.category === undefined ? undefined : await checkCategory(deps.db, body.category)
  const slug = title === undefined ? undefined : slugify(title)
  const key = command === undefined ? undefined : commandKey(command)

  return withEvents(deps, async (trx, outbox) => {
    // Locked so a concurrent update or delete cannot move the category counts twice.
    const current = await lockPostForEdit(trx, body.id)
    if (!current) throw new NotFoundError(POST_MESSAGES.notFound)
    if (current.author_id !== auth.id && !hasAccess(auth.role, 'moderator')) {
      throw new ForbiddenError(POST_MESSAGES.notAuthor)
    }
    await assertUnique(trx, slug, key, current.id)
    let tags: string[] | undefined
    if (command !== undefined) {
      // The author's own tags are the ones the old command did not produce; they stay.
      const oldDerived = new Set(deriveTags(current.command))
      tags = deriveTags(
        command,
        current.tags.filter((tag) => !oldDerived.has(tag)),
      )
    }
    const changes: PostChanges = {
      ...(title !== undefined && slug !== undefined ? { title, slug } : {}),
      ...(command !== undefined && key !== undefined ? { command, command_key: key } : {}),
      ...(tags ? { tags } : {}),
      ...(description ? { description: description.html, description_text: description.text } : {}),
      ...(categoryId !== undefined ? { category_id: categoryId } : {}),
    }
    return writePostEdit(trx, outbox, auth, current, changes, 'edit')
  }).catch(linkLostCommandRace(deps.db, key, body.id))
}

/** Whether `changes` alter anything the post page shows of `current` (the slug follows the title). */
export function changesShownFields(current: LockedPost, changes: PostChanges): boolean {
  const differs = (field: 'title' | 'command' | 'description' | 'category_id') =>
    changes[field] !== undefined && changes[field] !== current[field]
  const tagsDiffer = changes.tags !== undefined && changes.tags.join('\n') !== current.tags.join('\n')
  return (
    differs('title') || differs('command') || differs('description') || differs('category_id') || tagsDiffer
  )
}

/**
 * Writes a checked edit of a locked post, the one path for edits and rollbacks: keeps the version it
 * replaces as a revision when anything shown changes (post_revisions, same transaction), then the fields,
 * a renamed slug, the command's flags and the category counts; raises `post.edited`, whose reactions
 * publish `post.updated` and refresh the page caches. The search vector follows the row (a generated column).
 */
export async function writePostEdit(
  trx: Transaction<Database>,
  outbox: EventOutbox,
  auth: AuthUser,
  current: LockedPost,
  changes: PostChanges,
  change: RevisionChange,
): Promise<PostCard> {
  if (changesShownFields(current, changes)) {
    const { title, command, description, description_text, tags, category_id } = current
    const version = { title, command, description, description_text, tags, category_id }
    await insertPostRevision(trx, current.id, version, auth.id, change)
  }
  await updatePostFields(trx, current.id, changes).catch(rethrowDuplicate)
  const { slug, command, category_id: categoryId } = changes
  if (slug !== undefined && slug !== current.slug) await moveSlug(trx, current.id, current.slug, slug)
  if (command !== undefined) await saveCommandFlags(trx, current.id, command)
  if (categoryId !== undefined && categoryId !== current.category_id) {
    if (current.category_id) await adjustCategoryCount(trx, current.category_id, -1)
    if (categoryId) await adjustCategoryCount(trx, categoryId, 1)
  }
  const updated = await loadCard(trx, current.id)
  outbox.raise('post.edited', { post: updated, actor: auth })
  return updated
}

/**
 * Deletes a post (its author or a moderator). In one transaction: the row (votes, comments and views
 * cascade), the author's and category's counts, and one ledger entry taking back every point the
 * author earned from the post; raises `post.deleted`. A moderator deleting someone else's post is
 * recorded in the audit log (with `moderation.reason` from the console) and the author gets a
 * `removal` notification with that reason, in the same transaction.
 */
export async function deletePost(
  deps: PostsDeps,
  auth: AuthUser,
  id: string,
  moderation?: { reason: string },
): Promise<{ postId: string }> {
  if (!isUuid(id)) throw new NotFoundError(POST_MESSAGES.notFound)
  await withEvents(deps, async (trx, outbox) => {
    const post = await lockPostForDelete(trx, id)
    if (!post) throw new NotFoundError(POST_MESSAGES.notFound)
    if (post.author_id !== auth.id && !hasAccess(auth.role, 'moderator')) {
      throw new ForbiddenError(POST_MESSAGES.notAuthor)
    }
    const earned = await sumPointsForSubject(trx, post.author_id, post.id)
    await deletePostRow(trx, post.id)
    await adjustPostCounts(trx, post.author_id, post.category_id, -1)
    await recordPoints(trx, {
      userId: post.author_id,
      delta: -earned,
      reason: 'post_deleted',
      subjectId: post.id,
      actorId: auth.id,
    })
    const byModerator = moderation !== undefined || post.author_id !== auth.id
    outbox.raise('post.deleted', {
      postId: post.id,
      title: post.title,
      authorId: post.author_id,
      actor: auth,
      byModerator,
    })
    if (byModerator) {
      await logModerationAction(trx, outbox, {
        moderatorId: auth.id,
        moderatorName: auth.username,
        action: 'post.deleted',
        subjectType: 'post',
        subjectId: post.id,
        subjectTitle: post.title,
        reason: moderation?.reason ?? '',
      })
      // The author hears why, in this transaction (a moderator removing their own post hears nothing).
      await notifyRemoval(trx, outbox, {
        removed: { type: 'post', postId: post.id, authorId: post.author_id, title: post.title },
        removerId: auth.id,
        reason: moderation?.reason ?? '',
      })
    }
  })
  return { postId: id }
}

/** What a vote answers: the post's counts and the caller's vote after it. */
function voteState(
  postId: string,
  up: number,
  down: number,
  callerVote: number,
  changed: boolean,
): VoteResponse {
  return {
    postId,
    uplikeCount: up,
    downlikeCount: down,
    isLiked: callerVote > 0,
    isDisliked: callerVote < 0,
    changed,
  }
}

/**
 * Casts an upvote (+1) or downvote (−1) with the state machine of docs/product-rules.md#votes: none →
 * a vote, switching moves one count to the other, pressing the vote you hold changes nothing. Authors
 * cannot vote on their own posts.
 *
 * One statement (castVote) reads the post and the caller's vote and, when the vote changes, writes
 * it, the counts and the author's queued effects, committing on its own. Concurrent votes never wait
 * for each other except on the same rows, and the counts always equal a recount of the vote rows.
 * `vote.cast` is raised after that commit; the author's points, ledger entries and notifications
 * follow about 100 ms later, from the settler's batch (vote-settler.ts).
 */
export async function vote(
  deps: PostsDeps,
  auth: AuthUser,
  id: string,
  value: 1 | -1,
): Promise<VoteResponse> {
  if (!isUuid(id)) throw new NotFoundError(POST_MESSAGES.notFound)
  const { post, changed } = await castVote(deps.db, { voterId: auth.id, postId: id, value })
  if (!post) throw new NotFoundError(POST_MESSAGES.notFound)
  // author_id never changes, so the statement's read is enough to refuse (it wrote nothing).
  if (post.authorId === auth.id) throw new ForbiddenError(POST_MESSAGES.ownPost)
  if (!changed) {
    // The caller's vote pressed again changes nothing: the counts read with it answer.
    if (post.callerVote === value) return voteState(id, post.uplikeCount, post.downlikeCount, value, false)
    // The same user's concurrent press of this vote won. Its commit came before this statement
    // finished, so a fresh read has its counts (the statement's snapshot predates it).
    const counts = await findVoteCounts(deps.db, id)
    if (!counts) throw new NotFoundError(POST_MESSAGES.notFound)
    return voteState(id, counts.uplike_count, counts.downlike_count, value, false)
  }

  await deps.events.emit('vote.cast', {
    postId: id,
    postTitle: post.title,
    value,
    uplikeCount: changed.uplikeCount,
    downlikeCount: changed.downlikeCount,
    votedAt: changed.votedAt,
    voter: auth,
  })
  return voteState(id, changed.uplikeCount, changed.downlikeCount, value, true)
}

/** The key a visitor's views are counted under: the user id, or a hash of IP and user agent. */
export function viewerKey(auth: AuthUser | null, ip: string, userAgent: string | undefined): string {
  if (auth) return auth.id
  return createHash('sha256')
    .update(`${ip}\n${userAgent ?? ''}`)
    .digest('hex')
}

/**
 * The detail page of a post by id, slug or old slug (one it had before a rename: the post as it is now,
 * whose `slug` is the current one), with the caller's vote and up to 4 related posts. The
 * visit is counted in the next batch of views (one per visitor per hour; views.ts), which pushes the
 * post's new count as `post.views`; the page shows the count before it.
 *
 * The card and related posts come from the shared page cache when there is one: live events patch
 * their counters in place and drop the page when the post is edited or deleted (page-caches.ts), and
 * its live id replays anything the client might miss.
 */
export async function getPostDetail(
  deps: PostsDeps,
  auth: AuthUser | null,
  idOrSlug: string,
  viewer: string,
): Promise<PostDetailResponse> {
  return presentPostPage(deps, auth, await readPostPage(deps, idOrSlug), viewer)
}

/** Where a post's old address points: its current slug. */
export interface PostMoved {
  movedTo: string
}

/**
 * A post's page at an address (`/post/<slug>`): its detail as {@link getPostDetail} gives it, or,
 * when `idOrSlug` is one of the post's old slugs, where it is now, without counting a view (the
 * visitor is sent there and counted on arrival).
 */
export async function getPostAtAddress(
  deps: PostsDeps,
  auth: AuthUser | null,
  idOrSlug: string,
  viewer: string,
): Promise<PostDetailResponse | PostMoved> {
  const page = await readPostPage(deps, idOrSlug)
  const { _id, slug } = page.post
  const byId = isUuid(idOrSlug) && idOrSlug.toLowerCase() === _id
  if (slug !== idOrSlug && !byId) return { movedTo: slug }
  return presentPostPage(deps, auth, page, viewer)
}

/** The shared part of a post's page, from the page cache when there is one; 404 when no post has the key. */
async function readPostPage(deps: PostsDeps, idOrSlug: string): Promise<PostPage> {
  const load = () => loadPostPage(deps, idOrSlug)
  const page = await readThrough(deps.pageCaches?.pages, idOrSlug, load)
  if (!page) throw new NotFoundError(POST_MESSAGES.notFound)
  return page
}

/** A post's page for one caller: the visit counted, their vote and saves laid over the shared cards. */
async function presentPostPage(
  deps: PostsDeps,
  auth: AuthUser | null,
  page: PostPage,
  viewer: string,
): Promise<PostDetailResponse> {
  const { post, related, liveId } = page
  deps.views.record(post._id, viewer)
  // The cached cards are shared: the caller's saves are laid over copies.
  const {
    lists: [flagged, flaggedRelated],
    votes,
  } = await withMemberMarks(deps.memberMarks, auth, [post], related)
  const callerVote = votes?.get(post._id) ?? 0
  const detail = flagged[0] ?? post
  return {
    post: detail,
    isLiked: callerVote > 0,
    isDisliked: callerVote < 0,
    isSaved: detail.isSaved,
    related: flaggedRelated,
    liveId,
  }
}

/**
 * A post's card and related posts, or null when no post has that id, slug or old slug. The first read only
 * finds the post's id and category (the topic's name needs the id); the card the page shows is read
 * after the live id, so an event landing between the two reads is either in the card or replayed to
 * the client.
 */
async function loadPostPage(deps: PostsDeps, idOrSlug: string): Promise<PostPage | null> {
  const share = startLoad(deps.pageCaches)
  const found = await findPostKey(deps.db, idOrSlug, isUuid(idOrSlug))
  if (!found) return null
  const liveId = await deps.live.currentId(`post:${found.id}`)
  const { post: row, related } = await readPostPageRows(deps.db, found.id, found.category_id)
  // Deleted between the two reads.
  if (!row) return null
  const [post, ...shared] = share([row, ...related].map(toPostCard))
  if (!post) return null
  return { post, related: shared, liveId }
}
