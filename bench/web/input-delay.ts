// How long a key press waits on /browse with 1,000 cards on screen, for two or more servers side by side,
// rounds interleaved so each pair sees the same machine load. Each round opens /browse in a real Chromium
// with the browse API answering 1,000 cards (page.route: the server's own answer with its first card copied
// 1,000 times, new ids for each search term, so every result is a whole new list), waits for all of them,
// then types into the search box on a fixed clock: the query, Enter, then more keys while the submitted
// results render. Keys go out without waiting for the page to take the one before, as a person types, so a
// blocked page shows as delay instead of slowing the typing down.
//
// Per key press, from the Event Timing API (its keydown's PerformanceEventTiming): the input delay
// (processingStart − startTime) and the duration (to the next paint). The API reports events from 16 ms;
// a key without an entry took less, and its delay is read by a capture listener on window, the first code
// to see the event. Long tasks (Long Tasks API) are counted in the phase they start in.
//
// Usage: npx tsx bench/web/input-delay.ts [--rounds 3] [--cards 1000] [--query 'tar -xzf']
//          [--more ' backup'] [--key-delay 200] [--cpu-throttle 4] NAME=URL NAME=URL ...
//   e.g. npx tsx bench/web/input-delay.ts before=http://127.0.0.1:3991 after=http://127.0.0.1:3992
// The page is the plain one a member gets (the member hint cookie): the server's render would bring its
// own first page of cards. The live socket is stubbed (page.routeWebSocket), so the server is not asked
// for 1,000 post topics. Chromium: CHROME_PATH, else /usr/bin/chromium (e2e/chromium.ts).
import { parseArgs } from 'node:util'
import { type CDPSession, chromium, type Page } from 'playwright-core'
import { CHROMIUM_LAUNCH } from '../../e2e/chromium.ts'
import type { PostCard } from '../../server/src/contract/posts.ts'
import { MEMBER_HINT_COOKIE } from '../../server/src/contract/values.ts'
import type { BrowseResponse } from '../../server/src/contract/website.ts'
import { parseNamedServers } from '../lib/named-servers.ts'

const PHASES = ['typing', 'while results render'] as const
type Phase = (typeof PHASES)[number]

/** One key press as the page saw it, ms. */
interface KeyPress {
  phase: Phase
  /** The event's timestamp (Event Timing's startTime). */
  at: number
  /** processingStart − startTime (Event Timing, or the capture listener under 16 ms). */
  delay: number
  /** Event Timing's duration; 0 for a key without an entry (under 16 ms). */
  duration: number
}

interface Typing {
  keys: KeyPress[]
  /** Long tasks from the first key until the page settled: start and duration. */
  tasks: Array<[number, number]>
}

/** What the init script collects in the page. */
interface Collected {
  /** keydown entries of Event Timing: startTime, processingStart, duration. */
  events: Array<[number, number, number]>
  /** Every keydown at the window's capture listener: timeStamp, now(). */
  keys: Array<[number, number]>
  tasks: Array<[number, number]>
}

const { values, positionals } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    cards: { type: 'string', default: '1000' },
    query: { type: 'string', default: 'tar -xzf' },
    more: { type: 'string', default: ' backup' },
    'key-delay': { type: 'string', default: '200' },
    'cpu-throttle': { type: 'string', default: '1' },
  },
  allowPositionals: true,
})
const servers = parseNamedServers(positionals)
const rounds = Number(values.rounds)
const cardCount = Number(values.cards)
const keyDelay = Number(values['key-delay'])
const throttle = Number(values['cpu-throttle'])
const script: Array<{ key: string; phase: Phase }> = [
  ...[...values.query].map((key) => ({ key, phase: PHASES[0] })),
  { key: 'Enter', phase: PHASES[1] },
  ...[...values.more].map((key) => ({ key, phase: PHASES[1] })),
]

const browser = await chromium.launch(CHROMIUM_LAUNCH)

/** The server's own browse answer, to copy a card and the categories from. */
async function realBrowse(url: string): Promise<BrowseResponse> {
  const response = await fetch(`${url}/api/website/browse?page=1`)
  if (!response.ok) throw new Error(`${url}/api/website/browse answered ${response.status}`)
  const body = (await response.json()) as BrowseResponse
  if (body.posts.length === 0) throw new Error(`${url} has no posts to copy`)
  return body
}

/** `count` copies of `card`, with ids of their own for each search term (a whole new list per term). */
function manyCards(card: PostCard, count: number, term: string): PostCard[] {
  const seed = [...term].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 0xfffff, 7)
  return Array.from({ length: count }, (_, index) => {
    const tail = (seed * 0x10000 + index).toString(16).padStart(12, '0')
    return { ...card, _id: `00000000-0000-4000-8000-${tail}`, title: `${card.title} ${term} #${index + 1}` }
  })
}

async function answerBrowse(page: Page, real: BrowseResponse): Promise<void> {
  const card = real.posts[0] as PostCard
  await page.route('**/api/website/browse?*', async (route) => {
    const search = new URL(route.request().url()).searchParams.get('search')
    const body: BrowseResponse = {
      ...real,
      posts: manyCards(card, cardCount, search ?? ''),
      pagination: { page: 1, pageSize: cardCount, totalPosts: cardCount, totalPages: 1 },
      myReactedPosts: null,
      search,
    }
    await route.fulfill({ json: body })
  })
}

