import { diffLines, diffWords, diffWordsWithSpace } from 'diff'

/** One run of a diff: text both versions share, or text only the older (`removed`) or newer (`added`) has. */
export interface DiffPart {
  value: string
  kind: 'same' | 'added' | 'removed'
}

function toParts(changes: { value: string; added: boolean; removed: boolean }[]): DiffPart[] {
  return changes.map(({ value, added, removed }) => ({
    value,
    kind: added ? 'added' : removed ? 'removed' : 'same',
  }))
}

/** A title or description's change, word by word (jsdiff's `diffWords`, which ignores spacing changes). */
export function diffProse(before: string, after: string): DiffPart[] {
  return toParts(diffWords(before, after))
}

/**
 * A command's change: line by line when either version spans lines, else word by word with spaces kept.
 * Characters would cut flags and paths into unreadable pieces; shell words keep them whole.
 */
export function diffCommand(before: string, after: string): DiffPart[] {
  if (before.includes('\n') || after.includes('\n')) return toParts(diffLines(before, after))
  return toParts(diffWordsWithSpace(before, after))
}

/** Whether a diff holds any change. */
export function hasChanges(parts: DiffPart[]): boolean {
  return parts.some((part) => part.kind !== 'same')
}
