import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { LiveEventMap } from '../../contract/live.ts'
import { startBatch } from '../../lib/batch.ts'
import { BoundedMap } from '../../lib/bounded-map.ts'
import {
  intersectSum,
  isDense,
  NO_POSTINGS,
  PostingList,
  type Postings,
  topOfTerms,
  UnionBitmap,
  unionMax,
} from '../../lib/postings.ts'
import type { LiveHub, WatchedEvent } from '../../live/hub.ts'
import type { StemRules } from './english-stem.ts'
import { Documents } from './search-documents.ts'
import { type RankDocument, type RankQuery, type RankSource, rankDocument, rankQuery } from './search-rank.ts'
import {
  PREFIX_MAX_LENGTH,
  type ResolvedSearch,
  readPostsFingerprint,
  readSearchDocuments,
  readSearchDocumentsById,
  readVocabulary,
  readVocabularyCounts,
  readWordForms,
  readWordTerms,
  resolveSearchWords,
  SEARCH_COUNT_CAP,
  type SearchDocumentCursor,
  WORD_CORRECTION_THRESHOLD,
  WORD_CORRECTIONS,
  type WordFormRow,
} from './search-repo.ts'
import { Vocabulary } from './search-vocabulary.ts'
import { type DocumentWord, parseTsquery, type QueryNode, termAlternatives } from './tsearch-text.ts'
import { PLAIN_WORD, plainWordForms, readStemRules } from './word-forms.ts'

/**
 * Every post's search vector held in memory as posting lists, so a search nobody ran before is
 * answered without scanning PostgreSQL's GIN lists and heap for up to a thousand matches: the index
 * finds and counts the matches and picks the best page's worth by its own rank, and those are ordered
 * exactly as the database path would order them (search.ts: in memory from the rank sources the index
 * keeps per document, else by one statement). What a search matches is decided by PostgreSQL's own text: the index reads each
 * post's `search::text` and each search's resolved tsquery text, and a query it cannot read (a phrase)
 * is left to the database path.
 *
 * - **Kept by live events, like the page caches** (modules/posts/page-caches.ts): a created, edited or
 *   deleted post is re-read from `posts` on every instance; votes, views and comments do not change a
 *   search vector. A re-read post gets a new document number (lists only grow at the end) and its old
 *   one is marked dead; dead entries are dropped once they are a fifth of the lists. Rank documents
 *   are kept by document number, so a re-read post's old one is never used again.
 * - **Words are resolved per token** (a plain word in memory, word-forms.ts, while that agrees with
 *   PostgreSQL on the vocabulary; any other piece by `readWordForms`; then prefixes and corrections
 *   from the copy of the vocabulary): they depend only on the token and the vocabulary, so they are kept until a post
 *   adds or removes one of the token's words; a token with a word the vocabulary does not know is
 *   resolved again after any change of it (its corrections weigh the words' counts).
 * - **Built at start, in the background**, reading posts oldest first, so a higher document number is a
 *   newer post (lib/postings.ts topOfTerms breaks ties by it); until it is ready every search
 *   takes the database path. Events seen during the build re-read their posts once it ends. A reset of
 *   the live channel (events lost) rebuilds it. A first build that fails is tried again at the next
 *   table check ({@link SEARCH_INDEX_CHECK_MS}).
 * - **Writes outside the app** (an operator's reseed, SQL by hand) publish no event: every
 *   {@link SEARCH_INDEX_CHECK_MS} the index compares its number of posts and newest post with the
 *   table's, and reads the table again when two checks in a row disagree (one may just precede an
 *   event), so such writes are searchable within about two minutes.
 */
