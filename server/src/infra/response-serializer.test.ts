import fastJsonStringify from 'fast-json-stringify'
import { describe, expect, it } from 'vitest'
import { postCard } from '../../test/post-card.ts'
import * as collections from '../contract/collections.ts'
import * as posts from '../contract/posts.ts'
import { PostCard, PostDetailResponse } from '../contract/posts.ts'
import * as profiles from '../contract/profiles.ts'
import * as website from '../contract/website.ts'
import { WebsiteResponse } from '../contract/website.ts'
import { cardJson, copiedCard } from '../lib/card-json.ts'
import { createPostCardStore } from '../lib/post-card-store.ts'
import { responseWriter } from './response-serializer.ts'

type Schema = Record<string, unknown>

/** The card schema as the serialiser compares it (by identity). */
const CARD = PostCard as unknown as Schema

/** A uuid per letter: the contract's ids are uuids, and fast-json-stringify checks them to pick a union's branch. */
const uuid = (letter: string) =>
  `00000000-0000-4000-8000-${letter.charCodeAt(0).toString(16).padStart(12, '0')}`

/** A card whose text needs escaping (quotes, `</script>`, U+2028, astral characters), with uuids. */
function card(id: string, fields: Partial<PostCard> = {}): PostCard {
  return postCard(uuid(id), {
    slug: `post-${id}`,
    title: `Find "large" files </script> \u2028 ${id}`,
    command: "find / -size +100M -exec ls -lh {} \\; | sort -k5 -h 'x'",
    description: '<p class="lead">Lists <code>files</code> \u00e9 \ud83d\ude80</p>',
    author: {
      _id: uuid('u'),
      username: 'ada',
      avatar: null,
      badge: 'Newbie',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    category: { _id: uuid('k'), name: 'Files' },
    tags: ['find', 'disk'],
    uplikeCount: 3,
    downlikeCount: 1,
    viewCount: 40,
    commentsCount: 2,
    safety: { dangerous: true, warnings: [{ id: 'rm', message: 'Deletes "files"' }] },
    placeholders: ['path'],
    savedCount: 1,
    ...fields,
  })
}

const cards = [
  card('a'),
  card('b', { category: null, editedAt: null, author: { ...card('x').author, avatar: '/u/a.png' } }),
  card('c', { editedAt: '2026-11-02T00:00:00.000Z', tags: [], placeholders: [], isSaved: true }),
]

/** Every response schema of the contract with a card, or a list of them, among its properties. */
const cardResponses = Object.entries({ ...posts, ...website, ...profiles, ...collections }).filter(
  ([, schema]) =>
    typeof schema === 'object' &&
    schema !== null &&
    Object.values((schema as Schema).properties ?? {}).some(
      (property) => property === CARD || (property as Schema).items === CARD,
    ),
)

/** An example value of a schema of the contract: the first branch of a union, one item of a list. */
function example(schema: Schema): unknown {
  if (schema === CARD) return cards[0]
  if (Array.isArray(schema.anyOf)) return example(schema.anyOf[0] as Schema)
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum)) return schema.enum[0]
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([key, property]) => [
          key,
          example(property),
        ]),
      )
    case 'array':
      return [example(schema.items as Schema)]
    case 'string':
      return schema.format === 'uuid'
        ? uuid('s')
        : schema.format === 'date-time'
          ? '2026-11-03T00:00:00.000Z'
          : 'text "quoted"'
    case 'integer':
    case 'number':
      return 2
    case 'boolean':
      return true
    case 'null':
      return null
    default:
      throw new Error(`no example for ${JSON.stringify(schema)}`)
  }
}

/** An example value of `schema` with its cards, and lists of cards, filled in. */
function sample(schema: Schema): Record<string, unknown> {
  const value = example(schema) as Record<string, unknown>
  for (const [key, property] of Object.entries(schema.properties as Record<string, Schema>)) {
    if (property === CARD) value[key] = cards[0]
    else if (property.items === CARD) value[key] = cards
  }
  return value
}

