import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { printColumns } from '../lib/table.ts'
import { compareScale, describeScaleVerdict, type ScaleRow } from './scale-target.ts'

/*
 * The scale target (scale-target.ts) read off two result files of run.ts, measured apart.
 * run.ts --paired-with measures both datasets side by side in one run and prints the same table; runs
 * measured minutes apart carry the machine's drift in between (bench/README.md, session 34).
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

async function readRows(path: string): Promise<ScaleRow[]> {
  return (JSON.parse(await readFile(path, 'utf8')) as { results: ScaleRow[] }).results
}

const [small, big] = await Promise.all([readRows(values.small), readRows(values.big)])
const comparison = compareScale(small, big, limit)
printColumns(comparison.lines)
console.log(`\n${describeScaleVerdict(comparison, limit)}`)
process.exitCode = comparison.misses === 0 ? 0 : 1