export interface SearchIndex {
  /** Whether searches can be answered (the build has finished). */
  readonly ready: boolean
  /** Resolves once the first build has finished (benchmarks and tests wait for it). */
  whenReady(): Promise<void>
  /** The tsquery text of a search (null when it has no word), from the kept token resolutions. */
  tsqueryOf(search: string): Promise<string | null>
  /**
   * The tsquery text of a search and the misspelt words it corrected (search-repo.ts ResolvedSearch);
   * `exact` corrects none.
   */
  resolve(search: string, opts?: { exact?: boolean }): Promise<ResolvedSearch>
  /**
   * The ids of the best `want` matches of the tsquery text by the index's rank, and how many posts
   * match (at most SEARCH_COUNT_CAP); null when the index cannot answer this query.
   */
  match(tsquery: string, want: number): SearchMatch | null
  /** Reads the whole table again (tests that write posts without events; a lost event stream). */
  rebuild(): Promise<void>
  /** Compares the index with the posts table now (the periodic check; tests). */
  checkTable(): Promise<void>
  /** Stops following the live channel and checking the table. */
  close(): Promise<void>
}

/** The matches of a search (see {@link SearchIndex.match}). */
export interface SearchMatch {
  ids: string[]
  /** When each of `ids` was created (ms): the rank's ties go to the newest. */
  created: number[]
  total: number
  /** The query's words as ts_rank takes them (search-rank.ts). */
  query: RankQuery
  /** What ranking each of `ids` in memory needs (search-rank.ts), where the index keeps it. */
  documents: Array<RankDocument | undefined>
  /** Keeps what ranking needs of posts of `ids`, read for this match (not once the index is rebuilt). */
  keep(sources: ReadonlyArray<RankSource & { id: string }>): void
}

/**
 * Posts whose rank documents (search-rank.ts: the search vector, compact, and the trigrams of title
 * and command; about 2.3 kB on the benchmark's posts, 46 MB for 20,000) are kept, the least recently
 * ranked forgotten first: the posts searches keep finding are ranked without a statement.
 */
export const RANK_DOCUMENTS_KEPT = 20_000

/** How often the index compares itself with the posts table (see {@link SearchIndex}). */
export const SEARCH_INDEX_CHECK_MS = 60_000

/** Posts read per statement while building. */
export const SEARCH_INDEX_BUILD_BATCH = 5000
/** Token resolutions kept; past this many the oldest half is forgotten. */
export const SEARCH_TOKENS_KEPT = 50_000
/** Combined lists kept (prefixes and whole terms), for the common terms searches repeat. */
const TERMS_KEPT = 2000
/**
 * Postings the kept combined lists hold in all (8 bytes each: 32 MB). A short prefix unites most of
 * the posts (`co:*` holds 760,000 of 1M), so a count of lists alone did not bound their memory; past
 * this the least recently used go.
 */
const TERMS_KEPT_POSTINGS = 4_000_000
/**
 * Union bitmaps of terms kept (unionOf): a bitmap takes a bit per post, 125 kB at 1M
 * posts (32 MB for all), against 8 bytes a posting for a kept list; a term's union at 1M unites 100,000
 * to 400,000 postings, and kept as lists in the combined lists' 4 million postings the unions of the
 * benchmark's searches pushed each other out and were made again on most searches.
 */
const TERM_UNIONS_KEPT = 256
/** Words of forgotten unions kept for new ones (see spareUnionWords). */
const SPARE_UNIONS_KEPT = 4
/**
 * A prefix starting at most this many words is read word by word, from each word's own list (whose
 * bitmap, for a common word, is made once: lib/postings.ts topOfTerms), as a misspelt word's
 * corrections are. Uniting them made a new list of up to every post each time the posts changed, and
 * the generated posts' `variant` put all of them under `var:*`. A prefix starting more words (a
 * two-letter one: `co:*` starts 28 at 1M) is united once and kept.
 */
const PREFIX_WORDS_WALKED = 16

/**
 * A token's words with their full terms (own form, prefix, corrections), their terms without
 * corrections (an exact search), the first correction of a misspelt one, and whether they only rank.
 */
interface TokenWords {
  words: Array<{
    word: string
    term: string
    exactTerm: string
    correction: string | null
    optional: boolean
  }>
}

/**
 * The whitespace-separated pieces of a search, as PostgreSQL's parser reads them in place: it starts
 * every token after a space the same way, but a token at the very start differently (`./job.sh` there is
 * the file `./job.sh`, after a space the file `/job.sh`), so every piece but one at the start keeps
 * the space before it. Each distinct piece once.
 */
