import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { formatLogLine, prettyLogStream } from './pretty-log.ts'

const TIME = new Date(2026, 10, 25, 9, 4, 5).getTime()

describe('formatLogLine', () => {
  it('turns a request line into time, level, message and the request in one line', () => {
    const line = JSON.stringify({
      level: 30,
      time: TIME,
      pid: 1,
      hostname: 'box',
      reqId: 'req-7',
      res: { statusCode: 500 },
      req: { method: 'GET', url: '/api/posts/x' },
      responseTime: 12.4,
      msg: 'request completed',
    })
    expect(formatLogLine(line)).toBe(
      '09:04:05  INFO   request completed  GET /api/posts/x 500 12ms  reqId=req-7\n',
    )
  })

  it('keeps extra fields as key=value and indents an error stack under the line', () => {
    const line = JSON.stringify({
      level: 50,
      time: TIME,
      msg: 'unhandled rejection',
      topic: 'post:1',
      detail: 'two words',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x (a.ts:1:1)' },
    })
    expect(formatLogLine(line)).toBe(
      '09:04:05  ERROR  unhandled rejection  topic=post:1 detail="two words"\n    Error: boom\n        at x (a.ts:1:1)\n',
    )
  })

  it('colours only when asked, and passes a line that is not JSON through', () => {
    const line = JSON.stringify({ level: 40, time: TIME, msg: 'slow' })
    expect(formatLogLine(line, { colour: true })).toContain('\u001b[33mWARN \u001b[0m')
    expect(formatLogLine(line)).not.toContain('\u001b[')
    expect(formatLogLine('plain text')).toBe('plain text\n')
  })
})

describe('prettyLogStream', () => {
  it('receives what the server logger writes, already redacted, one readable line per entry', async () => {
    const written: string[] = []
    const app = Fastify({
      logger: {
        level: 'warn',
        redact: { paths: ['headers.authorization'], censor: '[redacted]' },
        stream: prettyLogStream({ write: (text: string) => written.push(text) }, false),
      },
    })
    const logger = app.log
    logger.info('hidden below the level')
    logger.warn({ headers: { authorization: 'Bearer secret' } }, 'careful')
    expect(written).toHaveLength(1)
    expect(written[0]).toMatch(
      /^\d\d:\d\d:\d\d {2}WARN {3}careful {2}headers=\{"authorization":"\[redacted\]"\}\n$/,
    )
    expect(written[0]).not.toContain('secret')
    await app.close()
  })
})
