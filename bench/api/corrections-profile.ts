import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { connectDatabase, seededRandom } from '@bashboard/db'
import {
  readVocabulary,
  WORD_CORRECTION_THRESHOLD,
  WORD_CORRECTIONS,
} from '../../server/src/modules/website/search-repo.ts'
import { Vocabulary } from '../../server/src/modules/website/search-vocabulary.ts'
import { MIN_TYPO_WORD_LENGTH, misspell, readWordBags, TYPO_KINDS, type TypoKind } from './varied-search.ts'

/*
 * What correcting a misspelt word costs the in-memory index (server/src/modules/website/
 * search-vocabulary.ts `Vocabulary.corrections`), one client: the vocabulary of a generated database,
 * and --words misspellings of its posts' words made as the varied-search row makes its typos (every
 * kind in turn, a fixed seed), each corrected --rounds times. The index keeps a token's resolution,
 * so this is the cost of a search's first misspelt word, which a site whose visitors type different
 * queries pays on most of them.
 *
 *   npx tsx bench/api/corrections-profile.ts --url postgres://…/bashboard_bench_api_… [--words 2000] [--rounds 5]
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    words: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '5' },
  },
})
if (!values.url) throw new Error('--url is required')
const { db, close } = await connectDatabase({ databaseUrl: values.url })
const vocabulary = new Vocabulary(await readVocabulary(db))
await close()

// A fixed seed, so every run corrects the same misspellings.
const random = seededRandom(20_261_129)
const words = (await readWordBags(values.url))
  .flatMap((bag) => bag.words)
  .filter((word) => word.length >= MIN_TYPO_WORD_LENGTH)
if (words.length === 0) throw new Error('the database has no words to misspell')
const misspelt = Array.from({ length: Number(values.words) }, (_, i) =>
  misspell(
    words[Math.floor(random() * words.length)] as string,
    TYPO_KINDS[i % TYPO_KINDS.length] as TypoKind,
    random,
  ),
)

// One pass to warm the JIT, then the timed rounds.
for (const word of misspelt) vocabulary.corrections(word, WORD_CORRECTION_THRESHOLD, WORD_CORRECTIONS)
const rounds = Number(values.rounds)
const started = performance.now()
let found = 0
for (let round = 0; round < rounds; round++) {
  for (const word of misspelt) {
    found += vocabulary.corrections(word, WORD_CORRECTION_THRESHOLD, WORD_CORRECTIONS).length
  }
}
const elapsed = performance.now() - started
const count = rounds * misspelt.length
console.log(
  `${vocabulary.size} words in the vocabulary; ${count} corrections of ${misspelt.length} misspellings ` +
    `in ${elapsed.toFixed(0)} ms: ${((elapsed / count) * 1000).toFixed(1)} µs each, ` +
    `${(found / count).toFixed(2)} words found on average`,
)
