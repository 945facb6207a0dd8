/*
 * The benchmarks' console tables: rows of cells, each column as wide as its widest cell, two spaces
 * apart (the API benchmark's tables and scale comparison, the fan-out benchmark's table).
 */

/** Prints `rows` (the first is usually the header) as aligned columns. */
export function printColumns(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? []
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
}
