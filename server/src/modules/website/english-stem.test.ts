import { DEMO_COMMANDS, seededRandom } from '@bashboard/db'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../test/test-database.ts'
import { englishStem, POSTGRES_15_RULES, SNOWBALL_3_RULES, type StemRules } from './english-stem.ts'

/*
 * The Snowball English stemmer of english-stem.ts against PostgreSQL's own (`ts_lexize('english_stem',
 * …)`) on the words of the demo content, their inflections, misspellings of them and random strings:
 * the in-memory index reads a search's words with it (word-forms.ts).
 */

describe('englishStem', () => {
  it('stems as the algorithm describes, exceptions and regions included', () => {
    const stems: Record<string, string> = {
      consign: 'consign',
      consigned: 'consign',
      consigning: 'consign',
      consignment: 'consign',
      generously: 'generous',
      generation: 'generat',
      communication: 'communic',
      organization: 'organ',
      skies: 'sky',
      dying: 'die',
      news: 'news',
      cries: 'cri',
      ties: 'tie',
      hopping: 'hop',
      hoped: 'hope',
      agreed: 'agre',
      crying: 'cri',
      sayings: 'say',
      eyed: 'eye',
      yoyo: 'yoyo',
      by: 'by',
      running: 'run',
      recursive: 'recurs',
      filesystems: 'filesystem',
      compression: 'compress',
    }
    for (const [word, stem] of Object.entries(stems)) expect(englishStem(word), word).toBe(stem)
  })

  it('keeps the leading double of Snowball 3 only under its rules', () => {
    expect(englishStem('adding', POSTGRES_15_RULES)).toBe('ad')
    expect(englishStem('adding', SNOWBALL_3_RULES)).toBe('add')
    expect(englishStem('utting', SNOWBALL_3_RULES)).toBe('ut')
    expect(englishStem('bedding', SNOWBALL_3_RULES)).toBe('bed')
  })
})

describe('englishStem against PostgreSQL', () => {
  const database = useTestDatabase()

  /** The demo content's words, their inflections, a misspelling of each, and random strings. */
  function words(): string[] {
    const found = new Set<string>()
    for (const command of DEMO_COMMANDS) {
      const text = `${command.title} ${command.command} ${command.description}`.toLowerCase()
      for (const match of text.matchAll(/[a-z]+/g)) found.add(match[0])
    }
    const random = seededRandom(36)
    const letters = 'abcdefghijklmnopqrstuvwxyz'
    const letter = () => letters[Math.floor(random() * letters.length)] as string
    const all = new Set<string>()
    for (const word of found) {
      for (const ending of [
        '',
        's',
        'es',
        'ed',
        'ing',
        'ingly',
        'ly',
        'ness',
        'ation',
        'ational',
        'izer',
        'y',
      ]) {
        all.add(`${word}${ending}`)
      }
      const at = Math.floor(random() * word.length)
      all.add(`${word.slice(0, at)}${letter()}${word.slice(at + 1)}`)
      all.add(`y${word}`)
    }
    // Random strings, a third of their letters vowels, so every step and region is reached.
    for (let i = 0; i < 10_000; i++) {
      const length = 1 + Math.floor(random() * 12)
      let word = ''
      for (let k = 0; k < length; k++)
        word += random() < 0.35 ? ('aeiouy'[Math.floor(random() * 6)] as string) : letter()
      all.add(word)
    }
    return [...all]
  }

  it("stems every word as PostgreSQL's english_stem does, under the rules of its version", async () => {
    const list = words()
    expect(list.length).toBeGreaterThan(20_000)
    const { rows } = await sql<{ word: string; lexemes: string[] }>`
      SELECT w AS word, ts_lexize('english_stem', w) AS lexemes FROM unnest(${list}::text[]) AS w`.execute(
      database.db,
    )
    const version = await sql<{ major: number }>`
      SELECT current_setting('server_version_num')::int / 10000 AS major`.execute(database.db)
    // The test database is PostgreSQL 15 on CI, or the embedded PGlite (PostgreSQL 18) without one.
    const major = version.rows[0]?.major as number
    expect([15, 18]).toContain(major)
    const rules: StemRules = major >= 18 ? SNOWBALL_3_RULES : POSTGRES_15_RULES
    const stemmed = rows.filter((row) => row.lexemes.length > 0)
    // Stop words give no lexeme (word-forms.ts holds them); every other word one.
    expect(stemmed.length).toBeGreaterThan(list.length - 200)
    const differing = stemmed.filter((row) => englishStem(row.word, rules) !== row.lexemes[0])
    expect(
      differing.map((row) => `${row.word}: ${row.lexemes[0]} ≠ ${englishStem(row.word, rules)}`),
    ).toEqual([])
  })
})
