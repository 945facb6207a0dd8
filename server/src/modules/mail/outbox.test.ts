import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { outboxDir } from './transport.ts'

// The embedded default: no SMTP server, each mail a `.eml` file and a log line with its link.
let t: TestApp
const logged: { msg?: string; to?: string; subject?: string; link?: string; file?: string }[] = []

beforeAll(async () => {
  t = await buildTestApp({
    logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  })
})
afterAll(async () => {
  await t?.close()
})

it('writes each mail to DATA_DIR/outbox and logs who it is for, its subject and its link', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/signup',
    payload: { username: 'outbox_reader', email: 'outbox@example.test', password: 'a good password' },
  })
  expect(res.statusCode).toBe(201)
  await t.app.mailer.worker.flush()

  const files = await readdir(outboxDir(t.config.dataDir))
  expect(files).toHaveLength(1)
  const parsed = await simpleParser(await readFile(join(outboxDir(t.config.dataDir), files[0] ?? '')))
  expect(parsed.subject).toBe('Verify your email address for Bashboard')
  expect(parsed.text).toContain('http://localhost:3000/account/verify-email?token=')
  expect(parsed.html).toContain('Verify my address')

  const line = logged.find((entry) => entry.to === 'outbox@example.test')
  expect(line?.msg).toBe('mail written to the outbox')
  expect(line?.subject).toBe('Verify your email address for Bashboard')
  expect(line?.link).toMatch(/^http:\/\/localhost:3000\/account\/verify-email\?token=[\w-]{43}$/)
  expect(line?.file).toContain(files[0])
})
