import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { connectDatabase } from '@bashboard/db'
import { buildApp } from '../../server/src/app.ts'
import { loadConfig } from '../../server/src/config.ts'
import { SESSION_COOKIE } from '../../server/src/contract/values.ts'
// The auth plugin module also declares `app.issueToken` on FastifyInstance; app.ts's declarations alone don't carry it.
import { TOKEN_TTL_SECONDS } from '../../server/src/infra/auth.ts'
import { startWebSession } from '../../server/src/modules/sessions/service.ts'
import { describeStall, watchStalls } from '../lib/stalls.ts'
import { report, reportFailure, stopOnCommand, type Voter } from './protocol.ts'

/*
 * The real server of the API benchmark: buildApp on the generated PostgreSQL database, configured
 * by run.ts through the environment (DATABASE_URL, JWT_SECRET, PORT, LOG_LEVEL, ...), with the
 * production logger at LOG_LEVEL and the in-process bus (one instance, no Redis).
 *
 * It also mints BENCH_VOTERS tokens with `app.issueToken` and a web session each (`startWebSession`), the
 * path a login takes after the password check, for members who author nothing (so no vote hits the own-post rule). Logging in that many
 * users would only measure argon2 and the login rate limit.
 */

const dataDir = await mkdtemp(join(tmpdir(), 'bashboard-bench-api-'))
try {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false' })
  if (!config.databaseUrl) throw new Error('app-server needs DATABASE_URL (the generated database)')
  const handle = await connectDatabase({ databaseUrl: config.databaseUrl })
  const app = await buildApp({ config, db: handle.db, dbHandle: handle })
  await app.listen({ port: config.port, host: config.host })
  // A search is answered from the in-memory index once it is built; until then from PostgreSQL alone.
  // The benchmark measures the site as it runs, after that start-up.
  const indexStarted = performance.now()
  await app.searchIndex?.whenReady()
  if (app.searchIndex) {
    console.error(`search index ready ${(performance.now() - indexStarted).toFixed(0)} ms after listening`)
  }

  // The server's own stalls, beside its other logs (bench/lib/stalls.ts).
  const name = process.env.BENCH_SERVER ?? 'app'
  watchStalls((stall) => console.error(describeStall(name, stall)))

  const members = await handle.db
    .selectFrom('users')
    .select(['id', 'role', 'token_version'])
    .where('role', '=', 'member')
    .where('post_count', '=', 0)
    .orderBy('created_at', 'desc')
    .limit(Number(process.env.BENCH_VOTERS ?? 500))
    .execute()
  const withTokens = (users: typeof members): Voter[] =>
    users.map((user) => ({ userId: user.id, token: app.issueToken(user).token }))
  // The voters' browsers too: a web session each, started as `app.signIn` starts one.
  const client = { userAgent: 'bench', ip: '127.0.0.1' }
  const voters = await Promise.all(
    withTokens(members).map(async (voter, i) => {
      const member = members[i] ?? { id: voter.userId, token_version: 0 }
      const session = await startWebSession(handle.db, member, 'password', client, TOKEN_TTL_SECONDS)
      return { ...voter, cookie: `${SESSION_COOKIE}=${session.secret}` }
    }),
  )
  // Only contributors post (the live rows' new posts).
  const contributors = await handle.db
    .selectFrom('users')
    .select(['id', 'role', 'token_version'])
    .where('role', '=', 'contributor')
    .orderBy('created_at')
    .limit(voters.length > 0 ? 50 : 0)
    .execute()
  const authors = withTokens(contributors)

  // BENCH_CPU_PROFILE=<file>: a V8 CPU profile from listening to stop (summarise it with
  // bench/fanout/profile-summary.ts).
  const profileFile = process.env.BENCH_CPU_PROFILE
  const session = profileFile ? new Session() : undefined
  if (session) {
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
  }
  stopOnCommand(async () => {
    if (session && profileFile) {
      const { profile } = await session.post('Profiler.stop')
      await writeFile(profileFile, JSON.stringify(profile))
    }
    await app.close()
    await handle.close()
    await rm(dataDir, { recursive: true, force: true })
  })
  const address = app.server.address()
  report({
    type: 'listening',
    port: typeof address === 'object' && address ? address.port : 0,
    pid: process.pid,
    voters,
    authors,
  })
} catch (error) {
  await rm(dataDir, { recursive: true, force: true })
  reportFailure(error)
}
