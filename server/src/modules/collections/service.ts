import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  type CollectionDetail,
  type CollectionPostResponse,
  type CollectionSummary,
  type CreateCollectionBody,
  type DeleteCollectionResponse,
  type ExportFormat,
  type MyCollectionsResponse,
  type ReorderCollectionResponse,
  SAVED_PAGE_SIZE,
  type SavedPostsResponse,
  type SaveResponse,
  type UpdateCollectionBody,
  type UserCollectionsResponse,
} from '../../contract/collections.ts'
import { hasControlCharacters, normalizeLineBreaks } from '../../contract/limits.ts'
import type { LiveCollectionChanged } from '../../contract/live.ts'
import { type EventDeps, type EventOutbox, withEvents } from '../../events/transaction.ts'
import type { AuthUser } from '../../lib/access.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { BadRequestError, ConflictError, InvalidError, NotFoundError } from '../../lib/errors.ts'
import { isUuid, slugify } from '../../lib/slug.ts'
import { withSavedFlags } from '../posts/member-marks.ts'
import type { MemberMarksReader } from '../posts/member-marks-reader.ts'
import { toPostCard } from '../posts/presenter.ts'
import { buildExport, type ExportFile, type ExportSource } from './exports.ts'
import { collectionPath, toCollectionSummary } from './presenter.ts'
import {
  appendCollectionPost,
  type CollectionWithOwnerRow,
  countCollectionsOf,
  countSavedPosts,
  deleteOwnedCollection,
  type ExportablePostRow,
  findCollectionById,
  findCollectionBySlug,
  findCollectionPostIds,
  findSaveState,
  findSlugsLike,
  findUserByUsername,
  insertCollection,
  isNameTaken,
  listCollectionPostCards,
  listCollectionsOf,
  listSavedPostCards,
  lockOwnedCollection,
  lockOwnerCollections,
  lockPostKey,
  removeCollectionPost,
  savePost,
  setCollectionOrder,
  touchCollection,
  unsavePost,
  updateCollection,
} from './repo.ts'

/** What the collections service needs; `origin` is the site's own (absolute URLs in exports). */
export interface CollectionsDeps extends EventDeps {
  origin: string
  /** A member's votes and saves among a page's posts, kept per member with PAGE_CACHE (member-marks-reader.ts). */
  memberMarks: MemberMarksReader
}

/** Most posts an "all saved" export holds (the most recently saved). */
export const SAVED_EXPORT_LIMIT = 5000
/** The name and file name of the "all saved" export. */
export const SAVED_EXPORT_NAME = 'Saved commands'

const POST_NOT_FOUND = COLLECTION_MESSAGES.postNotFound

/** Length in characters as PostgreSQL's char_length counts them (code points, not UTF-16 units). */
const charLength = (text: string) => Array.from(text).length

function checkName(raw: string): string {
  const name = raw.trim()
  if (name === '') throw new InvalidError(COLLECTION_MESSAGES.nameRequired, 'name')
  if (charLength(name) > COLLECTION_LIMITS.nameMaxLength) {
    throw new InvalidError(COLLECTION_MESSAGES.nameTooLong, 'name')
  }
  // Control characters and text-direction marks would hide what a name says (contract/limits.ts).
  if (hasControlCharacters(name, false)) throw new InvalidError(COLLECTION_MESSAGES.nameCharacters, 'name')
  return name
}

function checkDescription(raw: string): string {
  const description = raw.trim()
  // Descriptions may hold line breaks and tabs, stored (and counted) with LF line breaks.
  const stored = normalizeLineBreaks(description)
  if (charLength(stored) > COLLECTION_LIMITS.descriptionMaxLength) {
    throw new InvalidError(COLLECTION_MESSAGES.descriptionTooLong, 'description')
  }
  if (hasControlCharacters(description, true)) {
    throw new InvalidError(COLLECTION_MESSAGES.descriptionCharacters, 'description')
  }
  return stored
}

/**
 * The slug a new collection takes from its name, like a post's (lib/slug.ts) but never 'post' for a
 * name without letters or digits, and at most 60 characters so a numbered suffix still fits.
 */
