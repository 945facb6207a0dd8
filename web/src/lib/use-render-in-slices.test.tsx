import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_SLICE, useRenderInSlices } from './use-render-in-slices'

function Items({ items }: { items: readonly string[] }) {
  const shown = useRenderInSlices(items.length)
  return (
    <ul aria-label="items">
      {items.slice(0, shown).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

const names = (count: number, prefix = 'item') =>
  Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`)
const shownItems = () => screen.queryAllByRole('listitem').map((item) => item.textContent)

/** Runs the timers the hook set, one task at a time, `tasks` times. */
async function runTasks(tasks: number) {
  for (let i = 0; i < tasks; i++) await act(() => vi.advanceTimersToNextTimerAsync())
}

describe('useRenderInSlices', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('renders the first slice at once, then one more item per task until all are shown', async () => {
    render(<Items items={names(6)} />)
    expect(shownItems()).toEqual(names(FIRST_SLICE))
    await runTasks(1)
    expect(shownItems()).toEqual(names(FIRST_SLICE + 1))
    await runTasks(6)
    expect(shownItems()).toEqual(names(6))
    expect(vi.getTimerCount()).toBe(0)
  })

  it('renders a short list whole, with no task left behind', () => {
    render(<Items items={names(2)} />)
    expect(shownItems()).toEqual(names(2))
    expect(vi.getTimerCount()).toBe(0)
  })

  it('slices the items that arrive after an empty (loading) list', async () => {
    const { rerender } = render(<Items items={[]} />)
    expect(shownItems()).toEqual([])
    rerender(<Items items={names(5)} />)
    expect(shownItems()).toEqual(names(FIRST_SLICE))
    await runTasks(5)
    expect(shownItems()).toEqual(names(5))
  })

  it('renders later lists whole once a list has been shown whole (next page, live changes)', async () => {
    const { rerender } = render(<Items items={names(5)} />)
    await runTasks(5)
    rerender(<Items items={names(8, 'next')} />)
    expect(shownItems()).toEqual(names(8, 'next'))
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stops its tasks when the list goes away', async () => {
    const { unmount } = render(<Items items={names(9)} />)
    await runTasks(1)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
