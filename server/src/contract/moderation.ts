import { type Static, Type } from 'typebox'
import { ApplicationDocCategory, ApplicationStatus } from './applications.ts'
import { Id, IdParams, NullableDateTime, PageNumber, Role } from './common.ts'
import { LiveModActivity } from './live.ts'

/*
 * The moderation console's API (`/api/mod/*`, moderators only; members and contributors get 403, guests
 * 401). Lists page by `MOD_PAGE_SIZE`. Names start with `Mod` so they never clash with other contracts.
 */

/** Rows per page of every paginated console list. */
export const MOD_PAGE_SIZE = 20

export { MOD_LIMITS, MOD_MESSAGES } from './limits.ts'

/** A page number query (1-based). */
export const ModPageQuery = Type.Object({ page: Type.Optional(PageNumber) }, { additionalProperties: false })
export type ModPageQuery = Static<typeof ModPageQuery>

/** Where a paginated list stands. `totalPages` is 0 for an empty list. */
export const ModPagination = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  totalPages: Type.Integer({ minimum: 0 }),
})
export type ModPagination = Static<typeof ModPagination>

/** A user as referred to in the console. */
export const ModUserRef = Type.Object({ _id: Id, username: Type.String() })
export type ModUserRef = Static<typeof ModUserRef>

// ---------------------------------------------------------------------------------------------
// Applications queue
// ---------------------------------------------------------------------------------------------

/** `GET /api/mod/applications?status=`: without `status`, every application (pending first). */
export const ModApplicationsQuery = Type.Object(
  {
    status: Type.Optional(ApplicationStatus),
    page: Type.Optional(PageNumber),
  },
  { additionalProperties: false },
)
export type ModApplicationsQuery = Static<typeof ModApplicationsQuery>

/**
 * An application as a moderator reviews it. `document.url` is the authorised document endpoint: fetch
 * it with the bearer token as a blob to show it inline (`mime` says how).
 */
export const ModApplication = Type.Object({
  _id: Id,
  status: ApplicationStatus,
  applicant: Type.Object({
    _id: Id,
    username: Type.String(),
    email: Type.String(),
    points: Type.Integer({ minimum: 0 }),
    role: Role,
  }),
  coverLetter: Type.String(),
  docCategory: ApplicationDocCategory,
  document: Type.Object({
    name: Type.String(),
    mime: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    url: Type.String(),
  }),
  submittedAt: Type.String({ format: 'date-time' }),
  reviewedAt: NullableDateTime,
  reviewMessage: Type.Union([Type.String(), Type.Null()]),
  reviewer: Type.Union([ModUserRef, Type.Null()]),
})
export type ModApplication = Static<typeof ModApplication>

/**
 * The queue: those under review first (oldest first), then the reviewed ones (latest decision first).
 * `liveId` is the `mod` topic's id read before the query, to pass as `since` when subscribing.
 */
export const ModApplicationListResponse = Type.Object({
  applications: Type.Array(ModApplication),
  pagination: ModPagination,
  liveId: Type.String(),
})
export type ModApplicationListResponse = Static<typeof ModApplicationListResponse>

/**
 * `POST /api/mod/applications/{id}/decision`. `message` (trimmed) is required to reject and optional to
 * accept; at most 1000 characters (422 beyond). A decided application answers 409 `alreadyReviewed`.
 */
export const ModDecisionBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('accept'), Type.Literal('reject')]),
    message: Type.Optional(Type.String({ maxLength: 10_000 })),
  },
  { additionalProperties: false },
)
export type ModDecisionBody = Static<typeof ModDecisionBody>

/** Answer to a decision: the application as it now stands. */
export const ModDecisionResponse = Type.Object({ application: ModApplication })
export type ModDecisionResponse = Static<typeof ModDecisionResponse>

// ---------------------------------------------------------------------------------------------
// Live activity and counters
// ---------------------------------------------------------------------------------------------

