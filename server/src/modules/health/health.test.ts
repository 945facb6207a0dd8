import type { DatabaseHandle } from '@bashboard/db'
import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../../../test/build-test-app.ts'
import { createMemoryBus } from '../../live/bus.ts'

describe('GET /healthz', () => {
  it('answers 200 while the process is up', async () => {
    const t = await buildTestApp()
    try {
      const res = await t.app.inject({ url: '/healthz' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'ok' })
    } finally {
      await t.close()
    }
  })
})

describe('GET /readyz', () => {
  it('answers 200 when the database and the live bus answer', async () => {
    const t = await buildTestApp()
    try {
      const res = await t.app.inject({ url: '/readyz' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'ok' })
    } finally {
      await t.close()
    }
  })

  it('answers 503 naming the database when its ping hangs past 2 s', async () => {
    const hanging: DatabaseHandle = {
      db: undefined as never,
      kind: 'postgres',
      ping: () => new Promise<void>(() => {}),
      migrate: async () => [],
      close: async () => {},
    }
    const t = await buildTestApp({ dbHandle: hanging })
    try {
      const started = Date.now()
      const res = await t.app.inject({ url: '/readyz' })
      expect(Date.now() - started).toBeLessThan(3500)
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBe('5')
      expect(res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Not ready: database unreachable',
      })
    } finally {
      await t.close()
    }
  })

  it('answers 503 naming the live bus when it is not ready', async () => {
    const bus = createMemoryBus()
    bus.isReady = async () => false
    const t = await buildTestApp({ bus })
    try {
      const res = await t.app.inject({ url: '/readyz' })
      expect(res.statusCode).toBe(503)
      expect(res.json().message).toBe('Not ready: live event bus unreachable')
    } finally {
      await t.close()
    }
  })
})
