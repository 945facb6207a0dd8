// Lighthouse (mobile preset, simulated throttling) on pages of two or more servers side by side, rounds
// interleaved so each pair sees the same machine load: the four category scores and FCP, LCP, TBT, CLS,
// as medians, in a Markdown table for bench/README.md. Lighthouse is not a dependency of the project
// (it wants a newer Node in its latest major): install 12.x anywhere, e.g. `npm i --prefix /tmp/lh
// lighthouse@12`, and pass its binary.
//
// Usage: npx tsx bench/web/lighthouse.ts --lighthouse /tmp/lh/node_modules/.bin/lighthouse [--rounds 2]
//          [--paths /,/browse,/post/<slug>] NAME=URL NAME=URL ...
// Chromium: CHROME_PATH, else /usr/bin/chromium, with the journeys' flags (e2e/chromium.ts).
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { CHROMIUM_LAUNCH } from '../../e2e/chromium.ts'
import { parseNamedServers } from '../lib/named-servers.ts'

const run = promisify(execFile)

const { values, positionals } = parseArgs({
  options: {
    lighthouse: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    paths: {
      type: 'string',
      default: '/,/browse,/post/binary-search-history-for-the-commit-that-broke-the-tests',
    },
  },
  allowPositionals: true,
})
if (!values.lighthouse) throw new Error('pass --lighthouse <path to the lighthouse binary>')
const servers = parseNamedServers(positionals)

interface Report {
  categories: Record<string, { score: number | null }>
  audits: Record<string, { numericValue?: number }>
}

interface Scores {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
}

async function lighthouse(url: string, out: string): Promise<Scores> {
  const flags = ['--headless=new', ...CHROMIUM_LAUNCH.args].join(' ')
  await run(
    values.lighthouse as string,
    [
      url,
      '--quiet',
      '--form-factor=mobile',
      `--chrome-flags=${flags}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      `--output-path=${out}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_LAUNCH.executablePath }, maxBuffer: 64 * 1024 * 1024 },
  )
  const report = JSON.parse(await readFile(out, 'utf8')) as Report
  const score = (id: string) => Math.round((report.categories[id]?.score ?? Number.NaN) * 100)
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  }
}

const median = (numbers: number[]) => {
  const sorted = numbers.filter((n) => !Number.isNaN(n)).sort((a, b) => a - b)
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN)
}

const dir = await mkdtemp(join(tmpdir(), 'bashboard-lighthouse-'))
const results = new Map<string, Scores[]>()
try {
  for (let round = 1; round <= Number(values.rounds); round += 1) {
    for (const path of values.paths.split(',')) {
      for (const server of servers) {
        const key = `${server.name} ${path}`
        try {
          const scores = await lighthouse(server.url + path, join(dir, `${server.name}-${round}.json`))
          results.set(key, [...(results.get(key) ?? []), scores])
          console.error(`round ${round} ${key}: ${JSON.stringify(scores)}`)
        } catch (error) {
          // A run Lighthouse itself could not finish is reported and left out, not retried.
          console.error(`round ${round} ${key}: failed (${(error as Error).message.split('\n')[0]})`)
        }
      }
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}

console.log('| server, page | perf / a11y / BP / SEO | FCP | LCP | TBT | CLS | runs |')
console.log('|---|---|---|---|---|---|---|')
for (const [key, runs] of results) {
  const of = (field: keyof Scores) => median(runs.map((scores) => scores[field]))
  const seconds = (field: keyof Scores) => `${(of(field) / 1000).toFixed(1)} s`
  console.log(
    `| ${key} | ${of('performance')} / ${of('accessibility')} / ${of('bestPractices')} / ${of('seo')} | ${seconds('fcp')} | ${seconds('lcp')} | ${Math.round(of('tbt'))} ms | ${of('cls').toFixed(3)} | ${runs.map((scores) => scores.performance).join(', ')} |`,
  )
}
