import { type Static, Type } from 'typebox'
import { BadgeName, Id, NullableDateTime, Role } from './common.ts'
import { SecondFactorMethod } from './second-factor.ts'
import { TokenScope } from './tokens.ts'

/*
 * Leaving the site (issue 49, docs/product-rules.md#leaving): a member downloads everything they made
 * as one JSON file, and deletes their account, choosing whether their posts and comments stay under
 * the shared "deleted member" name or go with them.
 */

const DateTime = Type.String({ format: 'date-time' })
const Count = Type.Integer({ minimum: 0 })

/** A post an item of the export is about: its id, its title and its page now. */
const PostReference = {
  postId: Id,
  postTitle: Type.String(),
  postUrl: Type.String({ description: 'Absolute URL of the post page' }),
}

/** The member's profile as the export holds it. `email` is left out when a personal access token asked. */
export const AccountExportProfile = Type.Object({
  _id: Id,
  username: Type.String(),
  email: Type.Optional(Type.String()),
  role: Role,
  contributor: Type.Boolean(),
  points: Count,
  badge: BadgeName,
  /** Absolute URL of the avatar, or null. */
  avatar: Type.Union([Type.String(), Type.Null()]),
  postCount: Count,
  createdAt: DateTime,
})
export type AccountExportProfile = Static<typeof AccountExportProfile>

/** One of the member's posts, with its description as stored (sanitised HTML) and as text. */
export const AccountExportPost = Type.Object({
  _id: Id,
  title: Type.String(),
  slug: Type.String(),
  url: Type.String(),
  command: Type.String(),
  description: Type.String(),
  descriptionText: Type.String(),
  tags: Type.Array(Type.String()),
  category: Type.Union([Type.Object({ name: Type.String(), slug: Type.String() }), Type.Null()]),
  uplikeCount: Count,
  downlikeCount: Count,
  viewCount: Count,
  commentsCount: Count,
  savedCount: Count,
  createdAt: DateTime,
  updatedAt: DateTime,
  editedAt: NullableDateTime,
})
export type AccountExportPost = Static<typeof AccountExportPost>

/** One of the member's comments (placeholders of comments they deleted are not theirs to take). */
export const AccountExportComment = Type.Object({
  _id: Id,
  ...PostReference,
  /** The comment it replies to, or null for a top-level comment. */
  parentId: Type.Union([Id, Type.Null()]),
  content: Type.String(),
  createdAt: DateTime,
  editedAt: NullableDateTime,
})
export type AccountExportComment = Static<typeof AccountExportComment>

/** One of the member's votes: which post, which way, when it was cast and when it last changed. */
export const AccountExportVote = Type.Object({
  ...PostReference,
  vote: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  firstVotedAt: DateTime,
  votedAt: DateTime,
})
export type AccountExportVote = Static<typeof AccountExportVote>

/** A post the member saved. */
export const AccountExportSave = Type.Object({ ...PostReference, savedAt: DateTime })
export type AccountExportSave = Static<typeof AccountExportSave>

/** One of the member's collections with its posts in the member's order. */
export const AccountExportCollection = Type.Object({
  _id: Id,
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  public: Type.Boolean(),
  url: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
  items: Type.Array(Type.Object({ ...PostReference, position: Type.Integer(), addedAt: DateTime })),
})
export type AccountExportCollection = Static<typeof AccountExportCollection>

/** A personal access token by its name and scopes: never the token, a part of it or its hash. */
export const AccountExportToken = Type.Object({
  name: Type.String(),
  scopes: Type.Array(TokenScope),
  createdAt: DateTime,
  lastUsedAt: NullableDateTime,
  expiresAt: NullableDateTime,
  revokedAt: NullableDateTime,
})
export type AccountExportToken = Static<typeof AccountExportToken>

/** A contributor application the member sent, with the moderators' answer (not who gave it). */
export const AccountExportApplication = Type.Object({
  status: Type.Union([Type.Literal('reviewing'), Type.Literal('accepted'), Type.Literal('rejected')]),
  docCategory: Type.String(),
  coverLetter: Type.String(),
  documentName: Type.String(),
  submittedAt: DateTime,
  reviewedAt: NullableDateTime,
  reviewMessage: Type.Union([Type.String(), Type.Null()]),
})
export type AccountExportApplication = Static<typeof AccountExportApplication>

/** What `format` names in an export, so a reader can tell the file apart from other JSON. */
export const ACCOUNT_EXPORT_FORMAT = 'bashboard-account-export'

/**
 * `GET /api/users/me/export` (session, or a personal access token with scope `read`): everything the
 * member made, as one download (`Content-Disposition: attachment; filename="bashboard-<username>-<day>.json"`),
 * read in one consistent snapshot. Lists are oldest first. Nothing in it is another member's private
 * data or a secret (no password hash, token or token hash).
 */
