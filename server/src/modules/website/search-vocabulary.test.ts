import { seededRandom } from '@bashboard/db'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../test/test-database.ts'
import {
  readVocabulary,
  readWordForms,
  resolveSearch,
  WORD_CORRECTION_THRESHOLD,
  WORD_CORRECTIONS,
} from './search-repo.ts'
import { isOneEditAway, trigramSimilarity, trigramsOf, Vocabulary } from './search-vocabulary.ts'

/** CRC-32's reflected table, which PostgreSQL's "legacy" CRC uses with the unreflected loop. */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

/**
 * A trigram as show_trgm prints it: three one-byte characters as they are; a longer one (any non-ASCII
 * character) is stored as three bytes of its legacy CRC-32 (pg_trgm's compact_trigram), printed in hex.
 */
function shownTrigram(trigram: string): string {
  const bytes = Buffer.from(trigram, 'utf8')
  if (bytes.length === 3) return trigram
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] as number) ^ (crc << 8)
  crc = (crc ^ 0xffffffff) >>> 0
  // The CRC's first three bytes in memory (little-endian), most significant first.
  const value = ((crc & 0xff) << 16) | (((crc >>> 8) & 0xff) << 8) | ((crc >>> 16) & 0xff)
  return `0x${value.toString(16).padStart(6, '0')}`
}

const sorted = (values: Iterable<string>) => [...values].sort()

describe('trigramsOf', () => {
  it("cuts each word, padded with two spaces before and one after, as pg_trgm does ('docker-compose')", () => {
    // show_trgm('docker-compose') on PostgreSQL 15.
    expect(sorted(trigramsOf('docker-compose'))).toEqual(
      sorted([
        '  c',
        '  d',
        ' co',
        ' do',
        'cke',
        'com',
        'doc',
        'er ',
        'ker',
        'mpo',
        'ock',
        'omp',
        'ose',
        'pos',
        'se ',
      ]),
    )
  })

  it('lowercases, keeps digits, and splits at anything else', () => {
    expect(sorted(trigramsOf('X1.2'))).toEqual(sorted(['  x', ' x1', 'x1 ', '  2', ' 2 ']))
    expect(sorted(trigramsOf('foo_bar'))).toEqual(sorted(trigramsOf('foo bar')))
    expect(sorted(trigramsOf('a'))).toEqual(['  a', ' a '])
    expect(trigramsOf('--- ... ///').size).toBe(0)
    expect(trigramsOf('').size).toBe(0)
  })

  it('keeps a repeated trigram once', () => {
    expect(sorted(trigramsOf('aaaa'))).toEqual(['  a', ' aa', 'aa ', 'aaa'])
    expect(trigramsOf('log log LOG').size).toBe(4)
  })

  it('keeps the vowel signs of Devanagari inside the word, and drops superscripts', () => {
    // Vowel signs are marks (Mc/Mn) but Alphabetic, as iswalnum() has them.
    expect(trigramsOf('हिन्दी').size).toBe(7)
    expect(trigramsOf('x²')).toEqual(trigramsOf('x'))
  })

  it('lowercases one character at a time, as towlower does', () => {
    expect(trigramsOf('ΣΟΦΟΣ')).toEqual(trigramsOf('σοφοσ'))
    expect(trigramsOf('İzmir')).toEqual(trigramsOf('izmir'))
  })
})

describe('trigramSimilarity', () => {
  it('is shared trigrams over all trigrams, in single precision', () => {
    expect(trigramSimilarity(trigramsOf('dokcer'), trigramsOf('docker'))).toBe(Math.fround(3 / 11))
    expect(trigramSimilarity(trigramsOf('grpe'), trigramsOf('grep'))).toBe(0.25)
    expect(trigramSimilarity(trigramsOf('grep'), trigramsOf('GREP'))).toBe(1)
    expect(trigramSimilarity(trigramsOf('abc'), trigramsOf('xyz'))).toBe(0)
  })

  it('is 0 when either side has no trigram', () => {
    expect(trigramSimilarity(new Set(), new Set())).toBe(0)
    expect(trigramSimilarity(trigramsOf('-'), trigramsOf('grep'))).toBe(0)
  })
})

