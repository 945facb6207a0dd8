import { DEMO_COMMANDS, seedDemoData } from '@bashboard/db'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { compareRanks } from '../../../test/rank-comparison.ts'
import { useTestDatabase } from '../../../test/test-database.ts'
import { rankQuery, rankVector, tsRank } from './search-rank.ts'
import { parseTsquery } from './tsearch-text.ts'
import { isAscii, similarityBound, trigramPattern, trigramText, wordSimilarity } from './word-similarity.ts'

/*
 * The in-memory rank against PostgreSQL's own, float4 for float4: on every seeded post a search of
 * the seeded titles matches (typos, short words, options), and on queries made to reach the corners
 * (a word both whole and as a prefix among many words, where PostgreSQL's sort decides which counts).
 */

const database = useTestDatabase((db) => seedDemoData(db, { hashPassword: async () => 'not-a-login' }))

/** Searches made from the seeded titles and commands: words, pairs, misspellings, prefixes, options. */
function searches(): string[] {
  const found = new Set<string>()
  for (const [i, command] of DEMO_COMMANDS.entries()) {
    const words = command.title
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
    const first = words[i % words.length] ?? 'file'
    const second = words[(i + 3) % words.length] ?? 'list'
    found.add(`${first} ${second}`)
    found.add(`${first.slice(1, 2)}${first.slice(0, 1)}${first.slice(2)} ${second}`)
    found.add(first.slice(0, 3))
    found.add(command.command.split(' ').slice(0, 3).join(' '))
  }
  return [...found]
}

const databaseRank = async (vector: string, query: string) => {
  const { rows } = await sql<{
    rank: number
  }>`SELECT ts_rank(${vector}::tsvector, ${query}::tsquery) AS rank`.execute(database.db)
  return Math.fround(Number(rows[0]?.rank))
}

