import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { connectDatabase } from '@bashboard/db'
import pg from 'pg'
import type { LiveHub, LiveWatcher } from '../../server/src/live/hub.ts'
import { createSearchIndex } from '../../server/src/modules/website/search-index.ts'
import { createQuerySource, readWordBags } from './varied-search.ts'

/*
 * What a new post costs the searches after it (server/src/modules/website/search-index.ts), one
 * client, no concurrency: builds the index on a generated database, runs --queries searches of the
 * varied-search row (plus a few short prefixes, whose unions the index keeps) until they are warm, then
 * --posts times announces a post as created (`post.created` on the index's own watcher: the index reads
 * the post again, as on a live site) and times every search once right after, then once more. The
 * slowest search right after a post is the stall a new post gives the next visitor; the totals show
 * what the first pass pays over the second.
 *
 *   npx tsx bench/api/search-after-posts.ts --url postgres://…/bashboard_bench_api_… [--queries 2000] [--posts 5]
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    queries: { type: 'string', default: '2000' },
    posts: { type: 'string', default: '5' },
  },
})
if (!values.url) throw new Error('--url is required')
const url = values.url
const { db, close } = await connectDatabase({ databaseUrl: url })
const watchers: LiveWatcher[] = []
const live = {
  watch: (watcher: LiveWatcher) => {
    watchers.push(watcher)
    return () => {}
  },
} as unknown as LiveHub
const index = createSearchIndex({ db, live, onError: (error) => console.error(error) })
await index.whenReady()

const source = createQuerySource(await readWordBags(url))
const searches = [
  ...Array.from({ length: Number(values.queries) }, () => source.next()),
  'st big',
  'co s',
  'dev null',
]
const tsqueries: string[] = []
for (const search of searches) {
  const tsquery = await index.tsqueryOf(search)
  if (tsquery) tsqueries.push(tsquery)
}
for (let round = 0; round < 2; round++) for (const tsquery of tsqueries) index.match(tsquery, 20)

/** Every search once: the time of all and of the slowest, in ms. */
function timeAll(): { total: number; slowest: number } {
  const started = performance.now()
  let slowest = 0
  for (const tsquery of tsqueries) {
    const before = performance.now()
    index.match(tsquery, 20)
    slowest = Math.max(slowest, performance.now() - before)
  }
  return { total: performance.now() - started, slowest }
}

const client = new pg.Client({ connectionString: url })
await client.connect()
const { rows } = await client.query<{ id: string }>(
  `SELECT id FROM posts ORDER BY created_at DESC LIMIT ${Number(values.posts)}`,
)
await client.end()
const steady = timeAll()
console.log(
  `${tsqueries.length} searches, warm: ${steady.total.toFixed(0)} ms in all, slowest ${steady.slowest.toFixed(1)} ms`,
)
for (const [i, row] of rows.entries()) {
  for (const watcher of watchers) {
    watcher.event({ topic: 'posts', event: 'post.created', id: null, data: () => ({ _id: row.id }) })
  }
  // A search waits for the posts being read again: this one returns once the post is in the index.
  await index.tsqueryOf('x')
  const first = timeAll()
  const second = timeAll()
  console.log(
    `after post ${i + 1}: first pass ${first.total.toFixed(0)} ms (slowest ${first.slowest.toFixed(1)} ms), ` +
      `second pass ${second.total.toFixed(0)} ms (slowest ${second.slowest.toFixed(1)} ms)`,
  )
}
await index.close()
await close()