export function collectionSlugBase(name: string): string {
  // A leading "c " makes slugify's fallback for an empty slug impossible to confuse with a real one.
  const slug = slugify(`c ${name}`)
    .slice(2, 2 + 60)
    .replace(/-+$/, '')
  return slug === '' ? 'collection' : slug
}

/** The first of `base`, `base-2`, `base-3`… that the owner does not use. */
function freeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

// A lost race between the name check and the write gives the same 409 as the check.
function rethrowDuplicateName(error: unknown): never {
  if (isUniqueViolation(error) && error.constraint?.includes('name')) {
    throw new ConflictError(COLLECTION_MESSAGES.duplicateName, 'name')
  }
  throw error
}

/** Raises `post.save_changed` for a save or unsave that changed something. */
function publishSaveChange(
  outbox: EventOutbox,
  userId: string,
  change: { postId: string; saved: boolean; savedCount: number },
): void {
  outbox.raise('post.save_changed', { userId, ...change })
}

/** Raises `collection.changed` for a change of one of the owner's collections. */
function publishCollectionChange(
  outbox: EventOutbox,
  ownerId: string,
  collection: CollectionSummary,
  change: LiveCollectionChanged['change'],
  postId: string | null = null,
): void {
  outbox.raise('collection.changed', { ownerId, collection, change, postId })
}

async function loadSummary(db: Kysely<Database>, id: string): Promise<CollectionSummary> {
  const row = await findCollectionById(db, id)
  if (!row) throw new NotFoundError(COLLECTION_MESSAGES.notFound)
  return toCollectionSummary(row)
}

// ---------------------------------------------------------------------------------------------
// Saves
// ---------------------------------------------------------------------------------------------

/**
 * Saves (`save` true) or unsaves a post for the caller. One statement writes the save row and the
 * post's count (repo.ts), so the count always equals a recount; pressing again changes nothing and
 * answers the current state, publishing nothing. Unknown post → 404.
 */
export async function setSaved(
  deps: CollectionsDeps,
  auth: AuthUser,
  postId: string,
  save: boolean,
): Promise<SaveResponse> {
  if (!isUuid(postId)) throw new NotFoundError(POST_NOT_FOUND)
  const result = await withEvents(deps, async (trx, outbox) => {
    const outcome = save ? await savePost(trx, auth.id, postId) : await unsavePost(trx, auth.id, postId)
    if (!outcome.found) throw new NotFoundError(POST_NOT_FOUND)
    const change = { postId, saved: save, savedCount: outcome.savedCount }
    if (outcome.changed) publishSaveChange(outbox, auth.id, change)
    return change
  })
  return result
}

/** The caller's saved posts, a page of {@link SAVED_PAGE_SIZE}, the most recently saved first. */
export async function listSaved(
  deps: CollectionsDeps,
  auth: AuthUser,
  page = 1,
): Promise<SavedPostsResponse> {
  // Read before the data (live/README.md): anything the data might lack is replayed.
  const liveId = await deps.live.currentId(`user:${auth.id}`)
  const [total, rows] = await Promise.all([
    countSavedPosts(deps.db, auth.id),
    listSavedPostCards(deps.db, auth.id, { limit: SAVED_PAGE_SIZE, offset: (page - 1) * SAVED_PAGE_SIZE }),
  ])
  return {
    posts: rows.map((row) => ({ ...toPostCard(row), isSaved: true })),
    pagination: {
      page,
      pageSize: SAVED_PAGE_SIZE,
      totalPosts: total,
      totalPages: Math.ceil(total / SAVED_PAGE_SIZE),
    },
    liveId,
  }
}

// ---------------------------------------------------------------------------------------------
// Collections
// ---------------------------------------------------------------------------------------------

