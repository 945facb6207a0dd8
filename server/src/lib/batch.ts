/**
 * Background work done in batches: the one timer loop behind every reaction that must not run once
 * per request (vote settlement, upvote pushes, view writes, stats and leaderboard pushes, trending
 * refreshes, pruning).
 *
 * - `poke()` asks for a run within `delayMs`; every poke until it starts shares that one run.
 * - One run at a time: a poke that arrives while a run is going gets one more run after it, because
 *   the running one may have read its data before the poke's change committed.
 * - `everyMs` also pokes on a fixed period (sweeps for work another instance or a crash left behind,
 *   periodic refreshes).
 * - A failed run is reported to `onError` and never stops the loop; the next poke runs again.
 * - Timers never keep a finished process (or a test run) alive.
 */
export interface Batch {
  /** Asks for a run within the batch's delay; never throws, never waits. */
  poke(): void
  /** Runs now, after any run in progress, and resolves when that run has ended (tests, shutdown). */
  flush(): Promise<void>
  /** Stops the timers and waits for a run in progress; with `runOnClose`, runs once more. */
  close(): Promise<void>
}

export interface BatchOptions {
  /** What one run does; it takes whatever has accumulated since the last run. */
  run: () => Promise<void>
  /** Wait between the first poke and the run (the window the batch collects). */
  delayMs: number
  /** Also poke this often. */
  everyMs?: number
  /** Poke once at start (work a previous process left behind). */
  runAtStart?: boolean
  /** Run once more on close (work that must not be lost at shutdown, e.g. counted views). */
  runOnClose?: boolean
  /** Told about a failed run; the batch goes on. */
  onError: (error: unknown) => void
}

/** Starts a batch loop (see {@link Batch}). */
export function startBatch(options: BatchOptions): Batch {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let closed = false

  const execute = (): Promise<void> => {
    const current: Promise<void> = options
      .run()
      .catch(options.onError)
      .finally(() => {
        if (running === current) running = undefined
      })
    running = current
    return current
  }

  const fire = () => {
    timer = undefined
    if (closed) return
    if (running) {
      void running.then(poke)
      return
    }
    void execute()
  }

  function poke(): void {
    if (closed || timer) return
    timer = setTimeout(fire, options.delayMs)
    timer.unref()
  }

  const interval = options.everyMs ? setInterval(poke, options.everyMs) : undefined
  interval?.unref()
  if (options.runAtStart) poke()

  const idle = async () => {
    while (running) await running
  }
  // Flushes wait for each other too, so two of them never run at once.
  let flushed: Promise<void> = Promise.resolve()

  return {
    poke,
    flush() {
      clearTimeout(timer)
      timer = undefined
      flushed = flushed.then(async () => {
        await idle()
        await execute()
      })
      return flushed
    },
    async close() {
      closed = true
      clearTimeout(timer)
      timer = undefined
      clearInterval(interval)
      await flushed
      await idle()
      if (options.runOnClose) await execute()
    },
  }
}
