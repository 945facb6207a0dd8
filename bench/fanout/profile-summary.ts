import { readFileSync } from 'node:fs'

/*
 * Prints where a server spent its CPU during a benchmark run: self time by function and by package,
 * from a V8 .cpuprofile written by `npm run bench:fanout -- --profile` (bench/results/profiles/).
 * Usage: tsx bench/fanout/profile-summary.ts <file.cpuprofile> [top]
 */

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}

interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
}

const [file, topArgument] = process.argv.slice(2)
if (!file) {
  console.error('usage: tsx bench/fanout/profile-summary.ts <file.cpuprofile> [top]')
  process.exit(2)
}
const top = Number(topArgument ?? 25)
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
const sampleMs = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length)

/** node_modules/<package>, node:internal, the app's own folder, or V8's pseudo-frames. */
function packageOf(url: string): string {
  if (!url) return '(v8)'
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (inModules?.[1]) return inModules[1]
  if (url.startsWith('node:')) return 'node core'
  const own = url.match(/\/(server|db|bench)\/(src\/)?([^/]+)/)
  return own ? `${own[1]}/${own[3]}` : url
}

const byFunction = new Map<string, number>()
const byPackage = new Map<string, number>()
let totalMs = 0
let idleMs = 0
for (const node of profile.nodes) {
  const ms = (node.hitCount ?? 0) * sampleMs
  if (ms === 0) continue
  // Waiting for I/O is not work; percentages below are of the busy time.
  if (node.callFrame.functionName === '(idle)') {
    idleMs += ms
    continue
  }
  totalMs += ms
  const { functionName, url, lineNumber } = node.callFrame
  const where = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|db|bench)\//, '$1/')}:${lineNumber + 1}`
    : ''
  const fn = `${functionName || '(anonymous)'} ${where}`.trim()
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms)
  byPackage.set(packageOf(url), (byPackage.get(packageOf(url)) ?? 0) + ms)
}

const print = (title: string, entries: Map<string, number>): void => {
  console.log(`\n${title}`)
  for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / totalMs).toFixed(1).padStart(5)}%  ${name}`)
  }
}

console.log(`${file}: ${totalMs.toFixed(0)} ms busy, ${idleMs.toFixed(0)} ms idle`)
print('self time by package', byPackage)
print('self time by function', byFunction)