function searchPieces(search: string): string[] {
  const pieces = new Set<string>()
  for (const found of search.matchAll(/\S+/g)) {
    const piece = found[0]
    // A plain word reads the same anywhere, and is kept once for both places.
    pieces.add(PLAIN_WORD.test(piece) || found.index === 0 ? piece : ` ${piece}`)
  }
  return [...pieces]
}

/** Compares words as PostgreSQL orders a tsvector's lexemes (bytewise), so a search's come out as its do. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b))

type PostsEvents = LiveEventMap['posts']

/** A list combined from the index's own (a prefix's union, a correction's AND), kept between searches. */
interface CombinedList {
  /** The documents' epoch it was made in (search-documents.ts): appends since are patched in. */
  epoch: number
  node: QueryNode
  postings: PostingList
}

/**
 * The score a document of words `scores` (lexeme to score) has in the combined list of `node`, as
 * lib/postings.ts merges them: an operand's own score (a prefix's: the best of the lexemes it
 * starts), an OR's best, an AND's sum; undefined when the list does not hold it. Exported for its test.
 */
export function scoreOf(node: QueryNode, scores: ReadonlyMap<string, number>): number | undefined {
  if (node.kind === 'operand') {
    if (!node.prefix) return scores.get(node.lexeme)
    let best: number | undefined
    for (const [lexeme, score] of scores) {
      if (lexeme.startsWith(node.lexeme)) best = Math.max(best ?? score, score)
    }
    return best
  }
  let result: number | undefined
  for (const child of node.children) {
    const score = scoreOf(child, scores)
    if (score === undefined) {
      if (node.kind === 'and') return undefined
      continue
    }
    result = result === undefined ? score : node.kind === 'and' ? result + score : Math.max(result, score)
  }
  return result
}

