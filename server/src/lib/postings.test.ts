import { seededRandom } from '@bashboard/db'
import { describe, expect, it } from 'vitest'
import {
  intersectSum,
  MATCH_CHUNK,
  NO_POSTINGS,
  PostingList,
  type Postings,
  topOfTerms,
  UnionBitmap,
  unionMax,
} from './postings.ts'

/** A posting list of `[doc, score]` pairs (docs increasing). */
function list(pairs: ReadonlyArray<readonly [number, number]>): PostingList {
  const postings = new PostingList()
  for (const [doc, score] of pairs) postings.append(doc, score)
  return postings
}

/** The pairs a result holds, in its order. */
function pairs(postings: Postings): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let i = 0; i < postings.length; i++)
    out.push([postings.docs[i] as number, postings.scores[i] as number])
  return out
}

/** A random list of about `size` docs below `universe`, with scores that are exact in single precision. */
function randomList(random: () => number, size: number, universe: number): PostingList {
  const docs = new Set<number>()
  while (docs.size < Math.min(size, universe)) docs.add(Math.floor(random() * universe))
  return list([...docs].sort((a, b) => a - b).map((doc) => [doc, Math.floor(random() * 64) / 8] as const))
}

describe('PostingList', () => {
  it('grows past its initial capacity and keeps every posting', () => {
    const postings = new PostingList()
    const initial = postings.docs.length
    const n = initial * 8 + 3
    for (let i = 0; i < n; i++) postings.append(i * 3, i / 4)
    expect(postings.length).toBe(n)
    expect(postings.docs.length).toBeGreaterThanOrEqual(n)
    expect(pairs(postings)).toEqual(Array.from({ length: n }, (_, i) => [i * 3, i / 4]))
  })

  it('refuses a document that is not after the last one', () => {
    const postings = list([
      [2, 1],
      [5, 1],
    ])
    expect(() => postings.append(5, 1)).toThrow(RangeError)
    expect(() => postings.append(3, 1)).toThrow(RangeError)
    expect(pairs(postings)).toEqual([
      [2, 1],
      [5, 1],
    ])
    postings.append(6, 2)
    expect(postings.length).toBe(3)
  })

  it('retain compacts the kept postings in order, and appending continues after them', () => {
    const postings = list([
      [1, 0.5],
      [2, 1],
      [3, 1.5],
      [4, 2],
      [5, 2.5],
      [6, 3],
    ])
    postings.retain((doc) => doc % 2 === 0)
    expect(pairs(postings)).toEqual([
      [2, 1],
      [4, 2],
      [6, 3],
    ])
    postings.append(7, 4)
    expect(pairs(postings)).toEqual([
      [2, 1],
      [4, 2],
      [6, 3],
      [7, 4],
    ])
    postings.retain(() => false)
    expect(postings.length).toBe(0)
    // Empty again, so any document may come next.
    postings.append(1, 1)
    expect(pairs(postings)).toEqual([[1, 1]])
  })
})

describe('unionMax', () => {
  it('keeps every document once, in order, with the higher of its scores', () => {
    const a = list([
      [1, 1],
      [3, 0.25],
      [7, 2],
    ])
    const b = list([
      [2, 0.5],
      [3, 0.75],
      [7, 1],
      [9, 3],
    ])
    const c = list([[3, 0.5]])
    expect(pairs(unionMax([a, b, c]))).toEqual([
      [1, 1],
      [2, 0.5],
      [3, 0.75],
      [7, 2],
      [9, 3],
    ])
  })

  it('is empty for no lists or only empty ones, and a single list as it is', () => {
    expect(unionMax([]).length).toBe(0)
    expect(unionMax([new PostingList(), NO_POSTINGS]).length).toBe(0)
    const one = list([
      [4, 1],
      [8, 2],
    ])
    expect(pairs(unionMax([new PostingList(), one]))).toEqual([
      [4, 1],
      [8, 2],
    ])
  })

  it('equals a Map-based union on random lists, few or many (merged in pairs, or over the range)', () => {
    const random = seededRandom(7)
    for (let round = 0; round < 300; round++) {
      // Every third round unites as many lists as a short prefix does: they overlap enough to be
      // gathered over their range.
      const count = round % 3 === 0 ? 8 + Math.floor(random() * 60) : 1 + Math.floor(random() * 5)
      const lists = Array.from({ length: count }, () =>
        randomList(random, Math.floor(random() ** 3 * 300), 1 + Math.floor(random() * 2000)),
      )
      const expected = new Map<number, number>()
      for (const l of lists) {
        for (const [doc, score] of pairs(l)) expected.set(doc, Math.max(expected.get(doc) ?? -1, score))
      }
      const want = [...expected].sort((x, y) => x[0] - y[0])
      expect(pairs(unionMax(lists)), `round ${round}`).toEqual(want)
    }
  })
})