/** `GET /api/mod/activity?limit=` (1–200, default 50). */
export const ModActivityQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) },
  { additionalProperties: false },
)
export type ModActivityQuery = Static<typeof ModActivityQuery>

/** One activity item: the same shape as the `activity` event of the `mod` topic. */
export const ModActivityItem = LiveModActivity
export type ModActivityItem = Static<typeof ModActivityItem>

/**
 * Recent activity, newest first, rebuilt from the tables (sign-ups, posts, comments, votes,
 * applications, moderation actions). Prepend later `activity` events received after `liveId`.
 */
export const ModActivityResponse = Type.Object({
  items: Type.Array(ModActivityItem),
  liveId: Type.String(),
})
export type ModActivityResponse = Static<typeof ModActivityResponse>

/** Minutes covered by the per-minute series of `GET /api/mod/stats`. */
export const MOD_STATS_MINUTES = 30

/**
 * `GET /api/mod/stats`: live sockets connected right now on every instance (live/presence.ts), sign-ups
 * since UTC midnight, and votes and comments per minute over the last 30 minutes (oldest first; the
 * last entry is the current, partial minute). Poll it; it is not pushed.
 */
export const ModStatsResponse = Type.Object({
  connectedNow: Type.Integer({ minimum: 0 }),
  signupsToday: Type.Integer({ minimum: 0 }),
  votesPerMinute: Type.Array(Type.Integer({ minimum: 0 }), {
    minItems: MOD_STATS_MINUTES,
    maxItems: MOD_STATS_MINUTES,
  }),
  commentsPerMinute: Type.Array(Type.Integer({ minimum: 0 }), {
    minItems: MOD_STATS_MINUTES,
    maxItems: MOD_STATS_MINUTES,
  }),
})
export type ModStatsResponse = Static<typeof ModStatsResponse>

// ---------------------------------------------------------------------------------------------
// Content
// ---------------------------------------------------------------------------------------------

/**
 * `GET /api/mod/posts` and `GET /api/mod/comments`: `q` matches the text (title/command, or comment
 * content; partial words and typos too), `author` the author's exact username (case-insensitive).
 * Both optional; newest first.
 */
export const ModContentQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    author: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(PageNumber),
  },
  { additionalProperties: false },
)
export type ModContentQuery = Static<typeof ModContentQuery>

/** A post as listed in the console. `author` is null when its account is gone. */
export const ModPost = Type.Object({
  _id: Id,
  slug: Type.String(),
  title: Type.String(),
  command: Type.String(),
  author: Type.Union([ModUserRef, Type.Null()]),
  uplikeCount: Type.Integer({ minimum: 0 }),
  downlikeCount: Type.Integer({ minimum: 0 }),
  commentsCount: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
})
export type ModPost = Static<typeof ModPost>

/** Answer to `GET /api/mod/posts`. */
export const ModPostListResponse = Type.Object({
  posts: Type.Array(ModPost),
  pagination: ModPagination,
})
export type ModPostListResponse = Static<typeof ModPostListResponse>

/** A comment as listed in the console, with the post it belongs to. */
export const ModComment = Type.Object({
  _id: Id,
  content: Type.String(),
  author: Type.Union([ModUserRef, Type.Null()]),
  post: Type.Object({ _id: Id, slug: Type.String(), title: Type.String() }),
  createdAt: Type.String({ format: 'date-time' }),
})
export type ModComment = Static<typeof ModComment>

/** Answer to `GET /api/mod/comments`. */
export const ModCommentListResponse = Type.Object({
  comments: Type.Array(ModComment),
  pagination: ModPagination,
})
export type ModCommentListResponse = Static<typeof ModCommentListResponse>

/** Path of the console's delete and role routes. */
export const ModIdParams = IdParams
export type ModIdParams = IdParams

/**
 * JSON body of `DELETE /api/mod/posts/{id}` and `DELETE /api/mod/comments/{id}`: why (3–500
 * characters trimmed, else 422 `reasonRequired`). The reason is kept in the audit log.
 */
