import fastJsonStringify from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify'
import { PostCard } from '../contract/posts.ts'
import { cardJson } from '../lib/card-json.ts'

/*
 * The serialiser of response bodies: fast-json-stringify, as Fastify's default, except that a response
 * object whose properties hold post cards (a card, or a list of them: home, browse, search, a post's
 * page) writes each card through lib/card-json.ts, which writes a card once until it changes. The text
 * is the same as fast-json-stringify's for the whole schema (response-serializer.test.ts compares them).
 */

type Schema = Record<string, unknown>
/** Appends a property's value to a body being written. */
type Write = (value: unknown, body: BodyChunks) => void

/** A body being written: its pieces, joined once at the end. */
class BodyChunks {
  readonly chunks: Buffer[] = []
  length = 0
  add(chunk: Buffer): void {
    this.chunks.push(chunk)
    this.length += chunk.length
  }
  join(): Buffer {
    return Buffer.concat(this.chunks, this.length)
  }
}

const OPEN_LIST = Buffer.from('[')
const CLOSE_LIST = Buffer.from(']')
const COMMA = Buffer.from(',')
const CLOSE_OBJECT = Buffer.from('}')
const EMPTY_OBJECT = Buffer.from('{}')

/** The card schema, found in a response schema by identity (contract schemas share the one object). */
const CARD = PostCard as unknown as Schema

/** Keywords of a list of cards that fast-json-stringify's writing ignores (it checks no bounds). */
const CARD_LIST_KEYWORDS = new Set(['type', 'items', 'maxItems', 'minItems', 'description', 'title'])

const isCardList = (schema: Schema) =>
  schema.type === 'array' &&
  schema.items === CARD &&
  Object.keys(schema).every((keyword) => CARD_LIST_KEYWORDS.has(keyword))

/** What writes a property's value: the card memo for cards and lists of cards, else fast-json-stringify. */
function propertyWriter(schema: Schema): Write {
  if (schema === CARD) return (card, body) => body.add(cardJson(card as PostCard))
  if (isCardList(schema)) {
    return (cards, body) => {
      if (!Array.isArray(cards)) throw new TypeError('a list of cards is not an array')
      body.add(OPEN_LIST)
      cards.forEach((card: PostCard, i) => {
        if (i > 0) body.add(COMMA)
        body.add(cardJson(card))
      })
      body.add(CLOSE_LIST)
    }
  }
  const write = fastJsonStringify(schema) as (value: unknown) => string
  return (value, body) => body.add(Buffer.from(write(value)))
}

const holdsCards = (schema: Schema) => schema === CARD || isCardList(schema)

/** Keywords of an object schema the spliced writer follows as fast-json-stringify does. */
const PLAIN_OBJECT_KEYWORDS = new Set(['type', 'properties', 'required', 'description', 'title', '$id'])

/**
 * The body writer of a response schema: spliced cards when the schema is a plain object (properties
 * only) with a card property, else fast-json-stringify's for the whole schema. Properties are written
 * as fast-json-stringify writes them: the required ones first, each group in schema order; a missing
 * property is left out, written as its default, or refused when required. A spliced body is UTF-8
 * bytes, which Fastify sends as they are.
 */
export function responseWriter(schema: Schema): (data: unknown) => string | Buffer {
  const properties = schema.properties as Record<string, Schema> | undefined
  const plain =
    schema.type === 'object' &&
    properties !== undefined &&
    Object.keys(schema).every((keyword) => PLAIN_OBJECT_KEYWORDS.has(keyword))
  if (!plain || !Object.values(properties).some(holdsCards)) {
    return fastJsonStringify(schema) as (data: unknown) => string
  }
  const required = new Set((schema.required as string[] | undefined) ?? [])
  const keys = Object.keys(properties)
  const ordered = [...keys.filter((key) => required.has(key)), ...keys.filter((key) => !required.has(key))]
  const parts = ordered.map((key) => {
    const property = properties[key] as Schema
    return {
      key,
      first: Buffer.from(`{${JSON.stringify(key)}:`),
      next: Buffer.from(`,${JSON.stringify(key)}:`),
      write: propertyWriter(property),
      fallback: property.default === undefined ? undefined : Buffer.from(JSON.stringify(property.default)),
      required: required.has(key),
    }
  })
  return (data) => {
    const values = data as Record<string, unknown>
    const body = new BodyChunks()
    for (const part of parts) {
      const value = values[part.key]
      if (value === undefined && part.fallback === undefined) {
        if (part.required) throw new Error(`"${part.key}" is required!`)
        continue
      }
      body.add(body.length === 0 ? part.first : part.next)
      if (value !== undefined) part.write(value, body)
      else body.add(part.fallback as Buffer)
    }
    if (body.length === 0) return EMPTY_OBJECT
    body.add(CLOSE_OBJECT)
    return body.join()
  }
}

/**
 * Fastify's serializer compiler with {@link responseWriter} (app.ts sets it for every route). Its type
 * wants a string; a Buffer is a payload Fastify sends as it is, like one a handler sends.
 */
export const responseSerializerCompiler = (({ schema }: { schema: unknown }) =>
  responseWriter(schema as Schema)) as unknown as FastifySerializerCompiler<unknown>
