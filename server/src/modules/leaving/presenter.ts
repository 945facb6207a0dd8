import type {
  AccountExportApplication,
  AccountExportCollection,
  AccountExportComment,
  AccountExportPost,
  AccountExportProfile,
  AccountExportSave,
  AccountExportToken,
  AccountExportVote,
} from '../../contract/leaving.ts'
import { TOKEN_SCOPES } from '../../contract/values.ts'
import { isContributor } from '../../lib/access.ts'
import { badgeForPoints } from '../../lib/badges.ts'
import { avatarUrl } from '../accounts/presenter.ts'
import type {
  collectionItemPages,
  commentPages,
  findExportApplications,
  findExportProfile,
  findExportTokens,
  Pages,
  postPages,
  savePages,
  votePages,
} from './export-repo.ts'

// Rows of export-repo.ts as the export file writes them: `_id`, camelCase, ISO dates, absolute URLs.
// Strings are kept exactly as stored (JSON escapes every control character, so the file shows them
// as `\u001b` rather than running them, and the member gets back what they wrote).

type RowOf<F extends (...args: never[]) => Pages<unknown>> = ReturnType<F> extends Pages<infer R> ? R : never
export type ExportProfileRow = NonNullable<Awaited<ReturnType<typeof findExportProfile>>>
export type ExportPostRow = RowOf<typeof postPages>
export type ExportCommentRow = RowOf<typeof commentPages>
export type ExportVoteRow = RowOf<typeof votePages>
export type ExportSaveRow = RowOf<typeof savePages>
export type ExportCollectionRow = RowOf<typeof collectionItemPages>
type ExportTokenRow = Awaited<ReturnType<typeof findExportTokens>>[number]
type ExportApplicationRow = Awaited<ReturnType<typeof findExportApplications>>[number]

const iso = (date: Date) => date.toISOString()
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null)

/** A post's page on the site. */
export function postUrl(origin: string, slug: string): string {
  return `${origin}/post/${encodeURIComponent(slug)}`
}

/** The profile; `email` only when the caller may read it (never for a personal access token). */
export function toExportProfile(
  row: ExportProfileRow,
  origin: string,
  includeEmail: boolean,
): AccountExportProfile {
  const avatar = avatarUrl(row.avatar)
  return {
    _id: row.id,
    username: row.username,
    ...(includeEmail ? { email: row.email } : {}),
    role: row.role,
    contributor: isContributor(row.role),
    points: row.points,
    badge: badgeForPoints(row.points),
    avatar: avatar?.startsWith('/') ? `${origin}${avatar}` : avatar,
    postCount: row.post_count,
    createdAt: iso(row.created_at),
  }
}

export function toExportPost(row: ExportPostRow, origin: string): AccountExportPost {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    url: postUrl(origin, row.slug),
    command: row.command,
    description: row.description,
    descriptionText: row.description_text,
    tags: row.tags,
    category:
      row.category_name !== null && row.category_slug !== null
        ? { name: row.category_name, slug: row.category_slug }
        : null,
    uplikeCount: row.uplike_count,
    downlikeCount: row.downlike_count,
    viewCount: row.view_count,
    commentsCount: row.comments_count,
    savedCount: row.saved_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    editedAt: isoOrNull(row.edited_at),
  }
}

export function toExportComment(row: ExportCommentRow, origin: string): AccountExportComment {
  return {
    _id: row.id,
    postId: row.post_id,
    postTitle: row.post_title,
    postUrl: postUrl(origin, row.post_slug),
    parentId: row.parent_id,
    content: row.content,
    createdAt: iso(row.created_at),
    editedAt: isoOrNull(row.edited_at),
  }
}

export function toExportVote(row: ExportVoteRow, origin: string): AccountExportVote {
  return {
    postId: row.post_id,
    postTitle: row.post_title,
    postUrl: postUrl(origin, row.post_slug),
    vote: row.value > 0 ? 'up' : 'down',
    firstVotedAt: iso(row.created_at),
    votedAt: iso(row.updated_at),
  }
}

export function toExportSave(row: ExportSaveRow, origin: string): AccountExportSave {
  return {
    postId: row.post_id,
    postTitle: row.post_title,
    postUrl: postUrl(origin, row.post_slug),
    savedAt: iso(row.created_at),
  }
}

/** A collection without its items, from the first of its rows. */
export function toExportCollection(
  row: ExportCollectionRow,
  origin: string,
  ownerUsername: string,
): AccountExportCollection {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    public: row.public,
    url: `${origin}/c/${encodeURIComponent(ownerUsername)}/${encodeURIComponent(row.slug)}`,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    items: [],
  }
}

/** A collection row's post, or null for the row of an empty collection. */
export function toExportCollectionItem(
  row: ExportCollectionRow,
  origin: string,
): AccountExportCollection['items'][number] | null {
  if (row.post_id === null || row.post_title === null || row.post_slug === null) return null
  return {
    postId: row.post_id,
    postTitle: row.post_title,
    postUrl: postUrl(origin, row.post_slug),
    position: row.position ?? 0,
    addedAt: row.added_at ? iso(row.added_at) : iso(row.updated_at),
  }
}

export function toExportToken(row: ExportTokenRow): AccountExportToken {
  return {
    name: row.name,
    scopes: TOKEN_SCOPES.filter((scope) => row.scopes.includes(scope)),
    createdAt: iso(row.created_at),
    lastUsedAt: isoOrNull(row.last_used_at),
    expiresAt: isoOrNull(row.expires_at),
    revokedAt: isoOrNull(row.revoked_at),
  }
}

export function toExportApplication(row: ExportApplicationRow): AccountExportApplication {
  return {
    status: row.status,
    docCategory: row.doc_category,
    coverLetter: row.cover_letter,
    documentName: row.document_name,
    submittedAt: iso(row.created_at),
    reviewedAt: isoOrNull(row.reviewed_at),
    reviewMessage: row.review_message,
  }
}
