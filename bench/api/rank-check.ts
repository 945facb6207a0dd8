import { parseArgs } from 'node:util'
import { connectDatabase } from '@bashboard/db'
import { compareRanks } from '../../server/test/rank-comparison.ts'
import { createQuerySource, readWordBags } from './varied-search.ts'

/*
 * Checks the in-memory rank (server/src/modules/website/search-rank.ts) against PostgreSQL's on a
 * generated database: for --queries searches of the varied-search row (a third with a typo), every
 * post the search matches (up to --posts each) is ranked both ways, and each part (ts_rank, the two
 * word similarities, their sum) must be the same float4. Prints how many were compared, how many
 * the JavaScript left to PostgreSQL (null), and the first differences.
 *
 *   npx tsx bench/api/rank-check.ts --url postgres://…/bashboard_bench_api_… [--queries 2000] [--posts 200]
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    queries: { type: 'string', default: '2000' },
    posts: { type: 'string', default: '200' },
  },
})
if (!values.url) throw new Error('--url is required')
const source = createQuerySource(await readWordBags(values.url))
const { db, close } = await connectDatabase({ databaseUrl: values.url })

let compared = 0
let undecided = 0
let different = 0
const examples: string[] = []
const started = Date.now()
for (let i = 0; i < Number(values.queries); i++) {
  const search = source.next()
  const { tsquery, posts } = await compareRanks(db, search, Number(values.posts))
  for (const post of posts) {
    compared += 1
    if (post.parts.some((part) => part.memory === null)) {
      undecided += 1
      continue
    }
    const differing = post.parts.filter((part) => part.memory !== part.database)
    if (differing.length === 0) continue
    different += 1
    if (examples.length < 20)
      examples.push(`${JSON.stringify(search)} ${tsquery}: ${JSON.stringify(differing)}`)
  }
}
console.log(
  `${values.queries} searches, ${compared} post ranks compared in ${((Date.now() - started) / 1000).toFixed(0)} s: ` +
    `${undecided} left to PostgreSQL, ${different} different`,
)
for (const example of examples) console.log(example)
await close()