/** Creates the index over `db`, follows `live` and starts building it (see {@link SearchIndex}). */
export function createSearchIndex(deps: {
  db: Kysely<Database>
  live: LiveHub
  onError: (error: unknown) => void
}): SearchIndex {
  const { db, live, onError } = deps
  let documents = new Documents()
  /** Rank documents by document number (a changed post gets a new one), for the current documents. */
  let rankDocuments = new BoundedMap<RankDocument>({ maxEntries: RANK_DOCUMENTS_KEPT })
  let ready = false
  let closed = false
  let resolveReady: () => void = () => {}
  const firstBuild = new Promise<void>((resolve) => {
    resolveReady = resolve
  })

  const tokens = new Map<string, TokenWords>()
  /**
   * The stemmer's rules under which plain words are read in memory (word-forms.ts), checked against
   * PostgreSQL at each build; null while they are read there.
   */
  let stemRules: StemRules | null = null
  let vocabulary: Vocabulary | null = null
  /** Bumped when a new vocabulary is in place: a resolution begun before it is not kept. */
  let vocabularyVersion = 0
  let vocabularyWanted = 0
  let vocabularyLoaded = 0
  let vocabularyLoading: Promise<void> = Promise.resolve()
  /**
   * The words of unions forgotten lately, for the next unions to be made in (lib/postings.ts
   * UnionBitmap): a few are enough, since a union is made only when one is forgotten, once they are
   * all kept.
   */
  const spareUnionWords: Uint32Array[] = []
  /** Union bitmaps of dense terms of several lists (see unionOf), by the term's alternatives. */
  const unions = new BoundedMap<UnionBitmap>({
    maxEntries: TERM_UNIONS_KEPT,
    onForget: (union) => {
      if (spareUnionWords.length < SPARE_UNIONS_KEPT) spareUnionWords.push(union.release())
    },
  })
  /** The terms that could have a union, seen in a search so far (the most recent). */
  const unionsAsked = new BoundedMap<true>({ maxEntries: TERM_UNIONS_KEPT * 16 })
  const combined = new BoundedMap<CombinedList>({
    maxEntries: TERMS_KEPT,
    maxWeight: TERMS_KEPT_POSTINGS,
    weigh: (entry) => entry.postings.length,
  })

  /** Posts to re-read: changed during a build, or waiting for the current re-read to finish. */
  const pending = new Set<string>()
  let building: Promise<void> | null = null
  let rereading: Promise<void> = Promise.resolve()

  async function build(): Promise<void> {
    await refreshVocabulary()
    const check = await readStemRules(db, vocabulary?.knownWords() ?? [])
    if (!check.rules) {
      onError(
        new Error(
          `search words are read by PostgreSQL: it reads ${check.differing.slice(0, 5).join(', ')} otherwise than word-forms.ts`,
        ),
      )
    }
    stemRules = check.rules
    const next = new Documents()
    let after: SearchDocumentCursor | null = null
    for (;;) {
      if (closed) return
      const rows = await readSearchDocuments(db, after, SEARCH_INDEX_BUILD_BATCH)
      for (const row of rows) next.add(row, true)
      const last = rows[rows.length - 1]
      if (!last || rows.length < SEARCH_INDEX_BUILD_BATCH) break
      after = { createdAt: last.created_text, id: last.id }
    }
    // Sorted now rather than by the first search of a prefix.
    next.lexemesStartingWith('')
    documents = next
    rankDocuments = new BoundedMap<RankDocument>({ maxEntries: RANK_DOCUMENTS_KEPT })
    combined.clear()
    unions.clear()
    ready = true
    resolveReady()
  }

  /** Builds the index (again), or joins the build running. */
  function rebuild(): Promise<void> {
    if (building) return building
    building = build()
      .catch(onError)
      .finally(() => {
        building = null
        scheduleReread()
      })
    return building
  }

  /** Re-reads the pending posts, one batch at a time, after any build. */
  function scheduleReread(): void {
    if (building || pending.size === 0) return
    rereading = rereading.then(async () => {
      if (building || pending.size === 0) return
      const ids = [...pending]
      pending.clear()
      try {
        const rows = await readSearchDocumentsById(db, ids)
        const found = new Set(rows.map((row) => row.id))
        for (const row of rows) {
          const { doc, words } = documents.add(row)
          patchCombined(doc, words)
        }
        for (const id of ids) if (!found.has(id)) documents.remove(id)
      } catch (error) {
        for (const id of ids) pending.add(id)
        onError(error)
      }
    })
  }

  function postChanged(postId: string): void {
    void refreshVocabulary()
    pending.add(postId)
    scheduleReread()
  }

  const stopWatching = live.watch({
    event(watched: WatchedEvent) {
      if (watched.topic === 'posts') {
        if (watched.event === 'post.created') postChanged((watched.data() as PostsEvents['post.created'])._id)
        else if (watched.event === 'post.deleted')
          postChanged((watched.data() as PostsEvents['post.deleted']).postId)
        else if (watched.event === null) void rebuild()
      } else if (watched.topic.startsWith('post:')) {
        // An edit, or a reset marker of the post's topic (its events were lost): read it again.
        if (watched.event === 'post.updated' || watched.event === null)
          postChanged(watched.topic.slice('post:'.length))
      }
    },
    resumed: () => void rebuild(),
  })

  /**
   * Follows the vocabulary after a post changed it: its words and counts are read again and the copy
   * is updated in place, the terms read only for words it did not hold (Vocabulary.update). Reloads
   * asked for while one runs share one more run after it (the running one may have read before the
   * change). Kept token resolutions the change touches are dropped.
   */
  function refreshVocabulary(): Promise<void> {
    vocabularyWanted += 1
    const wanted = vocabularyWanted
    vocabularyLoading = vocabularyLoading.then(async () => {
      if (vocabularyLoaded >= wanted) return
      const asked = vocabularyWanted
      try {
        if (vocabulary) {
          const held = vocabulary
          const counts = await readVocabularyCounts(db)
          const missing = counts.filter((row) => !held.has(row.word)).map((row) => row.word)
          const terms = new Map(
            (missing.length > 0 ? await readWordTerms(db, missing) : []).map((row) => [row.word, row.term]),
          )
          // readWordTerms answers a row for every word asked.
          forgetTokensChangedBy(
            held.update(counts, (word) => terms.get(word) as string),
            held,
          )
        } else {
          vocabulary = new Vocabulary(await readVocabulary(db))
          tokens.clear()
        }
        vocabularyLoaded = asked
        vocabularyVersion += 1
      } catch (error) {
        onError(error)
      }
    })
    return vocabularyLoading
  }

  /**
   * Forgets the kept token resolutions a change of the vocabulary may touch, keeping the rest: a post
   * changes the counts of a few words, and forgetting them all made every search after it read its
   * words again. A word's term (fullTerm) depends on the vocabulary only through whether it is known
   * and, when it is not, its corrections, which weigh the counts of the words near it. So a token is
   * forgotten when one of its words came or went, or when it holds a word the vocabulary does not know.
   * Telling which misspellings a change can correct, pair by pair, cost the thread 100–200 ms a post
   * at 1M posts with the tens of thousands of pieces kept (bench/README.md, session 29).
   */
  function forgetTokensChangedBy(
    change: { changed: readonly string[]; cameOrWent: ReadonlySet<string> },
    next: Vocabulary,
  ): void {
    if (change.changed.length === 0) return
    for (const [piece, resolution] of tokens) {
      const touched = resolution.words.some(
        (entry) => change.cameOrWent.has(entry.word) || !next.has(entry.word),
      )
      if (touched) tokens.delete(piece)
    }
  }

  async function tsqueryOf(search: string): Promise<string | null> {
    return (await resolve(search)).tsquery
  }

  async function resolve(search: string, opts: { exact?: boolean } = {}): Promise<ResolvedSearch> {
    const exact = opts.exact ?? false
    // A post created, edited or deleted a moment ago is searched as it is now.
    await Promise.all([vocabularyLoading, rereading])
    // A tag (`<a href="x y">`) is one token of PostgreSQL's parser across spaces: the whole search is
    // resolved there instead.
    if (search.includes('<'))
      return db.transaction().execute((trx) => resolveSearchWords(trx, search, { exact }))
    const pieces = searchPieces(search)
    const missing = pieces.filter((piece) => !tokens.has(piece))
    if (missing.length === 0)
      return assemble(
        pieces.map((piece) => tokens.get(piece) as TokenWords),
        exact,
      )
    const version = vocabularyVersion
    const rows: WordFormRow[] = []
    const unread: string[] = []
    for (const piece of missing) {
      const forms = stemRules ? plainWordForms(piece, stemRules) : null
      if (forms) rows.push(...forms)
      else unread.push(piece)
    }
    if (unread.length > 0) rows.push(...(await readWordForms(db, unread)))
    const resolved = new Map<string, TokenWords>(missing.map((piece) => [piece, { words: [] }]))
    for (const row of rows) {
      resolved.get(row.token)?.words.push({ ...fullTerms(row.word, row.term), optional: row.optional })
    }
    if (version === vocabularyVersion) {
      if (tokens.size + resolved.size > SEARCH_TOKENS_KEPT) forgetOldestTokens()
      for (const [piece, words] of resolved) tokens.set(piece, words)
    }
    return assemble(
      pieces.map((piece) => (tokens.get(piece) ?? resolved.get(piece)) as TokenWords),
      exact,
    )
  }

  /**
   * A word's terms as wordTerms (search-repo.ts) builds them: its own form; as a prefix too when short
   * or unknown; OR-ed with the vocabulary's corrections when unknown (but for an exact search).
   */
  function fullTerms(word: string, ownTerm: string): Omit<TokenWords['words'][number], 'optional'> {
    const known = vocabulary?.has(word) ?? false
    const parts = [ownTerm]
    if ([...word].length <= PREFIX_MAX_LENGTH || !known) {
      parts.push(`'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`)
    }
    const exactTerm = parts.join(' | ')
    if (known) return { word, term: exactTerm, exactTerm, correction: null }
    const corrections = vocabulary?.correctionsOf(word, WORD_CORRECTION_THRESHOLD, WORD_CORRECTIONS) ?? []
    if (corrections.length === 0) return { word, term: exactTerm, exactTerm, correction: null }
    const term = [exactTerm, ...corrections.map((entry) => entry.term)].join(' | ')
    return { word, term, exactTerm, correction: corrections[0]?.word ?? null }
  }

  function forgetOldestTokens(): void {
    let drop = tokens.size / 2
    for (const key of tokens.keys()) {
      if (drop-- <= 0) break
      tokens.delete(key)
    }
  }

  /** What resolvedSearch (search-repo.ts) builds from the same words, in the same order. */
  function assemble(resolved: TokenWords[], exact: boolean): ResolvedSearch {
    const byWord = new Map<string, TokenWords['words'][number]>()
    for (const token of resolved) for (const word of token.words) byWord.set(word.word, word)
    if (byWord.size === 0) return { tsquery: null, corrections: [] }
    const words = [...byWord.values()].sort((a, b) => byteOrder(a.word, b.word))
    const required = words.filter((word) => !word.optional)
    const kept = required.length > 0 ? required : words
    return {
      tsquery: kept.map((word) => `(${exact ? word.exactTerm : word.term})`).join(' & '),
      corrections: exact
        ? []
        : kept.flatMap((word) =>
            word.correction === null ? [] : [[word.word, word.correction] as [string, string]],
          ),
    }
  }

  /**
   * The matches of a query node: an operand's list (a prefix: the union of the lexemes it starts), an
   * OR's union, an AND's intersection. Combined lists are kept, and patched as posts are added: prefixes
   * recur across searches.
   */
  function evaluate(node: QueryNode): Postings {
    if (node.kind === 'operand' && !node.prefix) return documents.lists.get(node.lexeme) ?? NO_POSTINGS
    if (node.kind === 'operand') {
      return kept(`${node.lexeme}:*`, node, () =>
        unionMax(
          documents
            .lexemesStartingWith(node.lexeme)
            .map((lexeme) => documents.lists.get(lexeme) ?? NO_POSTINGS),
        ),
      )
    }
    // Only inside a term's AND (a correction such as `'www-data' & 'www' & 'data'`): the terms' own ORs
    // are walked list by list (termLists), never united.
    const lists = node.children.map(evaluate)
    return kept(JSON.stringify(node), node, () =>
      node.kind === 'and' ? intersectSum(lists) : unionMax(lists),
    )
  }

  /** A combined list, kept until postings are dropped (a compaction or a rebuild). */
  function kept(key: string, node: QueryNode, compute: () => Postings): Postings {
    const found = combined.get(key)
    if (found && found.epoch === documents.epoch) return found.postings
    const postings = PostingList.copyOf(compute())
    combined.set(key, { epoch: documents.epoch, node, postings })
    return postings
  }

  /**
   * Appends a document just added to every kept combined list that holds it, with the score the
   * list's merge would give it: a new post costs a few string comparisons per kept list, where
   * recomputing made the next search of a short prefix unite hundreds of thousands of postings
   * again (bench/README.md, session 28).
   */
  function patchCombined(doc: number, words: readonly DocumentWord[]): void {
    const scores = new Map(words.map((word) => [word.lexeme, word.score]))
    const grown: string[] = []
    for (const [key, entry] of combined) {
      if (entry.epoch !== documents.epoch) continue
      const score = scoreOf(entry.node, scores)
      if (score === undefined) continue
      entry.postings.append(doc, score)
      grown.push(key)
    }
    // The bound on kept postings counts what the lists hold now.
    for (const key of grown) combined.reweigh(key)
  }

  function match(tsquery: string, want: number): SearchMatch | null {
    if (!ready) return null
    const tree = parseTsquery(tsquery)
    if (!tree) return null
    const alternatives = (tree.kind === 'and' ? tree.children : [tree]).map(termAlternatives)
    // A word's own form and a prefix starting it bring the same list twice: it is read once.
    const terms = alternatives.map(termLists)
    const termUnions = terms.map((lists, i) => unionOf(alternatives[i] as QueryNode[], lists))
    const found = topOfTerms(
      terms,
      want,
      SEARCH_COUNT_CAP,
      documents.aliveBitmap,
      termUnions,
      documents.deadByChunk,
    )
    const ids = found.docs.map((doc) => documents.idOf(doc))
    const keptIn = rankDocuments
    return {
      ids,
      created: found.docs.map((doc) => documents.createdOf(doc)),
      total: found.count,
      query: rankQuery(tree),
      documents: found.docs.map((doc) => keptIn.get(String(doc))),
      keep(sources) {
        if (keptIn !== rankDocuments) return
        const docOf = new Map(ids.map((id, i) => [id, found.docs[i] as number]))
        for (const source of sources) {
          const doc = docOf.get(source.id)
          if (doc !== undefined) keptIn.set(String(doc), rankDocument(source))
        }
      },
    }
  }

  /**
   * The lists of one term of the query's AND, any of which a match must be in: its alternatives'
   * lists (a prefix's: those of the words it starts, or, past {@link PREFIX_WORDS_WALKED} words, their
   * union, kept), an AND inside it as one list. Nothing is merged per search: the misspellings of a
   * word each make a new OR of big lists.
   */
  function termLists(alternatives: readonly QueryNode[]): Postings[] {
    return [...new Set(alternatives.flatMap(alternativeLists))].filter((list) => list.length > 0)
  }

  /**
   * The union bitmap of a term's lists when there are several and together they hold at least one
   * document in 64 (lib/postings.ts isDense: a short word's prefix and corrections, `'com' | 'com':* |
   * 'gmail.com'`, are 14 lists at 1M posts), kept for the next search of the term. A search that finds
   * little reads every chunk of every term, and each list was OR-ed there (bench/README.md, session 30).
   */
  function unionOf(alternatives: readonly QueryNode[], lists: readonly Postings[]): UnionBitmap | undefined {
    if (lists.length < 2) return undefined
    const total = lists.reduce((sum, list) => sum + list.length, 0)
    if (!isDense(total, documents.numbered)) return undefined
    const key = JSON.stringify(alternatives)
    const found = unions.get(key)
    if (found?.isOf(lists)) return found
    // Made from a term's second search on: most terms that need one are a misspelling's, searched once.
    if (!unionsAsked.get(key)) {
      unionsAsked.set(key, true)
      return undefined
    }
    const union = new UnionBitmap(lists, spareUnionWords.pop())
    unions.set(key, union)
    return union
  }

  /** The lists of one alternative of a term (see {@link termLists}). */
  function alternativeLists(node: QueryNode): Postings[] {
    if (node.kind === 'operand' && node.prefix) {
      // Listing one more word than are read word by word tells a longer prefix apart, without listing
      // all of its words on every search: its kept union needs none.
      const lexemes = documents.lexemesStartingWith(node.lexeme, PREFIX_WORDS_WALKED + 1)
      if (lexemes.length === 0) return [NO_POSTINGS]
      if (lexemes.length <= PREFIX_WORDS_WALKED) {
        return lexemes.map((lexeme) => documents.lists.get(lexeme) ?? NO_POSTINGS)
      }
    }
    return [evaluate(node)]
  }

  let disagreed = false
  const check = startBatch({
    delayMs: 0,
    everyMs: SEARCH_INDEX_CHECK_MS,
    onError,
    run: async () => {
      if (building) return
      // A first build that failed (a statement timed out on a loaded database) left no index: every
      // search would take the database path until a restart.
      if (!ready) {
        await rebuild()
        return
      }
      if (pending.size > 0) return
      const table = await readPostsFingerprint(db)
      const held = documents.fingerprint()
      const same = table.count === held.count && table.newestMs === held.newestMs
      if (same || !disagreed) {
        disagreed = !same
        return
      }
      disagreed = false
      await rebuild()
    },
  })

  void rebuild()

  return {
    get ready() {
      return ready
    },
    whenReady: () => firstBuild,
    tsqueryOf,
    resolve,
    match,
    rebuild,
    checkTable: () => check.flush(),
    async close() {
      closed = true
      stopWatching()
      await check.close()
      await building
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every post's words in memory; null when SEARCH_INDEX=false. */
    searchIndex: SearchIndex | null
  }
}
