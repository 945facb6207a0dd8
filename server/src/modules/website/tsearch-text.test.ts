import { seededRandom } from '@bashboard/db'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../test/test-database.ts'
import {
  type DocumentWord,
  parseTsquery,
  parseTsvector,
  type QueryNode,
  termAlternatives,
} from './tsearch-text.ts'

const A = 1
const B = 0.4
const C = 0.2
const D = 0.1

/** A word's score: the weight of its strongest occurrence. */
const scoreOf = (weights: number[]) => Math.max(...weights)

const byLexeme = (words: DocumentWord[]) => Object.fromEntries(words.map((word) => [word.lexeme, word.score]))

const op = (lexeme: string, prefix = false): QueryNode => ({ kind: 'operand', lexeme, prefix })
const and = (...children: QueryNode[]): QueryNode => ({ kind: 'and', children })
const or = (...children: QueryNode[]): QueryNode => ({ kind: 'or', children })

/** Whether a document with `lexemes` matches `node`, as `@@` decides for operands, AND and OR. */
function matches(node: QueryNode, lexemes: readonly string[]): boolean {
  if (node.kind === 'operand') {
    return lexemes.some((lexeme) => (node.prefix ? lexeme.startsWith(node.lexeme) : lexeme === node.lexeme))
  }
  return node.kind === 'and'
    ? node.children.every((child) => matches(child, lexemes))
    : node.children.some((child) => matches(child, lexemes))
}

describe('parseTsvector', () => {
  it('reads lexemes with weighted positions, D when no letter is given', () => {
    const words = parseTsvector("'cmd':3B 'desc':6C 'title':1A 'word':2A,4B,5,7")
    expect(words.map((word) => word.lexeme)).toEqual(['cmd', 'desc', 'title', 'word'])
    const scores = byLexeme(words)
    expect(scores.cmd).toBeCloseTo(B, 12)
    expect(scores.desc).toBeCloseTo(C, 12)
    expect(scores.title).toBeCloseTo(A, 12)
    expect(scores.word).toBeCloseTo(A, 12)
  })

  it('scores a word by its strongest occurrence, whatever their order in the text', () => {
    const [word] = parseTsvector("'w':1D,2C,3A")
    expect(word?.score).toBeCloseTo(A, 12)
  })

  it('scores one title occurrence above many description occurrences', () => {
    const scores = byLexeme(parseTsvector("'title':1A 'desc':2C,3C,4C,5C,6C,7C,8C,9C"))
    expect(scores.desc).toBeCloseTo(C, 12)
    expect(scores.title as number).toBeGreaterThan(scores.desc as number)
    const three = byLexeme(parseTsvector("'t':1A 'd':2C,3C,4C"))
    expect(three.d).toBeCloseTo(C, 12)
    expect(three.t as number).toBeGreaterThan(three.d as number)
  })

  it('reads doubled quotes and escaped backslashes inside lexemes', () => {
    expect(parseTsvector("'a\\\\b':2 'it''s':3A 'x'")).toEqual([
      { lexeme: 'a\\b', score: D },
      { lexeme: "it's", score: A },
      { lexeme: 'x', score: D },
    ])
  })

  it('gives a lexeme without positions the score of one D occurrence', () => {
    expect(parseTsvector("'alone' 'other':1B")).toEqual([
      { lexeme: 'alone', score: D },
      { lexeme: 'other', score: B },
    ])
  })

  it('reads an empty vector as no words and refuses text that is not a vector', () => {
    expect(parseTsvector('')).toEqual([])
    expect(() => parseTsvector('docker')).toThrow(SyntaxError)
    expect(() => parseTsvector("'unterminated")).toThrow(SyntaxError)
    // Positions without numbers once looped forever.
    expect(() => parseTsvector("'a':x 'b'")).toThrow(SyntaxError)
    expect(() => parseTsvector("'a':1A,,2")).toThrow(SyntaxError)
  })
})

