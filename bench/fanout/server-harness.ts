import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { report, type ServerCommand, type Summary, summarize } from './protocol.ts'

/** What a benchmarked server process provides to the shared command loop. */
export interface BenchTarget {
  /** Publishes event number `seq` (1-based), due at `dueNs`, to every subscribed socket. */
  publish(seq: number, dueNs: bigint): Promise<void> | void
  /** The bus hops seen since the last call (the real server only). */
  busHop?(): Summary
  close(): Promise<void>
}

const gc = (globalThis as { gc?: () => void }).gc
// Set by run.ts with --profile: a CPU profile of the measured phase only (start-up is left out).
const profileFile = process.env.BENCH_PROFILE_FILE

/** RSS after a full collection (run.ts starts servers with --expose-gc), so garbage is not counted. */
async function measureMemory(): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    gc?.()
    await sleep(50)
  }
  const usage = process.memoryUsage()
  report({ type: 'memory', rssBytes: usage.rss, heapUsedBytes: usage.heapUsed })
}

/** Publishes `count` events on a fixed schedule (no drift), timing each publish call. */
async function publishEvents(target: BenchTarget, count: number, intervalMs: number): Promise<void> {
  const callMs: number[] = []
  const startedNs = process.hrtime.bigint()
  let lastStartedNs = startedNs
  for (let seq = 1; seq <= count; seq += 1) {
    const dueNs = startedNs + BigInt(Math.round((seq - 1) * intervalMs * 1e6))
    const waitMs = Number(dueNs - process.hrtime.bigint()) / 1e6
    if (waitMs > 0) await sleep(waitMs)
    lastStartedNs = process.hrtime.bigint()
    await target.publish(seq, dueNs)
    callMs.push(Number(process.hrtime.bigint() - lastStartedNs) / 1e6)
  }
  report({
    type: 'published',
    count,
    durationMs: Number(lastStartedNs - startedNs) / 1e6 + intervalMs,
    publishCall: summarize(callMs),
  })
}

interface Watch {
  elu: ReturnType<typeof performance.eventLoopUtilization>
  cpu: NodeJS.CpuUsage
  session: Session | undefined
}

/** Starts counting CPU time and event-loop use (and profiling, when asked) for the measured phase. */
async function startWatch(): Promise<Watch> {
  let session: Session | undefined
  if (profileFile) {
    session = new Session()
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
  }
  const watch = { elu: performance.eventLoopUtilization(), cpu: process.cpuUsage(), session }
  report({ type: 'watching' })
  return watch
}

async function stopWatch(target: BenchTarget, watch: Watch): Promise<void> {
  const cpu = process.cpuUsage(watch.cpu)
  const utilization = performance.eventLoopUtilization(watch.elu).utilization
  if (watch.session && profileFile) {
    const { profile } = await watch.session.post('Profiler.stop')
    writeFileSync(profileFile, JSON.stringify(profile))
    watch.session.disconnect()
  }
  const busHop = target.busHop?.()
  report({
    type: 'usage',
    cpuMs: (cpu.user + cpu.system) / 1000,
    eventLoopUtilization: utilization,
    ...(busHop ? { busHop } : {}),
  })
}

/** Answers run.ts's commands (measure, watch, publish, unwatch, stop) for one server process. */
export function serveCommands(target: BenchTarget): void {
  const fail = (error: unknown): void =>
    report({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    })
  let watch: Promise<Watch> | undefined
  const stop = async (): Promise<void> => {
    await target.close().catch(fail)
    process.disconnect?.()
    setTimeout(() => process.exit(0), 200).unref()
  }
  process.on('message', (command: ServerCommand) => {
    if (command.type === 'measure') measureMemory().catch(fail)
    else if (command.type === 'watch') watch = startWatch()
    else if (command.type === 'unwatch') {
      watch
        ?.then((started) => stopWatch(target, started))
        .catch(fail)
        .finally(() => {
          watch = undefined
        })
    } else if (command.type === 'publish')
      publishEvents(target, command.count, command.intervalMs).catch(fail)
    else stop().catch(fail)
  })
  process.on('disconnect', () => {
    stop().catch(fail)
  })
}
