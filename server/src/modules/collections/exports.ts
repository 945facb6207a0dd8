import type { CollectionExport, ExportFormat } from '../../contract/collections.ts'
import { findPlaceholders, PLACEHOLDER_NAME_MAX_LENGTH, splitCommand } from '../../contract/placeholders.ts'
import { printableText } from '../../lib/printable-text.ts'

/*
 * Collections (and "all saved") as files for the tools command-line users keep their commands in:
 * navi's `.cheat`, Markdown in tldr's page style, and JSON. Pure functions of the data, so every format
 * is unit-tested on its own (exports.test.ts).
 */

/** One post to export: plain-text description, absolute URL. */
export interface ExportPost {
  title: string
  command: string
  description: string
  tags: string[]
  url: string
}

/** What an export is made of. `url` is the collection's page (absolute). */
export interface ExportSource {
  name: string
  description: string
  ownerUsername: string
  url: string
  posts: ExportPost[]
}

/** A file to download: its name, content type and text. */
export interface ExportFile {
  filename: string
  contentType: string
  body: string
}

const EXTENSIONS: Record<ExportFormat, { ext: string; contentType: string }> = {
  navi: { ext: 'cheat', contentType: 'text/plain; charset=utf-8' },
  tldr: { ext: 'md', contentType: 'text/markdown; charset=utf-8' },
  json: { ext: 'json', contentType: 'application/json; charset=utf-8' },
}

/*
 * navi's rules (denisidoro/navi, src/parser.rs and src/deser/mod.rs):
 * - a line starting with `%` holds tags, `#` a description, `;` a comment, `@` a dependency, a line
 *   starting with `$` and holding a `:` defines a variable's suggestions, and a line starting with three
 *   backticks opens or closes a Markdown fence (and is dropped); any other line is part of the command;
 * - a variable is `<name>` anywhere in a command line, found with `\\?<(\w[\w\d\-_]*)>` (Rust's Unicode
 *   `\w`), a backslash before it included, and redirections are not told apart;
 * - a variable's value is kept in an environment variable named after it with `-` as `_`, so `<a-b>`
 *   and `<a_b>` are one variable.
 */
