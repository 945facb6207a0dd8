import type { PointsReason } from '@bashboard/db'

/** Points of the ledger (docs/product-rules.md#points). */
export const POINTS = { postCreated: 10, upvoteReceived: 2, downvoteReceived: -1 } as const

/** A ledger entry's points and reason. */
export interface LedgerStep {
  delta: number
  reason: PointsReason
}

/** The ledger entry a vote of `value` earns the post's author. */
export function votePoints(value: number): LedgerStep {
  return value > 0
    ? { delta: POINTS.upvoteReceived, reason: 'upvote_received' }
    : { delta: POINTS.downvoteReceived, reason: 'downvote_received' }
}

/**
 * The author's ledger entries for a vote of `value`, in order: when it replaced the opposite vote,
 * first the entry taking that one's points back, then what this one earns.
 */
export function voteLedgerSteps(value: number, switched: boolean): LedgerStep[] {
  const earned = votePoints(value)
  if (!switched) return [earned]
  return [{ delta: -votePoints(-value).delta, reason: 'vote_reversed' }, earned]
}
