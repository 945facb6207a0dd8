import { type ChildProcess, fork } from 'node:child_process'
import os from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerCommand, ServerReport, Voter } from '../api/protocol.ts'

/*
 * Process plumbing shared by the API and leaderboard benchmarks: forking a bench server script
 * (bench/api/app-server.ts, ceiling-server.ts), waiting for its report, stopping it, and describing
 * the machine the figures were measured on.
 */

/** The repository root, where the servers run and results paths are shown relative to. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..')

/**
 * How long a server may take to report. The app reports once its search index is built: 45–60 s at
 * 1M posts, and a first build that fails (a statement timed out on a loaded database) is tried again
 * at its next table check, a minute later (bench/README.md, session 35).
 */
const START_TIMEOUT_MS = 300_000

/** A forked server process; resolves its 'listening' report, or fails with its message. */
export async function startBenchServer(
  script: string,
  env: Record<string, string>,
  logFd: number,
): Promise<{ child: ChildProcess; port: number; voters: Voter[]; authors: Voter[] }> {
  const name = script.split('/').pop() ?? script
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env
  const child = fork(script, [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    // Only what the run sets: an inherited DATABASE_URL or REDIS_URL would change what is measured.
    env: { ...inherited, ...env },
    // The servers' logs (the app logs every 5xx with its stack) go to a file next to the results.
    stdio: ['ignore', logFd, logFd, 'ipc'],
  })
  const report = await new Promise<ServerReport>((done, fail) => {
    const timer = setTimeout(() => {
      // Not left running beside the rows that follow.
      child.kill('SIGKILL')
      fail(new Error(`${name} did not start within ${START_TIMEOUT_MS / 1000} s`))
    }, START_TIMEOUT_MS)
    child.once('message', (message: ServerReport) => {
      clearTimeout(timer)
      done(message)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`${name} exited with ${code} before listening`))
    })
  })
  if (report.type === 'failed') throw new Error(`${name} failed (see the server log): ${report.message}`)
  return { child, port: report.port, voters: report.voters, authors: report.authors }
}

/** Asks a server to stop; kills it (by its pid) if it has not exited after 10 s. */
export async function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  if (child.connected) child.send({ type: 'stop' } satisfies ServerCommand)
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/** The machine a result file was measured on. */
export function machineInfo() {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
  }
}

/** Command-line options every load benchmark takes (autocannon settings and the results folder). */
export const LOAD_OPTIONS = {
  connections: { type: 'string', default: '50' },
  seconds: { type: 'string', default: '10' },
  // Long enough for the first row on a path to fill its caches (1,000 post pages take about 2 s of
  // cache misses at full load) and for the heap to settle: with 2 s that filled the first measured
  // seconds (post detail p99 114–135 ms with 2 s, 24 ms with 6 s).
  warmup: { type: 'string', default: '5' },
  out: { type: 'string', default: 'bench/results' },
} as const

/** The parsed {@link LOAD_OPTIONS}: numbers, and the results folder resolved from the repository root. */
export function loadSettings(values: { connections: string; seconds: string; warmup: string; out: string }) {
  return {
    connections: Number(values.connections),
    seconds: Number(values.seconds),
    warmupSeconds: Number(values.warmup),
    outDir: resolve(REPO_ROOT, values.out),
  }
}
