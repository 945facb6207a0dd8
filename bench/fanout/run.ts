import { type ChildProcess, execFileSync, fork, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join, relative, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import {
  createThrowawayDatabase,
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  deleteRedisKeys,
  findFreePort,
  probePostgres,
  probeRedis,
  type ThrowawayDatabase,
} from '../../server/test/spawn-server.ts'
import { printColumns } from '../lib/table.ts'
import type {
  ClientCommand,
  ClientReport,
  ClientResult,
  ServerCommand,
  ServerReport,
  Summary,
} from './protocol.ts'

/*
 * Orchestrates the fan-out benchmark (`npm run bench:fanout`): for each run it starts the server
 * process(es), a separate clients process, measures the servers' RSS before and after the sockets
 * connect, publishes `rate` events a second for `seconds` seconds on the `stats` topic, collects the
 * delivery latencies and prints a table; the figures are also written to bench/results/ as JSON.
 *
 *   ceiling  bare `ws` server broadcasting one pre-serialised frame (the best this machine can do)
 *   memory   the real app (buildApp + live plugin), one instance, in-process bus
 *   redis    the real app, one instance, Redis bus (isolates the cost of the Redis hop)
 *   redis-2  the real app, two instances on one Redis, clients split evenly, publisher on the first
 */

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url))
const REPO_ROOT = resolve(BENCH_DIR, '..', '..')
const RUN_NAMES = ['ceiling', 'memory', 'redis', 'redis-2'] as const
type RunName = (typeof RUN_NAMES)[number]

const { values: options } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
    runs: { type: 'string', default: RUN_NAMES.join(',') },
    concurrency: { type: 'string', default: '100' },
    repeat: { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
    pin: { type: 'string', default: 'instances' },
    out: { type: 'string', default: 'bench/results' },
  },
})
const clientCount = Number(options.clients)
const rate = Number(options.rate)
const seconds = Number(options.seconds)
const concurrency = Number(options.concurrency)
const repeat = Math.max(1, Number(options.repeat))
const eventCount = Math.round(rate * seconds)
const runNames = options.runs.split(',').map((name) => name.trim())
for (const name of runNames) {
  if (!(RUN_NAMES as readonly string[]).includes(name))
    throw new Error(`unknown run "${name}"; use ${RUN_NAMES}`)
}
if (options.pin !== 'instances' && options.pin !== 'none')
  throw new Error(`--pin is instances or none, not "${options.pin}"`)
const outDir = resolve(REPO_ROOT, options.out)
const ORIGIN = 'http://bench.invalid'

ensureFileLimit(clientCount + 2048)

/**
 * Every socket is a file descriptor in the clients process and another in a server process. Node
 * cannot raise its own limit, so when it is too low this script runs itself again under
 * `bash -c 'ulimit -n N && exec …'`; the children inherit the raised limit.
 */
function ensureFileLimit(needed: number): void {
  const current = execFileSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()
  if (current === 'unlimited' || Number(current) >= needed) return
  if (process.env.BENCH_FD_LIMIT_RAISED) {
    throw new Error(
      `ulimit -n is ${current} but ${needed} is needed: raise it (ulimit -n ${needed}) and rerun`,
    )
  }
  console.log(`ulimit -n is ${current}; rerunning under ulimit -n ${needed}`)
  const rerun = spawnSync(
    'bash',
    [
      '-c',
      `ulimit -n ${needed} && exec "$@"`,
      'bash',
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, BENCH_FD_LIMIT_RAISED: '1' } },
  )
  if (rerun.status !== 0 && rerun.status !== null) {
    console.error(
      `could not raise ulimit -n to ${needed} (hard limit ${hardLimit()}); raise it as root and rerun`,
    )
  }
  process.exit(rerun.status ?? 1)
}

