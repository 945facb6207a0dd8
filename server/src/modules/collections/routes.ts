import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'
import {
  AddCollectionPostBody,
  CollectionDetail,
  CollectionParams,
  CollectionPostParams,
  CollectionPostResponse,
  CollectionSlugParams,
  CollectionSummary,
  CreateCollectionBody,
  DeleteCollectionResponse,
  ExportQuery,
  MyCollectionsQuery,
  MyCollectionsResponse,
  ReorderCollectionBody,
  ReorderCollectionResponse,
  SavedPostsQuery,
  SavedPostsResponse,
  SaveResponse,
  UpdateCollectionBody,
  UserCollectionsParams,
  UserCollectionsResponse,
} from '../../contract/collections.ts'
import { ErrorResponse } from '../../contract/common.ts'
import { PostIdParams } from '../../contract/posts.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import type { ExportFile } from './exports.ts'
import {
  addPostToCollection,
  type CollectionsDeps,
  createCollection,
  deleteCollection,
  exportCollection,
  exportSaved,
  getCollection,
  getCollectionBySlug,
  listMyCollections,
  listSaved,
  listUserCollections,
  removePostFromCollection,
  reorderCollection,
  setSaved,
  updateCollectionFields,
} from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse }
const writeErrors = { ...errors, 409: ErrorResponse, 422: ErrorResponse }
const tags = ['collections']

/** The file body of an export, for the OpenAPI description (sent as text, not serialised). */
const ExportBody = Type.String({
  description: 'The file: navi `.cheat` (text/plain), tldr-style Markdown (text/markdown) or JSON',
})

function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body)
}

/**
 * Saved posts and collections: save/unsave, the caller's saved list, collections and their posts,
 * public collections by owner and slug, and exports. Writes take a token's `save` scope, reads `read`.
 */
