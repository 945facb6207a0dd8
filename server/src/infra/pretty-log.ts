/*
 * A small human-readable form of pino's JSON lines for the terminal of `npm start` and `npm run dev`.
 * Production keeps JSON (for log collectors); this only changes how a line looks, never what is logged,
 * and redaction has already happened when a line gets here.
 */

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '90' },
  20: { name: 'DEBUG', colour: '90' },
  30: { name: 'INFO', colour: '32' },
  40: { name: 'WARN', colour: '33' },
  50: { name: 'ERROR', colour: '31' },
  60: { name: 'FATAL', colour: '35' },
}

// Shown in their own place on the line (or not at all: pid and hostname are the same on every line).
const SHOWN_APART = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'err',
  'responseTime',
])

interface LogRecord {
  level?: number
  time?: number
  msg?: string
  reqId?: string
  req?: { method?: string; url?: string }
  res?: { statusCode?: number }
  responseTime?: number
  err?: { type?: string; message?: string; stack?: string }
  [key: string]: unknown
}

function paint(text: string, code: string, colour: boolean): string {
  return colour ? `\u001b[${code}m${text}\u001b[0m` : text
}

function clock(time: number | undefined): string {
  const date = new Date(time ?? Date.now())
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':')
}

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value
  return JSON.stringify(value) ?? String(value)
}

/**
 * One pino JSON line as `12:04:05 WARN  message  GET /api/x 500 12ms  key=value`, with an error's stack
 * indented below it. A line that is not JSON is passed through unchanged.
 */
export function formatLogLine(line: string, { colour = false }: { colour?: boolean } = {}): string {
  let record: LogRecord
  try {
    record = JSON.parse(line) as LogRecord
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`
  }
  if (typeof record !== 'object' || record === null) return `${line.trimEnd()}\n`
  const level = LEVELS[record.level ?? 30] ?? { name: String(record.level), colour: '0' }
  const parts = [paint(clock(record.time), '90', colour), paint(level.name.padEnd(5), level.colour, colour)]
  if (record.msg) parts.push(record.msg)
  const request = [record.req?.method, record.req?.url, record.res?.statusCode].filter(
    (part) => part !== undefined,
  )
  if (typeof record.responseTime === 'number') request.push(`${Math.round(record.responseTime)}ms`)
  if (request.length > 0) parts.push(paint(request.join(' '), '36', colour))
  const fields = Object.entries(record)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${fieldValue(value)}`)
  if (record.reqId) fields.push(`reqId=${record.reqId}`)
  if (fields.length > 0) parts.push(paint(fields.join(' '), '90', colour))
  let text = parts.join('  ')
  if (record.err) {
    const detail = record.err.stack ?? `${record.err.type ?? 'Error'}: ${record.err.message ?? ''}`
    text += `\n${detail
      .split('\n')
      .map((row) => `    ${row}`)
      .join('\n')}`
  }
  return `${text}\n`
}

/** Where pino writes: anything with `write(text)` (a TTY, a file stream, a test's collector). */
export interface LogOutput {
  write(text: string): unknown
  isTTY?: boolean
}

/**
 * A pino destination that prints each line with {@link formatLogLine}. Colour only on a terminal, and
 * never when NO_COLOR is set (https://no-color.org).
 */
export function prettyLogStream(
  output: LogOutput = process.stdout,
  colour: boolean = output.isTTY === true && !process.env.NO_COLOR,
): { write(line: string): void } {
  return {
    write(chunk: string): void {
      const lines = chunk.split('\n').filter((line) => line.trim() !== '')
      output.write(lines.map((line) => formatLogLine(line, { colour })).join(''))
    },
  }
}
