import {
  CommentIdParams,
  CommentListResponse,
  CommentPostParams,
  CreateCommentBody,
  CreateCommentResponse,
  DeleteCommentResponse,
  EditCommentBody,
  EditCommentResponse,
} from '../../contract/comments.ts'
import { ErrorResponse } from '../../contract/common.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { createCommentListCache } from './list-cache.ts'
import { type CommentsDeps, createComment, deleteComment, editComment, readCommentList } from './service.ts'

/** Comments a member may post per minute; more answer 429 with `Retry-After`. */
export const COMMENTS_PER_MINUTE = 10

/** Reading, adding and deleting the comments of a post. */
export const commentsRoutes = modulePlugin('comments', [AFTER_WRITES_PLUGIN], async (app) => {
  const deps: CommentsDeps = {
    db: app.db,
    live: app.live,
    events: app.domainEvents,
    verifiedEmailRequired: app.config.commentsNeedVerifiedEmail && app.config.mail.mode !== 'off',
  }
  const commentLists = app.config.pageCache ? createCommentListCache(app.live) : null
  if (commentLists) app.addHook('onClose', async () => commentLists.close())
  const listDeps = { db: app.db, live: app.live, lists: commentLists?.lists ?? null }

  app.get(
    '/api/comments/:postId',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        params: CommentPostParams,
        response: { 200: CommentListResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => readCommentList(listDeps, request.params.postId),
  )

  app.post(
    '/api/comments/:postId/',
    {
      config: {
        access: 'member',
        // Writing a comment is publishing text under the user's name, like a post: the `post` scope.
        tokenScope: 'post',
        // Per user, counted after the access hook has identified them (so guests get 401, not 429).
        rateLimit: {
          max: COMMENTS_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => `comment:${request.auth?.id ?? request.ip}`,
        },
      },
      schema: {
        params: CommentPostParams,
        body: CreateCommentBody,
        response: {
          201: CreateCommentResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const result = await createComment(deps, requireAuth(request), request.params.postId, request.body)
      return reply.status(201).send(result)
    },
  )

  app.delete(
    '/api/comments/:commentId',
    {
      config: { access: 'member', tokenScope: 'post' },
      schema: {
        params: CommentIdParams,
        response: {
          200: DeleteCommentResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => deleteComment(deps, requireAuth(request), request.params.commentId),
  )

  app.patch(
    '/api/comments/:commentId',
    {
      // Editing is writing text under the user's name, like posting it: the `post` scope.
      config: { access: 'member', tokenScope: 'post' },
      schema: {
        params: CommentIdParams,
        body: EditCommentBody,
        response: {
          200: EditCommentResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request) => editComment(deps, requireAuth(request), request.params.commentId, request.body),
  )
})
