import pc from 'picocolors'

type Colors = ReturnType<typeof pc.createColors>

/**
 * Colour only for a terminal: never when the stream is a pipe or a file, when `NO_COLOR` is set to
 * anything, or when `TERM=dumb`; `FORCE_COLOR` (not "0") turns it on regardless.
 */
export function colorEnabled(stream: NodeJS.WriteStream): boolean {
  const force = process.env.FORCE_COLOR
  if (force !== undefined && force !== '0' && force !== 'false') return true
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false
  if (process.env.TERM === 'dumb') return false
  return Boolean(stream.isTTY)
}

/** Colours for what goes to stdout. */
export const out: Colors = pc.createColors(colorEnabled(process.stdout))
/** Colours for messages on stderr (decided separately: `cmd | less` still gets coloured warnings). */
export const err: Colors = pc.createColors(colorEnabled(process.stderr))