/**
 * Every string one edit away from `word`, listed as search-repo.ts lists them in SQL (a character
 * deleted, two neighbours swapped, a letter of the correction letters substituted or inserted), by
 * character: what isOneEditAway and the vocabulary's corrections are checked against.
 */
function oneEditAway(word: string): Set<string> {
  const letters = [...word]
  const cut = (from: number, to?: number) => letters.slice(from, to).join('')
  const edits = new Set<string>()
  for (let i = 0; i < letters.length; i++) edits.add(cut(0, i) + cut(i + 1))
  for (let i = 0; i + 1 < letters.length; i++) edits.add(cut(0, i) + letters[i + 1] + letters[i] + cut(i + 2))
  for (const c of 'abcdefghijklmnopqrstuvwxyz0123456789') {
    for (let i = 0; i < letters.length; i++) edits.add(cut(0, i) + c + cut(i + 1))
    for (let i = 0; i <= letters.length; i++) edits.add(cut(0, i) + c + cut(i))
  }
  return edits
}

describe('isOneEditAway', () => {
  it('has deletions, swaps of neighbours, substitutions and insertions', () => {
    for (const near of [
      'gerp',
      'rgep',
      'grpe',
      'grp',
      'rep',
      'gre',
      'grap',
      'krep',
      'gre9',
      'grepp',
      'xgrep',
      'gr3ep',
    ])
      expect(isOneEditAway('grep', near), near).toBe(true)
    for (const far of ['perg', 'gp', 'grrepp', 'gREp', 'egrepp', 'gr-ep'])
      expect(isOneEditAway('grep', far), far).toBe(false)
  })

  it('holds the word itself only through a same-letter substitution or a swap of equal letters', () => {
    expect(isOneEditAway('grep', 'grep')).toBe(true)
    expect(isOneEditAway('--', '--')).toBe(true)
    // No letter of '/-' is one a correction substitutes, and no two neighbours are equal.
    expect(isOneEditAway('/-', '/-')).toBe(false)
    for (const edit of oneEditAway('/-')) expect(isOneEditAway('/-', edit), edit).toBe(true)
  })

  it('counts characters, not UTF-16 units', () => {
    for (const near of ['n', 'é', 'én']) expect(isOneEditAway('né', near), near).toBe(true)
    for (const near of ['😀', '😀a', 'b😀']) expect(isOneEditAway('a😀', near), near).toBe(true)
    expect(isOneEditAway('a😀', 'a😁')).toBe(false)
    // Cut by UTF-16 units, half of the surrogate pair would be one character.
    expect(isOneEditAway('a😀', 'a\ud83d')).toBe(false)
  })

  it('tells exactly the edits listed, on random words', () => {
    const random = seededRandom(7)
    // Few characters, so that random words are often one or two edits apart; '-' and 'é' are
    // characters no correction inserts or substitutes.
    const characters = ['a', 'b', 'e', '-', 'é']
    const word = () =>
      Array.from({ length: Math.floor(random() * 5) }, () => characters[Math.floor(random() * 5)]).join('')
    let near = 0
    for (let i = 0; i < 3000; i++) {
      const a = word()
      const edits = oneEditAway(a)
      const b = i % 3 === 0 ? ([...edits][Math.floor(random() * edits.size)] ?? '') : word()
      if (edits.has(b)) near += 1
      expect(isOneEditAway(a, b), `${a} → ${b}`).toBe(edits.has(b))
    }
    expect(near).toBeGreaterThan(500)
  })
})

