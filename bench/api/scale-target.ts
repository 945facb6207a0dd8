/*
 * The scale target, row by row: every read's p99 on the larger dataset under `limit` times its
 * p99 on the smaller one. Rows are matched by name (a live row's name says so, run.ts's "…, live").
 * Rows of one side only are listed as such; the votes and the ceilings are not the site's reads and are
 * listed for the record without a verdict. Used by run.ts --paired-with and by compare.ts.
 */

/** What the comparison reads of a run.ts result row. */
export interface ScaleRow {
  name: string
  kind: string
  latency: { p99: number }
}

/** The table (a header, then one line per row) and how many reads missed. */
export interface ScaleComparison {
  lines: string[][]
  misses: number
}

/** The site's reads: every row but the votes and the two ceilings (run.ts's kinds). */
const isRead = (row: ScaleRow): boolean => !['vote', 'ceiling-vote', 'ceiling-read'].includes(row.kind)

export function compareScale(
  small: readonly ScaleRow[],
  big: readonly ScaleRow[],
  limit: number,
): ScaleComparison {
  const bigRows = new Map(big.map((row) => [row.name, row]))
  const lines: string[][] = [['row', 'p99 small', 'p99 big', 'big ÷ small', 'verdict']]
  let misses = 0
  for (const row of small) {
    const other = bigRows.get(row.name)
    bigRows.delete(row.name)
    if (!other) {
      lines.push([row.name, `${row.latency.p99} ms`, '–', '–', 'only in the smaller'])
      continue
    }
    const ratio = other.latency.p99 / Math.max(row.latency.p99, 1)
    const verdict = !isRead(row) ? 'not a read, for the record' : ratio < limit ? 'pass' : 'MISS'
    if (verdict === 'MISS') misses += 1
    lines.push([row.name, `${row.latency.p99} ms`, `${other.latency.p99} ms`, ratio.toFixed(2), verdict])
  }
  for (const row of bigRows.values())
    lines.push([row.name, '–', `${row.latency.p99} ms`, '–', 'only in the larger'])
  return { lines, misses }
}

/** The comparison's closing line. */
export function describeScaleVerdict(comparison: ScaleComparison, limit: number): string {
  const { misses } = comparison
  return `${misses === 0 ? 'PASS' : 'FAIL'}  every read's p99 on the larger dataset < ${limit}× its p99 on the smaller: ${misses} miss(es)`
}