export const collectionsRoutes = modulePlugin('collections', [AFTER_WRITES_PLUGIN], async (app) => {
  const deps: CollectionsDeps = {
    db: app.db,
    live: app.live,
    memberMarks: app.memberMarks,
    events: app.domainEvents,
    origin: app.config.publicOrigin,
  }

  for (const [method, save] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/posts/:id/save',
      config: { access: 'member', tokenScope: 'save' },
      schema: {
        tags,
        summary: save
          ? 'Save a post for the caller (saving a saved post changes nothing)'
          : 'Unsave a post (unsaving an unsaved post changes nothing)',
        params: PostIdParams,
        response: { 200: SaveResponse, ...errors },
      },
      handler: async (request) => setSaved(deps, requireAuth(request), request.params.id, save),
    })
  }

  app.get(
    '/api/users/me/saved',
    {
      config: { access: 'member', tokenScope: 'read' },
      schema: {
        tags,
        summary: "The caller's saved posts, the most recently saved first (20 a page)",
        querystring: SavedPostsQuery,
        response: { 200: SavedPostsResponse, ...errors },
      },
    },
    async (request) => listSaved(deps, requireAuth(request), request.query.page),
  )

  app.get(
    '/api/users/me/saved/export',
    {
      config: { access: 'member', tokenScope: 'read' },
      schema: {
        tags,
        summary: 'Everything the caller saved as a download (`format` navi, tldr or json; navi by default)',
        querystring: ExportQuery,
        response: { 200: ExportBody, ...errors },
      },
    },
    async (request, reply) =>
      sendFile(reply, await exportSaved(deps, requireAuth(request), request.query.format ?? 'navi')),
  )

  app.get(
    '/api/users/:username/collections',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        tags,
        summary: "A user's public collections, the most recently updated first",
        params: UserCollectionsParams,
        response: { 200: UserCollectionsResponse, ...errors },
      },
    },
    async (request) => listUserCollections(deps, request.params.username),
  )

  app.get(
    '/api/collections',
    {
      config: { access: 'member', tokenScope: 'read' },
      schema: {
        tags,
        summary: "The caller's collections; `containsPost` adds whether each holds that post",
        querystring: MyCollectionsQuery,
        response: { 200: MyCollectionsResponse, ...errors },
      },
    },
    async (request) => listMyCollections(deps, requireAuth(request), request.query.containsPost),
  )

  app.post(
    '/api/collections',
    {
      config: { access: 'member', tokenScope: 'save' },
      schema: {
        tags,
        summary: 'Creates a collection (409 for a duplicate name or past 100 collections)',
        body: CreateCollectionBody,
        response: { 201: CollectionSummary, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCollection(deps, requireAuth(request), request.body)),
  )

  app.get(
    '/api/collections/by-slug/:username/:slug',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        tags,
        summary: 'A collection by its public URL `/c/{username}/{slug}` (private ones: owner only, else 404)',
        params: CollectionSlugParams,
        response: { 200: CollectionDetail, ...errors },
      },
    },
    async (request) => getCollectionBySlug(deps, request.auth, request.params.username, request.params.slug),
  )

  app.get(
    '/api/collections/:id',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        tags,
        summary: 'A collection and its posts in order (private ones: owner only, else 404)',
        params: CollectionParams,
        response: { 200: CollectionDetail, ...errors },
      },
    },
    async (request) => getCollection(deps, request.auth, request.params.id),
  )

  app.patch(
    '/api/collections/:id',
    {
      config: { access: 'member', tokenScope: 'save' },
      schema: {
        tags,
        summary: "Renames, describes or shows/hides the caller's collection (the slug stays)",
        params: CollectionParams,
        body: UpdateCollectionBody,
        response: { 200: CollectionSummary, ...writeErrors },
      },
    },
    async (request) => updateCollectionFields(deps, requireAuth(request), request.params.id, request.body),
  )

  app.delete(
    '/api/collections/:id',
    {
      config: { access: 'member', tokenScope: 'save' },
      schema: {
        tags,
        summary: "Deletes the caller's collection (its posts stay saved)",
        params: CollectionParams,
        response: { 200: DeleteCollectionResponse, ...errors },
      },
    },
    async (request) => deleteCollection(deps, requireAuth(request), request.params.id),
  )

  app.post(
    '/api/collections/:id/posts',
    {
      config: { access: 'member', tokenScope: 'save' },
      schema: {
        tags,
        summary: 'Adds a post at the end of the collection and saves it (409 past 500 posts)',
        params: CollectionParams,
        body: AddCollectionPostBody,
        response: { 200: CollectionPostResponse, ...writeErrors },
      },
    },
    async (request) =>
      addPostToCollection(deps, requireAuth(request), request.params.id, request.body.postId),
  )

  app.delete(
    '/api/collections/:id/posts/:postId',
    {
      config: { access: 'member', tokenScope: 'save' },
      schema: {
        tags,
        summary: 'Takes a post out of the collection (it stays saved)',
        params: CollectionPostParams,
        response: { 200: CollectionPostResponse, ...errors },
      },
    },
    async (request) =>
      removePostFromCollection(deps, requireAuth(request), request.params.id, request.params.postId),
  )

  app.put(
    '/api/collections/:id/order',
    {
      config: { access: 'member', tokenScope: 'save' },
      schema: {
        tags,
        summary: "The collection's posts in a new order: exactly its posts, each once (else 400)",
        params: CollectionParams,
        body: ReorderCollectionBody,
        response: { 200: ReorderCollectionResponse, ...errors },
      },
    },
    async (request) => reorderCollection(deps, requireAuth(request), request.params.id, request.body.postIds),
  )

  app.get(
    '/api/collections/:id/export',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        tags,
        summary: 'The collection as a download (`format` navi, tldr or json; navi by default)',
        params: CollectionParams,
        querystring: ExportQuery,
        response: { 200: ExportBody, ...errors },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await exportCollection(deps, request.auth, request.params.id, request.query.format ?? 'navi'),
      ),
  )
})
