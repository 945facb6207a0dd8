import { type CategoryRow, DEMO_COMMANDS, seedDemoData } from '@bashboard/db'
import { createTestDatabase } from '@bashboard/db/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  authHeader,
  createCategory,
  createPost,
  createUser,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import { countStatements, StatementCounter } from '../../../test/statement-counter.ts'
import type { PostCard } from '../../contract/posts.ts'
import { intersectSum, PostingList, unionMax } from '../../lib/postings.ts'
import { NO_FILTERS } from './filters.ts'
import { SEARCH_INDEX_RERANK_CHUNK, searchPosts } from './search.ts'
import { createSearchIndex, type SearchIndex, scoreOf } from './search-index.ts'
import { resolveSearch, resolveSearchWords, searchPostsInDatabase } from './search-repo.ts'

/*
 * The in-memory search index (search-index.ts) against the database path it stands in for
 * (search-repo.ts): the same words, corrections and matches, the same page when the matches fit in one
 * re-ranked chunk, and kept true by the posts' live events.
 */

let t: TestApp
let index: SearchIndex
let author: TestUser
let category: CategoryRow

beforeAll(async () => {
  t = await buildTestApp({ wrapDb: (db) => db.withPlugin(new StatementCounter()) })
  await seedDemoData(t.db, { hashPassword: async () => 'not-a-login' })
  index = t.app.searchIndex as SearchIndex
  // The seed wrote its posts without the services' events.
  await index.rebuild()
  author = await createUser(t.db, { role: 'contributor' })
  category = await createCategory(t.db, { name: 'Index', slug: 'index' })
})
afterAll(async () => {
  await t?.close()
})

/** A search a person might type from a seeded title: some of its words, one of them misspelt or cut. */
function corpus(): string[] {
  const queries = new Set<string>()
  for (const [i, command] of DEMO_COMMANDS.entries()) {
    const words = command.title
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 2)
    if (words.length === 0) continue
    const first = words[i % words.length] as string
    const second = words[(i + 1) % words.length] as string
    queries.add(first)
    queries.add(`${first} ${second}`)
    // Two letters swapped, one missing, one doubled, and a prefix.
    if (first.length > 3) {
      queries.add(`${first.slice(0, 1)}${first.slice(2, 3)}${first.slice(1, 2)}${first.slice(3)} ${second}`)
      queries.add(`${first.slice(0, -2)}${first.slice(-1)}`)
      queries.add(`${second} ${first}${first.slice(-1)}`)
      queries.add(first.slice(0, 3))
    }
    queries.add(command.command.split(' ').slice(0, 2).join(' '))
  }
  for (const query of [
    'tar -x',
    '/var/log',
    'docker-compose logs',
    'the',
    '&&',
    'it\'s a "quote"',
    'a b c',
    'x86_64',
    ' ./long-job.sh nohup',
    'nohup ./long-job.sh ./long-job.sh',
  ]) {
    queries.add(query)
  }
  return [...queries]
}

const idsOf = (rows: Array<{ id: string }>) => rows.map((row) => row.id)

/** A search through the API, with the statements it ran. */
const searchThroughApi = (query: string) =>
  countStatements(async () => {
    const res = await t.app.inject({ url: `/api/posts/v1/search?search=${encodeURIComponent(query)}` })
    expect(res.statusCode).toBe(200)
    return res.json() as { posts: PostCard[] }
  })

/** Creates a post through the API, as the services do with their live events. */
async function postThroughApi(post: {
  title: string
  command: string
  description: string
}): Promise<PostCard> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/posts/create',
    headers: authHeader(loginAs(t.app, author)),
    payload: { ...post, category: category.id },
  })
  expect(created.statusCode).toBe(201)
  return created.json().post as PostCard
}

