import { performance } from 'node:perf_hooks'
import { seededRandom } from '@bashboard/db'
import type { Voter } from './protocol.ts'

/*
 * The write stream of the live rows, a process of its own (forked by live.ts) so that its schedule
 * does not wait for autocannon's event loop. It sends votes at a fixed rate, a comment every few
 * seconds and a new post every few more through the app's real endpoints, with the tokens
 * app-server.ts minted. A new post is what the search index and the vocabulary patch themselves for
 * (modules/website/search-index.ts), and what enters the newest lists.
 *
 * Open loop: write i is due at start + i / rate and is sent when due, whether or not earlier writes
 * have been answered, so a slow server gets the same stream as a fast one and the reads see it. Each
 * write's latency counts from when it was due, not when it was sent, so a late send (this process
 * starved of CPU) shows up instead of hiding.
 */

/** What run.ts asks of the stream for one live row. */
export interface WriteStreamStart {
  type: 'start'
  baseUrl: string
  voters: Voter[]
  /** Posts on the first pages (newest, most upvoted, most viewed): votes there change cached lists. */
  frontPostIds: string[]
  /** Posts spread over the table (the detail rows read these). */
  spreadPostIds: string[]
  votesPerSecond: number
  commentEverySeconds: number
  /** Seconds between new posts; 0 sends none. */
  postEverySeconds: number
  /** Contributors who write the new posts, in turn. */
  authors: Voter[]
  /** Categories new posts go to, in turn. */
  categoryIds: string[]
}

export type WriteStreamCommand = WriteStreamStart | { type: 'stop' }

/** One kind of write over one live window. */
export interface WriteCounts {
  /** Writes sent (every one that fell due while the stream ran). */
  sent: number
  /** Answered 2xx. */
  ok: number
  /** Answered non-2xx, failed on the network, timed out, or unanswered when the stream stopped. */
  failed: number
  /** Status codes and error names, with how many of each. */
  outcomes: Record<string, number>
  /** From when each write was due to its answer (ms). */
  latencyMs: { p50: number; p99: number; max: number }
}

export interface WriteStreamReport {
  seconds: number
  votesPerSecond: number
  commentEverySeconds: number
  postEverySeconds: number
  votes: WriteCounts & { up: number; down: number; switched: number }
  comments: WriteCounts
  posts: WriteCounts
  /** Sent votes per second over the window: below the rate means the stream fell behind. */
  achievedVotesPerSecond: number
  /** The latest any write was sent after it was due (ms): this process's own lag. */
  maxSendLagMs: number
}

export type WriteStreamMessage = { type: 'started' } | { type: 'report'; report: WriteStreamReport }

/** A write gets this long to answer; later it counts as failed (autocannon's reads use 10 s too). */
const TIMEOUT_MS = 10_000
/** Share of votes that flip a vote this stream made earlier (up to down or back). */
const SWITCH_SHARE = 0.25
/** Share of new votes that are upvotes (the generated dataset has 80 %). */
const UP_SHARE = 0.75
/** Share of votes and comments on the first pages' posts; the rest land anywhere. */
const FRONT_SHARE = 0.5
/** How many earlier votes a switch may pick from. */
const REMEMBERED_VOTES = 2000

const COMMENT_TEXTS = [
  'Tried this on a live box just now, works as described.',
  'Does this behave the same on Alpine with busybox?',
  'Nice one. I alias this in my shell profile.',
  'Worth adding a note about running it as root.',
]

/**
 * New posts: a real task each, made unique by the run and the sequence (the app refuses a command it
 * already holds with 409, and a database is benchmarked more than once).
 */
const POST_TEMPLATES: ReadonlyArray<(dir: string, n: number) => { title: string; command: string }> = [
  (dir, n) => ({
    title: `Delete backups older than ${n} days under ${dir}`,
    command: `find ${dir} -type f -name '*.tar.gz' -mtime +${n} -delete`,
  }),
  (dir, n) => ({
    title: `Show the ${n} largest files under ${dir}`,
    command: `du -ah ${dir} | sort -rh | head -n ${n}`,
  }),
  (dir, n) => ({
    title: `Follow the last ${n} lines of the log in ${dir}`,
    command: `tail -n ${n} -F ${dir}/current.log`,
  }),
  (dir, n) => ({
    title: `Archive ${dir} into a compressed tarball`,
    command: `tar --zstd -cf backup-${n}.tar.zst -C ${dir} .`,
  }),
]

interface Tally {
  sent: number
  ok: number
  failed: number
  outcomes: Map<string, number>
  latencies: number[]
}

