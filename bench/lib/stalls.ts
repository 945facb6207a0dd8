import { performance } from 'node:perf_hooks'

/*
 * Stalls of a process's event loop, told apart by the CPU the process used meanwhile: a stall spent
 * on the CPU is the process's own work (a long task, a garbage collection); one with little CPU is the
 * process waiting for a core the machine gave elsewhere. The API benchmark watches its servers
 * (app-server.ts and ceiling-server.ts, into the servers' log) and its own load generator (run.ts):
 * each row counts those of its window, so a slow request in a row whose answers come from memory is
 * seen to be the server's, the client's or neither's.
 */

/** A timer meant for every this many ms; running later than {@link STALL_MS} beyond it is a stall. */
const TICK_MS = 20
/** How late the timer must run to count as a stall. */
const STALL_MS = 100

export interface Stall {
  /** When the stall ended. */
  endedAt: Date
  /** How much later than due the timer ran. */
  lateMs: number
  /** CPU time the process used (user and system, all threads) between the two ticks. */
  cpuMs: number
  /** Time between the two ticks. */
  spanMs: number
}

/** Calls `onStall` for each stall of this process's event loop until the returned function is called. */
export function watchStalls(onStall: (stall: Stall) => void): () => void {
  let last = performance.now()
  let lastCpu = process.cpuUsage()
  const timer = setInterval(() => {
    const now = performance.now()
    const cpu = process.cpuUsage()
    const late = now - last - TICK_MS
    if (late > STALL_MS) {
      onStall({
        endedAt: new Date(),
        lateMs: late,
        cpuMs: (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000,
        spanMs: now - last,
      })
    }
    last = now
    lastCpu = cpu
  }, TICK_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/** A stall of the process `who` as one line of a log, read back by {@link readStallLines}. */
export function describeStall(who: string, stall: Stall): string {
  return (
    `${who}: ${stall.endedAt.toISOString()} event loop stalled ${stall.lateMs.toFixed(0)} ms, ` +
    `${stall.cpuMs.toFixed(0)} ms of CPU in the last ${stall.spanMs.toFixed(0)} ms`
  )
}

const STALL_LINE = /^([\w-]+): (\S+) event loop stalled (\d+) ms, (\d+) ms of CPU in the last (\d+) ms$/gm

/** The stalls {@link describeStall} wrote into `log`, each with the process it named. */
export function readStallLines(log: string): Array<Stall & { who: string }> {
  return [...log.matchAll(STALL_LINE)].map((match) => ({
    who: match[1] as string,
    endedAt: new Date(match[2] as string),
    lateMs: Number(match[3]),
    cpuMs: Number(match[4]),
    spanMs: Number(match[5]),
  }))
}

/** How many stalls, the longest, and how many the process spent mostly on the CPU. */
export interface StallSummary {
  count: number
  longestMs: number
  onCpu: number
}

export function summariseStalls(stalls: readonly Stall[]): StallSummary {
  return {
    count: stalls.length,
    longestMs: Math.round(Math.max(0, ...stalls.map((stall) => stall.lateMs))),
    onCpu: stalls.filter((stall) => stall.cpuMs > stall.spanMs / 2).length,
  }
}
