import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  BlogDetailResponse,
  BlogIdParams,
  BlogListQuery,
  BlogListResponse,
  BlogSlugParams,
  CreateBlogBody,
  DeleteBlogResponse,
  ModBlogListResponse,
  ModBlogResponse,
  UpdateBlogBody,
} from '../../contract/blogs.ts'
import { ErrorResponse } from '../../contract/common.ts'
import { requireAuth } from '../../infra/auth.ts'
import { imageUploadRoute } from '../content-images/images.ts'
import { viewerKey } from '../posts/service.ts'
import {
  type BlogsDeps,
  createBlog,
  deleteBlog,
  getBlog,
  listAllBlogs,
  listBlogs,
  updateBlog,
} from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse }

/** The public blog and the moderators' blog desk (`/api/mod/blogs`). */
export const blogsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: BlogsDeps = { db: app.db, live: app.live, files: app.files }

  app.get(
    '/api/blogs',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        summary: 'List published blog articles, newest first',
        tags: ['blog'],
        querystring: BlogListQuery,
        response: { 200: BlogListResponse, 400: ErrorResponse },
      },
    },
    async (request) => listBlogs(deps, request.query),
  )

  app.get(
    '/api/blogs/:slug',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        summary: 'Read a published article (counts a view)',
        tags: ['blog'],
        params: BlogSlugParams,
        response: { 200: BlogDetailResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const key = viewerKey(request.auth, request.ip, request.headers['user-agent'])
      return getBlog(deps, request.params.slug, key)
    },
  )

  app.get(
    '/api/mod/blogs',
    {
      config: { access: 'moderator' },
      schema: {
        summary: 'List every article, drafts included',
        tags: ['moderation'],
        response: { 200: ModBlogListResponse, ...errors },
      },
    },
    async () => listAllBlogs(deps),
  )

  app.post(
    '/api/mod/blogs',
    {
      config: { access: 'moderator' },
      schema: {
        summary: 'Write an article',
        tags: ['moderation'],
        body: CreateBlogBody,
        response: { 201: ModBlogResponse, 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const blog = await createBlog(deps, requireAuth(request), request.body)
      return reply.status(201).send({ blog })
    },
  )

  app.put(
    '/api/mod/blogs/:id',
    {
      config: { access: 'moderator' },
      schema: {
        summary: 'Edit, publish or unpublish an article',
        tags: ['moderation'],
        params: BlogIdParams,
        body: UpdateBlogBody,
        response: { 200: ModBlogResponse, 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request) => ({
      blog: await updateBlog(deps, requireAuth(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/api/mod/blogs/:id',
    {
      config: { access: 'moderator' },
      schema: {
        summary: 'Delete an article',
        tags: ['moderation'],
        params: BlogIdParams,
        response: { 200: DeleteBlogResponse, ...errors },
      },
    },
    async (request) => deleteBlog(deps, requireAuth(request), request.params.id),
  )

  app.post(
    '/api/mod/blogs/image',
    imageUploadRoute(app, 'blogs', 'Upload an article image (multipart field image)'),
  )
}