const newTally = (): Tally => ({ sent: 0, ok: 0, failed: 0, outcomes: new Map(), latencies: [] })

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0
}

function summarise(tally: Tally): WriteCounts {
  const sorted = [...tally.latencies].sort((a, b) => a - b)
  const round = (ms: number): number => Math.round(ms * 10) / 10
  return {
    sent: tally.sent,
    ok: tally.ok,
    failed: tally.failed,
    outcomes: Object.fromEntries(tally.outcomes),
    latencyMs: {
      p50: round(percentile(sorted, 0.5)),
      p99: round(percentile(sorted, 0.99)),
      max: round(sorted.at(-1) ?? 0),
    },
  }
}

/** The stream itself: one window at a time, between a start and a stop message. */
class WriteStream {
  private readonly random = seededRandom(4242)
  /**
   * Votes this stream made, across windows, so a switch flips a vote the server really holds: per
   * server, since a paired run (run.ts --paired-with) streams to two whose members and posts differ.
   */
  private readonly rememberedBy = new Map<string, Array<{ voter: Voter; postId: string; value: 1 | -1 }>>()
  private commentSequence = 0
  private postSequence = 0
  /** Makes this process's post commands differ from earlier runs' on the same database. */
  private readonly runTag = Date.now().toString(36)
  private config: WriteStreamStart | undefined
  private timer: NodeJS.Timeout | undefined
  private startedAt = 0
  private votesDue = 0
  private commentsDue = 0
  private postsDue = 0
  private maxSendLag = 0
  private votes = newTally()
  private kinds = { up: 0, down: 0, switched: 0 }
  private comments = newTally()
  private posts = newTally()
  private readonly inFlight = new Set<Promise<void>>()

  start(config: WriteStreamStart): void {
    if (config.voters.length === 0) throw new Error('the write stream needs voters (BENCH_VOTERS > 0)')
    if (config.postEverySeconds > 0 && (config.authors.length === 0 || config.categoryIds.length === 0))
      throw new Error('the write stream posts only with contributors and categories to post in')
    this.config = config
    this.votes = newTally()
    this.comments = newTally()
    this.posts = newTally()
    this.kinds = { up: 0, down: 0, switched: 0 }
    this.votesDue = 0
    this.commentsDue = 0
    this.postsDue = 0
    this.maxSendLag = 0
    this.startedAt = performance.now()
    this.tick()
  }

  /** Stops scheduling, waits for the answers still owed (each has its timeout), and reports. */
  async stop(): Promise<WriteStreamReport> {
    clearTimeout(this.timer)
    const config = this.config
    if (!config) throw new Error('stop before start')
    this.config = undefined
    const seconds = (performance.now() - this.startedAt) / 1000
    await Promise.all(this.inFlight)
    return {
      seconds,
      votesPerSecond: config.votesPerSecond,
      commentEverySeconds: config.commentEverySeconds,
      postEverySeconds: config.postEverySeconds,
      votes: { ...summarise(this.votes), ...this.kinds },
      comments: summarise(this.comments),
      posts: summarise(this.posts),
      achievedVotesPerSecond: seconds > 0 ? this.votes.sent / seconds : 0,
      maxSendLagMs: Math.round(this.maxSendLag * 10) / 10,
    }
  }

  /** Sends everything that has fallen due (all of it at once if this process was starved), then sleeps. */
  private tick(): void {
    const config = this.config
    if (!config) return
    const now = performance.now()
    const voteInterval = 1000 / config.votesPerSecond
    const commentInterval = config.commentEverySeconds * 1000
    for (let due = this.startedAt + this.votesDue * voteInterval; due <= now; ) {
      this.maxSendLag = Math.max(this.maxSendLag, now - due)
      this.sendVote(config, due)
      this.votesDue += 1
      due = this.startedAt + this.votesDue * voteInterval
    }
    // The first comment falls due one interval in, not at once, so short windows do not all start alike.
    for (let due = this.startedAt + (this.commentsDue + 1) * commentInterval; due <= now; ) {
      this.maxSendLag = Math.max(this.maxSendLag, now - due)
      this.sendComment(config, due)
      this.commentsDue += 1
      due = this.startedAt + (this.commentsDue + 1) * commentInterval
    }
    // Posts likewise, half an interval in: every window of at least that long sees one.
    const postInterval = config.postEverySeconds * 1000
    const postDue = () => this.startedAt + (this.postsDue + 0.5) * postInterval
    for (let due = postDue(); postInterval > 0 && due <= now; due = postDue()) {
      this.maxSendLag = Math.max(this.maxSendLag, now - due)
      this.sendPost(config, due)
      this.postsDue += 1
    }
    const nextVote = this.startedAt + this.votesDue * voteInterval
    const nextComment = this.startedAt + (this.commentsDue + 1) * commentInterval
    const nextPost = postInterval > 0 ? postDue() : Number.POSITIVE_INFINITY
    this.timer = setTimeout(
      () => this.tick(),
      Math.max(0, Math.min(nextVote, nextComment, nextPost) - performance.now()),
    )
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T
  }