describe('Vocabulary.update', () => {
  const row = (word: string, doc_count: number) => ({ word, doc_count, term: `(${word})` })
  const counts = (...rows: Array<[string, number]>) => rows.map(([word, doc_count]) => ({ word, doc_count }))

  it('follows the words and counts given in place, reading terms only for the words that came', () => {
    const vocabulary = new Vocabulary([row('docker', 2), row('grep', 5), row('tar', 1)])
    const asked: string[] = []
    const termOf = (word: string) => {
      asked.push(word)
      return `(${word})`
    }
    const change = vocabulary.update(counts(['docker', 3], ['grep', 5], ['tail', 1]), termOf)
    expect(change.changed.sort()).toEqual(['docker', 'tail', 'tar'])
    expect([...change.cameOrWent].sort()).toEqual(['tail', 'tar'])
    expect(asked).toEqual(['tail'])
    expect(vocabulary.has('tail')).toBe(true)
    expect(vocabulary.has('tar')).toBe(false)
    expect(vocabulary.size).toBe(3)
    // The removed word is no correction any more, the new one is.
    expect(vocabulary.corrections('tai', 0.25, 3)).toEqual(['(tail)'])
    expect(vocabulary.corrections('ta', 0.25, 3)).not.toContain('(tar)')
    expect(vocabulary.update(counts(['docker', 3], ['grep', 5], ['tail', 1]), termOf)).toEqual({
      changed: [],
      cameOrWent: new Set(),
    })
  })

  it('corrects as a copy made afresh after random changes', () => {
    const random = seededRandom(11)
    const stems = ['dock', 'grep', 'tail', 'comp', 'list']
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T
    const word = () => `${pick(stems)}${pick(['', 'e', 'er', 'et', 'ose', 's'])}`
    const sorted = (map: Map<string, number>) => [...map].sort(([a], [b]) => (a < b ? -1 : 1))
    const misspelt = stems.flatMap((stem) => [`${stem}r`, `${stem.slice(1)}e`, `x${stem}`])
    let moved = 0
    for (let round = 0; round < 300; round++) {
      const before = new Map<string, number>()
      for (let i = 0; i < 12; i++) before.set(word(), 1 + Math.floor(random() * 4))
      const after = new Map(before)
      // One or two words come, go or change count.
      for (let i = 0; i < 1 + Math.floor(random() * 2); i++) {
        const changed = word()
        if (after.has(changed) && random() < 0.5) after.delete(changed)
        else after.set(changed, 1 + Math.floor(random() * 4))
      }
      const vocabulary = new Vocabulary(sorted(before).map(([w, n]) => row(w, n)))
      const earlier = misspelt.map((w) => vocabulary.corrections(w, 0.25, 3))
      vocabulary.update(counts(...sorted(after)), (w) => `(${w})`)
      const fresh = new Vocabulary(sorted(after).map(([w, n]) => row(w, n)))
      for (const [i, w] of misspelt.entries()) {
        const now = vocabulary.corrections(w, 0.25, 3)
        expect(now, w).toEqual(fresh.corrections(w, 0.25, 3))
        if (JSON.stringify(now) !== JSON.stringify(earlier[i])) moved += 1
      }
    }
    // The changes moved corrections (added, removed and reordered words), not only counts nobody reads.
    expect(moved).toBeGreaterThan(50)
  })
})

