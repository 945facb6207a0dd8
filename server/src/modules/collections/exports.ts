import type { CollectionExport, ExportFormat } from '../../contract/collections.ts'
import { findPlaceholders, splitCommand } from '../../contract/placeholders.ts'

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

// navi reads a variable name like the placeholder rule's navi form: a letter or `_`, then letters,
// digits, `_` or `-`.
const NAVI_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/
// navi reads lines starting with these as tags, descriptions, comments, variables or imports.
const NAVI_DIRECTIVE = /^[%#;$@]/

/** Text on one line: runs of whitespace (line breaks included) become one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * The command with its placeholders in navi's form: tldr's `{{name}}` becomes `<name>` when the name
 * is one navi can read (`{{path/to/file}}` stays as written); navi placeholders stay.
 */
export function toNaviCommand(command: string): string {
  return splitCommand(command)
    .map((segment) =>
      segment.kind === 'placeholder' && segment.form === 'tldr' && NAVI_NAME.test(segment.name)
        ? `<${segment.name}>`
        : segment.text,
    )
    .join('')
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
 * post `# <title>` and the command. navi ends a command at a blank line and reads a line starting with
 * `%`, `#`, `;`, `$` or `@` as one of its own, so blank lines inside a command are dropped and such
 * lines are indented by one space (the shell ignores it).
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

/** The export of `source` in `format`, named `<fileBase>.<ext>`. */
export function buildExport(source: ExportSource, format: ExportFormat, fileBase: string): ExportFile {
  const { ext, contentType } = EXTENSIONS[format]
  const body =
    format === 'navi'
      ? toNavi(source)
      : format === 'tldr'
        ? toTldr(source)
        : `${JSON.stringify(toJsonExport(source), null, 2)}\n`
  return { filename: `${safeFileBase(fileBase)}.${ext}`, contentType, body }
}
