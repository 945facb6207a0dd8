/**
 * Sorts `items` in place exactly as PostgreSQL's own qsort does: an insertion sort below 7 items, else
 * a check for sorted input, then Bentley and McIlroy's quicksort with three-way partitioning (a median
 * of three for the pivot, of three medians past 40 items), recursing into the smaller side. Not stable:
 * where equal items end up is the point, as the caller keeps the first of them
 * (modules/website/search-rank.ts rankQuery).
 */
export function pgSort<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  const swap = (i: number, j: number) => {
    const held = items[i] as T
    items[i] = items[j] as T
    items[j] = held
  }
  const swapRuns = (i: number, j: number, count: number) => {
    for (let n = 0; n < count; n++) swap(i + n, j + n)
  }
  const cmp = (i: number, j: number) => compare(items[i] as T, items[j] as T)
  const median = (a: number, b: number, c: number) =>
    cmp(a, b) < 0 ? (cmp(b, c) < 0 ? b : cmp(a, c) < 0 ? c : a) : cmp(b, c) > 0 ? b : cmp(a, c) < 0 ? a : c
  const sortRange = (start: number, count: number): void => {
    let a = start
    let n = count
    for (;;) {
      if (n < 7) {
        for (let m = a + 1; m < a + n; m++) for (let l = m; l > a && cmp(l - 1, l) > 0; l--) swap(l, l - 1)
        return
      }
      let presorted = true
      for (let m = a + 1; m < a + n; m++) {
        if (cmp(m - 1, m) > 0) {
          presorted = false
          break
        }
      }
      if (presorted) return
      let m = a + Math.floor(n / 2)
      if (n > 7) {
        let l = a
        let last = a + n - 1
        if (n > 40) {
          const d = Math.floor(n / 8)
          l = median(l, l + d, l + 2 * d)
          m = median(m - d, m, m + d)
          last = median(last - 2 * d, last - d, last)
        }
        m = median(l, m, last)
      }
      swap(a, m)
      let pa = a + 1
      let pb = pa
      let pc = a + n - 1
      let pd = pc
      for (;;) {
        for (; pb <= pc; pb++) {
          const r = cmp(pb, a)
          if (r > 0) break
          if (r === 0) swap(pa++, pb)
        }
        for (; pb <= pc; pc--) {
          const r = cmp(pc, a)
          if (r < 0) break
          if (r === 0) swap(pc, pd--)
        }
        if (pb > pc) break
        swap(pb++, pc--)
      }
      const end = a + n
      let d1 = Math.min(pa - a, pb - pa)
      swapRuns(a, pb - d1, d1)
      d1 = Math.min(pd - pc, end - pd - 1)
      swapRuns(pb, end - d1, d1)
      const left = pb - pa
      const right = pd - pc
      if (left <= right) {
        if (left > 1) sortRange(a, left)
        if (right <= 1) return
        a = end - right
        n = right
      } else {
        if (right > 1) sortRange(end - right, right)
        if (left <= 1) return
        n = left
      }
    }
  }
  sortRange(0, items.length)
  return items
}