describe('Vocabulary.corrections', () => {
  const row = (word: string, doc_count: number) => ({ word, doc_count, term: `(${word})` })

  it('puts the words one edit away first, the most used first, then the similar ones', () => {
    const vocabulary = new Vocabulary([
      row('docker', 2),
      row('dockers', 9),
      row('docket', 2),
      row('dokku', 1),
    ])
    // dokku shares 3 of 10 trigrams with dokcer; dockers and docket only 2 of 13 and 12.
    expect(vocabulary.corrections('dokcer', 0.25, 3)).toEqual(['(docker)', '(dokku)'])
    // One edit away comes first whatever the counts: dockers (two edits) is used most but comes last.
    expect(vocabulary.corrections('docke', 0.25, 10)).toEqual(['(docker)', '(docket)', '(dockers)'])
    expect(vocabulary.corrections('docke', 0.25, 1)).toEqual(['(docker)'])
    // The most used of the words one edit away first.
    const used = new Vocabulary([row('docker', 2), row('docket', 5)])
    expect(used.corrections('docke', 0.25, 10)).toEqual(['(docket)', '(docker)'])
  })

  it('breaks ties by the order of the rows', () => {
    const vocabulary = new Vocabulary([row('abcx', 1), row('abcy', 1), row('abcz', 1)])
    expect(vocabulary.corrections('abcd', 0.25, 3)).toEqual(['(abcx)', '(abcy)', '(abcz)'])
    const reversed = new Vocabulary([row('abcz', 1), row('abcy', 1), row('abcx', 1)])
    expect(reversed.corrections('abcd', 0.25, 2)).toEqual(['(abcz)', '(abcy)'])
  })

  it('returns nothing for limit 0, an unrelated word or an empty vocabulary', () => {
    const vocabulary = new Vocabulary([row('docker', 2)])
    expect(vocabulary.corrections('dokcer', 0.25, 0)).toEqual([])
    expect(vocabulary.corrections('zzzzzz', 0.25, 3)).toEqual([])
    expect(new Vocabulary([]).corrections('docker', 0.25, 3)).toEqual([])
    expect(vocabulary.size).toBe(1)
    expect(vocabulary.has('docker')).toBe(true)
    expect(vocabulary.has('dokcer')).toBe(false)
  })
})

/** Words as the vocabulary holds them: commands, paths, words with digits and dashes, other scripts. */
const WORDS = [
  'docker',
  'docker-compose',
  'compose',
  'kubectl',
  'systemctl',
  'journalctl',
  'grep',
  'egrep',
  'rsync',
  'chmod',
  'chown',
  'tar',
  'xzf',
  'ls',
  'lsof',
  'find',
  'xargs',
  'sed',
  'awk',
  'curl',
  'wget',
  'ssh',
  'sshd',
  'scp',
  'iptables',
  'nginx',
  'python3',
  'python2.7',
  'node18',
  'ffmpeg',
  'git',
  'github',
  '/var/log',
  '/etc/nginx/nginx.conf',
  '~/.ssh/id_rsa',
  'x86_64',
  'utf-8',
  '127.0.0.1',
  'v1.2.3',
  'docker_compose',
  'ab',
  'a',
  'aaa',
  'mississippi',
  'naïve',
  'café',
  'straße',
  'σοφοσ',
  'ΣΟΦΟΣ',
  'привет',
  'हिन्दी',
  'שָׁלוֹם',
  'كَتَبَ',
  '日本語',
  'İzmir',
  'x²',
  'Ⅻ',
  '--force',
  '',
]

/** A typo of `word`: neighbours swapped, a letter deleted, inserted or replaced. */
function typo(word: string, random: () => number): string {
  const letters = [...word]
  const at = Math.floor(random() * Math.max(letters.length, 1))
  const letter = 'abcdefghijklmnopqrstuvwxyz0123456789-./é'[Math.floor(random() * 40)] as string
  switch (Math.floor(random() * 4)) {
    case 0:
      if (letters.length > 1) {
        const i = Math.min(at, letters.length - 2)
        ;[letters[i], letters[i + 1]] = [letters[i + 1] as string, letters[i] as string]
      }
      break
    case 1:
      letters.splice(at, 1)
      break
    case 2:
      letters.splice(at, 0, letter)
      break
    default:
      letters.splice(at, 1, letter)
  }
  return letters.join('')
}