  private pickPost(config: WriteStreamStart): string {
    const front = config.frontPostIds.length > 0 && this.random() < FRONT_SHARE
    return this.pick(front ? config.frontPostIds : config.spreadPostIds)
  }

  private sendVote(config: WriteStreamStart, due: number): void {
    let vote: { voter: Voter; postId: string; value: 1 | -1 }
    const remembered = this.rememberedBy.get(config.baseUrl) ?? []
    this.rememberedBy.set(config.baseUrl, remembered)
    if (remembered.length > 0 && this.random() < SWITCH_SHARE) {
      // A switch: the same voter on the same post, the other way.
      const earlier = this.pick(remembered)
      earlier.value = earlier.value === 1 ? -1 : 1
      vote = earlier
      this.kinds.switched += 1
    } else {
      vote = {
        voter: this.pick(config.voters),
        postId: this.pickPost(config),
        value: this.random() < UP_SHARE ? 1 : -1,
      }
      if (remembered.length < REMEMBERED_VOTES) remembered.push(vote)
      else remembered[Math.floor(this.random() * REMEMBERED_VOTES)] = vote
      if (vote.value === 1) this.kinds.up += 1
      else this.kinds.down += 1
    }
    const direction = vote.value === 1 ? 'upvote' : 'downvote'
    this.send(this.votes, due, `${config.baseUrl}/api/posts/${direction}/${vote.postId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${vote.voter.token}` },
    })
  }

  private sendComment(config: WriteStreamStart, due: number): void {
    // Commenters take turns, far below the per-member limit of 10 comments a minute.
    const sequence = this.commentSequence
    this.commentSequence += 1
    const commenter = config.voters[sequence % config.voters.length] as Voter
    const postId = this.pickPost(config)
    const content = `${COMMENT_TEXTS[sequence % COMMENT_TEXTS.length]} (#${sequence + 1})`
    this.send(this.comments, due, `${config.baseUrl}/api/comments/${postId}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${commenter.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ post: postId, content }),
    })
  }

  private sendPost(config: WriteStreamStart, due: number): void {
    const sequence = this.postSequence
    this.postSequence += 1
    const author = config.authors[sequence % config.authors.length] as Voter
    const template = POST_TEMPLATES[sequence % POST_TEMPLATES.length] as (typeof POST_TEMPLATES)[number]
    const { title, command } = template(`/srv/app-${this.runTag}-${sequence}`, 3 + (sequence % 27))
    this.send(this.posts, due, `${config.baseUrl}/api/posts/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title,
        command,
        description: "<p>Posted by the benchmark's live stream while the reads were measured.</p>",
        category: config.categoryIds[sequence % config.categoryIds.length],
      }),
    })
  }

  private send(tally: Tally, due: number, url: string, init: RequestInit): void {
    tally.sent += 1
    const outcome = (key: string): void => {
      tally.outcomes.set(key, (tally.outcomes.get(key) ?? 0) + 1)
    }
    const request = fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
      .then(async (response) => {
        // Read the body so the connection goes back to the pool.
        await response.arrayBuffer()
        tally.latencies.push(performance.now() - due)
        outcome(String(response.status))
        if (response.ok) tally.ok += 1
        else tally.failed += 1
      })
      .catch((error: unknown) => {
        tally.failed += 1
        outcome(error instanceof Error ? error.name : 'error')
      })
      .finally(() => {
        this.inFlight.delete(request)
      })
    this.inFlight.add(request)
  }
}

function reply(message: WriteStreamMessage): void {
  if (process.send && process.connected) process.send(message)
}

const stream = new WriteStream()
process.on('message', (command: WriteStreamCommand) => {
  if (command.type === 'start') {
    stream.start(command)
    reply({ type: 'started' })
  } else {
    stream
      .stop()
      .then((report) => reply({ type: 'report', report }))
      .catch((error: unknown) => {
        console.error(error)
        process.exit(1)
      })
  }
})
// run.ts gone (finished or killed): nothing left to do.
process.on('disconnect', () => process.exit(0))
