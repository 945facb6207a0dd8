import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type CountedNoun, countOf, groupDigits, nounFor, PLURALS } from '../src/contract/plurals.ts'
import { REPO_ROOT } from './spawn-server.ts'

/*
 * The one plural rule (src/contract/plurals.ts) that the web pages, the text pages, the page heads and
 * the CLI print counts with. The pages themselves are checked where they are drawn (web
 * src/app/counts.test.tsx, terminal/counts.test.ts, cli/test/counts.test.ts); here the rule, and that no
 * source file writes a plural of its own again.
 */

const NOUNS = Object.keys(PLURALS) as CountedNoun[]

describe('countOf', () => {
  it.each([
    [0, 'comment', '0 comments'],
    [1, 'comment', '1 comment'],
    [2, 'comment', '2 comments'],
    [1000, 'comment', '1,000 comments'],
    [1_234_567, 'view', '1,234,567 views'],
    [-1, 'point', '-1 points'],
    [-1000, 'point', '-1,000 points'],
    [1.5, 'point', '1.5 points'],
    [0, 'person', '0 people'],
    [1, 'person', '1 person'],
    [2, 'person', '2 people'],
    [1000, 'person', '1,000 people'],
    [1, 'category', '1 category'],
    [2, 'category', '2 categories'],
    [1, 'pt', '1 pt'],
    [12, 'pt', '12 pts'],
  ] as const)('%d %s → "%s"', (count, noun, text) => {
    expect(countOf(count, noun)).toBe(text)
  })

  it.each(NOUNS)('gives "%s" its singular for 1 only, and its plural for 0, 2 and 1,000', (noun) => {
    const plural = PLURALS[noun]
    expect(plural).not.toBe(noun)
    expect(countOf(1, noun)).toBe(`1 ${noun}`)
    expect(countOf(0, noun)).toBe(`0 ${plural}`)
    expect(countOf(2, noun)).toBe(`2 ${plural}`)
    expect(countOf(1000, noun)).toBe(`1,000 ${plural}`)
    expect(nounFor(1, noun)).toBe(noun)
    expect(nounFor(2, noun)).toBe(plural)
  })
})

describe('groupDigits', () => {
  it('writes what toLocaleString("en-US") writes for whole numbers', () => {
    for (const value of [
      0,
      1,
      999,
      1000,
      9999,
      10_000,
      123_456,
      1_000_000,
      -1,
      -1000,
      Number.MAX_SAFE_INTEGER,
    ])
      expect(groupDigits(value)).toBe(value.toLocaleString('en-US'))
  })
})

// Where a source file would choose a noun's form itself: `n === 1 ? 'comment' : 'comments'`,
// `word${n === 1 ? '' : 's'}`, `` n === 1 ? '1 new command' : `${n} new commands` ``.
const HAND_WRITTEN_PLURAL = [
  /[!=]==? ?1 \? ?(['"`])[^'"`]*\1 ?: ?(['"`])/,
  /\? ?'' ?: ?'s'/,
  /\? ?'s' ?: ?''/,
]
// The ones that are not a noun's form, with why.
const NOT_A_PLURAL = new Map([
  // One token is "your token"; several are counted by countOf in the other branch.
  ['web/src/features/settings/components/token-list.tsx', /count === 1 \? 'Revoke your token\?'/],
  // The podium's places: CSS classes.
  ['web/src/features/leaderboard/components/leaderboard-page.tsx', /index === 1 \? 'sm:order-1'/],
])

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.tsbuild'].includes(entry.name)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path
  }
}

describe('the places that print a count', () => {
  it('leave the noun to the contract: no source file writes a plural of its own', () => {
    const found: string[] = []
    for (const root of ['web/src', 'server/src', 'cli/src']) {
      for (const file of sourceFiles(join(REPO_ROOT, root))) {
        const path = relative(REPO_ROOT, file)
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (!HAND_WRITTEN_PLURAL.some((pattern) => pattern.test(line))) return
            if (NOT_A_PLURAL.get(path)?.test(line)) return
            found.push(`${path}:${index + 1}: ${line.trim()}`)
          })
      }
    }
    expect(found).toEqual([])
  })
})
