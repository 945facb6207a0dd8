/**
 * Tags of a post (docs/product-rules.md#posts): the program names of the command's pipeline stages, plus the
 * tags the author adds. Derived tags make posts findable by program name without the author typing them.
 */

/** Most tags derived from a command. */
export const MAX_DERIVED_TAGS = 5
/** Most tags a post keeps in all (derived first, then the author's). */
export const MAX_TAGS = 10
/** Longest tag kept. */
export const MAX_TAG_LENGTH = 30

// Words that run another program rather than being the program of interest.
const WRAPPERS = new Set(['sudo', 'env', 'doas', 'nohup', 'time', 'command', 'exec', 'nice'])
// Shell keywords: the program is the word after them (`do sleep 2`, `if grep -q x f`) ...
const KEYWORDS_BEFORE_A_PROGRAM = new Set(['do', 'then', 'else', 'elif', 'if', 'while', 'until', '!'])
// ... or there is none in the stage (`done`, the loop header `for f in *.log`).
const KEYWORDS_WITHOUT_A_PROGRAM = new Set(['done', 'fi', 'esac', 'for', 'case', 'select', 'in', '}', ')'])
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/
const TAG_SHAPE = /^[a-z0-9][a-z0-9._+-]*$/
// Wrapper options whose value is the next word (`sudo -u root`, `nice -n 10`).
const OPTIONS_WITH_VALUE = new Set(['-u', '-g', '-n', '-C', '-p', '-U', '-h', '-D', '-r', '-t'])

/** Splits a command into its pipeline and list stages (`|`, `||`, `&&`, `;`, `&`, newlines). */
export function commandStages(command: string): string[] {
  return (
    command
      // `&` next to a redirection (`2>&1`, `&>file`) is not a background operator.
      .split(/\|\||&&|(?<![<>])&(?!>)|[|;\n]/)
      .map((stage) => stage.trim())
      .filter((stage) => stage !== '')
  )
}

/**
 * The program a stage runs: the first word that is not a wrapper, an option of one, an assignment or a
 * shell keyword; none for a stage that is only a keyword or a loop header.
 */
export function stageProgram(stage: string): string | undefined {
  const words = stage.replace(/^[({\s]+/, '').split(/\s+/)
  let afterWrapper = false
  let skipValue = false
  for (const raw of words) {
    const word = raw.replace(/^['"]|['"]$/g, '')
    if (word === '') continue
    if (skipValue) {
      skipValue = false
      continue
    }
    if (ASSIGNMENT.test(word)) continue
    if (!afterWrapper && KEYWORDS_BEFORE_A_PROGRAM.has(word)) continue
    if (!afterWrapper && KEYWORDS_WITHOUT_A_PROGRAM.has(word)) return undefined
    if (WRAPPERS.has(word)) {
      afterWrapper = true
      continue
    }
    // Options of a wrapper (`sudo -u root`, `nice -n 10`) come before the program.
    if (afterWrapper && word.startsWith('-')) {
      skipValue = OPTIONS_WITH_VALUE.has(word)
      continue
    }
    const name = word.split('/').pop() ?? word
    return name
  }
  return undefined
}

/** Lower-cases a tag and folds spaces to `-`; undefined when nothing usable is left. */
export function normalizeTag(tag: string): string | undefined {
  const cleaned = tag.trim().toLowerCase().replace(/^#+/, '').replace(/\s+/g, '-').slice(0, MAX_TAG_LENGTH)
  return TAG_SHAPE.test(cleaned) ? cleaned : undefined
}

/**
 * The tags of a post: up to {@link MAX_DERIVED_TAGS} program names from the command (in order, without
 * repeats), then the author's extra tags, at most {@link MAX_TAGS} in all.
 */
export function deriveTags(command: string, extra: readonly string[] = []): string[] {
  const tags: string[] = []
  for (const stage of commandStages(command)) {
    if (tags.length >= MAX_DERIVED_TAGS) break
    const program = stageProgram(stage)
    const tag = program === undefined ? undefined : normalizeTag(program)
    if (tag && !tags.includes(tag)) tags.push(tag)
  }
  for (const raw of extra) {
    if (tags.length >= MAX_TAGS) break
    const tag = normalizeTag(raw)
    if (tag && !tags.includes(tag)) tags.push(tag)
  }
  return tags
}
