import { Type } from 'typebox'
import { ErrorResponse } from '../../contract/common.ts'
import { PostRevisionsResponse } from '../../contract/post-revisions.ts'
import {
  CreatePostBody,
  DeletePostResponse,
  PostDetailResponse,
  PostIdOrSlugParams,
  PostIdParams,
  PostResponse,
  UpdatePostBody,
  VoteResponse,
} from '../../contract/posts.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { listPostRevisions } from './revisions.ts'
import {
  createPost,
  deletePost,
  getPostDetail,
  type PostsDeps,
  updatePost,
  viewerKey,
  vote,
} from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse }

// The seed's client deletes with `DELETE /api/post/delete:{id}`: the colon is part of the segment.
const LEGACY_DELETE_PREFIX = 'delete:'

/** Post detail, its history, create, update, delete (both paths) and votes. */
export const postsRoutes = modulePlugin('posts', [AFTER_WRITES_PLUGIN], async (app) => {
  const deps: PostsDeps = {
    db: app.db,
    live: app.live,
    memberMarks: app.memberMarks,
    events: app.domainEvents,
    views: app.viewCounter,
    pageCaches: app.postPageCaches,
  }

  app.post(
    '/api/posts/create',
    {
      config: { access: 'member', tokenScope: 'post' },
      schema: {
        body: CreatePostBody,
        response: { 201: PostResponse, 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const post = await createPost(deps, requireAuth(request), request.body)
      return reply.status(201).send({ post })
    },
  )

  app.put(
    '/api/posts/update',
    {
      config: { access: 'member', tokenScope: 'post' },
      schema: {
        body: UpdatePostBody,
        response: { 200: PostResponse, 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request) => ({ post: await updatePost(deps, requireAuth(request), request.body) }),
  )

  app.delete(
    '/api/posts/:id',
    {
      config: { access: 'member', tokenScope: 'post' },
      schema: { params: PostIdParams, response: { 200: DeletePostResponse, ...errors } },
    },
    async (request) => deletePost(deps, requireAuth(request), request.params.id),
  )

  app.delete(
    '/api/post/:target',
    {
      config: { access: 'member', tokenScope: 'post' },
      schema: {
        params: Type.Object({ target: Type.String({ maxLength: 200 }) }),
        response: { 200: DeletePostResponse, ...errors },
      },
    },
    async (request) => {
      const { target } = request.params
      if (!target.startsWith(LEGACY_DELETE_PREFIX)) throw new NotFoundError('Post not found')
      return deletePost(deps, requireAuth(request), target.slice(LEGACY_DELETE_PREFIX.length))
    },
  )

  app.get(
    '/api/posts/:idOrSlug',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: { params: PostIdOrSlugParams, response: { 200: PostDetailResponse, ...errors } },
    },
    async (request) => {
      const key = viewerKey(request.auth, request.ip, request.headers['user-agent'])
      return getPostDetail(deps, request.auth, request.params.idOrSlug, key)
    },
  )

  app.get(
    '/api/posts/:idOrSlug/revisions',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: { params: PostIdOrSlugParams, response: { 200: PostRevisionsResponse, ...errors } },
    },
    async (request) => listPostRevisions(deps, request.params.idOrSlug),
  )

  for (const [path, value] of [
    ['/api/posts/upvote/:id', 1],
    ['/api/posts/downvote/:id', -1],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'member', tokenScope: 'vote' },
        schema: { params: PostIdParams, response: { 200: VoteResponse, ...errors } },
      },
      async (request) => vote(deps, requireAuth(request), request.params.id, value),
    )
  }
})
