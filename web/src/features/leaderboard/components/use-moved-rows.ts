import type { LeaderboardEntry } from '@bashboard/server/contract'
import { useEffect, useRef, useState } from 'react'

const FLASH_MS = 1400

/**
 * The ids of rows whose rank or points changed since the previous list of the same tab, for a moment after
 * the change: a live push that moves someone makes their row flash. Nothing flashes on first render or
 * when the tab itself changes.
 */
export function useMovedRows(key: string, entries: readonly LeaderboardEntry[] | undefined): Set<string> {
  const previous = useRef<{ key: string; rows: Map<string, string> } | null>(null)
  const [moved, setMoved] = useState<Set<string>>(() => new Set())

  useEffect(() => {
    if (!entries) return
    const rows = new Map(entries.map((entry, index) => [entry._id, `${index}:${entry.points}`]))
    const before = previous.current
    previous.current = { key, rows }
    if (!before || before.key !== key) return
    const changed = new Set<string>()
    for (const [id, place] of rows) if (before.rows.get(id) !== place) changed.add(id)
    if (changed.size === 0) return
    setMoved(changed)
    const timer = setTimeout(() => setMoved(new Set()), FLASH_MS)
    return () => clearTimeout(timer)
  }, [key, entries])

  return moved
}