describe('against PostgreSQL', () => {
  const database = useTestDatabase()

  it('computes the trigrams (show_trgm) and similarity of pg_trgm for hundreds of pairs', async () => {
    const random = seededRandom(11)
    const pairs: Array<[string, string]> = []
    for (const word of WORDS) {
      for (let k = 0; k < 4; k++) pairs.push([word, typo(word, random)])
      pairs.push([word, typo(typo(word, random), random)])
      pairs.push([word, WORDS[Math.floor(random() * WORDS.length)] as string])
    }
    expect(pairs.length).toBeGreaterThanOrEqual(300)
    const { rows } = await sql<{ a: string; b: string; similarity: number; trigrams: string[] }>`
      SELECT p.a, p.b, similarity(p.a, p.b) AS similarity, show_trgm(p.a) AS trigrams
      FROM unnest(${sql.val(pairs.map(([a]) => a))}::text[], ${sql.val(pairs.map(([, b]) => b))}::text[])
        WITH ORDINALITY AS p(a, b, n)
      ORDER BY p.n`.execute(database.db)
    expect(rows).toHaveLength(pairs.length)
    let partial = 0
    for (const row of rows) {
      const a = trigramsOf(row.a)
      expect(sorted([...a].map(shownTrigram)), `show_trgm(${JSON.stringify(row.a)})`).toEqual(
        sorted(row.trigrams),
      )
      const similarity = trigramSimilarity(a, trigramsOf(row.b))
      // float4 arrives as its shortest decimal text, which reads back to the same single.
      expect(similarity, `similarity(${JSON.stringify(row.a)}, ${JSON.stringify(row.b)})`).toBe(
        Math.fround(row.similarity),
      )
      if (similarity > 0 && similarity < 1) partial += 1
    }
    // Most pairs share some trigrams but not all: the comparison is not only of zeros and ones.
    expect(partial).toBeGreaterThan(pairs.length / 2)
  })

  describe('corrections, as resolveSearch picks them', () => {
    /** Vocabulary words and the number of posts holding each: equal counts and near-twins make ties. */
    const VOCABULARY: Record<string, number> = {
      docker: 3,
      dockers: 3,
      docket: 1,
      locker: 3,
      rocker: 3,
      dokku: 1,
      compose: 2,
      composer: 2,
      compost: 1,
      grep: 4,
      egrep: 2,
      fgrep: 2,
      pgrep: 2,
      grap: 2,
      tar: 5,
      top: 3,
      tap: 1,
      tr: 2,
      chmod: 4,
      chown: 4,
      chgrp: 1,
      systemctl: 3,
      systemd: 3,
      journalctl: 2,
      kubectl: 3,
      kubelet: 1,
      kubeadm: 1,
      nginx: 2,
      nginx2: 1,
      python: 3,
      python3: 3,
      python2: 1,
      '/var/log': 2,
      '/var/lib': 1,
      log: 3,
      logs: 3,
      ssh: 3,
      sshd: 2,
      scp: 2,
      iptables: 1,
      ip6tables: 1,
      naive: 1,
      naïve: 1,
      हिन्दी: 1,
      σοφοσ: 1,
      abcw: 1,
      abcx: 1,
      abcy: 1,
      abcz: 1,
      grip: 2,
      trap: 2,
      tram: 2,
      logo: 3,
      lag: 1,
    }
    /** Unknown words: typos with one or several edits, words only trigrams find, words nothing finds. */
    const SEARCHES = [
      'dokcer',
      'docer',
      'dockr',
      'ocker',
      'compse',
      'composr',
      'grpe',
      'gerp',
      'grp',
      'gre',
      'rgep',
      'tra',
      'ta',
      'chmd',
      'chomd',
      'chwon',
      'systemclt',
      'sytemctl',
      'kubctl',
      'kubeclt',
      'ngix',
      'ngnix',
      'pyhton',
      'pytohn',
      'python4',
      'sshh',
      'lgo',
      'lgos',
      '/var/lgo',
      '/var/logs',
      'iptable',
      'jornalctl',
      'naïv',
      'nave',
      'हिन्दि',
      'σοφος',
      'abcd',
      'abc',
      'xyzzy',
      'zzz',
    ]

    beforeAll(async () => {
      const author = await database.db
        .insertInto('users')
        .values({ username: 'vocabulary_test', email: 'vocabulary-test@example.com', password_hash: 'hash' })
        .returning('id')
        .executeTakeFirstOrThrow()
      const posts = Object.entries(VOCABULARY).flatMap(([word, count]) =>
        Array.from({ length: count }, (_, k) => `${word} ${k}`),
      )
      await database.db
        .insertInto('posts')
        .values(
          posts.map((key, n) => {
            const word = key.slice(0, key.lastIndexOf(' '))
            return {
              author_id: author.id,
              title: word,
              slug: `vocabulary-${n}`,
              command: word,
              command_key: key,
              description: '<p>description</p>',
              description_text: 'description',
              tags: [],
            }
          }),
        )
        .execute()
    })

    it('holds the vocabulary the test means', async () => {
      const rows = await readVocabulary(database.db)
      expect(Object.fromEntries(rows.map((row) => [row.word, row.doc_count]))).toEqual(VOCABULARY)
    })

    it('gives the same tsquery as resolveSearch for each misspelt word', async () => {
      const vocabulary = new Vocabulary(await readVocabulary(database.db))
      let corrected = 0
      let truncated = 0
      for (const search of SEARCHES) {
        const forms = await readWordForms(database.db, [search])
        expect(forms, search).toHaveLength(1)
        const { word, term } = forms[0] as (typeof forms)[number]
        expect(vocabulary.has(word), word).toBe(false)
        const corrections = vocabulary.corrections(word, WORD_CORRECTION_THRESHOLD, WORD_CORRECTIONS)
        const prefix = `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`
        const expected = `(${[term, prefix, ...corrections].join(' | ')})`
        const resolved = await database.db.transaction().execute((trx) => resolveSearch(trx, search))
        expect(expected, search).toBe(resolved)
        if (corrections.length > 0) corrected += 1
        if (vocabulary.corrections(word, WORD_CORRECTION_THRESHOLD, 99).length > WORD_CORRECTIONS)
          truncated += 1
      }
      // Most searches are corrected, and several have more candidates than the ones kept (ties
      // included: abcw…abcz are all one edit from abcd and in one post each).
      expect(corrected).toBeGreaterThan(SEARCHES.length * 0.75)
      expect(truncated).toBeGreaterThanOrEqual(5)
    })

    it('orders every candidate as the SQL does, ties included, at any threshold', async () => {
      const vocabulary = new Vocabulary(await readVocabulary(database.db))
      const terms = new Map((await readVocabulary(database.db)).map((row) => [row.term, row.word]))
      for (const threshold of [0.1, 0.25, 0.5]) {
        for (const search of SEARCHES) {
          const [form] = await readWordForms(database.db, [search])
          const word = (form as { word: string }).word
          // wordTerms' candidates (search-repo.ts), unlimited: its ORDER BY decides every tie.
          const { rows } = await database.db.transaction().execute(async (trx) => {
            await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`.execute(
              trx,
            )
            return sql<{ word: string }>`
              SELECT found.word FROM (
                SELECT v.word, 0 AS tier, v.doc_count::float8 AS weight FROM search_words v
                WHERE v.word IN (SELECT e FROM unnest(${sql.val([...oneEditAway(word)])}::text[]) AS e)
                  AND v.doc_count > 0
                UNION ALL
                SELECT v.word, 1, similarity(v.word, ${word}) FROM search_words v
                WHERE v.word % ${word} AND v.doc_count > 0
              ) found
              GROUP BY found.word
              ORDER BY min(found.tier), max(found.weight) DESC, found.word`.execute(trx)
          })
          const corrections = vocabulary.corrections(word, threshold, 1000).map((term) => terms.get(term))
          expect(corrections, `${word} at ${threshold}`).toEqual(rows.map((row) => row.word))
        }
      }
    })
  })
})