describe('intersectSum', () => {
  it('keeps the documents in every list with the sum of their scores', () => {
    const a = list([
      [1, 1],
      [3, 0.25],
      [5, 1],
      [7, 2],
    ])
    const b = list([
      [3, 0.5],
      [4, 1],
      [7, 1],
    ])
    const c = list([
      [0, 9],
      [3, 0.125],
      [7, 0.5],
      [8, 1],
    ])
    expect(pairs(intersectSum([a, b, c]))).toEqual([
      [3, 0.875],
      [7, 3.5],
    ])
  })

  it('is empty for no lists or when one list is empty, and one list as it is', () => {
    const a = list([
      [1, 1],
      [2, 2],
    ])
    expect(intersectSum([]).length).toBe(0)
    expect(intersectSum([a, new PostingList()]).length).toBe(0)
    expect(intersectSum([NO_POSTINGS, a]).length).toBe(0)
    expect(pairs(intersectSum([a]))).toEqual([
      [1, 1],
      [2, 2],
    ])
  })

  it('finds the few documents of a short list in a very long one (galloping seeks)', () => {
    const long = new PostingList()
    for (let doc = 0; doc < 100_000; doc += 2) long.append(doc, 1)
    // Before the first, at the ends, odd (absent) ones, jumps of every size.
    const short = list([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
      [130, 1],
      [131, 1],
      [4096, 1],
      [65_535, 1],
      [99_998, 1],
      [99_999, 1],
      [150_000, 1],
    ])
    expect(pairs(intersectSum([long, short])).map(([doc]) => doc)).toEqual([0, 2, 130, 4096, 99_998])
    expect(pairs(intersectSum([short, long])).map(([doc, score]) => [doc, score])).toEqual([
      [0, 2],
      [2, 2],
      [130, 2],
      [4096, 2],
      [99_998, 2],
    ])
  })

  it('equals a Set-based intersection on random lists of very different lengths', () => {
    const random = seededRandom(42)
    for (let round = 0; round < 500; round++) {
      const universe = 1 + Math.floor(random() * 5000)
      const lists = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
        // Cubed, so most lists are short and a few cover most of the universe.
        randomList(random, Math.floor(random() ** 3 * universe), universe),
      )
      const sets = lists.map((l) => new Map(pairs(l)))
      const want: Array<[number, number]> = []
      for (const [doc] of pairs(lists[0] as PostingList)) {
        if (!sets.every((set) => set.has(doc))) continue
        // Scores are multiples of 1/8 below 8, so every order of summing them is exact.
        want.push([doc, sets.reduce((sum, set) => sum + (set.get(doc) as number), 0)])
      }
      expect(pairs(intersectSum(lists)), `round ${round}`).toEqual(want)
    }
  })
})

/** The alive bitmap topOfTerms takes: documents below `size` that `isAlive` accepts. */
function aliveBits(size: number, isAlive: (doc: number) => boolean = () => true): Uint32Array {
  const bits = new Uint32Array(Math.ceil(size / 32))
  for (let doc = 0; doc < size; doc++) {
    if (isAlive(doc)) bits[doc >>> 5] = ((bits[doc >>> 5] as number) | (1 << (doc & 31))) >>> 0
  }
  return bits
}

