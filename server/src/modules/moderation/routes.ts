import { ErrorResponse } from '../../contract/common.ts'
import {
  ModActivityQuery,
  ModActivityResponse,
  ModAuditResponse,
  ModCommentListResponse,
  ModContentQuery,
  ModDeleteCommentResponse,
  ModDeletePostResponse,
  ModIdParams,
  ModPageQuery,
  ModPostListResponse,
  ModReasonBody,
  ModRoleBody,
  ModRoleResponse,
  ModStatsResponse,
  ModUserListResponse,
  ModUsersQuery,
} from '../../contract/moderation.ts'
import { RollbackPostBody } from '../../contract/post-revisions.ts'
import { PostResponse } from '../../contract/posts.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { type CommentsDeps, deleteComment } from '../comments/service.ts'
import { rollbackPost } from '../posts/revisions.ts'
import { deletePost, type PostsDeps } from '../posts/service.ts'
import {
  ACTIVITY_DEFAULT_LIMIT,
  changeUserRole,
  checkReason,
  getModerationStats,
  listAuditLog,
  listRecentActivity,
  type ModerationDeps,
  searchComments,
  searchPosts,
  searchUsers,
} from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse }
// Every route here is for moderators only; the access hook answers 401/403 before the handler.
const moderator = { access: 'moderator' } as const

/** The moderation console's API: activity, counters, content, roles and the audit log. */
export const moderationRoutes = modulePlugin('moderation', [AFTER_WRITES_PLUGIN], async (app) => {
  const deps: ModerationDeps = {
    db: app.db,
    live: app.live,
    events: app.domainEvents,
    presence: app.presence,
  }
  // Deletions go through the posts and comments services, which raise their domain events.
  const postsDeps: PostsDeps = {
    db: app.db,
    live: app.live,
    memberMarks: app.memberMarks,
    events: app.domainEvents,
    views: app.viewCounter,
    pageCaches: app.postPageCaches,
  }
  const commentsDeps: CommentsDeps = { db: app.db, live: app.live, events: app.domainEvents }

  app.get(
    '/api/mod/activity',
    {
      config: moderator,
      schema: { querystring: ModActivityQuery, response: { 200: ModActivityResponse, ...errors } },
    },
    async (request) => listRecentActivity(deps, request.query.limit ?? ACTIVITY_DEFAULT_LIMIT),
  )

  app.get(
    '/api/mod/stats',
    { config: moderator, schema: { response: { 200: ModStatsResponse, ...errors } } },
    async () => getModerationStats(deps),
  )

  app.get(
    '/api/mod/posts',
    {
      config: moderator,
      schema: { querystring: ModContentQuery, response: { 200: ModPostListResponse, ...errors } },
    },
    async (request) => searchPosts(app.db, request.query),
  )

  app.get(
    '/api/mod/comments',
    {
      config: moderator,
      schema: { querystring: ModContentQuery, response: { 200: ModCommentListResponse, ...errors } },
    },
    async (request) => searchComments(app.db, request.query),
  )

  app.delete(
    '/api/mod/posts/:id',
    {
      config: moderator,
      schema: {
        params: ModIdParams,
        body: ModReasonBody,
        response: { 200: ModDeletePostResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const reason = checkReason(request.body.reason)
      return deletePost(postsDeps, requireAuth(request), request.params.id, { reason })
    },
  )

  app.post(
    '/api/mod/posts/:id/rollback',
    {
      config: moderator,
      schema: {
        params: ModIdParams,
        body: RollbackPostBody,
        response: { 200: PostResponse, 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const reason = checkReason(request.body.reason)
      const { revisionId } = request.body
      return {
        post: await rollbackPost(postsDeps, requireAuth(request), request.params.id, { revisionId, reason }),
      }
    },
  )

  app.delete(
    '/api/mod/comments/:id',
    {
      config: moderator,
      schema: {
        params: ModIdParams,
        body: ModReasonBody,
        response: { 200: ModDeleteCommentResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const reason = checkReason(request.body.reason)
      return deleteComment(commentsDeps, requireAuth(request), request.params.id, { reason })
    },
  )

  app.get(
    '/api/mod/users',
    {
      config: moderator,
      schema: { querystring: ModUsersQuery, response: { 200: ModUserListResponse, ...errors } },
    },
    async (request) => searchUsers(app.db, request.query),
  )

  app.put(
    '/api/mod/users/:id/role',
    {
      config: moderator,
      schema: {
        params: ModIdParams,
        body: ModRoleBody,
        response: { 200: ModRoleResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request) => ({
      user: await changeUserRole(deps, requireAuth(request), request.params.id, request.body),
    }),
  )

  app.get(
    '/api/mod/audit',
    {
      config: moderator,
      schema: { querystring: ModPageQuery, response: { 200: ModAuditResponse, ...errors } },
    },
    async (request) => listAuditLog(app.db, request.query.page ?? 1),
  )
})
