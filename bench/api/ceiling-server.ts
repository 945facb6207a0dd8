import Fastify from 'fastify'
import pg from 'pg'
import { describeStall, watchStalls } from '../lib/stalls.ts'
import { report, reportFailure, stopOnCommand } from './protocol.ts'

/*
 * The ceilings of the API benchmark: a bare Fastify app (no plugins, hooks, schemas or auth) on a pg
 * pool shaped like the app's (10 connections, same timeouts), with one route per kind of work:
 *
 *   GET  /ceiling/read        ONE indexed SELECT of 20 rows of posts (newest first), sent as JSON
 *   POST /ceiling/vote/:id    BEGIN; UPDATE one posts row; INSERT one row; COMMIT
 *
 * No real endpoint can do less per request on this machine and database, so the real server's
 * req/s are judged as a fraction of these.
 */

// The app's pool (db/src/connect.ts): 10 connections, 5 s statement timeout.
const STATEMENT_TIMEOUT_MS = 5000
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  connectionTimeoutMillis: 3000,
  idleTimeoutMillis: 30_000,
  statement_timeout: STATEMENT_TIMEOUT_MS,
  query_timeout: STATEMENT_TIMEOUT_MS + 500,
})
pool.on('error', () => {})

const app = Fastify({ logger: false })
// Its own stalls, beside the app's in the servers' log (bench/lib/stalls.ts), under the name run.ts
// gave it (a paired run has two ceilings).
watchStalls((stall) => console.error(describeStall(process.env.BENCH_SERVER ?? 'ceiling', stall)))

app.get('/ceiling/read', async () => {
  const { rows } = await pool.query(
    `SELECT id, slug, title, command, description_text, tags, uplike_count, downlike_count, view_count,
            comments_count, created_at, author_id, category_id
     FROM posts ORDER BY created_at DESC LIMIT 20`,
  )
  return { posts: rows }
})

// A view row with a unique key, and the post's view count: the smallest honest "change a counter and
// record why" transaction, touching neither votes nor the ledger the real server reads.
let sequence = 0
app.post<{ Params: { id: string } }>('/ceiling/vote/:id', async (request) => {
  sequence += 1
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const { rows } = await client.query<{ view_count: number }>(
      'UPDATE posts SET view_count = view_count + 1 WHERE id = $1 RETURNING view_count',
      [request.params.id],
    )
    await client.query(
      `INSERT INTO post_views (post_id, viewer_key, bucket) VALUES ($1, $2, date_trunc('hour', now()))`,
      [request.params.id, `ceiling-${process.pid}-${sequence}`],
    )
    await client.query('COMMIT')
    return { postId: request.params.id, viewCount: rows[0]?.view_count ?? 0 }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
})

try {
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' })
  stopOnCommand(async () => {
    await app.close()
    await pool.end()
  })
  const address = app.server.address()
  report({
    type: 'listening',
    port: typeof address === 'object' && address ? address.port : 0,
    pid: process.pid,
    voters: [],
    authors: [],
  })
} catch (error) {
  await pool.end().catch(() => {})
  reportFailure(error)
}
