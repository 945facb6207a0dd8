import { randomUUID } from 'node:crypto'
import type { PlatformStats } from '../../server/src/contract/index.ts'

/*
 * What the fan-out benchmark's processes say to each other (child_process.fork IPC), and the event
 * payload they all send. Every latency is measured against CLOCK_MONOTONIC (process.hrtime.bigint()),
 * which on Linux is one clock for every process on the machine, so a stamp taken in the publishing
 * process can be subtracted from the receive time in the client process without wall-clock skew.
 */

/** Sent from run.ts to a server process (the ceiling server or the bench server). */
export type ServerCommand =
  | { type: 'measure' }
  /** Start counting CPU time and event-loop use for the measured phase (and profiling, with --profile). */
  | { type: 'watch' }
  | { type: 'publish'; count: number; intervalMs: number }
  | { type: 'unwatch' }
  | { type: 'stop' }

/** Sent from a server process to run.ts. */
export type ServerReport =
  | { type: 'listening'; port: number; pid: number }
  | { type: 'memory'; rssBytes: number; heapUsedBytes: number }
  | { type: 'watching' }
  | {
      type: 'published'
      count: number
      /** From the first publish to one interval after the last began: count × interval when on time. */
      durationMs: number
      /** How long each publish call took (ms): with the memory bus, the whole fan-out of one event. */
      publishCall: Summary
    }
  | {
      type: 'usage'
      /** CPU time (user + system, ms) spent between watch and unwatch. */
      cpuMs: number
      /** Event-loop utilisation (0–1) between watch and unwatch; wall-clock based, so CPU contention inflates it. */
      eventLoopUtilization: number
      /** Bench server only: publish → the bus handing the event to this instance (ms), before fan-out. */
      busHop?: Summary
    }
  | { type: 'failed'; message: string }

/** Sent from run.ts to the clients process. */
export type ClientCommand =
  | {
      type: 'start'
      urls: string[]
      clients: number
      topic: string
      /** false for the ceiling server, which broadcasts to every open socket without a subscribe. */
      subscribe: boolean
      origin: string
      concurrency: number
      events: number
    }
  | { type: 'collect'; waitMs: number }
  | { type: 'stop' }

/** Sent from the clients process to run.ts. */
export type ClientReport =
  | {
      type: 'ready'
      connected: number
      failed: number
      /** Wall time to open and subscribe every socket (ms). */
      totalMs: number
      /** Per socket: from `new WebSocket` to `subscribed` (or `open` for the ceiling), in ms. */
      perSocket: Summary
      errors: string[]
    }
  | { type: 'result'; result: ClientResult }
  | { type: 'failed'; message: string }

/** Latency figures in milliseconds. */
export interface Summary {
  count: number
  p50: number
  p99: number
  max: number
}

/** What the clients saw during the publishing phase. */
export interface ClientResult {
  /** CPU time the clients process spent from all sockets ready until the result (ms). */
  cpuMs: number
  expected: number
  received: number
  lost: number
  duplicates: number
  /** From the moment the event was due to be published (includes a publisher that fell behind). */
  latency: Summary
  /** From the moment the publish call began (leaves out how far behind schedule the publisher was). */
  latencyFromSend: Summary
  /** The same split by the URL the sockets were connected to (one entry per URL). */
  latencyByUrl: Array<{
    url: string
    sockets: number
    latency: Summary
    latencyFromSend: Summary
    received: number
    expected: number
  }>
  closedEarly: number
  resets: number
  errorMessages: number
}

/** The marker the clients look for in a raw frame, so they need not parse 5,000 copies of the JSON. */
export const STAMP_MARKER = 'bench-stamp:'

// Fixed ids so every event of a run is the same size; only the stamp's digits change.
const postIds = Array.from({ length: 5 }, () => randomUUID())

/**
 * A realistic `stats.updated` payload (five of today's posts) whose first title carries the event's
 * sequence number, when it was due and when it was sent: `bench-stamp:<seq>:<due ns>:<sent ns>`.
 * Measuring from the due time keeps a publisher that falls behind from hiding the delay (the
 * coordinated-omission trap): the memory bus fans out inside publish(), so a slow fan-out would
 * otherwise show up only as a lower event rate, while with Redis it shows up as latency.
 */
export function makeStatsPayload(seq: number, dueNs: bigint): PlatformStats {
  const now = new Date().toISOString()
  return {
    totalPosts: 1200 + seq,
    totalUsers: 5400,
    totalCategories: 12,
    todaysPosts: postIds.map((_id, index) => ({
      _id,
      title:
        index === 0
          ? `${STAMP_MARKER}${seq}:${dueNs}:${process.hrtime.bigint()}`
          : `Find the ${index} largest files under a directory with du, sort and head`,
      slug: `find-the-${index}-largest-files-under-a-directory-with-du-sort-and-head`,
      createdAt: now,
    })),
    activeToday: 321,
  }
}

const marker = Buffer.from(STAMP_MARKER)
const COLON = 0x3a

/** A stamp read back from a frame. */
export interface Stamp {
  seq: number
  dueNs: bigint
  sentNs: bigint
}

/** Reads `<seq>:<due>:<sent>` after the marker straight from a frame's bytes; null when there is none. */
export function readStamp(frame: Buffer): Stamp | null {
  const at = frame.indexOf(marker)
  if (at < 0) return null
  const fields: bigint[] = []
  let start = at + marker.length
  for (let field = 0; field < 3; field += 1) {
    let end = start
    while (end < frame.length && (frame[end] ?? 0) >= 48 && (frame[end] ?? 0) <= 57) end += 1
    fields.push(BigInt(frame.toString('latin1', start, end)))
    if (frame[end] !== COLON) break
    start = end + 1
  }
  const [seq, dueNs, sentNs] = fields
  if (seq === undefined || dueNs === undefined || sentNs === undefined) return null
  return { seq: Number(seq), dueNs, sentNs }
}

/**
 * The exact frame the live channel sends for an event (docs/product-rules.md#live), as the ceiling server
 * sends it.
 */
export function makeEventFrame(topic: string, event: string, id: string, data: unknown): string {
  return JSON.stringify({ type: 'event', topic, event, id, data })
}

/** Nearest-rank percentiles of `values` (ms); sorts in place. */
export function summarize(values: number[] | Float64Array): Summary {
  const sorted = values instanceof Float64Array ? values.sort() : Float64Array.from(values).sort()
  const count = sorted.length
  if (count === 0) return { count, p50: 0, p99: 0, max: 0 }
  const rank = (q: number): number => sorted[Math.min(count - 1, Math.ceil(q * count) - 1)] ?? 0
  return { count, p50: rank(0.5), p99: rank(0.99), max: sorted[count - 1] ?? 0 }
}

/** Sends an IPC message, ignoring a parent that has already gone away. */
export function report(message: ServerReport | ClientReport): void {
  if (process.send && process.connected) process.send(message)
}
