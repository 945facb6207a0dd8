import { isFilledValue, splitCommand } from '@bashboard/server/contract/placeholders'
import { useCallback, useMemo, useState } from 'react'
import { useGuestDraft } from '../../../lib/use-guest-draft'

/** A run of a filled-in command line: plain text, a typed value, or a placeholder still as written. */
export type FilledSegment =
  | { kind: 'text'; text: string }
  | { kind: 'filled' | 'unfilled'; name: string; text: string }

/** A command's placeholders and what the reader typed for them (see {@link usePlaceholderFill}). */
export interface PlaceholderFill {
  /** Distinct placeholder names, in order of first use: one field each. */
  names: string[]
  /** What was typed for `name` ('' when nothing). */
  value: (name: string) => string
  /** Whether any field holds anything (even blanks that fill nothing), i.e. whether Reset has work. */
  hasInput: boolean
  setValue: (name: string, value: string) => void
  /** Clears every value. */
  reset: () => void
  /** How many names have a value that fills them. */
  filledCount: number
  /** The placeholders still without a value, each once as first written (`<file>`): Copy names them. */
  unfilled: string[]
  /** The command with the typed values in place: what Copy copies (the command itself when none). */
  command: string
  /** The filled command cut into lines of segments, for drawing it with the placeholders marked. */
  lines: FilledSegment[][]
}

const NO_VALUES: Readonly<Record<string, string>> = {}

/** The value typed for `name`; own keys only, so a name like `constructor` never reads Object's. */
function typedValue(values: Readonly<Record<string, string>>, name: string): string | undefined {
  return Object.hasOwn(values, name) ? values[name] : undefined
}

/** Kept values read back: the fields of `names` that hold a string; anything else is dropped. */
function parseKeptValues(kept: string, names: string[]): Record<string, string> | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(kept)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null) return null
  const record = parsed as Record<string, unknown>
  const values: Record<string, string> = {}
  for (const name of names) {
    const value = Object.hasOwn(record, name) ? record[name] : undefined
    if (typeof value === 'string') values[name] = value
  }
  return values
}

/**
 * The fill-in state of a command's placeholders. Values are kept per `scope` (the post id): moving to
 * another post starts from empty fields even when its command shares a name. A `guest`'s values wait in
 * this tab while they sign in, and are back when the post is shown again (lib/use-guest-draft.ts).
 */
export function usePlaceholderFill(command: string, scope: string, guest = false): PlaceholderFill {
  const segments = useMemo(() => splitCommand(command), [command])
  const names = useMemo(() => {
    const distinct = new Set<string>()
    for (const segment of segments) if (segment.kind === 'placeholder') distinct.add(segment.name)
    return [...distinct]
  }, [segments])
  const [state, setState] = useState<{ scope: string; values: Readonly<Record<string, string>> }>({
    scope,
    values: NO_VALUES,
  })
  const values = state.scope === scope ? state.values : NO_VALUES

  const setValue = useCallback(
    (name: string, value: string) =>
      setState((current) => ({
        scope,
        values: { ...(current.scope === scope ? current.values : NO_VALUES), [name]: value },
      })),
    [scope],
  )
  const reset = useCallback(() => setState({ scope, values: NO_VALUES }), [scope])
  const hasInput = Object.values(values).some((value) => value !== '')
  useGuestDraft(`placeholders.${scope}`, hasInput ? JSON.stringify(values) : '', guest, (kept) => {
    const restored = parseKeptValues(kept, names)
    if (restored) setState({ scope, values: restored })
  })

  // Values can hold no line break (a text field drops them), so lines split on the command's own breaks.
  const lines: FilledSegment[][] = [[]]
  let filled = ''
  const unfilled = new Map<string, string>()
  for (const segment of segments) {
    if (segment.kind === 'placeholder') {
      const value = typedValue(values, segment.name)
      const piece: FilledSegment = isFilledValue(value)
        ? { kind: 'filled', name: segment.name, text: value.replace(/[\r\n]+/g, ' ') }
        : { kind: 'unfilled', name: segment.name, text: segment.text }
      if (piece.kind === 'unfilled' && !unfilled.has(piece.name)) unfilled.set(piece.name, piece.text)
      lines[lines.length - 1]?.push(piece)
      filled += piece.text
      continue
    }
    segment.text.split('\n').forEach((part, index) => {
      if (index > 0) lines.push([])
      if (part !== '') lines[lines.length - 1]?.push({ kind: 'text', text: part })
    })
    filled += segment.text
  }

  return {
    names,
    value: (name) => typedValue(values, name) ?? '',
    hasInput,
    setValue,
    reset,
    filledCount: names.filter((name) => isFilledValue(typedValue(values, name))).length,
    unfilled: [...unfilled.values()],
    command: filled,
    lines,
  }
}
