/*
 * Messages between run.ts and its two server processes (app-server.ts, ceiling-server.ts), over the
 * IPC channel `fork` opens. The servers only announce themselves; run.ts stops them with 'stop'.
 */

/** A voter the app server minted a token for (with the app's own token issuing). */
export interface Voter {
  userId: string
  token: string
  /** The Cookie header of a web session of the same member (a browser signed in), when minted. */
  cookie?: string
}

/** What a server process sends once: its port, or why it could not start. */
export type ServerReport =
  | {
      type: 'listening'
      port: number
      pid: number
      /** Members who have not posted, who vote, comment and read signed in. */
      voters: Voter[]
      /** Contributors, who post in the live rows. */
      authors: Voter[]
    }
  | { type: 'failed'; message: string }

export type ServerCommand = { type: 'stop' }

/** Sends a report to run.ts, ignoring a parent that has already gone away. */
export function report(message: ServerReport): void {
  if (process.send && process.connected) process.send(message)
}

/** Reports a start-up failure and lets the process end (the IPC channel would keep it alive). */
export function reportFailure(error: unknown): void {
  report({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  process.exitCode = 1
  process.disconnect?.()
}

/** Runs `close` on 'stop' or when run.ts goes away, then exits. */
export function stopOnCommand(close: () => Promise<void>): void {
  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    close()
      .catch(() => {})
      .finally(() => {
        process.disconnect?.()
        setTimeout(() => process.exit(0), 100).unref()
      })
  }
  process.on('message', (command: ServerCommand) => {
    if (command.type === 'stop') stop()
  })
  process.on('disconnect', stop)
}