describe('parseTsquery', () => {
  it('reads a single operand', () => {
    expect(parseTsquery("'docker'")).toEqual(op('docker'))
  })

  it('reads OR inside AND, and prefix operands', () => {
    expect(parseTsquery("( 'log' | 'logs' ) & 'dock':*")).toEqual(
      and(or(op('log'), op('logs')), op('dock', true)),
    )
  })

  it('reads nested parentheses', () => {
    expect(parseTsquery("( ( 'a' ) | 'b':* | ( 'c' | 'd' ) ) & ( 'e' )")).toEqual(
      and(or(op('a'), op('b', true), or(op('c'), op('d'))), op('e')),
    )
  })

  it('binds AND tighter than OR', () => {
    expect(parseTsquery("'a' | 'b' & 'c'")).toEqual(or(op('a'), and(op('b'), op('c'))))
    expect(parseTsquery("'a' & 'b' | 'c' & 'd' | 'e'")).toEqual(
      or(and(op('a'), op('b')), and(op('c'), op('d')), op('e')),
    )
  })

  it('reads doubled quotes and escaped backslashes', () => {
    expect(parseTsquery("'it''s' & 'a\\\\b':*")).toEqual(and(op("it's"), op('a\\b', true)))
  })

  it.each([
    ["!'a'", 'a negation'],
    ["'b' & !'a'", 'a negation inside AND'],
    ["'a' <-> 'b'", 'a phrase'],
    ["'a' <2> 'b'", 'a phrase with a distance'],
    ["'a':A", 'a weight restriction'],
    ["'a':*B", 'a prefix with a weight restriction'],
    ["'a':AB", 'several weights'],
    ["( 'a' | 'b'", 'an unclosed parenthesis'],
    ["'a' | 'b' )", 'an unopened parenthesis'],
    ["'a' 'b'", 'two operands without an operator'],
    ["'a' &", 'an operator without a right operand'],
    ["'a' & x", 'trailing garbage'],
    ["'a", 'an unterminated lexeme'],
    ['', 'nothing'],
  ])('is null for %s (%s)', (text) => {
    expect(parseTsquery(text)).toBeNull()
  })
})

describe('termAlternatives', () => {
  it("flattens a term's ORs and drops the operands a prefix among them covers, each alternative once", () => {
    const term = parseTsquery(
      "( 'com' | 'com':* | ( 'gmail.com' ) | ( 'commit' ) | 'comm':* | ( 'command' | 'gmail.com' ) )",
    ) as QueryNode
    expect(termAlternatives(term)).toEqual([op('com', true), op('gmail.com')])
    // No prefix: every operand stays, duplicates once.
    expect(termAlternatives(parseTsquery("'log' | 'logs' | 'log'") as QueryNode)).toEqual([
      op('log'),
      op('logs'),
    ])
    // An AND inside the term scores by a sum, which can beat the prefix: it stays.
    expect(termAlternatives(parseTsquery("'www':* | 'www' & 'data' | 'wwwroot'") as QueryNode)).toEqual([
      op('www', true),
      and(op('www'), op('data')),
    ])
  })

  it('matches what the term matches, on every document of random lexemes', () => {
    const random = seededRandom(17)
    const lexemes = ['co', 'com', 'comm', 'commit', 'command', 'doc', 'docker', 'dock', 'log', 'logs']
    const pick = () => lexemes[Math.floor(random() * lexemes.length)] as string
    for (let round = 0; round < 500; round++) {
      const term = or(
        ...Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
          random() < 0.2 ? and(op(pick()), op(pick())) : op(pick(), random() < 0.4),
        ),
      )
      const document = Array.from({ length: Math.floor(random() * 4) }, pick)
      expect(matches(or(...termAlternatives(term)), document), JSON.stringify(term)).toBe(
        matches(term, document),
      )
    }
  })
})

