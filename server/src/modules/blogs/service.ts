import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import {
  BLOG_MESSAGES,
  BLOG_METADESCRIPTION_MAX_LENGTH,
  BLOG_PAGE_SIZE,
  BLOG_TITLE_MAX_LENGTH,
  type BlogDetailResponse,
  type BlogListQuery,
  type BlogListResponse,
  type BlogStatus,
  type CreateBlogBody,
  type DeleteBlogResponse,
  type ModBlog,
  type ModBlogListResponse,
  type UpdateBlogBody,
} from '../../contract/blogs.ts'
import { hasControlCharacters, hasTextDirectionControls } from '../../contract/limits.ts'
import type { ModerationAction } from '../../contract/moderation-actions.ts'
import type { AuthUser } from '../../lib/access.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { ConflictError, InvalidError, NotFoundError } from '../../lib/errors.ts'
import { htmlToText, sanitizeDescription } from '../../lib/sanitize.ts'
import { isUuid, slugify } from '../../lib/slug.ts'
import type { FileStore } from '../../lib/storage.ts'
import type { LiveHub } from '../../live/hub.ts'
import { withTransaction } from '../../live/outbox.ts'
import { logModerationAction } from '../audit/log.ts'
import { isUploadedImage, normaliseImageRef } from '../content-images/images.ts'
import { toBlog, toBlogSummary, toModBlog } from './presenter.ts'
import {
  type BlogRow,
  type BlogWrite,
  countBlogsUsingImage,
  countPublishedBlogs,
  deleteBlog as deleteBlogRow,
  findAllBlogs,
  findBlogForUpdate,
  findPublishedBlogBySlug,
  findPublishedBlogs,
  insertBlog,
  isBlogSlugTaken,
  recordBlogView,
  updateBlog as updateBlogRow,
} from './repo.ts'

/** What the blog service needs: the database, the live hub (audit events) and the file store. */
export interface BlogsDeps {
  db: Kysely<Database>
  live: LiveHub
  files: FileStore
}

/**
 * `GET /api/blogs`: one page of published articles, newest publication first, with the totals the
 * list's stats card and pagination show.
 */
export async function listBlogs(deps: BlogsDeps, query: BlogListQuery): Promise<BlogListResponse> {
  const limit = query.limit ?? BLOG_PAGE_SIZE
  const page = query.page ?? 1
  const [total, rows] = await Promise.all([
    countPublishedBlogs(deps.db),
    findPublishedBlogs(deps.db, limit, (page - 1) * limit),
  ])
  return {
    blogs: rows.map(toBlogSummary),
    totalBlogs: total,
    currentPage: page,
    totalPages: Math.ceil(total / limit),
  }
}

/**
 * `GET /api/blogs/{slug}`: a published article, counting one view per visitor per hour (the count
 * and its view row change in one transaction, so the counter always equals a recount).
 * @throws NotFoundError for an unknown slug or a draft.
 */
export async function getBlog(deps: BlogsDeps, slug: string, viewer: string): Promise<BlogDetailResponse> {
  const found = await findPublishedBlogBySlug(deps.db, slug)
  if (!found) throw new NotFoundError(BLOG_MESSAGES.notFound)
  const viewCount = await deps.db.transaction().execute((trx) => recordBlogView(trx, found.id, viewer))
  return { blog: toBlog(viewCount === undefined ? found : { ...found, view_count: viewCount }) }
}

/** `GET /api/mod/blogs`: every article for the console, drafts too. */
export async function listAllBlogs(deps: BlogsDeps): Promise<ModBlogListResponse> {
  return { blogs: (await findAllBlogs(deps.db)).map(toModBlog) }
}

// Trims and checks a complete set of fields; the messages are the console form's.
function validate(fields: {
  title: string
  metadescription: string
  content: string
  image: string | null
  status: BlogStatus
}): BlogWrite {
  const title = fields.title.trim()
  if (title === '') throw new InvalidError(BLOG_MESSAGES.titleRequired, 'title')
  if (title.length > BLOG_TITLE_MAX_LENGTH) throw new InvalidError(BLOG_MESSAGES.titleTooLong, 'title')
  // Titles and descriptions reach feeds, link previews and terminals (contract/limits.ts).
  if (hasControlCharacters(title, false)) throw new InvalidError(BLOG_MESSAGES.titleCharacters, 'title')
  const metadescription = fields.metadescription.trim().replace(/\s+/g, ' ')
  if (metadescription === '') {
    throw new InvalidError(BLOG_MESSAGES.metadescriptionRequired, 'metadescription')
  }
  if (metadescription.length > BLOG_METADESCRIPTION_MAX_LENGTH) {
    throw new InvalidError(BLOG_MESSAGES.metadescriptionTooLong, 'metadescription')
  }
  if (hasControlCharacters(metadescription, false)) {
    throw new InvalidError(BLOG_MESSAGES.metadescriptionCharacters, 'metadescription')
  }
  const content = sanitizeDescription(fields.content)
  if (htmlToText(content) === '') throw new InvalidError(BLOG_MESSAGES.contentRequired, 'content')
  // After sanitising, which decodes entities, as for post descriptions.
  if (hasTextDirectionControls(content)) {
    throw new InvalidError(BLOG_MESSAGES.contentDirectionMarks, 'content')
  }
  let image: string | null = null
  if (fields.image !== null && fields.image.trim() !== '') {
    const normalised = normaliseImageRef('blogs', fields.image, { bundled: true })
    if (normalised === undefined) throw new InvalidError(BLOG_MESSAGES.imageInvalid, 'image')
    image = normalised
  }
  return { slug: slugify(title), title, metadescription, content, image, status: fields.status }
}

