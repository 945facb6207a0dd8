import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'

/*
 * The scale target, read off two result files of run.ts: every read's p99 on the larger
 * dataset under twice its p99 on the smaller one, row by row (the same row name in both: a live row's
 * name says so, run.ts's "…, live").
 * Rows of one run only are listed as such; the votes and the ceilings are not the site's reads and are
 * shown for the record without a verdict.
 *
 *   npx tsx bench/api/compare.ts --small bench/results/api-…100k….json --big bench/results/api-…1M….json [--limit 2]
 *
 * Exits 1 when a read misses, so a script can tell.
 */
const { values } = parseArgs({
  options: {
    small: { type: 'string' },
    big: { type: 'string' },
    limit: { type: 'string', default: '2' },
  },
})
if (!values.small || !values.big) throw new Error('--small and --big (result files of run.ts) are required')
const limit = Number(values.limit)

/** What is read of a run.ts result file. */
interface Row {
  name: string
  kind: string
  latency: { p99: number }
}
interface Run {
  results: Row[]
}

async function readRun(path: string): Promise<Run> {
  return JSON.parse(await readFile(path, 'utf8')) as Run
}

/** The site's reads: every row but the votes and the two ceilings (run.ts's kinds), which the target does not cover. */
const isRead = (row: Row) => !['vote', 'ceiling-vote', 'ceiling-read'].includes(row.kind)

const [small, big] = await Promise.all([readRun(values.small), readRun(values.big)])
const bigRows = new Map(big.results.map((row) => [row.name, row]))
const lines: string[][] = [['row', 'p99 small', 'p99 big', 'big ÷ small', 'verdict']]
let misses = 0
for (const row of small.results) {
  const other = bigRows.get(row.name)
  bigRows.delete(row.name)
  if (!other) {
    lines.push([row.name, `${row.latency.p99} ms`, '–', '–', 'only in --small'])
    continue
  }
  const ratio = other.latency.p99 / Math.max(row.latency.p99, 1)
  const verdict = !isRead(row) ? 'not a read, for the record' : ratio < limit ? 'pass' : 'MISS'
  if (verdict === 'MISS') misses += 1
  lines.push([row.name, `${row.latency.p99} ms`, `${other.latency.p99} ms`, ratio.toFixed(2), verdict])
}
for (const row of bigRows.values()) lines.push([row.name, '–', `${row.latency.p99} ms`, '–', 'only in --big'])

const widths =
  lines[0]?.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length))) ?? []
for (const line of lines) console.log(line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
console.log(
  `\n${misses === 0 ? 'PASS' : 'FAIL'}  every read's p99 on --big < ${limit}× its p99 on --small: ${misses} miss(es)`,
)
process.exitCode = misses === 0 ? 0 : 1
