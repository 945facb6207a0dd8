/*
 * Reading the server's OpenAPI description (GET /api/openapi.json) for the /api page. The document is
 * JSON from outside this bundle, so it is narrowed field by field instead of trusted as a type.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'
const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete']

/** A JSON Schema as far as the summary reads it. */
export type JsonSchema = Record<string, unknown>

export interface ApiParameter {
  name: string
  in: string
  required: boolean
  type: string
  description: string
}

export interface ApiOperation {
  method: HttpMethod
  path: string
  summary: string
  description: string
  parameters: ApiParameter[]
  /** Content type → summarised schema of the request body. */
  requestBody: Array<{ contentType: string; schema: string }>
  responses: Array<{ status: string; description: string; schema: string | null }>
  /** Whether the operation needs `Authorization: Bearer` (a public one a token may also call does not). */
  secured: boolean
}

export interface ApiGroup {
  name: string
  operations: ApiOperation[]
}

export interface LiveTopicDoc {
  topic: string
  access: string
  events: Array<{ name: string; payload: string }>
}

export interface ApiReference {
  title: string
  version: string
  description: string
  groups: ApiGroup[]
  operationCount: number
  live: { url: string; topics: LiveTopicDoc[] } | null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/**
 * A one-line TypeScript-like summary of a JSON Schema: `{ title: string; tags?: string[] }`. Nesting
 * deeper than `depth` levels is shown as `{…}` so huge payloads stay readable.
 */
export function summarizeSchema(schema: unknown, depth = 3): string {
  if (!isRecord(schema)) return 'unknown'
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  const union = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null
  if (union) return union.map((member) => summarizeSchema(member, depth)).join(' | ')
  if (Array.isArray(schema.type))
    return schema.type.map((type) => summarizeSchema({ ...schema, type }, depth)).join(' | ')
  switch (schema.type) {
    case 'object': {
      const properties = isRecord(schema.properties) ? schema.properties : {}
      const names = Object.keys(properties)
      if (names.length === 0) return schema.additionalProperties === false ? '{}' : 'object'
      if (depth <= 0) return '{…}'
      const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : [])
      const fields = names.map(
        (name) => `${name}${required.has(name) ? '' : '?'}: ${summarizeSchema(properties[name], depth - 1)}`,
      )
      return `{ ${fields.join('; ')} }`
    }
    case 'array': {
      const item = summarizeSchema(schema.items, depth)
      // Only a union at the top of the item needs brackets; `{ a: string | null }[]` does not.
      const items = isRecord(schema.items) ? schema.items : {}
      const union = Array.isArray(items.anyOf) || Array.isArray(items.oneOf) || Array.isArray(items.enum)
      return union || Array.isArray(items.type) ? `(${item})[]` : `${item}[]`
    }
    case 'string':
      return schema.format === 'binary'
        ? 'file'
        : typeof schema.format === 'string'
          ? `string (${schema.format})`
          : 'string'
    case 'integer':
    case 'number':
    case 'boolean':
    case 'null':
      return schema.type
    default:
      return 'unknown'
  }
}

function readParameters(value: unknown): ApiParameter[] {
  if (!Array.isArray(value)) return []
  return value.filter(isRecord).map((parameter) => ({
    name: text(parameter.name),
    in: text(parameter.in),
    required: parameter.required === true,
    type: summarizeSchema(parameter.schema, 1),
    description: text(parameter.description),
  }))
}

function readContent(value: unknown): Array<{ contentType: string; schema: string }> {
  if (!isRecord(value)) return []
  return Object.entries(value).map(([contentType, media]) => ({
    contentType,
    schema: summarizeSchema(isRecord(media) ? media.schema : undefined),
  }))
}

function readResponses(value: unknown): ApiOperation['responses'] {
  if (!isRecord(value)) return []
  return Object.entries(value).map(([status, response]) => {
    const content = isRecord(response) ? readContent(response.content) : []
    return {
      status,
      description: isRecord(response) ? text(response.description) : '',
      schema: content[0]?.schema ?? null,
    }
  })
}

/**
 * Whether an operation's `security` demands credentials: some requirement listed, and none of them
 * the empty one, which in OpenAPI means "no credentials" is accepted too.
 */
function needsCredentials(security: unknown): boolean {
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    !security.some((requirement) => isRecord(requirement) && Object.keys(requirement).length === 0)
  )
}

/** The group an operation is listed under: its first tag, else the path's first segment after /api. */
export function groupName(path: string, tags: unknown): string {
  if (Array.isArray(tags) && typeof tags[0] === 'string' && tags[0] !== '') return tags[0]
  const segments = path.split('/').filter(Boolean)
  const first = segments[0] === 'api' ? segments[1] : segments[0]
  if (first === 'mod' && segments[2]) return `mod/${segments[2]}`
  return first ?? 'other'
}

function readLive(value: unknown): ApiReference['live'] {
  if (!isRecord(value) || !Array.isArray(value.topics)) return null
  return {
    url: text(value.url) || '/ws',
    topics: value.topics.filter(isRecord).map((topic) => ({
      topic: text(topic.topic),
      access: text(topic.access),
      events: (Array.isArray(topic.events) ? topic.events : []).filter(isRecord).map((event) => ({
        name: text(event.name),
        payload: summarizeSchema(event.payload),
      })),
    })),
  }
}

/** Turns the OpenAPI document into groups of operations (sorted by path, then method) and the live topics. */
export function readApiReference(document: unknown): ApiReference {
  const root = isRecord(document) ? document : {}
  const info = isRecord(root.info) ? root.info : {}
  const paths = isRecord(root.paths) ? root.paths : {}
  const groups = new Map<string, ApiOperation[]>()
  let operationCount = 0
  for (const path of Object.keys(paths).sort()) {
    const item = paths[path]
    if (!isRecord(item)) continue
    for (const method of METHODS) {
      const operation = item[method]
      if (!isRecord(operation)) continue
      const name = groupName(path, operation.tags)
      const list = groups.get(name) ?? []
      const requestBody = isRecord(operation.requestBody) ? readContent(operation.requestBody.content) : []
      list.push({
        method,
        path,
        summary: text(operation.summary),
        description: text(operation.description),
        parameters: readParameters(operation.parameters),
        requestBody,
        responses: readResponses(operation.responses),
        secured: needsCredentials(operation.security),
      })
      groups.set(name, list)
      operationCount += 1
    }
  }
  return {
    title: text(info.title) || 'Bashboard API',
    version: text(info.version),
    description: text(info.description),
    groups: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, operations]) => ({ name, operations })),
    operationCount,
    live: readLive(root['x-live']),
  }
}