// A lost race between the slug check and the write gives the same 409 as the check.
function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error) && error.constraint?.includes('slug')) {
    throw new ConflictError(BLOG_MESSAGES.titleTaken, 'title')
  }
  throw error
}

// Removes an uploaded file no article uses any more. Best effort, after commit: a leftover file is
// harmless, a missing one would break a page.
async function removeUnusedImage(deps: BlogsDeps, image: string | null): Promise<void> {
  if (!isUploadedImage(image)) return
  if ((await countBlogsUsingImage(deps.db, image)) > 0) return
  await deps.files.removePublic('blogs', image).catch(() => {})
}

/**
 * `POST /api/mod/blogs`: writes an article as the signed-in moderator (its author), sanitising the
 * content with the rich-text allowlist. Audit-logged as `blog.created` or `blog.published`.
 * @throws InvalidError (422) for a missing or too long field or an unusable image reference.
 * @throws ConflictError (409) when another article has the same slug (title).
 */
export async function createBlog(
  deps: BlogsDeps,
  moderator: AuthUser,
  body: CreateBlogBody,
): Promise<ModBlog> {
  const fields = validate(body)
  if (await isBlogSlugTaken(deps.db, fields.slug, null)) {
    throw new ConflictError(BLOG_MESSAGES.titleTaken, 'title')
  }
  const row = await withTransaction(deps, async (trx, outbox) => {
    const inserted = await insertBlog(trx, {
      ...fields,
      authorId: moderator.id,
      authorName: moderator.username,
    }).catch(rethrowDuplicate)
    await logModerationAction(trx, outbox, {
      moderatorId: moderator.id,
      moderatorName: moderator.username,
      action: fields.status === 'published' ? 'blog.published' : 'blog.created',
      subjectType: 'blog',
      subjectId: inserted.id,
      subjectTitle: inserted.title,
    })
    return inserted
  })
  return toModBlog(row)
}

// The audit action of an update: publishing and unpublishing are named, anything else is an edit.
function updateAction(before: BlogRow, after: BlogWrite): ModerationAction {
  if (before.status !== after.status)
    return after.status === 'published' ? 'blog.published' : 'blog.unpublished'
  return 'blog.updated'
}

/**
 * `PUT /api/mod/blogs/{id}`: changes the given fields (same rules as create). The slug follows the
 * title. Publishing sets the publication date the first time. Audit-logged.
 * @throws NotFoundError for an unknown id.
 */
export async function updateBlog(
  deps: BlogsDeps,
  moderator: AuthUser,
  id: string,
  body: UpdateBlogBody,
): Promise<ModBlog> {
  if (!isUuid(id)) throw new NotFoundError(BLOG_MESSAGES.notFound)
  const { row, previousImage } = await withTransaction(deps, async (trx, outbox) => {
    const before = await findBlogForUpdate(trx, id)
    if (!before) throw new NotFoundError(BLOG_MESSAGES.notFound)
    const fields = validate({
      title: body.title ?? before.title,
      metadescription: body.metadescription ?? before.metadescription,
      content: body.content ?? before.content,
      image: body.image === undefined ? before.image : body.image,
      status: body.status ?? before.status,
    })
    if (fields.slug !== before.slug && (await isBlogSlugTaken(trx, fields.slug, id))) {
      throw new ConflictError(BLOG_MESSAGES.titleTaken, 'title')
    }
    const updated = await updateBlogRow(trx, id, fields).catch(rethrowDuplicate)
    await logModerationAction(trx, outbox, {
      moderatorId: moderator.id,
      moderatorName: moderator.username,
      action: updateAction(before, fields),
      subjectType: 'blog',
      subjectId: id,
      subjectTitle: updated.title,
    })
    return { row: updated, previousImage: before.image === updated.image ? null : before.image }
  })
  await removeUnusedImage(deps, previousImage)
  return toModBlog(row)
}

/**
 * `DELETE /api/mod/blogs/{id}`: deletes an article and its views; its uploaded image is removed when
 * no other article uses it. Audit-logged as `blog.deleted`.
 * @throws NotFoundError for an unknown id.
 */
export async function deleteBlog(
  deps: BlogsDeps,
  moderator: AuthUser,
  id: string,
): Promise<DeleteBlogResponse> {
  if (!isUuid(id)) throw new NotFoundError(BLOG_MESSAGES.notFound)
  const image = await withTransaction(deps, async (trx, outbox) => {
    const before = await findBlogForUpdate(trx, id)
    if (!before) throw new NotFoundError(BLOG_MESSAGES.notFound)
    await deleteBlogRow(trx, id)
    await logModerationAction(trx, outbox, {
      moderatorId: moderator.id,
      moderatorName: moderator.username,
      action: 'blog.deleted',
      subjectType: 'blog',
      subjectId: id,
      subjectTitle: before.title,
    })
    return before.image
  })
  await removeUnusedImage(deps, image)
  return { blogId: id }
}