export const AccountExport = Type.Object({
  format: Type.Literal(ACCOUNT_EXPORT_FORMAT),
  version: Type.Literal(1),
  exportedAt: DateTime,
  /** The site's address (PUBLIC_ORIGIN), which every URL in the file starts with. */
  site: Type.String(),
  profile: AccountExportProfile,
  posts: Type.Array(AccountExportPost),
  comments: Type.Array(AccountExportComment),
  votes: Type.Array(AccountExportVote),
  saves: Type.Array(AccountExportSave),
  collections: Type.Array(AccountExportCollection),
  accessTokens: Type.Array(AccountExportToken),
  applications: Type.Array(AccountExportApplication),
})
export type AccountExport = Static<typeof AccountExport>

/** What happens to a deleted member's posts and comments: kept under "deleted member", or removed. */
export const DeletedContentChoice = Type.Union([Type.Literal('keep'), Type.Literal('remove')])
export type DeletedContentChoice = Static<typeof DeletedContentChoice>

/**
 * `DELETE /api/users/me` (a session only: personal access tokens are refused), confirmed with ONE of:
 * `password`, the account's current password (422 on `password` when wrong), or `code`, a current
 * authenticator code or an unused recovery code of a member with a second factor (422 on `code` when
 * wrong, 409 when they have none; `method` says which, else a 6-digit code is the app's). Neither or
 * both is a 400, and nothing changes on any refusal. `content`: what becomes of their posts and comments.
 */
export const DeleteAccountBody = Type.Object(
  {
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    method: Type.Optional(SecondFactorMethod),
    content: DeletedContentChoice,
  },
  { additionalProperties: false },
)
export type DeleteAccountBody = Static<typeof DeleteAccountBody>

/** How many of each kind of row went with the account (or stayed, under "deleted member"). */
export const DeleteAccountResponse = Type.Object({
  deleted: Type.Literal(true),
  content: DeletedContentChoice,
  posts: Type.Object({ kept: Count, removed: Count }),
  comments: Type.Object({ kept: Count, removed: Count }),
  votes: Count,
  saves: Count,
  collections: Count,
  accessTokens: Count,
})
export type DeleteAccountResponse = Static<typeof DeleteAccountResponse>

/** The messages of account deletion that are not already the account rules' (contract/limits.ts). */
export const LEAVING_MESSAGES = {
  /** 409: the site must keep at least one moderator. */
  lastModerator: 'You are the last moderator. Make another member a moderator before deleting your account.',
  /** 400: a deletion confirmed with neither the password nor a code, or with both. */
  confirmWithOne: 'Confirm with your password or with a code from your authenticator app, not both.',
  /** 202: the export is too large to answer at once. */
  exportQueued: 'Your data is being prepared. We will email you a link when it is ready.',
  /** 404: no ready export of the member has that id (never another member's). */
  exportNotFound: 'That export does not exist.',
  /** 410: the file was deleted after its days. */
  exportExpired: 'That export has expired. Ask for a new one in Settings.',
  /** 409: the export is still being prepared. */
  exportNotReady: 'That export is still being prepared. We will email you when it is ready.',
} as const

/** Days a prepared export can be downloaded before its file is deleted. */
export const EXPORT_DOWNLOAD_DAYS = 7

/**
 * Where a member's export prepared in the background is: `preparing` (waiting or being built), `ready`
 * (downloadable until `expiresAt`), `failed` (after its retries; ask again), `expired` (file deleted).
 */
export const ExportJobState = Type.Union([
  Type.Literal('preparing'),
  Type.Literal('ready'),
  Type.Literal('failed'),
  Type.Literal('expired'),
])
export type ExportJobState = Static<typeof ExportJobState>

/** A member's export prepared in the background and mailed as a link (docs/product-rules.md#leaving). */
export const ExportJob = Type.Object({
  _id: Id,
  state: ExportJobState,
  requestedAt: DateTime,
  readyAt: NullableDateTime,
  /** Until when `GET /api/users/me/export/{id}/download` gives the file; null until ready. */
  expiresAt: NullableDateTime,
  /** The file's size in bytes once ready. */
  bytes: Type.Union([Count, Type.Null()]),
  /** The name the download is given once ready. */
  filename: Type.Union([Type.String(), Type.Null()]),
})
export type ExportJob = Static<typeof ExportJob>

/**
 * 202 from `GET /api/users/me/export` (a large member's data) and `POST /api/users/me/export/jobs`:
 * the export is prepared in the background and a link is mailed; asking again while one is prepared
 * answers that one.
 */
export const ExportQueued = Type.Object({ job: ExportJob, message: Type.String() })
export type ExportQueued = Static<typeof ExportQueued>

/**
 * `GET /api/users/me/export/latest` (a session only): the member's latest background export, and
 * whether an export asked for now would be prepared in the background (`inBackground`).
 */
export const LatestExport = Type.Object({
  job: Type.Union([ExportJob, Type.Null()]),
  inBackground: Type.Boolean(),
})
export type LatestExport = Static<typeof LatestExport>
