import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { REPO_ROOT } from '../lib/server.ts'
import type {
  WriteStreamCommand,
  WriteStreamMessage,
  WriteStreamReport,
  WriteStreamStart,
} from './write-stream.ts'

/*
 * The live rows' side of run.ts: forks the write stream (write-stream.ts) once for the run, starts it
 * before a live row's warm-up and stops it after the row's measurement, and picks the posts it writes to.
 */

const STREAM_SCRIPT = fileURLToPath(new URL('write-stream.ts', import.meta.url))
/** Posts on each of the first-page lists the stream votes on (newest, most upvoted, most viewed). */
const FRONT_POSTS_PER_LIST = 100

/** The write stream's process; `run` wraps a measurement in one stream window. */
export interface LiveStream {
  run<T>(config: Omit<WriteStreamStart, 'type'>, measure: () => Promise<T>): Promise<[T, WriteStreamReport]>
  close(): void
}

export function forkWriteStream(logFd: number): LiveStream {
  const child: ChildProcess = fork(STREAM_SCRIPT, [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', logFd, logFd, 'ipc'],
  })
  const next = (type: WriteStreamMessage['type']) =>
    new Promise<WriteStreamMessage>((done, fail) => {
      const onExit = (code: number | null): void => fail(new Error(`the write stream exited with ${code}`))
      child.once('exit', onExit)
      const onMessage = (message: WriteStreamMessage): void => {
        if (message.type !== type) return
        child.off('message', onMessage)
        child.off('exit', onExit)
        done(message)
      }
      child.on('message', onMessage)
    })
  const send = (command: WriteStreamCommand): void => {
    child.send(command)
  }
  const stop = async (): Promise<WriteStreamReport> => {
    const stopped = next('report')
    send({ type: 'stop' })
    const message = await stopped
    if (message.type !== 'report') throw new Error('the write stream did not report')
    return message.report
  }
  return {
    async run(config, measure) {
      const started = next('started')
      send({ type: 'start', ...config })
      await started
      try {
        const measured = await measure()
        return [measured, await stop()]
      } catch (error) {
        await stop().catch(() => {})
        throw error
      }
    },
    close() {
      if (child.connected) child.disconnect()
    },
  }
}

/**
 * The posts the stream writes to besides the spread sample: the first page's worth of the newest, the
 * most upvoted and the most viewed, where a vote changes what the cached lists show.
 */
export async function readFrontPostIds(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  try {
    const ids: string[] = []
    for (const column of ['created_at', 'uplike_count', 'view_count']) {
      const list = await client.query<{ id: string }>(
        `SELECT id FROM posts ORDER BY ${column} DESC LIMIT ${FRONT_POSTS_PER_LIST}`,
      )
      ids.push(...list.rows.map((row) => row.id))
    }
    return [...new Set(ids)]
  } finally {
    await client.end().catch(() => {})
  }
}

/** The categories' ids, for the stream's new posts. */
export async function readCategoryIds(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM categories ORDER BY name')
    return rows.map((row) => row.id)
  } finally {
    await client.end().catch(() => {})
  }
}

/** One line about a stream window, for the console. */
export function describeWrites(report: WriteStreamReport): string {
  const { votes, comments, posts } = report
  return (
    `writes: ${votes.sent} votes (${votes.up} up, ${votes.down} down, ${votes.switched} switches; ` +
    `${votes.failed} failed; p99 ${votes.latencyMs.p99} ms), ${comments.sent} comments ` +
    `(${comments.failed} failed), ${posts.sent} posts (${posts.failed} failed) in ${report.seconds.toFixed(1)} s = ` +
    `${report.achievedVotesPerSecond.toFixed(1)} votes/s of ${report.votesPerSecond}, ` +
    `send lag ≤ ${report.maxSendLagMs} ms`
  )
}
