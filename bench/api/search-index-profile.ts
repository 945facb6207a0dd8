import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { connectDatabase } from '@bashboard/db'
import type { LiveHub } from '../../server/src/live/hub.ts'
import { SEARCH_INDEX_RERANK_CHUNK } from '../../server/src/modules/website/search.ts'
import { createSearchIndex } from '../../server/src/modules/website/search-index.ts'
import { searchPageOfPool } from '../../server/src/modules/website/search-repo.ts'
import { createQuerySource, readWordBags } from './varied-search.ts'

/*
 * Where a search answered by the in-memory index (server/src/modules/website/search-index.ts) spends
 * its time, one client, no concurrency: builds the index on a generated database (time and memory),
 * warms its word resolutions with --warm searches of the varied-search row, then times the next
 * --queries searches step by step: resolving the words (`tsqueryOf`), matching in memory (`match`)
 * and the statement that orders the page (`searchPageOfPool`); and lists the slowest matches.
 *
 *   npx tsx --expose-gc bench/api/search-index-profile.ts --url postgres://…/bashboard_bench_api_… \
 *     [--warm 2000] [--queries 400] [--slowest 8]
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    warm: { type: 'string', default: '2000' },
    queries: { type: 'string', default: '400' },
    slowest: { type: 'string', default: '8' },
  },
})
if (!values.url) throw new Error('--url is required')
const source = createQuerySource(await readWordBags(values.url))
const { db, close } = await connectDatabase({ databaseUrl: values.url })
// The index follows no live channel here: nothing writes while it is profiled.
const live = { watch: () => () => {} } as unknown as LiveHub
const started = performance.now()
const index = createSearchIndex({ db, live, onError: (error) => console.error(error) })
await index.whenReady()
const built = performance.now() - started
globalThis.gc?.()
const memory = process.memoryUsage()
console.log(
  `built in ${(built / 1000).toFixed(1)} s; heap ${(memory.heapUsed / 1e6).toFixed(0)} MB, typed arrays ${(memory.arrayBuffers / 1e6).toFixed(0)} MB, rss ${(memory.rss / 1e6).toFixed(0)} MB`,
)

for (let i = 0; i < Number(values.warm); i++) await index.tsqueryOf(source.next())
const steps: Record<'resolve' | 'match' | 'page', number[]> = { resolve: [], match: [], page: [] }
const matches: Array<{ search: string; tsquery: string; ms: number; total: number }> = []
const chunk = SEARCH_INDEX_RERANK_CHUNK
for (let i = 0; i < Number(values.queries); i++) {
  const search = source.next()
  let at = performance.now()
  const tsquery = await index.tsqueryOf(search)
  steps.resolve.push(performance.now() - at)
  if (!tsquery) continue
  at = performance.now()
  const found = index.match(tsquery, chunk)
  const ms = performance.now() - at
  steps.match.push(ms)
  if (!found) continue
  matches.push({ search, tsquery, ms, total: found.total })
  at = performance.now()
  if (found.ids.length > 0)
    await searchPageOfPool(db, search, tsquery, found.ids, chunk, { limit: 20, offset: 0 })
  steps.page.push(performance.now() - at)
}
const percentile = (xs: number[], p: number) =>
  ([...xs].sort((a, b) => a - b)[Math.floor((p / 100) * (xs.length - 1))] ?? 0).toFixed(2)
for (const [step, xs] of Object.entries(steps)) {
  const mean = xs.reduce((sum, x) => sum + x, 0) / Math.max(xs.length, 1)
  console.log(
    `${step}: p50 ${percentile(xs, 50)} ms, p90 ${percentile(xs, 90)}, p99 ${percentile(xs, 99)}, mean ${mean.toFixed(2)}`,
  )
}
console.log('\nslowest matches (ms, matches counted up to 1000, search, tsquery):')
for (const slow of matches.sort((a, b) => b.ms - a.ms).slice(0, Number(values.slowest))) {
  console.log(`${slow.ms.toFixed(1)}  ${slow.total}  ${JSON.stringify(slow.search)}  ${slow.tsquery}`)
}
await index.close()
await close()