describe('topOfTerms', () => {
  const all = aliveBits(20_000)
  const all2 = aliveBits(200_000)

  it('returns the best k by summed score, the newer (higher) document first on a tie, and counts the matches', () => {
    const a = list([
      [1, 1],
      [2, 3],
      [3, 2],
      [4, 3],
      [6, 3],
      [7, 2],
    ])
    const b = list([
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 9],
      [6, 1],
      [7, 1],
    ])
    // Matches: 2 (4), 3 (3), 4 (4), 6 (4), 7 (3).
    expect(topOfTerms([[a], [b]], 2, 1000, all)).toEqual({ docs: [6, 4], count: 5 })
    expect(topOfTerms([[a], [b]], 10, 1000, all)).toEqual({ docs: [6, 4, 2, 7, 3], count: 5 })
    expect(topOfTerms([[a], [b]], 0, 1000, all)).toEqual({ docs: [], count: 5 })
    expect(topOfTerms([[a]], 3, 1000, all)).toEqual({ docs: [6, 4, 2], count: 6 })
  })

  it('skips the documents not alive, and gives nothing for no list or an empty one', () => {
    const a = list([
      [1, 1],
      [2, 2],
      [3, 3],
    ])
    expect(
      topOfTerms(
        [[a]],
        2,
        1000,
        aliveBits(4, (doc) => doc !== 3),
      ),
    ).toEqual({ docs: [2, 1], count: 2 })
    // A document past the end of the bitmap is not alive.
    expect(topOfTerms([[a]], 2, 1000, aliveBits(2))).toEqual({ docs: [1], count: 1 })
    expect(topOfTerms([], 2, 1000, all)).toEqual({ docs: [], count: 0 })
    expect(topOfTerms([[a], [new PostingList()]], 2, 1000, all)).toEqual({ docs: [], count: 0 })
  })

  it('stops scoring once the kept documents have the best possible score, and counting at the cap', () => {
    // 10,000 documents of one word, the newest k with the best score the list claims. Document 9,500
    // scores higher than its list claims (a list never does): it is found only if scoring goes on.
    const common = list(Array.from({ length: 10_000 }, (_, doc) => [doc, doc === 9500 ? 2 : 1] as const))
    expect(topOfTerms([[common]], 3, 1000, all)).toEqual({ docs: [9500, 9999, 9998], count: 1000 })
    common.maxScore = 1
    expect(topOfTerms([[common]], 3, 1000, all)).toEqual({ docs: [9999, 9998, 9997], count: 1000 })
    // Past the cap nothing is read: the newest 1,000 are 9,000 and up.
    expect(
      topOfTerms(
        [[common]],
        1,
        1000,
        aliveBits(10_000, (doc) => doc < 9000),
      ),
    ).toEqual({
      docs: [8999],
      count: 1000,
    })
  })

  it('scores a document by the best list of each term that holds it', () => {
    const a = list([
      [1, 1],
      [3, 0.5],
    ])
    const b = list([
      [1, 0.25],
      [2, 2],
      [3, 3],
    ])
    const c = list([
      [2, 1],
      [3, 1],
    ])
    // (a | b) & c: 2 scores 2 + 1, 3 scores max(0.5, 3) + 1; 1 is not in c.
    expect(topOfTerms([[a, b], [c]], 5, 1000, all)).toEqual({ docs: [3, 2], count: 2 })
    expect(topOfTerms([[c], [a, b]], 5, 1000, all)).toEqual({ docs: [3, 2], count: 2 })
  })

  it('reads a list appended to or compacted after a search as a copy made afresh is read', () => {
    // A dense list (read from its bitmap) and a sparse one; each search is compared with the same
    // search of copies, whose bitmaps are made from nothing.
    const random = seededRandom(5)
    const common = randomList(random, 3000, 6000)
    const rare = randomList(random, 40, 6000)
    const search = (terms: PostingList[][]) => topOfTerms(terms, 15, 1000, aliveBits(100_000))
    const copies = (terms: PostingList[][]) => terms.map((term) => term.map((one) => PostingList.copyOf(one)))
    const terms = [[common], [common, rare]]
    expect(search(terms)).toEqual(search(copies(terms)))
    // Appended past the end of the bitmap's words, then dropped: both are seen.
    for (let doc = 6000; doc < 60_000; doc += 3) common.append(doc, doc % 5 === 0 ? 3 : 1)
    rare.append(60_001, 2)
    expect(search(terms)).toEqual(search(copies(terms)))
    expect(topOfTerms([[common]], 0, 1_000_000, aliveBits(100_000)).count).toBe(common.length)
    // Compacted, then appended to its old length before the next search: not mistaken for the old one.
    const length = common.length
    common.retain((doc) => doc % 2 === 0)
    for (let doc = 70_000; common.length < length; doc += 2) common.append(doc, 1)
    expect(search(terms)).toEqual(search(copies(terms)))
    expect(search([[common]]).docs.every((doc) => doc % 2 === 0)).toBe(true)
  })

  it('reads a term from the union bitmap it is given as from its lists, after appends and a compaction too', () => {
    const random = seededRandom(13)
    const lists = [randomList(random, 900, 9000), randomList(random, 300, 9000), randomList(random, 20, 9000)]
    const other = randomList(random, 2000, 9000)
    const union = new UnionBitmap(lists)
    const search = (unions: Array<UnionBitmap | undefined>) =>
      topOfTerms([[other], lists], 12, 400, aliveBits(100_000), unions)
    const check = () => {
      expect(search([undefined, union])).toEqual(search([]))
      // The bitmap holds exactly the documents of the lists.
      const held = new Set(lists.flatMap((one) => pairs(one).map(([doc]) => doc)))
      const bits = union.bits()
      for (let doc = 0; doc < bits.length * 32; doc++) {
        const set = ((bits[doc >>> 5] as number) & (1 << (doc & 31))) !== 0
        if (set !== held.has(doc)) throw new Error(`document ${doc}: ${set ? 'set' : 'not set'}`)
      }
    }
    check()
    // Appended to (past the bitmap's words), then compacted: a bitmap brought up to date each time.
    for (let doc = 9000; doc < 40_000; doc += 7) lists[doc % 3]?.append(doc, 2)
    check()
    lists[1]?.retain((doc) => doc % 3 !== 0)
    for (let doc = 40_001; doc < 41_000; doc += 5) lists[1]?.append(doc, 1)
    check()
    expect(union.isOf(lists)).toBe(true)
    expect(union.isOf([lists[0] as PostingList, lists[1] as PostingList])).toBe(false)
  })

  it('makes a union in the words another union released, shorter or longer than it needs, as in new ones', () => {
    const random = seededRandom(17)
    const lists = [randomList(random, 700, 9000), randomList(random, 200, 9000)]
    const other = randomList(random, 1500, 9000)
    const search = (union: UnionBitmap | undefined) =>
      topOfTerms([[other], lists], 12, 400, aliveBits(100_000), [undefined, union])
    const fresh = new UnionBitmap(lists)
    // A released union's words still hold its documents: every word set, longer than the lists need.
    const long = new UnionBitmap([list(Array.from({ length: 20_000 }, (_, doc) => [doc, 1] as const))])
    long.bits()
    const reused = new UnionBitmap(lists, long.release())
    expect(search(reused)).toEqual(search(fresh))
    expect(search(reused)).toEqual(search(undefined))
    for (let doc = 0; doc < reused.bits().length * 32; doc++) {
      const inLists = lists.some((one) => pairs(one).some(([held]) => held === doc))
      const set = ((reused.bits()[doc >>> 5] as number) & (1 << (doc & 31))) !== 0
      if (set !== inLists) throw new Error(`document ${doc}: ${set ? 'set' : 'not set'}`)
    }
    // Too short a spare is grown; the released union is made afresh if read again.
    const short = new UnionBitmap(lists, new Uint32Array(3).fill(0xffffffff))
    expect(search(short)).toEqual(search(fresh))
    expect(long.bits().every((word) => word === 0xffffffff || word === 0)).toBe(true)
    expect(long.bits()[0]).toBe(0xffffffff)
  })

  it('finds where two to six dense lists meet far apart, also past a shorter list and beside a sparse term', () => {
    // Term i holds the documents whose remainder by the count of terms is i, so the lists never
    // meet but at `meet`, which all of them hold: a scan of their words finds only those.
    const meet = [3, 4097, 70_001, 149_987]
    for (let count = 2; count <= 6; count++) {
      const terms = Array.from({ length: count }, (_, term) => {
        const end = term === 1 ? 150_000 : 200_000
        const docs = new Set(meet)
        for (let doc = term; doc < end; doc += count) docs.add(doc)
        return [list([...docs].sort((a, b) => a - b).map((doc) => [doc, doc === 70_001 ? 2 : 1] as const))]
      })
      expect(topOfTerms(terms, 3, 1000, all2), `${count} terms`).toEqual({
        docs: [70_001, 149_987, 4097],
        count: 4,
      })
      // None in common at all.
      const apart = terms.map(([one]) => [
        list(pairs(one as Postings).filter(([doc]) => !meet.includes(doc))),
      ])
      expect(topOfTerms(apart, 3, 1000, all2), `${count} terms apart`).toEqual({ docs: [], count: 0 })
      // A sparse term, gathered per chunk, holding two of the meeting documents among others.
      const sparse = list([3, 900, 70_001, 100_000, 180_000].map((doc) => [doc, 1] as const))
      expect(topOfTerms([...terms, [sparse]], 5, 1000, all2), `${count} terms and a sparse one`).toEqual({
        docs: [70_001, 3],
        count: 2,
      })
    }
  })

  it.each([
    { lists: 'of alike lengths', seed: 3, universe: 500, smallest: 0 },
    // Lists from a few postings to most of the documents: chunks skipped by the leapfrog.
    { lists: 'of very different lengths', seed: 7, universe: 20_000, smallest: 0.0005 },
    // Rare lists far apart: the walk leaps over chunks of 2,048 documents.
    { lists: 'spread over many chunks', seed: 11, universe: 300_000, smallest: 0.00002, rounds: 40 },
  ])(
    'equals a full sort of an AND of ORs on random lists $lists, with caps and dead documents',
    ({ seed, universe: most, smallest, rounds = 400 }) => {
      const random = seededRandom(seed)
      for (let round = 0; round < rounds; round++) {
        const universe = 50 + Math.floor(random() * most)
        const terms = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
          Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
            const share = smallest === 0 ? random() * 0.6 : smallest * (0.6 / smallest) ** random()
            return randomList(random, Math.floor(share * universe), universe)
          }),
        )
        const dead = new Set(
          Array.from({ length: Math.floor(random() * 20) }, () => Math.floor(random() * universe)),
        )
        const k = Math.floor(random() * 30)
        const cap = 1 + Math.floor(random() * 100)
        // Each term as one map: every document of its lists with its best score; then the AND.
        const united = terms.map((lists) => {
          const best = new Map<number, number>()
          for (const one of lists) {
            for (const [doc, score] of pairs(one)) best.set(doc, Math.max(best.get(doc) ?? 0, score))
          }
          return best
        })
        const scores = new Map(united[0])
        for (const here of united.slice(1)) {
          for (const doc of [...scores.keys()]) {
            const score = here.get(doc)
            if (score === undefined) scores.delete(doc)
            else scores.set(doc, (scores.get(doc) as number) + score)
          }
        }
        // Only the newest `cap` matches are ranked.
        const matches = [...scores].filter(([doc]) => !dead.has(doc))
        const ranked = [...matches].sort((x, y) => y[0] - x[0]).slice(0, cap)
        const want = ranked.sort((x, y) => y[1] - x[1] || y[0] - x[0]).slice(0, k)
        const alive = aliveBits(universe, (doc) => !dead.has(doc))
        const got = topOfTerms(terms, k, cap, alive)
        // A term of several lists read from their union bitmap matches and scores the same.
        const unions = terms.map((lists) => (lists.length > 1 ? new UnionBitmap(lists) : undefined))
        expect(topOfTerms(terms, k, cap, alive, unions), `round ${round}`).toEqual(got)
        // Told which chunks hold no dead document, it skips `alive` there and finds the same.
        const deadIn = new Uint16Array(Math.ceil(universe / MATCH_CHUNK))
        for (const doc of dead) {
          const chunk = Math.floor(doc / MATCH_CHUNK)
          deadIn[chunk] = (deadIn[chunk] as number) + 1
        }
        expect(topOfTerms(terms, k, cap, alive, unions, deadIn), `round ${round}`).toEqual(got)
        expect(topOfTerms(terms, k, cap, alive, [], deadIn), `round ${round}`).toEqual(got)
        expect(got.count, `round ${round}`).toBe(Math.min(matches.length, cap))
        // Scores are eighths, so sums are exact in any order: ties are by document alone.
        expect(got.docs, `round ${round}`).toEqual(want.map(([doc]) => doc))
      }
    },
  )
})
