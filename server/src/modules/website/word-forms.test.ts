import { DEMO_COMMANDS, seededRandom } from '@bashboard/db'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../test/test-database.ts'
import { POSTGRES_15_RULES, type StemRules } from './english-stem.ts'
import { readVocabulary, readWordForms } from './search-repo.ts'
import { ENGLISH_STOP_WORDS, plainWordForms, readStemRules } from './word-forms.ts'

/*
 * A search's plain words read in memory (word-forms.ts) against readWordForms, which reads them with
 * PostgreSQL's parser and dictionaries, and the check that decides whether the index may.
 */

describe('plainWordForms', () => {
  it('reads only plain words of letters and digits, up to a hundred characters', () => {
    for (const piece of ['tar', 'X86', '007', 'Docker', 'a', 'abc123def']) {
      expect(plainWordForms(piece, POSTGRES_15_RULES), piece).not.toBeNull()
    }
    for (const piece of ['-x', ' /var/log', 'x86_64', 'café', "it's", 'a-b', '', 'a'.repeat(101)]) {
      expect(plainWordForms(piece, POSTGRES_15_RULES), piece).toBeNull()
    }
  })
})

describe('plainWordForms against PostgreSQL', () => {
  const database = useTestDatabase()
  let rules: StemRules
  beforeAll(async () => {
    const found = await readStemRules(database.db, [])
    expect(found.differing).toEqual([])
    rules = found.rules as StemRules
  })

  it('gives the forms readWordForms gives for words, misspellings, stop words, capitals and numbers', async () => {
    const random = seededRandom(7)
    const pieces = new Set<string>([
      ...ENGLISH_STOP_WORDS,
      'THE',
      'Docker',
      'x',
      '7',
      '007',
      '1e5',
      '0x1F',
      'v2',
    ])
    for (const command of DEMO_COMMANDS) {
      for (const match of `${command.title} ${command.command}`.matchAll(/[A-Za-z0-9]+/g)) {
        const word = match[0]
        pieces.add(word)
        const at = Math.floor(random() * word.length)
        pieces.add(`${word.slice(0, at)}${word.slice(at + 1)}`)
        pieces.add(`${word}${word.slice(-1)}ing`)
      }
    }
    pieces.delete('')
    const list = [...pieces]
    expect(list.length).toBeGreaterThan(1000)
    const rows = await readWordForms(database.db, list)
    const byToken = new Map<string, unknown[]>()
    for (const row of rows) byToken.set(row.token, [...(byToken.get(row.token) ?? []), row])
    for (const piece of list) expect(plainWordForms(piece, rules), piece).toEqual(byToken.get(piece))
  })

  it('finds rules that agree with this PostgreSQL on its vocabulary, and none once it stops other words', async () => {
    const vocabulary = (await readVocabulary(database.db)).map((row) => row.word)
    expect((await readStemRules(database.db, vocabulary)).rules).toEqual(rules)
    // A PostgreSQL whose english dictionary drops other words (here Danish ones): every word is read there.
    const other = await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`ALTER TEXT SEARCH DICTIONARY english_stem (StopWords = danish)`.execute(trx)
        const found = await readStemRules(trx, vocabulary)
        throw Object.assign(new Error('rolled back'), { found })
      })
      .catch((error: { found?: Awaited<ReturnType<typeof readStemRules>> }) => error.found)
    expect(other?.rules).toBeNull()
    expect(other?.differing).toEqual(expect.arrayContaining(['me', 'the']))
    // The rollback left the dictionary as it was.
    expect((await readStemRules(database.db, vocabulary)).rules).toEqual(rules)
  })
})