/** One key press (down with its text, up), sent without waiting for the page to take it. */
function pressKey(cdp: CDPSession, key: string): Promise<unknown> {
  const text = key === 'Enter' ? '\r' : key
  const windowsVirtualKeyCode = key === 'Enter' ? 13 : key.toUpperCase().charCodeAt(0)
  return Promise.all([
    cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key,
      text,
      unmodifiedText: text,
      windowsVirtualKeyCode,
    }),
    cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, windowsVirtualKeyCode }),
  ])
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** Until the list shows `count` cards and is not busy, then a second more for what follows. */
async function listSettled(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const list = document.querySelector('ul[aria-label="Commands"]')
      return (
        !!list &&
        !list.hasAttribute('aria-busy') &&
        list.querySelectorAll('[role="article"]').length >= expected
      )
    },
    count,
    { timeout: 300_000, polling: 250 },
  )
  await sleep(1000)
}

async function typeOnBrowse(url: string, real: BrowseResponse): Promise<Typing> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { hostname } = new URL(url)
    await context.addCookies([{ name: MEMBER_HINT_COOKIE, value: '1', domain: hostname, path: '/' }])
    const page = await context.newPage()
    await page.routeWebSocket('**/ws', () => {})
    await answerBrowse(page, real)
    await page.addInitScript(() => {
      const seen: Collected = { events: [], keys: [], tasks: [] }
      Object.assign(window, { __typing: seen })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          if (entry.name === 'keydown')
            seen.events.push([entry.startTime, entry.processingStart, entry.duration])
        }
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.tasks.push([entry.startTime, entry.duration])
      }).observe({ type: 'longtask', buffered: true })
      // Window's capture listener runs before any of the app's: its now() is the event's processingStart.
      addEventListener('keydown', (event) => seen.keys.push([event.timeStamp, performance.now()]), {
        capture: true,
      })
    })
    const cdp = await context.newCDPSession(page)
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
    await page.goto(`${url}/browse`)
    await listSettled(page, cardCount)
    await page.getByRole('searchbox', { name: 'Search commands' }).focus()
    await sleep(500)
    const from = await page.evaluate(() => performance.now())

    const started = Date.now()
    const sent: Array<Promise<unknown>> = []
    for (const [index, { key }] of script.entries()) {
      await sleep(started + index * keyDelay - Date.now())
      sent.push(pressKey(cdp, key))
    }
    await Promise.all(sent)
    await listSettled(page, cardCount)

    const seen = await page.evaluate(() => (window as unknown as { __typing: Collected }).__typing)
    const pressed = seen.keys.filter(([timeStamp]) => timeStamp >= from)
    if (pressed.length !== script.length)
      throw new Error(`sent ${script.length} keys, the page saw ${pressed.length}`)
    const keys = pressed.map(([timeStamp, listened], index): KeyPress => {
      const phase = script[index]?.phase ?? PHASES[0]
      const entry = seen.events.find(([startTime]) => Math.abs(startTime - timeStamp) < 0.5)
      return entry
        ? { phase, at: timeStamp, delay: entry[1] - entry[0], duration: entry[2] }
        : { phase, at: timeStamp, delay: listened - timeStamp, duration: 0 }
    })
    return { keys, tasks: seen.tasks.filter(([start]) => start >= from) }
  } finally {
    await context.close()
  }
}

/** The phase a task started in: the last phase whose first key came before it. */
function phaseAt(keys: KeyPress[], start: number): Phase {
  const second = keys.find((key) => key.phase === PHASES[1])
  return second && start >= second.at ? PHASES[1] : PHASES[0]
}

const percentile = (numbers: number[], share: number) => {
  const sorted = [...numbers].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN
}
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : '–')
const spread = (numbers: number[]) =>
  `${ms(percentile(numbers, 0.5))} / ${ms(percentile(numbers, 0.95))} / ${ms(Math.max(...numbers))}`

const reals = new Map<string, BrowseResponse>()
for (const server of servers) reals.set(server.name, await realBrowse(server.url))

const results = new Map<string, Typing[]>()
for (let round = 1; round <= rounds; round += 1) {
  for (const server of servers) {
    const typing = await typeOnBrowse(server.url, reals.get(server.name) as BrowseResponse)
    results.set(server.name, [...(results.get(server.name) ?? []), typing])
    console.error(
      `round ${round} ${server.name}: worst input delay ${ms(Math.max(...typing.keys.map((key) => key.delay)))} ms, longest task ${ms(Math.max(0, ...typing.tasks.map(([, duration]) => duration)))} ms`,
    )
  }
}
await browser.close()

console.log(
  `${cardCount} cards; keys every ${keyDelay} ms: '${values.query}', Enter, '${values.more}'; CPU ×${throttle}; ${rounds} rounds`,
)
console.log(
  '| server, phase | key presses | input delay, ms: median / p95 / max | duration, ms (0: under 16): median / p95 / max | long tasks | longest task, ms |',
)
console.log('|---|---|---|---|---|---|')
for (const [name, typings] of results) {
  for (const phase of PHASES) {
    const keys = typings.flatMap((typing) => typing.keys.filter((key) => key.phase === phase))
    const tasks = typings.flatMap((typing) =>
      typing.tasks.filter(([start]) => phaseAt(typing.keys, start) === phase).map(([, duration]) => duration),
    )
    console.log(
      `| ${name}, ${phase} | ${keys.length} | ${spread(keys.map((key) => key.delay))} | ${spread(keys.map((key) => key.duration))} | ${tasks.length} | ${ms(Math.max(0, ...tasks))} |`,
    )
  }
}
