import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { coalesce } from './coalesce.ts'

describe('coalesce', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs one computation for a burst of calls, at the end of the window', async () => {
    let runs = 0
    const stats = coalesce(async () => ++runs, 250)
    const results = Promise.all([stats.next(), stats.next(), stats.next()])
    await vi.advanceTimersByTimeAsync(249)
    expect(runs).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(await results).toEqual([1, 1, 1])
    expect(runs).toBe(1)
  })

  it('opens a new window for a call made after the previous one closed', async () => {
    let runs = 0
    const stats = coalesce(async () => ++runs, 250)
    const first = stats.next()
    await vi.advanceTimersByTimeAsync(250)
    const second = stats.next()
    await vi.advanceTimersByTimeAsync(250)
    expect([await first, await second]).toEqual([1, 2])
  })

  it('rejects every caller of a failed computation', async () => {
    const stats = coalesce(async () => {
      throw new Error('db down')
    }, 10)
    const results = Promise.allSettled([stats.next(), stats.next()])
    await vi.advanceTimersByTimeAsync(10)
    expect((await results).map((r) => r.status)).toEqual(['rejected', 'rejected'])
  })

  it('rejects pending callers when closed and never computes', async () => {
    let runs = 0
    const stats = coalesce(async () => ++runs, 10)
    const pending = stats.next()
    stats.close()
    await expect(pending).rejects.toThrow('closed')
    await vi.advanceTimersByTimeAsync(20)
    expect(runs).toBe(0)
  })
})
