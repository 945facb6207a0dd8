/** Exit codes every command keeps to, so scripts can tell failures apart. */
export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  notFound: 4,
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/** A failure the user should read: `message` is printed on stderr and the process exits with `exitCode`. */
export class CliError extends Error {
  readonly exitCode: ExitCode

  constructor(message: string, exitCode: ExitCode = EXIT.error) {
    super(message)
    this.name = 'CliError'
    this.exitCode = exitCode
  }
}

/** Wrong arguments or flags (exit 2). */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, EXIT.usage)
  }
}