/** Runs `use` with a second index over `db` (closed after it) and what that index reported as errors. */
async function withIndexOver(
  db: typeof t.db,
  use: (second: SearchIndex, failures: unknown[]) => Promise<void>,
): Promise<void> {
  const failures: unknown[] = []
  const second = createSearchIndex({ db, live: t.app.live, onError: (error) => failures.push(error) })
  try {
    await use(second, failures)
  } finally {
    await second.close()
  }
}

describe('the search index', () => {
  it('resolves, matches and counts every search as the database does, with the same page when it fits in a chunk, ranked in memory or not', async () => {
    const queries = corpus()
    expect(queries.length).toBeGreaterThan(150)
    let samePage = 0
    for (const query of queries) {
      const [fromIndex, fromDatabase] = await Promise.all([
        index.tsqueryOf(query),
        t.db.transaction().execute((trx) => resolveSearch(trx, query)),
      ])
      expect(fromIndex, query).toBe(fromDatabase)
      // The corrections said and the exact words' tsquery agree too (the answer's "Showing results for").
      for (const exact of [false, true]) {
        const [said, saidByDatabase] = await Promise.all([
          index.resolve(query, { exact }),
          t.db.transaction().execute((trx) => resolveSearchWords(trx, query, { exact })),
        ])
        expect(said, `${query} exact=${exact}`).toEqual(saidByDatabase)
      }
      const window = { limit: 20, offset: 0 }
      const indexed = await searchPosts(t.db, index, query, window)
      const database = await searchPostsInDatabase(t.db, query, window)
      expect(indexed.total, query).toBe(database.total)
      // The first search read what ranking its candidates needs; the second ranks them in memory.
      expect(await searchPosts(t.db, index, query, window), query).toEqual(indexed)
      if (database.total <= SEARCH_INDEX_RERANK_CHUNK) {
        expect(idsOf(indexed.rows), query).toEqual(idsOf(database.rows))
        samePage += 1
      } else {
        // More matches than one chunk: the index picks the chunk, so the page may differ; every post
        // on it still matches.
        const all = await searchPostsInDatabase(t.db, query, { limit: 1000, offset: 0 })
        expect(idsOf(all.rows), query).toEqual(expect.arrayContaining(idsOf(indexed.rows)))
      }
    }
    expect(samePage).toBeGreaterThan(queries.length / 2)
  })

  it('reads no card of the posts the caller holds, and orders the page as without them', async () => {
    const window = { limit: 20, offset: 0 }
    const full = await searchPosts(t.db, index, 'file', window)
    expect(full.ids.length).toBeGreaterThan(6)
    expect(idsOf(full.rows)).toEqual(full.ids)
    const held = [full.ids[1], full.ids[4], full.ids[5]] as string[]
    let candidates: readonly string[] = []
    const partial = await searchPosts(t.db, index, 'file', {
      ...window,
      held: (ids) => {
        candidates = ids
        return held
      },
    })
    expect(candidates).toEqual(expect.arrayContaining(full.ids))
    expect(partial.ids).toEqual(full.ids)
    expect(partial.total).toBe(full.total)
    expect(idsOf(partial.rows)).toEqual(full.ids.filter((id) => !held.includes(id)))
  })

  it('pages through a search with many matches without repeating or skipping a post', async () => {
    const query = 'file'
    const all = await searchPostsInDatabase(t.db, query, { limit: 1000, offset: 0 })
    expect(all.total).toBeGreaterThan(SEARCH_INDEX_RERANK_CHUNK / 5)
    const pageThrough = async () => {
      const seen: string[] = []
      for (let offset = 0; offset < all.total; offset += 7) {
        const page = await searchPosts(t.db, index, query, { limit: 7, offset })
        expect(page.total).toBe(all.total)
        seen.push(...idsOf(page.rows))
      }
      return seen
    }
    const seen = await pageThrough()
    expect(seen).toHaveLength(all.total)
    expect(new Set(seen)).toEqual(new Set(idsOf(all.rows)))
    // Again, every window now ranked in memory (pages that straddle two chunks included): the same.
    expect(await pageThrough()).toEqual(seen)
  })

  it('answers a search of words and posts it has seen, or of new plain words, with no statement, and a new piece of another kind with one', async () => {
    // Reading the table again ranks no post in memory; the words stay resolved, as the vocabulary read
    // again is the same: one statement reads the page.
    await index.rebuild()
    const first = await searchThroughApi('disk usage')
    expect(first.statements).toBe(1)
    expect(first.result.posts.length).toBeGreaterThan(0)
    // The same words in another order: another page (no cache holds it), the words already known, the
    // candidates ranked in memory and their cards held from the first search.
    const again = await searchThroughApi('usage disk')
    expect(again.statements).toBe(0)
    expect(idsOf(again.result.posts.map((post) => ({ id: post._id })))).toEqual(
      idsOf(first.result.posts.map((post) => ({ id: post._id }))),
    )
    // A misspelt word is read in memory (word-forms.ts) and corrected from the index's copy of the
    // vocabulary: no statement.
    const typo = await searchThroughApi('usage dsik')
    expect(typo.statements).toBe(0)
    expect(typo.result.posts[0]?._id).toBe(first.result.posts[0]?._id)
    // A new piece that is not a plain word is read by PostgreSQL's parser: one statement, its forms.
    const path = await searchThroughApi('usage /var/dsik')
    expect(path.statements).toBe(1)
    expect(await index.tsqueryOf('usage /var/dsik')).toBe(
      await t.db.transaction().execute((trx) => resolveSearch(trx, 'usage /var/dsik')),
    )
    // Ranked in memory, but no card held: one statement reads the page's cards, in the page's order.
    const window = { limit: 20, offset: 0 }
    const bare = await countStatements(() => searchPosts(t.app.db, index, 'usage disk', window))
    expect(bare.statements).toBe(1)
    expect(idsOf(bare.result.rows)).toEqual(bare.result.ids)
    expect(bare.result).toEqual(await searchPosts(t.db, index, 'disk usage', window))
  })

  it('keeps the words it resolved when a post changes the vocabulary, and corrects again a misspelt word the post brings a correction for', async () => {
    const disk = await searchThroughApi('disk usage')
    expect(disk.result.posts.length).toBeGreaterThan(0)
    const before = await searchThroughApi('saxophon')
    expect(before.result.posts).toEqual([])
    const post = await postThroughApi({
      title: 'Tune the saxophone practice timer',
      command: 'sax-timer --bpm 90',
      description: '<p>Counts the beats while you practise.</p>',
    })
    // The post's words are not these: their resolutions are kept, so no statement reads them again
    // (the words in the other order are a page no cache holds, ranked in memory).
    const kept = await searchThroughApi('usage disk')
    expect(kept.statements).toBe(0)
    expect(kept.result.posts.map((card) => card._id)).toEqual(disk.result.posts.map((card) => card._id))
    // A misspelt word is corrected again after a change of the vocabulary: `saxophone` now stands in.
    expect(await index.tsqueryOf('saxophon')).toBe(
      await t.db.transaction().execute((trx) => resolveSearch(trx, 'saxophon')),
    )
    expect(await index.tsqueryOf('saxophon')).toContain('saxophon')
    const after = await searchThroughApi('saxophon')
    expect(after.result.posts.map((card) => card._id)).toEqual([post._id])
  })

  it('finds a post created through the API at once, follows its edit, and forgets it once deleted', async () => {
    const headers = authHeader(loginAs(t.app, author))
    const post = await postThroughApi({
      title: 'Watch the aquarium thermostat log',
      command: 'tail -f /var/log/aquarium-thermostat.log',
      description: '<p>Follows what the thermostat writes.</p>',
    })
    const matches = async (query: string) => {
      const found = await searchPosts(t.db, index, query, { limit: 20, offset: 0 })
      return idsOf(found.rows)
    }
    // A word no post had before, misspelt: the vocabulary is read again with the post.
    expect(await matches('aquarim thermostat')).toEqual([post._id])

    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/posts/update',
      headers,
      payload: {
        id: post._id,
        title: 'Watch the reptile heater log',
        command: 'tail -f /var/log/reptile.log',
      },
    })
    expect(edited.statusCode).toBe(200)
    expect(await matches('reptile heater')).toEqual([post._id])
    expect(await matches('aquarium')).toEqual([])

    // Words other posts hold too: the index still lists the post under them, as a dead document.
    const sharedWords = async () =>
      index.match((await index.tsqueryOf('tail log')) as string, 1000)?.ids ?? []
    expect(await sharedWords()).toContain(post._id)

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers })
    expect(deleted.statusCode).toBe(200)
    expect(await matches('reptile')).toEqual([])
    const left = await sharedWords()
    expect(left.length).toBeGreaterThan(0)
    expect(left).not.toContain(post._id)
    expect((await searchPosts(t.db, index, 'reptile', { limit: 20, offset: 0 })).total).toBe(0)
  })

  it('leaves searches with browse filters, tags and phrases to the database, with the same answer', async () => {
    const filters = { ...NO_FILTERS, tags: ['tar'] }
    const filtered = await searchPosts(t.db, index, 'archive', { limit: 20, offset: 0, filters })
    expect(filtered.total).toBeGreaterThan(0)
    const database = await searchPostsInDatabase(t.db, 'archive', { limit: 20, offset: 0, filters })
    expect(filtered).toEqual({ ...database, ids: idsOf(database.rows) })
    // A tag is one token across spaces for PostgreSQL's parser: the search is resolved there.
    const tagged = '<a href="x y"> logs'
    expect(await index.tsqueryOf(tagged)).toBe(
      await t.db.transaction().execute((trx) => resolveSearch(trx, tagged)),
    )
    // A phrase or a negation is not an AND of ORs: the index declines it.
    expect(index.match("'docker' <-> 'logs'", 50)).toBeNull()
    expect(index.match("!'docker'", 50)).toBeNull()
    expect(index.match("'docker' & 'logs'", 50)).not.toBeNull()
  })

  it('reads the table again when two checks in a row find posts written without events', async () => {
    const direct = await createPost(t.db, {
      authorId: author.id,
      title: 'Show the quota of each btrfs subvolume',
      command: 'btrfs qgroup show -reF /srv',
    })
    const qgroup = async () =>
      idsOf((await searchPosts(t.db, index, 'qgroup', { limit: 20, offset: 0 })).rows)
    expect(await qgroup()).not.toContain(direct.id)
    // The first check may have run between a write and its event: only the second one rebuilds.
    await index.checkTable()
    expect(await qgroup()).not.toContain(direct.id)
    await index.checkTable()
    expect((await qgroup())[0]).toBe(direct.id)
  })

  it('builds again at the next table check when its first build failed, and answers searches once built', async () => {
    // A database that refuses every statement until told otherwise (a loaded one timing out).
    let refusing = true
    const flaky = t.db.withPlugin({
      transformQuery: (args) => {
        if (refusing) throw new Error('canceling statement due to statement timeout')
        return args.node
      },
      transformResult: async (args) => args.result,
    })
    await withIndexOver(flaky, async (second, failures) => {
      // Joins the build the index started with, or runs another once that one has failed.
      await second.rebuild()
      expect(second.ready).toBe(false)
      expect(failures.length).toBeGreaterThan(0)
      refusing = false
      await second.checkTable()
      expect(second.ready).toBe(true)
      await second.whenReady()
      const tsquery = await second.tsqueryOf('docker logs')
      expect(second.match(tsquery as string, 20)?.ids).toEqual(index.match(tsquery as string, 20)?.ids)
    })
  })

  it('reads every word in PostgreSQL when it stems or stops words otherwise than word-forms.ts', async () => {
    // A database of its own, whose english dictionary drops Danish words instead of English ones.
    const other = await createTestDatabase()
    try {
      const counted = other.db.withPlugin(new StatementCounter())
      await sql`ALTER TEXT SEARCH DICTIONARY english_stem (StopWords = danish)`.execute(other.db)
      await withIndexOver(counted, async (second, failures) => {
        await second.whenReady()
        expect(String(failures[0])).toContain('search words are read by PostgreSQL')
        for (const search of ['the dsik', 'me usage', 'disk']) {
          const resolved = await countStatements(() => second.tsqueryOf(search))
          expect(resolved.statements, search).toBe(1)
          expect(resolved.result, search).toBe(
            await counted.transaction().execute((trx) => resolveSearch(trx, search)),
          )
        }
      })
    } finally {
      await other.close()
    }
  })

  it('patches the prefixes, corrections and terms it combined with posts created after, counting as the database does', async () => {
    // Short prefixes start more words than are walked one by one: their unions are kept.
    const queries = [...corpus(), 's', 'c', 'co', 'di', 'co s', 'ta f']
    // Every search twice: the prefixes' unions (`co:*`) and the corrections' ANDs are combined and kept,
    // and the terms of several lists get their union bitmaps (made at a term's second search).
    for (const query of [...queries, ...queries])
      await searchPosts(t.db, index, query, { limit: 20, offset: 0 })
    // Posts made of seeded titles' words, so the kept lists hold them.
    for (const command of DEMO_COMMANDS.slice(0, 6)) {
      await postThroughApi({
        title: `${command.title} again`,
        command: `${command.command} # once more`,
        description: '<p>The same, written again.</p>',
      })
    }
    for (const query of queries) {
      const window = { limit: 20, offset: 0 }
      const [indexed, database] = await Promise.all([
        searchPosts(t.db, index, query, window),
        searchPostsInDatabase(t.db, query, window),
      ])
      expect(indexed.total, query).toBe(database.total)
      if (database.total <= SEARCH_INDEX_RERANK_CHUNK)
        expect(idsOf(indexed.rows), query).toEqual(idsOf(database.rows))
    }
  })
})