describe('the in-memory search rank', () => {
  it('gives every seeded post the rank PostgreSQL gives it, part for part', async () => {
    let compared = 0
    for (const search of searches()) {
      const { posts } = await compareRanks(database.db, search, 1000)
      for (const post of posts) {
        const ascii = isAscii(`${search}${post.title}${post.command}`)
        for (const part of post.parts) {
          if (part.memory === null) {
            // Only the trigram parts step aside, and only for text outside ASCII.
            expect(ascii, `${search}: ${post.title}`).toBe(false)
            expect(part.part).not.toBe('text_rank')
            continue
          }
          expect(part.memory, `${search} → ${post.title}: ${part.part}`).toBe(part.database)
          compared += 1
        }
      }
    }
    expect(compared).toBeGreaterThan(4000)
  })

  it('orders the words of a query by their bytes, as PostgreSQL does, outside ASCII too', async () => {
    // U+FF01 is one UTF-16 unit above the emoji's first, and its bytes (ef bc 81) below the emoji's
    // (f0 9f 98 80): an order by unit would put the emoji first.
    const text = "'\u{1F600}' | '\uFF01' | 'zz' | 'a'"
    const tree = parseTsquery(text)
    if (!tree) throw new Error(text)
    expect(rankQuery(tree).operands.map((operand) => operand.lexeme)).toEqual([
      'a',
      'zz',
      '\uFF01',
      '\u{1F600}',
    ])
    // A tsvector's words stand in the same order (tsCompareString, as for a query's operands).
    const { rows } = await sql<{ words: string[] }>`
      SELECT tsvector_to_array(array_to_tsvector(${['\u{1F600}', '\uFF01', 'zz', 'a']}::text[])) AS words`.execute(
      database.db,
    )
    expect(rankQuery(tree).operands.map((operand) => operand.lexeme)).toEqual(rows[0]?.words)
  })

  it('keeps the form of a word PostgreSQL keeps when it stands whole and as a prefix', async () => {
    // As PostgreSQL prints a tsvector (the form the index reads): its words sorted.
    const vector = "'copy':5 'host':8 'id':6 'key':3,9B 'keygen':4 'server':7 'ssh':2 'sshd':1A"
    const words = ["'ssh'", "'ssh':*", "'key'", "'key':*", "'copy'", "'id'", "'server'", "'host'", "'zz'"]
    // Every rotation of the words, OR-ed and AND-ed: below seven operands PostgreSQL's sort is an
    // insertion sort, from seven on a quicksort, and each keeps a different one of the equal words.
    for (let count = 2; count <= words.length; count++) {
      for (let start = 0; start < words.length; start++) {
        const picked = Array.from({ length: count }, (_, i) => words[(start + i) % words.length] as string)
        for (const joiner of [' | ', ' & ']) {
          const text = picked.join(joiner)
          const tree = parseTsquery(text)
          if (!tree) throw new Error(text)
          expect(tsRank(rankVector(vector), rankQuery(tree)), text).toBe(await databaseRank(vector, text))
        }
      }
    }
  })

  it('measures trigram word similarity as pg_trgm does, and steps aside outside ASCII', async () => {
    const pairs: Array<[string, string]> = [
      ['word', 'two words'],
      ['dokcer logs', 'Show the logs of a Docker container'],
      ['tar -xzf', 'tar -xzf archive.tar.gz -C /srv'],
      ['', 'anything'],
      ['a b c', 'abc'],
      ['FIND large', 'find / -size +100M -type f'],
    ]
    for (const [pattern, text] of pairs) {
      const { rows } = await sql<{
        similarity: number
      }>`SELECT word_similarity(${pattern}, ${text}) AS similarity`.execute(database.db)
      expect(wordSimilarity(pattern, text), `${pattern} / ${text}`).toBe(
        Math.fround(Number(rows[0]?.similarity)),
      )
    }
    expect(wordSimilarity('café', 'cafe au lait')).toBeNull()
    expect(wordSimilarity('cafe', 'café au lait')).toBeNull()
  })

  it('measures word similarity as pg_trgm does on random texts, never above its bound', async () => {
    // Words that share trigrams (prefixes, a letter off), so runs start and end all over the texts.
    const words = ['log', 'logs', 'login', 'docker', 'dokcer', 'dock', 'find', 'finds', 'file', 'files']
    const more = ['tail', 'tar', 'xzf', 'ssh', 'keygen', 'grep', 'rg', 'sort', 'uniq', 'a1', 'b2b']
    const pool = [...words, ...more]
    let seed = 7
    const random = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0
      return seed / 2 ** 32
    }
    const phrase = (count: number) =>
      Array.from({ length: count }, () => pool[Math.floor(random() * pool.length)]).join(
        random() < 0.5 ? ' ' : '-',
      )
    const pairs = Array.from({ length: 300 }, () => [
      phrase(1 + Math.floor(random() * 3)),
      phrase(2 + Math.floor(random() * 9)),
    ])
    const { rows } = await sql<{ similarity: number }>`
      SELECT word_similarity(p, t) AS similarity
      FROM unnest(${pairs.map(([pattern]) => pattern)}::text[], ${pairs.map(([, text]) => text)}::text[])
        WITH ORDINALITY AS pair(p, t, n)
      ORDER BY n`.execute(database.db)
    let shared = 0
    for (const [i, [pattern, text]] of pairs.entries()) {
      const similarity = wordSimilarity(pattern as string, text as string)
      expect(similarity, `${pattern} / ${text}`).toBe(Math.fround(Number(rows[i]?.similarity)))
      const bound = similarityBound(
        trigramPattern(pattern as string) as NonNullable<ReturnType<typeof trigramPattern>>,
        trigramText(text as string) as NonNullable<ReturnType<typeof trigramText>>,
      )
      expect(bound, `${pattern} / ${text}`).toBeGreaterThanOrEqual(similarity as number)
      if ((similarity as number) > 0) shared += 1
    }
    // Most pairs share trigrams: the comparison is not of zeros.
    expect(shared).toBeGreaterThan(100)
  })
})