const NAVI_DIRECTIVE = /^(?:[%#;$@]|```)/
const NAVI_WORD = String.raw`[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]`
const NAVI_VARIABLE = new RegExp(String.raw`\\?<(${NAVI_WORD}(?:${NAVI_WORD}|-)*)>`, 'gu')
// Names kept as written: navi reads them, and so does the placeholder rule's navi form (ASCII, a letter
// or `_` first, at most 64), so the exported file still reads as the same placeholders on this site.
const KEPT_NAME = new RegExp(`^[A-Za-z_][A-Za-z0-9_-]{0,${PLACEHOLDER_NAME_MAX_LENGTH - 1}}$`)

/** Text on one line: runs of whitespace (line breaks included) become one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** The name of navi's environment variable for a variable name (src/env_var.rs `escape`). */
function naviKey(name: string): string {
  return name.replaceAll('-', '_')
}

/** A name navi and the placeholder rule both read, made of a name neither does: `path/to/file` → `path_to_file`. */
function toNaviName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  const base = ascii === '' ? 'value' : /^[A-Za-z_]/.test(ascii) ? ascii : `_${ascii}`
  return base.slice(0, PLACEHOLDER_NAME_MAX_LENGTH)
}

/**
 * The navi name of each placeholder of a command. Names navi and this site both read keep their
 * spelling; the others are made into one, and a name whose navi variable another placeholder already has gets `_2`, `_3`…
 * so no two placeholders share a value in navi. The names already valid are settled first, so an
 * author's `<name>` is never renamed for a converted `{{…}}`.
 */
function naviNames(names: readonly string[]): Map<string, string> {
  const result = new Map<string, string>()
  const taken = new Set<string>()
  const settle = (name: string, wanted: string) => {
    let candidate = wanted
    for (let n = 2; taken.has(naviKey(candidate)); n += 1) {
      const suffix = `_${n}`
      candidate = `${wanted.slice(0, PLACEHOLDER_NAME_MAX_LENGTH - suffix.length)}${suffix}`
    }
    taken.add(naviKey(candidate))
    result.set(name, candidate)
  }
  for (const name of names) if (KEPT_NAME.test(name)) settle(name, name)
  for (const name of names) if (!result.has(name)) settle(name, toNaviName(name))
  return result
}

/**
 * The quoting in force at each character of a command: `u` none, `s` inside `'…'`, `a` inside `$'…'`,
 * `d` inside `"…"`. Enough to keep a literal `<` from being read by navi (below); quotes inside a
 * `$(…)` within double quotes and here-document bodies are not followed.
 */
function quotingOf(command: string): string {
  let state = 'u'
  let out = ''
  for (let i = 0; i < command.length; i += 1) {
    const ch = command[i]
    out += state
    if (ch === '\\' && state !== 's') {
      out += state
      i += 1
    } else if (state === 'u' && ch === "'") state = command[i - 1] === '$' ? 'a' : 's'
    else if (state === 'u' && ch === '"') state = 'd'
    else if ((state === 's' || state === 'a') && ch === "'") state = 'u'
    else if (state === 'd' && ch === '"') state = 'u'
  }
  return out.slice(0, command.length)
}

// What splits `<` from a word without changing what the shell reads: an empty string in the quoting
// in force there (closing and reopening the quotes).
const EMPTY_IN: Record<string, string> = { u: "''", s: "''", a: "'$'", d: '""' }

/**
 * Text navi would read as a variable although it is no placeholder here (a redirection written without
 * spaces, `cmd 0<in>out`; `<1>`; a name past 64 characters) gets an empty quoted string after its `<`,
 * so navi leaves it alone and the shell still reads the same words. `placeholders` are the spans of the
 * placeholders written, which stay.
 */
function escapeNaviLookalikes(command: string, placeholders: ReadonlySet<number>): string {
  const quoting = quotingOf(command)
  let out = ''
  let from = 0
  for (const match of command.matchAll(NAVI_VARIABLE)) {
    const at = (match.index ?? 0) + (match[0].startsWith('\\') ? 1 : 0)
    if (placeholders.has(at)) continue
    out += `${command.slice(from, at + 1)}${EMPTY_IN[quoting[at] ?? 'u']}`
    from = at + 1
  }
  return out + command.slice(from)
}

/**
 * The command as a navi cheat's command: every placeholder in navi's form with a name navi can read and
 * fill (`{{path/to/file}}` → `<path_to_file>`, `<user>` stays), as the tldr export converts the other
 * way, and nothing else navi would take for a variable.
 */
export function toNaviCommand(command: string): string {
  const segments = splitCommand(command)
  const names = naviNames(findPlaceholders(command))
  let text = ''
  const placeholders = new Set<number>()
  for (const segment of segments) {
    if (segment.kind === 'placeholder') {
      placeholders.add(text.length)
      text += `<${names.get(segment.name) ?? segment.name}>`
    } else text += segment.text
  }
  return escapeNaviLookalikes(text, placeholders)
}

/** The command with its placeholders in tldr's form: navi's `<name>` becomes `{{name}}`. */
export function toTldrCommand(command: string): string {
  return splitCommand(command)
    .map((segment) =>
      segment.kind === 'placeholder' && segment.form === 'navi' ? `{{${segment.name}}}` : segment.text,
    )
    .join('')
}

/**
 * A navi cheatsheet: `% <name>` (navi's tags line), the description as `;` comments, then for each
 * post `# <title>` and the command in navi's placeholder form ({@link toNaviCommand}). Lines navi would
 * read as its own (`%`, `#`, `;`, `$`, `@`, a fence) are indented by one space inside a command, which
 * the shell ignores outside here-documents and multi-line strings, and blank lines inside one are
 * dropped: navi versions differ on whether a blank line ends it.
 */
export function toNavi(source: ExportSource): string {
  const lines = [`% ${oneLine(source.name)}`]
  for (const line of source.description.split(/\r?\n/)) {
    if (line.trim() !== '') lines.push(`; ${line.trim()}`)
  }
  lines.push(`; ${source.url}`)
  for (const post of source.posts) {
    lines.push('', `# ${oneLine(post.title)}`)
    for (const line of toNaviCommand(post.command).split(/\r?\n/)) {
      if (line.trim() === '') continue
      lines.push(NAVI_DIRECTIVE.test(line) ? ` ${line}` : line)
    }
  }
  return `${lines.join('\n')}\n`
}

/** The longest run of backticks in `text`. */
function longestBacktickRun(text: string): number {
  let longest = 0
  for (const [run] of text.matchAll(/`+/g)) longest = Math.max(longest, run.length)
  return longest
}

/**
 * A command as Markdown code: inline code on one line as tldr writes it, with a fence longer than any
 * run of backticks inside (and padded when the command starts or ends with one); a command of several
 * lines as a fenced block, which keeps its line breaks.
 */
export function markdownCode(command: string): string {
  if (!/[\r\n]/.test(command)) {
    const fence = '`'.repeat(longestBacktickRun(command) + 1)
    const pad = command.startsWith('`') || command.endsWith('`') ? ' ' : ''
    return `${fence}${pad}${command}${pad}${fence}`
  }
  const lineStartRuns = command.split(/\r?\n/).map((line) => /^`*/.exec(line)?.[0].length ?? 0)
  const fence = '`'.repeat(Math.max(3, ...lineStartRuns.map((n) => n + 1)))
  return `${fence}sh\n${command.replace(/\r\n/g, '\n')}\n${fence}`
}

/**
 * Markdown in tldr's page style: `# <name>`, the description and the page's address as `>` lines,
 * then for each post `- <title>:` and its command in backticks, placeholders as `{{name}}`.
 */
export function toTldr(source: ExportSource): string {
  const lines = [`# ${oneLine(source.name)}`, '']
  for (const line of source.description.split(/\r?\n/)) {
    if (line.trim() !== '') lines.push(`> ${line.trim()}`)
  }
  lines.push(`> More information: <${source.url}>.`)
  for (const post of source.posts) {
    const title = oneLine(post.title)
    lines.push(
      '',
      `- ${title}${/[:.!?]$/.test(title) ? '' : ':'}`,
      '',
      markdownCode(toTldrCommand(post.command)),
    )
  }
  return `${lines.join('\n')}\n`
}

/** The JSON export (contract `CollectionExport`): placeholders are listed by name, as written. */
export function toJsonExport(source: ExportSource): CollectionExport {
  return {
    name: source.name,
    description: source.description,
    owner: { username: source.ownerUsername },
    url: source.url,
    posts: source.posts.map((post) => ({
      title: post.title,
      command: post.command,
      description: post.description,
      placeholders: findPlaceholders(post.command),
      tags: post.tags,
      url: post.url,
    })),
  }
}

/**
 * A safe file name from a slug or name: lowercase ASCII letters, digits and single dashes (never
 * empty), so it needs no quoting in `Content-Disposition` and cannot climb out of a folder.
 */
export function safeFileBase(text: string): string {
  const base = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return base === '' ? 'collection' : base
}

/**
 * `source` with every string printable (lib/printable-text.ts): rows stored before input refused lone
 * carriage returns and text-direction marks may hold them, and navi, tldr and scripts would show or
 * run them as they are, so what a terminal shows could differ from what runs.
 */
export function printableSource(source: ExportSource): ExportSource {
  return {
    name: printableText(source.name),
    description: printableText(source.description),
    ownerUsername: printableText(source.ownerUsername),
    url: printableText(source.url),
    posts: source.posts.map((post) => ({
      title: printableText(post.title),
      command: printableText(post.command),
      description: printableText(post.description),
      tags: post.tags.map(printableText),
      url: printableText(post.url),
    })),
  }
}

/** The export of `source` in `format`, named `<fileBase>.<ext>`; every string printable first. */
export function buildExport(raw: ExportSource, format: ExportFormat, fileBase: string): ExportFile {
  const source = printableSource(raw)
  const { ext, contentType } = EXTENSIONS[format]
  const body =
    format === 'navi'
      ? toNavi(source)
      : format === 'tldr'
        ? toTldr(source)
        : `${JSON.stringify(toJsonExport(source), null, 2)}\n`
  return { filename: `${safeFileBase(fileBase)}.${ext}`, contentType, body }
}
