/**
 * Placeholders in a command: the parts a reader fills in before running it. The server lists them on
 * every post (`placeholders`) and the web client fills them in, so both read the rule from here. This
 * module imports nothing: the web imports it at runtime from `@bashboard/server/contract/placeholders`.
 *
 * Two forms are recognised, the ones navi and tldr use:
 *
 * - **tldr form `{{…}}`**: `{{` and `}}` around 1 to {@link PLACEHOLDER_NAME_MAX_LENGTH} characters that
 *   are not braces or line breaks, counted after trimming surrounding spaces; the trimmed text is the
 *   name (`{{path/to/file}}` → `path/to/file`, `{{ 30 }}` → `30`). Not a placeholder when:
 *   - the braces are tripled (`{{{x}}}`) or the `{{` follows `$` (`${{ secrets.TOKEN }}`);
 *   - it reads as a Go or Helm template action, as in `docker ps --format '{{.Names}}'`: the text starts
 *     with `.`, `$`, a quote, a backtick, `/*` or a trim marker (`{{- ` / ` -}}`), is `end`, `else`,
 *     `break` or `continue`, starts with `if`, `else`, `range`, `with`, `template`, `define` or `block`
 *     and a space, or passes a field or variable to a function (a space followed by `.` or `$`, as in
 *     `{{json .Config}}`).
 * - **navi form `<name>`**: `<`, a name, `>`, with nothing between them. The name starts with an ASCII
 *   letter or `_`, continues with letters, digits, `_` or `-`, and is at most
 *   {@link PLACEHOLDER_NAME_MAX_LENGTH} characters (`<user>@<host>` → `user`, `host`). Shell redirections
 *   never match: the `<` must not follow another `<`, a digit or `&` (`<<EOF`, `<<<`, `0<file`), and the
 *   `>` must not be followed by another `>` or by `&` and a digit or `-` (`<in>>out`, `<in>&2`). So
 *   `sort < in.txt > out.txt`, `cat <file`, `2>&1`, `&>`, `<(cmd)`, `>(cmd)` and `</dev/null` are never
 *   placeholders. Only `cmd <in>out`, a redirection written without any space, reads as one.
 *
 * A name used several times is one placeholder; names are case-sensitive and listed in order of first use.
 * Filling inserts each value exactly as typed (no quoting), everywhere its name appears; a placeholder
 * whose value is empty or blank stays as written.
 */

/** Longest placeholder name, in characters (longer ones are plain text). */
export const PLACEHOLDER_NAME_MAX_LENGTH = 64

/** A run of a command: plain text, or a placeholder with its name and the text it was written as. */
export type CommandSegment =
  | { kind: 'text'; text: string }
  | { kind: 'placeholder'; form: 'navi' | 'tldr'; name: string; text: string }

// One pass over both forms; the context checks below decide whether a match really is a placeholder.
const CANDIDATE = /\{\{([^{}\n]+)\}\}|<([A-Za-z_][A-Za-z0-9_-]*)>/g

const TEMPLATE_KEYWORDS = new Set(['end', 'else', 'break', 'continue'])
const TEMPLATE_ACTION = /^(?:if|else|range|with|template|define|block)\s/
const TEMPLATE_START = /^(?:[.$"'`]|\/\*)/

/** The name of a tldr placeholder's inner text, or undefined when it is not one. */
function tldrName(inner: string): string | undefined {
  const name = inner.trim()
  if (name === '' || name.length > PLACEHOLDER_NAME_MAX_LENGTH) return undefined
  // Go template trim markers are a dash with a space on the inner side.
  if (/^-\s/.test(inner) || /\s-$/.test(inner)) return undefined
  if (TEMPLATE_START.test(name) || TEMPLATE_KEYWORDS.has(name) || TEMPLATE_ACTION.test(name)) return undefined
  if (/\s[.$]/.test(name)) return undefined
  return name
}

/** Whether a navi candidate at `start`..`end` (exclusive) of `command` stands clear of redirections. */
function isNaviContext(command: string, start: number, end: number): boolean {
  const before = command[start - 1] ?? ''
  if (before === '<' || before === '&' || (before >= '0' && before <= '9')) return false
  const after = command[end] ?? ''
  if (after === '>') return false
  if (after === '&') {
    const next = command[end + 1] ?? ''
    if (next === '-' || (next >= '0' && next <= '9')) return false
  }
  return true
}

/** The command cut into text and placeholders, in order; joining every `text` gives the command back. */
export function splitCommand(command: string): CommandSegment[] {
  const segments: CommandSegment[] = []
  const pattern = new RegExp(CANDIDATE.source, 'g')
  let textStart = 0
  for (let match = pattern.exec(command); match !== null; match = pattern.exec(command)) {
    const start = match.index
    const end = start + match[0].length
    let segment: CommandSegment | undefined
    if (match[1] !== undefined) {
      const before = command[start - 1]
      const name = before === '{' || before === '$' || command[end] === '}' ? undefined : tldrName(match[1])
      if (name !== undefined) segment = { kind: 'placeholder', form: 'tldr', name, text: match[0] }
    } else if (match[2] !== undefined) {
      const name = match[2]
      if (name.length <= PLACEHOLDER_NAME_MAX_LENGTH && isNaviContext(command, start, end))
        segment = { kind: 'placeholder', form: 'navi', name, text: match[0] }
    }
    if (!segment) {
      // Not a placeholder: look again from the next character, so one starting inside it is still found.
      pattern.lastIndex = start + 1
      continue
    }
    if (start > textStart) segments.push({ kind: 'text', text: command.slice(textStart, start) })
    segments.push(segment)
    textStart = end
  }
  if (textStart < command.length) segments.push({ kind: 'text', text: command.slice(textStart) })
  return segments
}

/** The distinct placeholder names of a command, in order of first use. */
export function findPlaceholders(command: string): string[] {
  const names = new Set<string>()
  for (const segment of splitCommand(command)) if (segment.kind === 'placeholder') names.add(segment.name)
  return [...names]
}

/** Whether a value fills its placeholder: an empty or blank one leaves the placeholder as written. */
export function isFilledValue(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== ''
}

/**
 * The command with each placeholder replaced by its value, inserted exactly as typed. Placeholders
 * without a value (missing, empty or blank) stay as written, so with no values the command comes back
 * unchanged.
 */
export function fillPlaceholders(command: string, values: Readonly<Record<string, string>>): string {
  return splitCommand(command)
    .map((segment) => {
      if (segment.kind === 'text') return segment.text
      const value = Object.hasOwn(values, segment.name) ? values[segment.name] : undefined
      return isFilledValue(value) ? value : segment.text
    })
    .join('')
}

/**
 * The placeholders filling with `values` leaves as written (no value, or a blank one), each once and as
 * first written in the command (`<file>`, `{{path/to/dir}}`), in order of first use: what a copy or
 * `bashboard fill` names when it hands over a command that still needs filling in.
 */
export function unfilledPlaceholders(command: string, values: Readonly<Record<string, string>>): string[] {
  const written = new Map<string, string>()
  for (const segment of splitCommand(command)) {
    if (segment.kind !== 'placeholder' || written.has(segment.name)) continue
    const value = Object.hasOwn(values, segment.name) ? values[segment.name] : undefined
    if (!isFilledValue(value)) written.set(segment.name, segment.text)
  }
  return [...written.values()]
}
