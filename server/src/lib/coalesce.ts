/** A computation shared by every caller that asks for it within one window. */
export interface Coalescer<T> {
  /** Resolves with a result computed at the end of the current window (a window starts on demand). */
  next(): Promise<T>
  /** Cancels a pending window; its callers are rejected. */
  close(): void
}

/** The rejection of callers whose window was cancelled by `close()`. */
export class CoalescerClosedError extends Error {
  constructor() {
    super('Coalescer closed')
    this.name = 'CoalescerClosedError'
  }
}

interface Waiter<T> {
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

/**
 * Trailing-edge coalescing: the first call opens a window of `windowMs`; every call until it closes
 * shares the one computation run when it closes. Calls made while that computation runs open the next
 * window, so they see a result that includes their change, and computations start at least
 * `windowMs` apart.
 */
export function coalesce<T>(compute: () => Promise<T>, windowMs: number): Coalescer<T> {
  let waiters: Array<Waiter<T>> = []
  let timer: NodeJS.Timeout | undefined

  const fire = (): void => {
    timer = undefined
    const batch = waiters
    waiters = []
    compute().then(
      (value) => {
        for (const waiter of batch) waiter.resolve(value)
      },
      (error: unknown) => {
        for (const waiter of batch) waiter.reject(error)
      },
    )
  }

  return {
    next() {
      const result = new Promise<T>((resolve, reject) => {
        waiters.push({ resolve, reject })
      })
      if (!timer) {
        timer = setTimeout(fire, windowMs)
        // A pending broadcast must not keep a finished process (or a test run) alive.
        timer.unref()
      }
      return result
    },
    close() {
      if (timer) clearTimeout(timer)
      timer = undefined
      const batch = waiters
      waiters = []
      for (const waiter of batch) waiter.reject(new CoalescerClosedError())
    },
  }
}