function hardLimit(): string {
  return execFileSync('bash', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim()
}

type Failed = { type: 'failed'; message: string }

/** A forked benchmark process spoken to over IPC; `next` waits for a report of one type. */
class Child<Command, Report extends { type: string }> {
  private readonly inbox: Report[] = []
  private wake: (() => void) | undefined
  private exitedWith: string | undefined
  private readonly exited: Promise<void>

  constructor(
    readonly name: string,
    readonly process: ChildProcess,
  ) {
    process.on('message', (message: Report) => {
      this.inbox.push(message)
      this.wake?.()
    })
    this.exited = new Promise((done) =>
      process.once('exit', (code, signal) => {
        this.exitedWith = `exited with ${code ?? signal}`
        this.wake?.()
        done()
      }),
    )
  }

  send(command: Command): void {
    this.process.send(command as object)
  }

  async next<Type extends Report['type']>(
    type: Type,
    timeoutMs: number,
  ): Promise<Extract<Report, { type: Type }>> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const index = this.inbox.findIndex((message) => message.type === type || message.type === 'failed')
      if (index >= 0) {
        const [message] = this.inbox.splice(index, 1)
        if (message?.type === 'failed')
          throw new Error(`${this.name} failed: ${(message as unknown as Failed).message}`)
        return message as Extract<Report, { type: Type }>
      }
      if (this.exitedWith) throw new Error(`${this.name} ${this.exitedWith} while waiting for '${type}'`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`${this.name} sent no '${type}' within ${timeoutMs} ms`)
      await new Promise<void>((done) => {
        const timer = setTimeout(done, left)
        this.wake = () => {
          clearTimeout(timer)
          done()
        }
      })
    }
  }

  /** Asks the process to stop; kills it (by its pid) if it has not exited after `graceMs`. */
  async stop(command: Command, graceMs = 10_000): Promise<void> {
    if (this.exitedWith) return
    if (this.process.connected) this.send(command)
    const timer = setTimeout(() => this.process.kill('SIGKILL'), graceMs)
    await this.exited
    clearTimeout(timer)
  }
}

/*
 * With `--pin instances` (the default), a run of several instances gives each its own CPU (taskset),
 * as two instances on one host would be deployed, or two hosts would have. Unpinned on this 2-vCPU
 * VM, both instances are woken by the same Redis message; when the kernel queues them on one CPU,
 * the second waits for the next scheduler tick (4 ms at HZ=250) while an idle CPU sits next to it —
 * a wait the benchmark would report as Redis latency. Single-instance runs are never pinned, and
 * neither are the clients and Redis. Returns whether the pin took.
 */
function pinToCpu(child: ChildProcess, index: number): boolean {
  if (child.pid === undefined) return false
  const cpu = String(index % os.availableParallelism())
  // -a: every thread the process has by now; threads started later inherit the affinity.
  const result = spawnSync('taskset', ['-a', '-p', '-c', cpu, String(child.pid)], { encoding: 'utf8' })
  if (result.status === 0) return true
  console.log(
    `could not pin instance ${index + 1} to CPU ${cpu} (${result.error?.message ?? result.stderr.trim()}); it runs unpinned`,
  )
  return false
}

type ServerChild = Child<ServerCommand, ServerReport>
type ClientsChild = Child<ClientCommand, ClientReport>

const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env

