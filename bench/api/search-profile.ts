import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { connectDatabase } from '@bashboard/db'
import { resolveSearch, searchPageQuery } from '../../server/src/modules/website/search-repo.ts'
import { createQuerySource, readWordBags } from './varied-search.ts'

/*
 * Where a search's time goes, one client, no concurrency: the varied-search row's queries (bench/api/
 * varied-search.ts) run one after another against a generated database, timing the vocabulary step
 * (resolveSearch) and the page statement apart, then EXPLAIN (ANALYZE, BUFFERS) of the slowest ones.
 *
 *   npx tsx bench/api/search-profile.ts --url postgres://…/bashboard_bench_api_… [--queries 300] [--explain 3]
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    queries: { type: 'string', default: '300' },
    explain: { type: 'string', default: '3' },
  },
})
if (!values.url) throw new Error('--url is required')
const source = createQuerySource(await readWordBags(values.url))
const { db, close } = await connectDatabase({ databaseUrl: values.url })
const timings: { search: string; resolve: number; page: number; rows: number }[] = []
for (let i = 0; i < Number(values.queries); i += 1) {
  const search = source.next()
  const t0 = performance.now()
  const result = await db.transaction().execute(async (trx) => {
    const tsquery = await resolveSearch(trx, search)
    const t1 = performance.now()
    const rows = tsquery
      ? await searchPageQuery(trx, search, { limit: 20, offset: 0, tsquery }).execute()
      : []
    return { t1, rows: rows.length }
  })
  const t2 = performance.now()
  timings.push({ search, resolve: result.t1 - t0, page: t2 - result.t1, rows: result.rows })
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0
}
for (const key of ['resolve', 'page'] as const) {
  const xs = timings.map((t) => t[key])
  console.log(
    `${key}: p50 ${pct(xs, 50).toFixed(2)} ms, p90 ${pct(xs, 90).toFixed(2)}, p99 ${pct(xs, 99).toFixed(2)}, max ${pct(xs, 100).toFixed(2)}`,
  )
}
const total = timings.map((t) => t.resolve + t.page)
console.log(
  `total: p50 ${pct(total, 50).toFixed(2)} ms, p99 ${pct(total, 99).toFixed(2)}, mean ${(total.reduce((a, b) => a + b, 0) / total.length).toFixed(2)}`,
)
console.log(`empty: ${timings.filter((t) => t.rows === 0).length} of ${timings.length}`)
const slowest = [...timings].sort((a, b) => b.page - a.page).slice(0, Number(values.explain))
for (const t of slowest) {
  console.log(
    `\n=== ${JSON.stringify(t.search)}: resolve ${t.resolve.toFixed(1)} ms, page ${t.page.toFixed(1)} ms, ${t.rows} rows`,
  )
  await db.transaction().execute(async (trx) => {
    const tsquery = await resolveSearch(trx, t.search)
    if (!tsquery) return
    console.log(`tsquery: ${tsquery}`)
    const compiled = searchPageQuery(trx, t.search, { limit: 20, offset: 0, tsquery }).compile()
    const { rows } = await trx.executeQuery({
      ...compiled,
      sql: `EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`,
    } as typeof compiled)
    for (const row of rows as unknown as { 'QUERY PLAN': string }[]) console.log(row['QUERY PLAN'])
  })
}
await close()