describe('against PostgreSQL', () => {
  const database = useTestDatabase()

  // Commands and titles as users write them: quotes, backslashes, paths, dashes, digits, accents.
  const TEXTS = [
    "it's a test",
    "echo 'it''s' \"quoted\" it\\'s",
    'grep -rn "foo\\bar" /var/log/syslog',
    'C:\\Windows\\System32 back\\slash \\\\double',
    'docker-compose up -d --build',
    'tar -xzf archive-1.2.3.tar.gz -C /opt/app_v2',
    "awk -F: '{print $1}' /etc/passwd | sort -u",
    'find . -name "*.log" -mtime +7 -exec rm {} \\;',
    'café naïve Ünïcödé ΣΊΣΥΦΟΣ',
    "sed -i 's/\\\\/\\//g' file.txt",
    'curl https://example.com/a?b=c&d=e user@example.com 192.168.0.1',
    "x'y 'z' '' ''' \\' \\\\'",
  ]

  it('reads the lexemes and weights of to_tsvector text as unnest(tsvector) lists them', async () => {
    for (const text of TEXTS) {
      for (const config of ['simple', 'english'] as const) {
        // Three weights over the same text, as posts.search concatenates title, command and description.
        const vector = sql`setweight(to_tsvector(${config}::regconfig, ${text}), 'A')
          || setweight(to_tsvector(${config}::regconfig, ${`${text} ${text}`}), 'C')
          || to_tsvector(${config}::regconfig, ${text})`
        const { rows } = await sql<{ text: string; lexeme: string; weights: string[] }>`
          SELECT (${vector})::text AS text, u.lexeme, u.weights::text[] AS weights
          FROM unnest(${vector}) AS u ORDER BY u.lexeme`.execute(database.db)
        const first = rows[0]
        expect(first, text).toBeDefined()
        const parsed = parseTsvector(first?.text as string)
        expect(
          parsed.map((word) => word.lexeme),
          `${config}: ${first?.text}`,
        ).toEqual(rows.map((row) => row.lexeme))
        const weightOf: Record<string, number> = { A, B, C, D }
        parsed.forEach((word, k) => {
          const row = rows[k] as (typeof rows)[number]
          expect(word.score, `${row.lexeme} in ${first?.text}`).toBeCloseTo(
            scoreOf(row.weights.map((letter) => weightOf[letter] as number)),
            12,
          )
        })
      }
    }
  })

  it('reads the lexemes of tsvectors without positions as tsvector_to_array lists them', async () => {
    for (const text of TEXTS) {
      const { rows } = await sql<{ text: string; lexemes: string[] }>`
        SELECT strip(to_tsvector('simple', ${text}))::text AS text,
          tsvector_to_array(to_tsvector('simple', ${text})) AS lexemes`.execute(database.db)
      const row = rows[0] as (typeof rows)[number]
      expect(
        parseTsvector(row.text).map((word) => word.lexeme),
        row.text,
      ).toEqual(row.lexemes)
      for (const word of parseTsvector(row.text)) expect(word.score).toBe(D)
    }
  })

  it('reads tsquery text so that it matches the documents PostgreSQL matches', async () => {
    // Queries as search-repo.ts builds them: english stems OR simple lexemes, prefixes, ANDed words.
    const queries: RawQuery[] = []
    for (const text of TEXTS) {
      queries.push(sql`plainto_tsquery('english', ${text})`)
      queries.push(sql`plainto_tsquery('english', ${text}) || plainto_tsquery('simple', ${text})`)
      queries.push(
        sql`(plainto_tsquery('english', ${text}) || to_tsquery('simple', 'dock:*')) && plainto_tsquery('simple', ${text.slice(0, 8)})`,
      )
    }
    for (const [a, b] of [
      ['docker', 'compose'],
      ["it's", 'log'],
      ['/var/log', 'back\\slash'],
    ] as const) {
      queries.push(
        sql`(plainto_tsquery('simple', ${a}) || to_tsquery('simple', ${`${b}:*`})) && to_tsquery('simple', 'x:* | y')`,
      )
      queries.push(
        sql`to_tsquery('simple', ${`'${a.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`}) || plainto_tsquery('english', ${b})`,
      )
    }
    const documents = TEXTS.map(
      (text) => sql`to_tsvector('simple', ${text}) || to_tsvector('english', ${text})`,
    )
    let compared = 0
    for (const query of queries) {
      const { rows } = await sql<{ query: string }>`SELECT (${query})::text AS query`.execute(database.db)
      const text = (rows[0] as { query: string }).query
      if (text === '') continue
      const tree = parseTsquery(text)
      // A word PostgreSQL splits (`it's:*` → `'it':* <-> 's':*`) makes a phrase, which stays with PostgreSQL.
      if (/<\d*-?>/.test(text.replace(/'(?:[^']|'')*'/g, ''))) {
        expect(tree, text).toBeNull()
        continue
      }
      expect(tree, text).not.toBeNull()
      for (const document of documents) {
        const { rows: found } = await sql<{ vector: string; matched: boolean }>`
          SELECT (${document})::text AS vector, (${document}) @@ (${text}::tsquery) AS matched`.execute(
          database.db,
        )
        const { vector, matched } = found[0] as { vector: string; matched: boolean }
        const lexemes = parseTsvector(vector).map((word) => word.lexeme)
        expect(matches(tree as QueryNode, lexemes), `${text} @@ ${vector}`).toBe(matched)
        compared += 1
      }
    }
    expect(compared).toBeGreaterThan(300)
  })

  it('is null for the text of queries with negations, phrases or weights', async () => {
    const { rows } = await sql<{ query: string }>`SELECT q::text AS query FROM (VALUES
      (to_tsquery('simple', '!a & b')), (phraseto_tsquery('english', 'docker compose up')),
      (to_tsquery('simple', 'a <3> b')), (to_tsquery('simple', 'a:AB | c')), (to_tsquery('simple', 'a:*C')),
      (websearch_to_tsquery('english', 'docker -compose')), (websearch_to_tsquery('english', '"docker compose"'))
    ) AS v(q)`.execute(database.db)
    expect(rows).toHaveLength(7)
    for (const row of rows) expect(parseTsquery(row.query), row.query).toBeNull()
  })
})

type RawQuery = ReturnType<typeof sql>
