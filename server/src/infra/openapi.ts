import fastifySwagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type TSchema, Type } from 'typebox'
import type { Config } from '../config.ts'
import { LiveClientMessage, LiveEvents, LiveServerMessage } from '../contract/live.ts'

/** Where the description is served (the web app's /api page reads it). */
export const OPENAPI_PATH = '/api/openapi.json'

/** Who may subscribe to each topic kind of the live channel (docs/product-rules.md#live). */
const LIVE_TOPICS: Record<keyof typeof LiveEvents, { topic: string; access: string }> = {
  posts: { topic: 'posts', access: 'anyone' },
  post: { topic: 'post:<postId>', access: 'anyone' },
  leaderboard: { topic: 'leaderboard', access: 'anyone' },
  stats: { topic: 'stats', access: 'anyone' },
  user: { topic: 'user:<userId>', access: 'that user only' },
  mod: { topic: 'mod', access: 'moderators only' },
}

/** One topic of the live channel as the `x-live` extension lists it. */
export interface LiveTopicDoc {
  topic: string
  access: string
  events: { name: string; payload: unknown }[]
}

// TypeBox schemas are plain JSON Schema objects; a JSON round trip drops TypeBox's symbol keys.
function plain(schema: TSchema): unknown {
  return JSON.parse(JSON.stringify(schema))
}

/**
 * The live channel as data (topics, who may subscribe, events and payload schemas, and the message
 * envelopes), generated from `LiveEvents` so the documentation cannot drift from the contract.
 */
export function liveChannelDoc(): {
  url: string
  topics: LiveTopicDoc[]
  clientMessages: unknown
  serverMessages: unknown
} {
  const topics = (Object.keys(LIVE_TOPICS) as (keyof typeof LiveEvents)[]).map((kind) => ({
    ...LIVE_TOPICS[kind],
    events: Object.entries(LiveEvents[kind]).map(([name, payload]) => ({
      name,
      payload: plain(payload as TSchema),
    })),
  }))
  return {
    url: '/ws',
    topics,
    clientMessages: plain(LiveClientMessage),
    serverMessages: plain(LiveServerMessage),
  }
}

// Routes that name no tag are grouped by their first path segment (`/api/posts/...` → posts); the
// whole console API (`/api/mod/...`) is one group.
function tagOf(url: string): string {
  const [first, second] = url.split('/').slice(2)
  if (first === 'mod') return 'moderation'
  if (first === 'post') return 'posts'
  if (first === 'website' && second?.startsWith('user')) return 'user'
  return first || 'api'
}

const DESCRIPTION = [
  'The REST API of Bashboard, generated from the route schemas the server validates with.',
  'Errors always have the shape `{statusCode, error, message}`. Routes that need a session take',
  '`Authorization: Bearer <token>` (from `POST /api/user/login`).',
  '',
  'Scripts may instead send a personal access token (`Authorization: Bearer bb_pat_…`, created under',
  'Settings → Access tokens or with `POST /api/tokens`). Each operation names the token scope it needs',
  '(`Token scope: read.`); an operation that names none refuses tokens (403), as does one whose scope the',
  'token lacks. A revoked, expired or unknown token gets 401; requests are rate limited per token (429).',
  '',
  'The live channel (`GET /ws`, a WebSocket of JSON messages) is described in the `x-live` extension:',
  'its topics, who may subscribe to them, and the payload schema of every event.',
].join('\n')

/**
 * The OpenAPI 3.1 description of every `/api` route, collected by @fastify/swagger from the routes
 * registered after this plugin (so it is registered before the modules), served at
 * `/api/openapi.json` with the live channel under `x-live`. Each operation names its access level.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const live = liveChannelDoc()
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Bashboard API', version: '1.0.0', description: DESCRIPTION },
        servers: [{ url: opts.config.publicOrigin }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // The scopes listed with this scheme on an operation are the token scope it needs.
            personalAccessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'bb_pat_' },
          },
        },
      },
      // Only the JSON API is documented: the socket, static files and site pages are not operations.
      transform: ({ schema, url, route }) => {
        const access = route.config?.access
        const documented = url.startsWith('/api/') && url !== OPENAPI_PATH && access !== undefined
        if (!documented) return { schema: { ...schema, hide: true }, url }
        const needsSession = access !== 'public'
        const tokenScope = route.config?.tokenScope
        const tokenText = tokenScope ? `Token scope: ${tokenScope}.` : 'Personal access tokens: refused.'
        // A public route a token may use lists "no credentials" first, so it stays callable by anyone.
        const security: Record<string, string[]>[] = [
          ...(needsSession ? [{ bearerAuth: [] }] : tokenScope ? [{}] : []),
          ...(tokenScope ? [{ personalAccessToken: [tokenScope] }] : []),
        ]
        return {
          schema: {
            ...schema,
            tags: schema.tags ?? [tagOf(url)],
            description: [schema.description, `Access: ${access}.`, tokenText].filter(Boolean).join(' '),
            ...(security.length > 0 ? { security } : {}),
          },
          url,
        }
      },
      // Always the OpenAPI branch (the `openapi` option above); the swagger 2 branch is never taken.
      transformObject: (document) =>
        'openapiObject' in document ? { ...document.openapiObject, 'x-live': live } : document.swaggerObject,
    })

    app.get(
      OPENAPI_PATH,
      {
        config: { access: 'public' },
        schema: { hide: true, response: { 200: Type.Object({}, { additionalProperties: true }) } },
      },
      async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
    )
  },
  { name: 'bashboard-openapi' },
)