/** The caller's collections (public and private); with `containsPost`, which of them hold that post. */
export async function listMyCollections(
  deps: CollectionsDeps,
  auth: AuthUser,
  containsPost?: string,
): Promise<MyCollectionsResponse> {
  const liveId = await deps.live.currentId(`user:${auth.id}`)
  // A malformed id is in no collection (and must not reach a uuid comparison).
  const probe = containsPost === undefined ? undefined : isUuid(containsPost) ? containsPost : null
  const rows = await listCollectionsOf(deps.db, auth.id, {
    publicOnly: false,
    ...(probe ? { containsPost: probe } : {}),
  })
  return {
    collections: rows.map((row) => ({
      ...toCollectionSummary(row),
      ...(probe === undefined ? {} : { hasPost: row.has_post === true }),
    })),
    liveId,
  }
}

/** A user's public collections (anyone may ask); an unknown user is 404. */
export async function listUserCollections(
  deps: CollectionsDeps,
  username: string,
): Promise<UserCollectionsResponse> {
  const user = await findUserByUsername(deps.db, username)
  if (!user) throw new NotFoundError('User not found')
  const rows = await listCollectionsOf(deps.db, user.id, { publicOnly: true })
  return { collections: rows.map(toCollectionSummary) }
}

/**
 * Creates a collection for the caller. The name (1–60 characters, trimmed) must differ, ignoring
 * case, from the caller's other collections (409), and a user has at most 100 (409). The slug comes
 * from the name, numbered when the owner already uses it. One owner's creations are serialised by a
 * lock, so the count and the slug hold under concurrent requests.
 */
export async function createCollection(
  deps: CollectionsDeps,
  auth: AuthUser,
  body: CreateCollectionBody,
): Promise<CollectionSummary> {
  const name = checkName(body.name)
  const description = checkDescription(body.description ?? '')
  return withEvents(deps, async (trx, outbox) => {
    await lockOwnerCollections(trx, auth.id)
    if ((await countCollectionsOf(trx, auth.id)) >= COLLECTION_LIMITS.collectionsPerUser) {
      throw new ConflictError(COLLECTION_MESSAGES.tooManyCollections)
    }
    if (await isNameTaken(trx, auth.id, name)) {
      throw new ConflictError(COLLECTION_MESSAGES.duplicateName, 'name')
    }
    const base = collectionSlugBase(name)
    const slug = freeSlug(base, await findSlugsLike(trx, auth.id, base))
    const id = await insertCollection(trx, {
      ownerId: auth.id,
      name,
      slug,
      description,
      public: body.public,
    }).catch(rethrowDuplicateName)
    const collection = await loadSummary(trx, id)
    publishCollectionChange(outbox, auth.id, collection, 'created')
    return collection
  })
}