function forkScript(script: string, env: Record<string, string>): ChildProcess {
  return fork(join(BENCH_DIR, script), [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx', '--expose-gc'],
    // Only what the run sets: an inherited DATABASE_URL or REDIS_URL would change what is measured.
    env: { ...inherited, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
}

interface RunResult {
  name: RunName
  round: number
  /** The machine's 1-minute load average when the run started: other work skews the latencies. */
  loadAverage: number
  instances: number
  bus: 'none' | 'memory' | 'redis'
  connect: Extract<ClientReport, { type: 'ready' }>
  memory: { beforeMb: number[]; afterMb: number[]; mbPer1000Sockets: number }
  published: Extract<ServerReport, { type: 'published' }>
  /** Each instance had a CPU of its own (runs of several instances with `--pin instances`; see pinToCpu). */
  pinned: boolean
  /** Per server process, from just before the first publish until the clients had everything. */
  usage: Array<{ cpuMs: number; eventLoopUtilization: number; busHop?: Summary }>
  delivery: ClientResult
}

const mb = (bytes: number): number => bytes / 1024 / 1024

async function runOnce(
  name: RunName,
  round: number,
  database: ThrowawayDatabase | undefined,
  redisUrl: string,
): Promise<RunResult> {
  const instances = name === 'redis-2' ? 2 : 1
  const loadAverage = os.loadavg()[0] ?? 0
  const bus = name === 'ceiling' ? 'none' : name === 'memory' ? 'memory' : 'redis'
  const servers: ServerChild[] = []
  const urls: string[] = []
  const pinned: boolean[] = []
  let clients: ClientsChild | undefined
  // A run's own keys: its events never reach a real site's `stats` topic, and they are deleted after.
  const redisPrefix = `bashboard-bench:${randomBytes(4).toString('hex')}:`
  try {
    const jwtSecret = randomBytes(32).toString('hex')
    for (let index = 0; index < instances; index += 1) {
      const port = await findFreePort()
      const env: Record<string, string> =
        name === 'ceiling'
          ? { BENCH_PORT: String(port) }
          : {
              NODE_ENV: 'production',
              MAIL: 'off',
              PORT: String(port),
              HOST: '127.0.0.1',
              LOG_LEVEL: 'warn',
              JWT_SECRET: jwtSecret,
              PUBLIC_ORIGIN: ORIGIN,
              ...(database ? { DATABASE_URL: database.url } : {}),
              ...(bus === 'redis' ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix } : {}),
            }
      const script = name === 'ceiling' ? 'ceiling-server.ts' : 'bench-server.ts'
      if (options.profile) {
        mkdirSync(join(outDir, 'profiles'), { recursive: true })
        env.BENCH_PROFILE_FILE = join(outDir, 'profiles', `${name}-r${round}-${index + 1}.cpuprofile`)
      }
      const child = forkScript(script, env)
      if (instances > 1 && options.pin === 'instances') pinned.push(pinToCpu(child, index))
      const server: ServerChild = new Child(`${name} server ${index + 1}`, child)
      servers.push(server)
      // One after the other: the first instance runs the migrations, the next finds nothing to do.
      const { port: listening } = await server.next('listening', 120_000)
      urls.push(name === 'ceiling' ? `ws://127.0.0.1:${listening}/` : `ws://127.0.0.1:${listening}/ws`)
    }

    const before = await measure(servers)
    clients = new Child('clients', forkScript('clients.ts', {}))
    clients.send({
      type: 'start',
      urls,
      clients: clientCount,
      topic: 'stats',
      subscribe: name !== 'ceiling',
      origin: ORIGIN,
      concurrency,
      events: eventCount,
    })
    const connect = await clients.next('ready', 180_000)
    // Let the handshakes' garbage and socket buffers settle before reading the idle cost.
    await sleep(1000)
    const after = await measure(servers)

    for (const server of servers) server.send({ type: 'watch' })
    for (const server of servers) await server.next('watching', 10_000)
    const publisher = servers[0] as ServerChild
    publisher.send({ type: 'publish', count: eventCount, intervalMs: 1000 / rate })
    const published = await publisher.next('published', seconds * 1000 + 60_000)
    clients.send({ type: 'collect', waitMs: 5000 })
    const delivery = (await clients.next('result', 60_000)).result
    const usage: Array<Extract<ServerReport, { type: 'usage' }>> = []
    for (const server of servers) {
      server.send({ type: 'unwatch' })
      usage.push(await server.next('usage', 30_000))
    }

    const grown = after.reduce((sum, bytes, index) => sum + bytes - (before[index] ?? 0), 0)
    return {
      name,
      round,
      loadAverage,
      instances,
      bus,
      connect,
      memory: {
        beforeMb: before.map(mb),
        afterMb: after.map(mb),
        mbPer1000Sockets: connect.connected > 0 ? mb(grown) / (connect.connected / 1000) : 0,
      },
      published,
      pinned: pinned.length > 0 && pinned.every(Boolean),
      usage: usage.map(({ type: _type, ...entry }) => entry),
      delivery,
    }
  } finally {
    await clients?.stop({ type: 'stop' })
    await Promise.all(servers.map((server) => server.stop({ type: 'stop' })))
    if (bus === 'redis') await deleteRedisKeys(redisUrl, redisPrefix)
  }
}

async function measure(servers: ServerChild[]): Promise<number[]> {
  const rss: number[] = []
  for (const server of servers) {
    server.send({ type: 'measure' })
    rss.push((await server.next('memory', 30_000)).rssBytes)
  }
  return rss
}

function formatMs(summary: Summary): string {
  return `${summary.p50.toFixed(1)} / ${summary.p99.toFixed(1)} / ${summary.max.toFixed(1)}`
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function printTable(results: RunResult[]): void {
  const rows = [
    [
      'run',
      'load',
      'sockets',
      'connect s',
      'p50 / p99 / max ms',
      'p99 from send',
      'received / expected',
      'lost',
      'resets',
      'RSS MB before→after',
      'MB/1k',
      'events/s',
      'server ELU',
      'server CPU s',
      'clients CPU s',
      'bus hop p99 ms',
    ],
    ...results.map((run) => [
      repeat > 1 ? `${run.name} #${run.round}` : run.name,
      run.loadAverage.toFixed(1),
      `${run.connect.connected}${run.connect.failed ? ` (${run.connect.failed} failed)` : ''}`,
      (run.connect.totalMs / 1000).toFixed(1),
      formatMs(run.delivery.latency),
      run.delivery.latencyFromSend.p99.toFixed(1),
      `${run.delivery.received} / ${run.delivery.expected}`,
      String(run.delivery.lost),
      String(run.delivery.resets),
      run.memory.beforeMb
        .map((before, index) => `${before.toFixed(0)}→${run.memory.afterMb[index]?.toFixed(0)}`)
        .join(', '),
      run.memory.mbPer1000Sockets.toFixed(1),
      // Below the asked rate when the publisher could not keep up (its fan-out took longer than the interval).
      ((run.published.count * 1000) / run.published.durationMs).toFixed(1),
      run.usage.map((entry) => entry.eventLoopUtilization.toFixed(2)).join(', '),
      run.usage.map((entry) => (entry.cpuMs / 1000).toFixed(1)).join(', '),
      (run.delivery.cpuMs / 1000).toFixed(1),
      run.usage.map((entry) => (entry.busHop ? entry.busHop.p99.toFixed(2) : '–')).join(', '),
    ]),
  ]
  printColumns(rows)
  for (const run of results.filter((entry) => entry.instances > 1)) {
    for (const [index, part] of run.delivery.latencyByUrl.entries()) {
      const name = repeat > 1 ? `${run.name} #${run.round}` : run.name
      const fromSend = part.latencyFromSend.p99.toFixed(1)
      console.log(
        `  ${name} instance ${index + 1} (${part.sockets} sockets): ${formatMs(part.latency)} ms, p99 from send ${fromSend}`,
      )
    }
  }
}

interface Verdict {
  target: string
  measured: string
  /** null: a figure shown for context, not a target. */
  pass: boolean | null
}

/** Judges the issue's targets on the median over repeats, so one disturbed run does not decide. */
function judge(results: RunResult[]): Verdict[] {
  const runsOf = (name: RunName): RunResult[] => results.filter((run) => run.name === name)
  const p99Of = (name: RunName): number => median(runsOf(name).map((run) => run.delivery.latency.p99))
  const verdicts: Verdict[] = []
  const hasCeiling = runsOf('ceiling').length > 0
  const of = repeat > 1 ? ` (median of ${repeat})` : ''
  for (const name of RUN_NAMES) {
    const runs = runsOf(name)
    if (runs.length === 0) continue
    if (name !== 'ceiling' && hasCeiling) {
      const ratio = p99Of(name) / p99Of('ceiling')
      const measured = `${p99Of(name).toFixed(1)} ms vs ${p99Of('ceiling').toFixed(1)} ms = ${ratio.toFixed(2)}×${of}`
      // The issue sets the 1.5× target for one instance; for two it sets the Redis extra (below). Two
      // servers fanning out on both vCPUs leave the clients process no CPU until they finish, while the
      // single ceiling fans out on one and the clients read on the other, so the ratio is shown only.
      verdicts.push(
        name === 'redis-2'
          ? {
              target: 'redis-2: p99 vs ceiling p99 (informative: two servers and the clients share 2 vCPUs)',
              measured,
              pass: null,
            }
          : { target: `${name}: p99 ≤ 1.5× ceiling p99`, measured, pass: ratio <= 1.5 },
      )
    }
    if (name !== 'ceiling') {
      const perK = median(runs.map((run) => run.memory.mbPer1000Sockets))
      verdicts.push({
        target: `${name}: ≤ 20 MB RSS per 1,000 idle sockets`,
        measured: `${perK.toFixed(1)} MB${of}`,
        pass: perK <= 20,
      })
    }
    const lost = runs.reduce((sum, run) => sum + run.delivery.lost + run.delivery.duplicates, 0)
    const failed = runs.reduce((sum, run) => sum + run.connect.failed, 0)
    const closed = runs.reduce((sum, run) => sum + run.delivery.closedEarly, 0)
    // Not a loss (the client refetches), but each one sends every subscriber back to the REST API at once.
    const resets = runs.reduce((sum, run) => sum + run.delivery.resets + run.delivery.errorMessages, 0)
    verdicts.push({
      target: `${name}: no resets or error messages`,
      measured: `${resets} (all runs)`,
      pass: resets === 0,
    })
    verdicts.push({
      target: `${name}: nothing lost`,
      measured: `${lost} lost or duplicated, ${failed} failed to connect, ${closed} closed early (all runs)`,
      pass: lost === 0 && failed === 0 && closed === 0,
    })
  }
  // The Redis hop is judged where it happens: from publish to the bus handing the event to the hub.
  // End-to-end differences between separate runs also carry the run-to-run noise of the fan-out itself.
  const hopP99 = (name: RunName, instance: number): number[] =>
    runsOf(name).flatMap((run) => (run.usage[instance]?.busHop ? [run.usage[instance].busHop.p99] : []))
  const memoryHops = hopP99('memory', 0)
  const redisHops = hopP99('redis', 0)
  if (memoryHops.length > 0 && redisHops.length > 0) {
    const extra = median(redisHops) - median(memoryHops)
    verdicts.push({
      target: 'Redis extra p99 < 5 ms (bus hop: publish → event handed to the hub, redis − memory)',
      measured: `${median(redisHops).toFixed(2)} − ${median(memoryHops).toFixed(2)} = ${extra.toFixed(2)} ms${of}`,
      pass: extra < 5,
    })
  }
  const crossHops = hopP99('redis-2', 1)
  if (crossHops.length > 0 && memoryHops.length > 0) {
    const extra = median(crossHops) - median(memoryHops)
    verdicts.push({
      target: 'redis-2: Redis extra p99 < 5 ms (bus hop to the other instance − memory)',
      measured: `${extra.toFixed(2)} ms${of}`,
      pass: extra < 5,
    })
  }
  const ownHops = hopP99('redis-2', 0)
  if (ownHops.length > 0 && memoryHops.length > 0) {
    verdicts.push({
      target: "redis-2: the publisher's own round trip p99 − memory (informative)",
      measured: `${(median(ownHops) - median(memoryHops)).toFixed(2)} ms${of}`,
      pass: null,
    })
  }
  const unpinned = results.filter((run) => run.instances > 1 && !run.pinned).length
  if (unpinned > 0) {
    verdicts.push({
      target: 'redis-2 unpinned (informative: instances sharing a CPU wait for a scheduler tick)',
      measured: `${unpinned} of ${runsOf('redis-2').length} runs`,
      pass: null,
    })
  }
  if (runsOf('memory').length > 0 && runsOf('redis').length > 0) {
    verdicts.push({
      target: 'end-to-end p99, redis − memory (informative: includes run-to-run noise)',
      measured: `${(p99Of('redis') - p99Of('memory')).toFixed(1)} ms${of}`,
      pass: null,
    })
  }
  const pairs = runsOf('redis-2').flatMap((run) => {
    const [first, second] = run.delivery.latencyByUrl
    return first && second ? [second.latency.p99 - first.latency.p99] : []
  })
  if (pairs.length > 0) {
    verdicts.push({
      target: 'redis-2: end-to-end p99, instance 2 − instance 1 (informative)',
      measured: `${median(pairs).toFixed(1)} ms${of}`,
      pass: null,
    })
  }
  return verdicts
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL
  const postgresProblem = await probePostgres(adminUrl)
  const redisProblem = await probeRedis(redisUrl)
  const selected = runNames.filter((name): name is RunName => {
    if (name.startsWith('redis') && redisProblem) {
      console.log(`skipping run ${name}: no Redis at ${redisUrl} (${redisProblem})`)
      return false
    }
    return true
  })
  if (postgresProblem) {
    console.log(`no PostgreSQL at ${adminUrl} (${postgresProblem}); the real server uses an in-memory PGlite`)
  }
  const database = postgresProblem ? undefined : await createThrowawayDatabase(adminUrl, 'bashboard_bench')

  const command = `npm run bench:fanout -- ${process.argv.slice(2).join(' ')}`.trim()
  console.log(
    `fan-out: ${clientCount} sockets, ${rate} events/s for ${seconds} s, ` +
      `runs: ${selected.join(', ')}${repeat > 1 ? `, ${repeat} rounds` : ''}, ` +
      `instances of multi-instance runs ${options.pin === 'instances' ? 'pinned to a CPU each' : 'unpinned'}`,
  )
  const results: RunResult[] = []
  try {
    // Rounds interleave the kinds, so a burst of load from elsewhere hits one run of each at most.
    for (let round = 1; round <= repeat; round += 1) {
      for (const name of selected) {
        console.log(`— ${name}${repeat > 1 ? ` #${round}` : ''}`)
        results.push(await runOnce(name, round, database, redisUrl))
        // Sockets in TIME_WAIT and the last run's garbage should not weigh on the next.
        await sleep(2000)
      }
    }
  } finally {
    await database?.drop()
  }

  console.log('')
  printTable(results)
  const verdicts = judge(results)
  console.log('')
  for (const verdict of verdicts) {
    const label = verdict.pass === null ? 'INFO' : verdict.pass ? 'PASS' : 'MISS'
    console.log(`${label}  ${verdict.target}: ${verdict.measured}`)
  }

  mkdirSync(outDir, { recursive: true })
  const file = join(outDir, `fanout-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  const machine = {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
  }
  const settings = {
    clients: clientCount,
    rate,
    seconds,
    events: eventCount,
    repeat,
    concurrency,
    database: database ? 'postgres' : 'pglite',
    pin: options.pin,
  }
  const document = { date: new Date().toISOString(), command, machine, settings, results, verdicts }
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
  console.log(`\nwrote ${relative(REPO_ROOT, file)}`)
}

await main()