describe('scoreOf', () => {
  it('scores a new document in a combined list as the merges that made the list do', () => {
    const scores = new Map([
      ['one-line', 2],
      ['one', 1],
      ['line', 0.5],
      ['docker', 0.25],
    ])
    const operand = (lexeme: string, prefix = false) => ({ kind: 'operand' as const, lexeme, prefix })
    const correction = {
      kind: 'and' as const,
      children: [operand('one-line'), operand('one'), operand('line')],
    }
    const either = { kind: 'or' as const, children: [correction, operand('docker')] }
    expect(scoreOf(operand('one'), scores)).toBe(1)
    expect(scoreOf(operand('on', true), scores)).toBe(2)
    expect(scoreOf(operand('lines'), scores)).toBeUndefined()
    expect(scoreOf(operand('x', true), scores)).toBeUndefined()
    expect(scoreOf(correction, scores)).toBe(3.5)
    expect(scoreOf(either, scores)).toBe(3.5)
    expect(scoreOf({ kind: 'and', children: [operand('one'), operand('zip')] }, scores)).toBeUndefined()
    expect(scoreOf({ kind: 'or', children: [operand('zip'), operand('tar')] }, scores)).toBeUndefined()
    // The same document (number 0) merged as lists: an AND sums, an OR keeps the best.
    const listOf = (lexeme: string) => {
      const list = new PostingList()
      list.append(0, scores.get(lexeme) as number)
      return list
    }
    const and = intersectSum(['one-line', 'one', 'line'].map(listOf))
    expect(and.scores[0]).toBe(scoreOf(correction, scores))
    expect(unionMax([and, listOf('docker')]).scores[0]).toBe(scoreOf(either, scores))
  })
})
