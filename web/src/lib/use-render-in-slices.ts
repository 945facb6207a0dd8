import { useEffect, useRef, useState } from 'react'

/** Cards rendered with the page itself: what a phone's first screen and most of a desktop's can show. */
export const FIRST_SLICE = 3

/**
 * How many of a list's `total` items to render now. A list renders its first {@link FIRST_SLICE} items
 * with the page, then the others one per task, back to back, once the page has painted: a command card
 * costs about 50 ms of main thread on a phone, and a page of them rendered at once was the longest task
 * of the first load (bench/README.md, "Session 13: card lists in slices"). On a desktop the rest follow
 * within a frame or two. Once a list has been shown whole it stays whole: a live update, a new order or
 * the next page render at once.
 */
export function useRenderInSlices(total: number): number {
  const [shown, setShown] = useState(FIRST_SLICE)
  const shownNow = useRef(shown)
  shownNow.current = shown
  const whole = useRef(false)
  // An empty list (still loading) is not a shown list: its items, when they come, come in slices.
  if (total > 0 && shown >= total) whole.current = true

  useEffect(() => {
    if (whole.current || shownNow.current >= total) return
    let count = shownNow.current
    let timer: ReturnType<typeof setTimeout>
    // A task of its own for each item (not a microtask), so the browser can paint and answer input
    // between two; the render a state change starts runs within that task.
    const showOneMore = () => {
      count += 1
      setShown(count)
      if (count < total) timer = setTimeout(showOneMore, 0)
    }
    timer = setTimeout(showOneMore, 0)
    return () => clearTimeout(timer)
  }, [total])

  return whole.current ? total : Math.min(shown, total)
}