/** Renames, re-describes or shows/hides the caller's collection. The slug stays (stable links). */
export async function updateCollectionFields(
  deps: CollectionsDeps,
  auth: AuthUser,
  id: string,
  body: UpdateCollectionBody,
): Promise<CollectionSummary> {
  if (!isUuid(id)) throw new NotFoundError(COLLECTION_MESSAGES.notFound)
  const name = body.name === undefined ? undefined : checkName(body.name)
  const description = body.description === undefined ? undefined : checkDescription(body.description)
  return withEvents(deps, async (trx, outbox) => {
    if (!(await lockOwnedCollection(trx, id, auth.id))) throw new NotFoundError(COLLECTION_MESSAGES.notFound)
    if (name !== undefined && (await isNameTaken(trx, auth.id, name, id))) {
      throw new ConflictError(COLLECTION_MESSAGES.duplicateName, 'name')
    }
    await updateCollection(trx, id, {
      ...(name !== undefined ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(body.public !== undefined ? { public: body.public } : {}),
    }).catch(rethrowDuplicateName)
    const collection = await loadSummary(trx, id)
    publishCollectionChange(outbox, auth.id, collection, 'updated')
    return collection
  })
}

/** Deletes the caller's collection (the posts stay saved). */
export async function deleteCollection(
  deps: CollectionsDeps,
  auth: AuthUser,
  id: string,
): Promise<DeleteCollectionResponse> {
  if (!isUuid(id)) throw new NotFoundError(COLLECTION_MESSAGES.notFound)
  return withEvents(deps, async (trx, outbox) => {
    if (!(await deleteOwnedCollection(trx, id, auth.id))) {
      throw new NotFoundError(COLLECTION_MESSAGES.notFound)
    }
    outbox.raise('collection.deleted', { ownerId: auth.id, collectionId: id })
    return { collectionId: id }
  })
}

/**
 * A collection the caller may see: a public one, or their own. Anything else (unknown, malformed id,
 * someone else's private collection) is the same 404, so a private collection's existence never shows.
 */
function visibleTo(row: CollectionWithOwnerRow | undefined, auth: AuthUser | null): CollectionWithOwnerRow {
  if (!row || (!row.public && row.owner_id !== auth?.id))
    throw new NotFoundError(COLLECTION_MESSAGES.notFound)
  return row
}

async function findVisibleById(
  deps: CollectionsDeps,
  auth: AuthUser | null,
  id: string,
): Promise<CollectionWithOwnerRow> {
  if (!isUuid(id)) throw new NotFoundError(COLLECTION_MESSAGES.notFound)
  return visibleTo(await findCollectionById(deps.db, id), auth)
}

async function toDetail(
  deps: CollectionsDeps,
  auth: AuthUser | null,
  row: CollectionWithOwnerRow,
): Promise<CollectionDetail> {
  const cards = (await listCollectionPostCards(deps.db, row.id)).map(toPostCard)
  const [posts] = await withSavedFlags(deps.memberMarks, auth, cards)
  // Counted from the cards read, so the count and the list agree even if a post was just deleted.
  return {
    ...toCollectionSummary(row),
    postCount: posts.length,
    isOwner: auth?.id === row.owner_id,
    posts,
  }
}

/** A collection with its posts in order, by id (public, or the caller's own; else 404). */
export async function getCollection(
  deps: CollectionsDeps,
  auth: AuthUser | null,
  id: string,
): Promise<CollectionDetail> {
  return toDetail(deps, auth, await findVisibleById(deps, auth, id))
}

/** A collection with its posts, by its owner's username and its slug (the public page's URL). */
export async function getCollectionBySlug(
  deps: CollectionsDeps,
  auth: AuthUser | null,
  username: string,
  slug: string,
): Promise<CollectionDetail> {
  return toDetail(deps, auth, visibleTo(await findCollectionBySlug(deps.db, username, slug), auth))
}

/**
 * Adds a post at the end of the caller's collection and saves it for them (what "keep this in my
 * collection" means; removing it later leaves it saved). Adding a post already there changes nothing
 * but still makes sure it is saved. The collection is locked, so the 500-post limit and positions
 * hold under concurrent requests. Unknown post → 404; full collection → 409.
 */
export async function addPostToCollection(
  deps: CollectionsDeps,
  auth: AuthUser,
  id: string,
  postId: string,
): Promise<CollectionPostResponse> {
  if (!isUuid(id)) throw new NotFoundError(COLLECTION_MESSAGES.notFound)
  if (!isUuid(postId)) throw new NotFoundError(POST_NOT_FOUND)
  return withEvents(deps, async (trx, outbox) => {
    if (!(await lockOwnedCollection(trx, id, auth.id))) throw new NotFoundError(COLLECTION_MESSAGES.notFound)
    if (!(await lockPostKey(trx, postId))) throw new NotFoundError(POST_NOT_FOUND)
    const current = await findCollectionPostIds(trx, id)
    let added = false
    if (!current.includes(postId)) {
      if (current.length >= COLLECTION_LIMITS.postsPerCollection) {
        throw new ConflictError(COLLECTION_MESSAGES.collectionFull)
      }
      added = await appendCollectionPost(trx, id, postId)
      if (added) await touchCollection(trx, id)
    }
    const saved = await savePost(trx, auth.id, postId)
    if (saved.changed)
      publishSaveChange(outbox, auth.id, { postId, saved: true, savedCount: saved.savedCount })
    const collection = await loadSummary(trx, id)
    if (added) publishCollectionChange(outbox, auth.id, collection, 'post.added', postId)
    return { collection, postId, saved: true, savedCount: saved.savedCount }
  })
}

/** Takes a post out of the caller's collection; it stays saved. A post not in it changes nothing. */
export async function removePostFromCollection(
  deps: CollectionsDeps,
  auth: AuthUser,
  id: string,
  postId: string,
): Promise<CollectionPostResponse> {
  if (!isUuid(id)) throw new NotFoundError(COLLECTION_MESSAGES.notFound)
  if (!isUuid(postId)) throw new NotFoundError(POST_NOT_FOUND)
  return withEvents(deps, async (trx, outbox) => {
    if (!(await lockOwnedCollection(trx, id, auth.id))) throw new NotFoundError(COLLECTION_MESSAGES.notFound)
    const state = await findSaveState(trx, auth.id, postId)
    if (!state) throw new NotFoundError(POST_NOT_FOUND)
    const removed = await removeCollectionPost(trx, id, postId)
    if (removed) await touchCollection(trx, id)
    const collection = await loadSummary(trx, id)
    if (removed) publishCollectionChange(outbox, auth.id, collection, 'post.removed', postId)
    return { collection, postId, saved: state.saved, savedCount: state.savedCount }
  })
}

/**
 * Puts the caller's collection in a new order. `postIds` must be exactly the collection's posts, each
 * once (400 otherwise, e.g. when a post was added or deleted meanwhile: the client refetches).
 */
export async function reorderCollection(
  deps: CollectionsDeps,
  auth: AuthUser,
  id: string,
  postIds: readonly string[],
): Promise<ReorderCollectionResponse> {
  if (!isUuid(id)) throw new NotFoundError(COLLECTION_MESSAGES.notFound)
  return withEvents(deps, async (trx, outbox) => {
    if (!(await lockOwnedCollection(trx, id, auth.id))) throw new NotFoundError(COLLECTION_MESSAGES.notFound)
    const current = await findCollectionPostIds(trx, id)
    const wanted = new Set(postIds)
    const exact =
      wanted.size === postIds.length &&
      postIds.length === current.length &&
      current.every((postId) => wanted.has(postId))
    if (!exact) throw new BadRequestError(COLLECTION_MESSAGES.badOrder)
    const changed = current.some((postId, index) => postIds[index] !== postId)
    if (changed) {
      await setCollectionOrder(trx, id, postIds)
      await touchCollection(trx, id)
    }
    const collection = await loadSummary(trx, id)
    if (changed) publishCollectionChange(outbox, auth.id, collection, 'reordered')
    return { collection, postIds: [...postIds] }
  })
}

// ---------------------------------------------------------------------------------------------
// Exports
// ---------------------------------------------------------------------------------------------

function exportPosts(deps: CollectionsDeps, rows: readonly ExportablePostRow[]): ExportSource['posts'] {
  return rows.map((row) => ({
    title: row.title,
    command: row.command,
    description: row.description_text,
    tags: row.tags,
    url: `${deps.origin}/post/${encodeURIComponent(row.slug)}`,
  }))
}

/** A collection as a navi, tldr or JSON file (same access as reading it). */
export async function exportCollection(
  deps: CollectionsDeps,
  auth: AuthUser | null,
  id: string,
  format: ExportFormat,
): Promise<ExportFile> {
  const row = await findVisibleById(deps, auth, id)
  const rows = await listCollectionPostCards(deps.db, row.id)
  const source: ExportSource = {
    name: row.name,
    description: row.description,
    ownerUsername: row.owner_username,
    url: `${deps.origin}${collectionPath(row.owner_username, row.slug)}`,
    posts: exportPosts(deps, rows),
  }
  return buildExport(source, format, row.slug)
}

/** Everything the caller saved (the most recent {@link SAVED_EXPORT_LIMIT}) as a file. */
export async function exportSaved(
  deps: CollectionsDeps,
  auth: AuthUser,
  format: ExportFormat,
): Promise<ExportFile> {
  const rows = await listSavedPostCards(deps.db, auth.id, { limit: SAVED_EXPORT_LIMIT, offset: 0 })
  const source: ExportSource = {
    name: SAVED_EXPORT_NAME,
    description: `Commands ${auth.username} saved on Bashboard.`,
    ownerUsername: auth.username,
    url: `${deps.origin}/profile`,
    posts: exportPosts(deps, rows),
  }
  return buildExport(source, format, `${auth.username}-saved`)
}
