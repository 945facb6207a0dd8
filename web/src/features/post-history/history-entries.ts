import type { PostRevisionsResponse, PostVersion } from '@bashboard/server/contract'

/** One version on the history page, with the one it replaced (null for the post as first written). */
export interface HistoryEntry {
  key: string
  /** 1 for the post as first written, counting up to the current version. */
  number: number
  version: PostVersion
  previous: PostVersion | null
  /** The id a rollback names; null for the current version, which is what a rollback replaces. */
  revisionId: string | null
}

/** The history's versions newest first, each paired with the version before it. */
export function historyEntries(history: PostRevisionsResponse): HistoryEntry[] {
  const { current, revisions } = history
  const total = revisions.length + 1
  const currentEntry: HistoryEntry = {
    key: 'current',
    number: total,
    version: current,
    previous: revisions[0] ?? null,
    revisionId: null,
  }
  const earlier = revisions.map(
    (revision, index): HistoryEntry => ({
      key: revision._id,
      number: total - 1 - index,
      version: revision,
      previous: revisions[index + 1] ?? null,
      revisionId: revision._id,
    }),
  )
  return [currentEntry, ...earlier]
}

/** Who made a version, in words: "Edited by ada", "Rolled back by a moderator"… */
export function madeByLabel(version: PostVersion): string {
  const who = version.madeBy?.username ?? 'a deleted account'
  if (version.change === 'created') return `Posted by ${who}`
  if (version.change === 'rollback') return `Rolled back by ${who}`
  return `Edited by ${who}`
}