export const ModReasonBody = Type.Object(
  { reason: Type.String({ maxLength: 5000 }) },
  { additionalProperties: false },
)
export type ModReasonBody = Static<typeof ModReasonBody>

/** Answer to `DELETE /api/mod/posts/{id}`. */
export const ModDeletePostResponse = Type.Object({ postId: Id })
export type ModDeletePostResponse = Static<typeof ModDeletePostResponse>

/** Answer to `DELETE /api/mod/comments/{id}`, with the post's comment count after it. */
export const ModDeleteCommentResponse = Type.Object({
  postId: Id,
  commentId: Id,
  commentsCount: Type.Integer({ minimum: 0 }),
})
export type ModDeleteCommentResponse = Static<typeof ModDeleteCommentResponse>

// ---------------------------------------------------------------------------------------------
// Users and roles
// ---------------------------------------------------------------------------------------------

/** `GET /api/mod/users?q=`: `q` matches usernames (partial, typos) and exact emails; newest first. */
export const ModUsersQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    page: Type.Optional(PageNumber),
  },
  { additionalProperties: false },
)
export type ModUsersQuery = Static<typeof ModUsersQuery>

/** A user as listed in the console. `avatar` is a URL path or null. */
export const ModUser = Type.Object({
  _id: Id,
  username: Type.String(),
  email: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  role: Role,
  points: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
})
export type ModUser = Static<typeof ModUser>

/** Answer to `GET /api/mod/users`. */
export const ModUserListResponse = Type.Object({
  users: Type.Array(ModUser),
  pagination: ModPagination,
})
export type ModUserListResponse = Static<typeof ModUserListResponse>

/**
 * `PUT /api/mod/users/{id}/role`: the new role and why (3–500 characters). Changing one's own role is
 * 403 `ownRole`. Lowering a role ends the user's sessions (old tokens are refused).
 */
export const ModRoleBody = Type.Object(
  { role: Role, reason: Type.String({ maxLength: 5000 }) },
  { additionalProperties: false },
)
export type ModRoleBody = Static<typeof ModRoleBody>

/** Answer to a role change: the user as they now stand. */
export const ModRoleResponse = Type.Object({ user: ModUser })
export type ModRoleResponse = Static<typeof ModRoleResponse>

// ---------------------------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------------------------

/** The kinds of thing a moderator acts on. */
export const ModSubjectType = Type.Union([
  Type.Literal('post'),
  Type.Literal('comment'),
  Type.Literal('user'),
  Type.Literal('application'),
  Type.Literal('blog'),
  Type.Literal('ad'),
])
export type ModSubjectType = Static<typeof ModSubjectType>

/**
 * One audit-log entry. `action` is `domain.verb` (post.deleted, comment.deleted, role.changed,
 * application.accepted, application.rejected, blog.published, ad.updated…), one of `ModerationAction`
 * for what this build writes, shown to people as `moderationActionLabel(action)`
 * (contract/moderation-actions.ts); `subjectTitle` is copied
 * at the time, since the subject may be gone. `moderator._id` is null when that account was deleted.
 */
export const ModAuditEntry = Type.Object({
  _id: Id,
  moderator: Type.Object({ _id: Type.Union([Id, Type.Null()]), username: Type.String() }),
  action: Type.String(),
  subjectType: ModSubjectType,
  subjectId: Type.Union([Id, Type.Null()]),
  subjectTitle: Type.String(),
  reason: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
})
export type ModAuditEntry = Static<typeof ModAuditEntry>

/** `GET /api/mod/audit?page=`: newest first, `MOD_PAGE_SIZE` per page. */
export const ModAuditResponse = Type.Object({
  entries: Type.Array(ModAuditEntry),
  page: Type.Integer({ minimum: 1 }),
  totalPages: Type.Integer({ minimum: 0 }),
})
export type ModAuditResponse = Static<typeof ModAuditResponse>
