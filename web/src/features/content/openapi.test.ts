import { describe, expect, it } from 'vitest'
import { groupName, readApiReference, summarizeSchema } from './openapi'

describe('summarizeSchema', () => {
  it('summarises objects, optional fields, arrays, unions and formats', () => {
    expect(
      summarizeSchema({
        type: 'object',
        required: ['title'],
        properties: {
          title: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
          image: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          at: { type: 'string', format: 'date-time' },
          status: { anyOf: [{ const: 'draft' }, { const: 'published' }] },
        },
      }),
    ).toBe(
      '{ title: string; tags?: string[]; image?: string | null; at?: string (date-time); status?: "draft" | "published" }',
    )
  })

  it('brackets only arrays of unions', () => {
    expect(summarizeSchema({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } })).toBe(
      '(string | null)[]',
    )
    expect(
      summarizeSchema({
        type: 'array',
        items: { type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
      }),
    ).toBe('{ a?: string | null }[]')
  })

  it('cuts deep nesting', () => {
    const deep = {
      type: 'object',
      properties: { a: { type: 'object', properties: { b: { type: 'integer' } } } },
    }
    expect(summarizeSchema(deep, 1)).toBe('{ a?: {…} }')
    expect(summarizeSchema(undefined)).toBe('unknown')
  })
})

describe('readApiReference', () => {
  const document = {
    info: { title: 'Bashboard API', version: '1.0.0' },
    paths: {
      '/api/blogs': {
        get: {
          description: 'Access: public.',
          parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }],
          responses: {
            200: {
              description: 'Default Response',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { totalBlogs: { type: 'integer' } } },
                },
              },
            },
          },
        },
      },
      '/api/ads/{page}': {
        // Public, and callable with a personal access token too: "no credentials" comes first.
        get: {
          description: 'Access: public. Token scope: read.',
          security: [{}, { personalAccessToken: ['read'] }],
          responses: {},
        },
      },
      '/api/mod/blogs/{id}': {
        delete: { description: 'Access: moderator.', security: [{ bearerAuth: [] }], responses: {} },
        put: {
          security: [{ bearerAuth: [] }],
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object', properties: { status: { type: 'string' } } } },
            },
          },
          responses: {},
        },
      },
    },
    'x-live': {
      url: '/ws',
      topics: [
        {
          topic: 'posts',
          access: 'anyone',
          events: [
            {
              name: 'post.deleted',
              payload: { type: 'object', required: ['postId'], properties: { postId: { type: 'string' } } },
            },
          ],
        },
      ],
    },
  }

  it('groups operations by path, with parameters, bodies, responses and security', () => {
    const reference = readApiReference(document)
    expect(reference.operationCount).toBe(4)
    expect(reference.groups.map((group) => group.name)).toEqual(['ads', 'blogs', 'mod/blogs'])
    const list = reference.groups[1]?.operations[0]
    expect(list).toMatchObject({ method: 'get', path: '/api/blogs', secured: false })
    // A route anyone may call, a token as well, needs no Authorization header.
    expect(reference.groups[0]?.operations[0]).toMatchObject({ path: '/api/ads/{page}', secured: false })
    expect(list?.parameters).toEqual([
      { name: 'page', in: 'query', required: false, type: 'integer', description: '' },
    ])
    expect(list?.responses[0]).toEqual({
      status: '200',
      description: 'Default Response',
      schema: '{ totalBlogs?: integer }',
    })
    const mod = reference.groups[2]?.operations ?? []
    expect(mod.map((operation) => operation.method)).toEqual(['put', 'delete'])
    expect(mod[0]?.requestBody).toEqual([{ contentType: 'application/json', schema: '{ status?: string }' }])
    expect(mod.every((operation) => operation.secured)).toBe(true)
  })

  it('reads the live channel topics and event payloads', () => {
    expect(readApiReference(document).live).toEqual({
      url: '/ws',
      topics: [
        {
          topic: 'posts',
          access: 'anyone',
          events: [{ name: 'post.deleted', payload: '{ postId: string }' }],
        },
      ],
    })
  })

  it('survives a document that is not an OpenAPI description', () => {
    expect(readApiReference('nope')).toMatchObject({ groups: [], operationCount: 0, live: null })
  })

  it('uses the first tag as the group when there is one', () => {
    expect(groupName('/api/posts/{id}', ['Posts'])).toBe('Posts')
    expect(groupName('/api/posts/{id}', undefined)).toBe('posts')
  })
})
