// The main thread of a page's first load in a real Chromium with Lighthouse's ×4 CPU slowdown (no network
// throttling): every long task, the first contentful paint and the time blocked after it, for two or more
// servers side by side, rounds interleaved so each pair sees the same machine load. Lighthouse simulates
// these from one trace and moved by 10–20 points between runs of one build here (bench/README.md); the
// long tasks themselves are what the page costs a phone.
//
// Usage: npx tsx bench/web/long-tasks.ts [--rounds 5] [--paths /,/browse] NAME=URL NAME=URL ...
//   e.g. npx tsx bench/web/long-tasks.ts before=http://127.0.0.1:3999 after=http://127.0.0.1:3995
// Chromium: CHROME_PATH, else /usr/bin/chromium, started as the journeys start it (e2e/chromium.ts).
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { CHROMIUM_LAUNCH } from '../../e2e/chromium.ts'
import { parseNamedServers } from '../lib/named-servers.ts'

interface FirstLoad {
  /** Every long task (over 50 ms) of the load: start and duration, ms. */
  tasks: Array<[number, number]>
  fcp: number
  elements: number
}

const { values, positionals } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, paths: { type: 'string', default: '/,/browse' } },
  allowPositionals: true,
})
const servers = parseNamedServers(positionals)
const rounds = Number(values.rounds)
const paths = values.paths.split(',')

const browser = await chromium.launch(CHROMIUM_LAUNCH)

async function firstLoad(url: string): Promise<FirstLoad> {
  // Lighthouse's mobile viewport; a fresh context each time, so nothing is cached.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(() => {
      const seen: Array<[number, number]> = []
      Object.assign(window, { __longTasks: seen })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.push([entry.startTime, entry.duration])
      }).observe({ type: 'longtask', buffered: true })
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(url, { waitUntil: 'networkidle' })
    // Until the page stops adding elements (a list rendering in slices, late sections), at most 10 s.
    let elements = -1
    for (let waited = 0; waited < 10_000; waited += 1000) {
      await page.waitForTimeout(1000)
      const now = await page.evaluate(() => document.querySelectorAll('*').length)
      if (now === elements) break
      elements = now
    }
    return await page.evaluate(() => ({
      tasks: (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      elements: document.querySelectorAll('*').length,
    }))
  } finally {
    await context.close()
  }
}

const median = (numbers: number[]) => {
  const sorted = numbers.filter((n) => !Number.isNaN(n)).sort((a, b) => a - b)
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor(sorted.length / 2)] ?? Number.NaN)
}
const blocked = (tasks: Array<[number, number]>, from = 0) =>
  tasks.filter(([start]) => start >= from).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
const longest = (tasks: Array<[number, number]>) => Math.max(0, ...tasks.map(([, duration]) => duration))

const results = new Map<string, FirstLoad[]>()
for (let round = 1; round <= rounds; round += 1) {
  for (const path of paths) {
    for (const server of servers) {
      const load = await firstLoad(server.url + path)
      const key = `${server.name} ${path}`
      results.set(key, [...(results.get(key) ?? []), load])
      console.error(
        `round ${round} ${key}: blocked ${Math.round(blocked(load.tasks))} ms, longest ${Math.round(longest(load.tasks))} ms, FCP ${Math.round(load.fcp)} ms`,
      )
    }
  }
}
await browser.close()

console.log('| server, page | blocked (all long tasks) | longest task | FCP | blocked after FCP | elements |')
console.log('|---|---|---|---|---|---|')
for (const [key, loads] of results) {
  const cell = (numbers: number[]) => `${Math.round(median(numbers))} ms`
  console.log(
    `| ${key} | ${cell(loads.map((l) => blocked(l.tasks)))} | ${cell(loads.map((l) => longest(l.tasks)))} | ${cell(loads.map((l) => l.fcp))} | ${cell(loads.map((l) => blocked(l.tasks, l.fcp)))} | ${Math.round(median(loads.map((l) => l.elements)))} |`,
  )
}