describe('the response serialiser', () => {
  it('finds the card responses of the contract', () => {
    const names = cardResponses.map(([name]) => name)
    expect(names).toEqual(expect.arrayContaining(['WebsiteResponse', 'BrowseResponse', 'SearchResponse']))
    expect(names).toContain('PostDetailResponse')
  })

  it.each(cardResponses)('writes %s exactly as fast-json-stringify writes it', (_, schema) => {
    const value = sample(schema as Schema)
    const expected = fastJsonStringify(schema as Schema)(value)
    expect(responseWriter(schema as Schema)(value).toString()).toBe(expected)
    // Written again from the kept cards: the same text.
    expect(responseWriter(schema as Schema)(value).toString()).toBe(expected)
    expect(JSON.parse(expected)).toBeTypeOf('object')
  })

  it.each(cardResponses)('writes the cards of %s from their kept JSON', (_, schema) => {
    // A copy registered as unchanged though it was: its kept JSON (the original's) is what goes out.
    const original = card('f')
    const kept = copiedCard({ ...original, title: 'changed behind the memo' }, original)
    const value = sample(schema as Schema)
    for (const key of Object.keys(value)) {
      if (value[key] === cards[0]) value[key] = kept
      else if (value[key] === cards) value[key] = [kept]
    }
    const text = responseWriter(schema as Schema)(value).toString()
    expect(text).toContain(original.title.replace(/"/g, '\\"').slice(0, 12))
    expect(text).not.toContain('changed behind the memo')
  })

  it('leaves out a missing optional property and refuses a missing required one, as before', () => {
    const home: Record<string, unknown> = {
      ...sample(WebsiteResponse as unknown as Schema),
      myReactedPosts: null,
    }
    expect(responseWriter(WebsiteResponse as unknown as Schema)(home).toString()).toBe(
      fastJsonStringify(WebsiteResponse as unknown as Schema)(home),
    )
    const { latestPosts: _, ...withoutCards } = home
    expect(() => responseWriter(WebsiteResponse as unknown as Schema)(withoutCards)).toThrow('latestPosts')
    expect(() => fastJsonStringify(WebsiteResponse as unknown as Schema)(withoutCards)).toThrow('latestPosts')
  })

  it('keeps the fields a card schema does not list out of the text', () => {
    const detail = { ...sample(PostDetailResponse as unknown as Schema), post: { ...card('d'), secret: 'x' } }
    expect(responseWriter(PostDetailResponse as unknown as Schema)(detail).toString()).not.toContain('secret')
  })
})

describe('the card JSON memo', () => {
  it('writes a card once and again only after the card store changes it', () => {
    const store = createPostCardStore()
    const held = store.adopt(card('a', { uplikeCount: 0 }), store.mark())
    const first = cardJson(held)
    expect(cardJson(held)).toBe(first)
    expect(JSON.parse(first.toString())).toMatchObject({ uplikeCount: 0 })

    store.patchCounters(uuid('a'), { uplikeCount: 7, viewCount: 90 })
    expect(JSON.parse(cardJson(held).toString())).toMatchObject({ uplikeCount: 7, viewCount: 90 })

    store.applyEdit(card('a', { title: 'Renamed' }))
    expect(JSON.parse(cardJson(held).toString())).toMatchObject({ title: 'Renamed', uplikeCount: 7 })

    store.patchAuthor({ userId: uuid('u'), username: 'grace', avatar: '/u/g.png' })
    expect(JSON.parse(cardJson(held).toString()).author).toMatchObject({
      username: 'grace',
      avatar: '/u/g.png',
    })

    // A page loaded again brings what no event carries (the author's badge).
    const reloaded = card('a', { title: 'Renamed', author: { ...card('a').author, badge: 'Explorer' } })
    store.adopt(reloaded, store.mark())
    expect(JSON.parse(cardJson(held).toString()).author.badge).toBe('Explorer')

    // A load that began earlier brings only a larger view count.
    const early = store.mark() - 1
    store.adopt(card('a', { viewCount: 500 }), early)
    expect(JSON.parse(cardJson(held).toString())).toMatchObject({ viewCount: 500, title: 'Renamed' })
  })

  it('lets a copy reuse its original card JSON', () => {
    const original = card('e')
    const copy = copiedCard({ ...original }, original)
    expect(cardJson(copy)).toBe(cardJson(original))
  })
})
