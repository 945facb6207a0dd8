import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startBatch } from './batch.ts'

/** A run that stays open until `finish()` is called, counting how many started. */
function gatedRun() {
  let started = 0
  let release: (() => void) | undefined
  return {
    get started() {
      return started
    },
    run: () => {
      started += 1
      return new Promise<void>((resolve) => {
        release = resolve
      })
    },
    finish: () => release?.(),
  }
}

describe('startBatch', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs once for a burst of pokes, at the end of the delay', async () => {
    const run = vi.fn(async () => {})
    const batch = startBatch({ run, delayMs: 100, onError: () => {} })
    batch.poke()
    batch.poke()
    await vi.advanceTimersByTimeAsync(99)
    batch.poke()
    expect(run).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(1)
    await batch.close()
  })

  it('runs one at a time, and once more after a run that a poke arrived during', async () => {
    const gate = gatedRun()
    const batch = startBatch({ run: gate.run, delayMs: 10, onError: () => {} })
    batch.poke()
    await vi.advanceTimersByTimeAsync(10)
    expect(gate.started).toBe(1)
    batch.poke()
    batch.poke()
    await vi.advanceTimersByTimeAsync(50)
    // Still the first run: the pokes wait for it.
    expect(gate.started).toBe(1)
    gate.finish()
    await vi.advanceTimersByTimeAsync(10)
    expect(gate.started).toBe(2)
    gate.finish()
    await vi.advanceTimersByTimeAsync(100)
    expect(gate.started).toBe(2)
    await batch.close()
  })

  it('pokes itself every period and at start when asked', async () => {
    const run = vi.fn(async () => {})
    const batch = startBatch({ run, delayMs: 0, everyMs: 1000, runAtStart: true, onError: () => {} })
    await vi.advanceTimersByTimeAsync(0)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(3500)
    expect(run).toHaveBeenCalledTimes(4)
    await batch.close()
    await vi.advanceTimersByTimeAsync(3000)
    expect(run).toHaveBeenCalledTimes(4)
  })

  it('reports a failed run and keeps going', async () => {
    const errors: unknown[] = []
    let calls = 0
    const batch = startBatch({
      run: async () => {
        calls += 1
        if (calls === 1) throw new Error('db down')
      },
      delayMs: 5,
      onError: (error) => errors.push(error),
    })
    batch.poke()
    await vi.advanceTimersByTimeAsync(5)
    batch.poke()
    await vi.advanceTimersByTimeAsync(5)
    expect(calls).toBe(2)
    expect(errors).toHaveLength(1)
    await batch.close()
  })

  it('flushes now, after the run in progress', async () => {
    const gate = gatedRun()
    const batch = startBatch({ run: gate.run, delayMs: 1000, onError: () => {} })
    batch.poke()
    await vi.advanceTimersByTimeAsync(1000)
    const flushed = batch.flush()
    await vi.advanceTimersByTimeAsync(0)
    expect(gate.started).toBe(1)
    gate.finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(gate.started).toBe(2)
    gate.finish()
    await flushed
    await batch.close()
  })

  it('on close drops a pending poke, or runs once more with runOnClose', async () => {
    const dropped = vi.fn(async () => {})
    const kept = vi.fn(async () => {})
    const a = startBatch({ run: dropped, delayMs: 1000, onError: () => {} })
    const b = startBatch({ run: kept, delayMs: 1000, runOnClose: true, onError: () => {} })
    a.poke()
    b.poke()
    await Promise.all([a.close(), b.close()])
    await vi.advanceTimersByTimeAsync(2000)
    expect(dropped).not.toHaveBeenCalled()
    expect(kept).toHaveBeenCalledTimes(1)
  })
})
