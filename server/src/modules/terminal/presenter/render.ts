import { splitCommand } from '../../../contract/placeholders.ts'
import type { PostCard, PostDetailResponse } from '../../../contract/posts.ts'
import type { ProgramSummary } from '../../../contract/programs.ts'
import { htmlToTerminal } from './html.ts'
import { cleanLine, cleanText, displayWidth, type Palette, padEnd, truncate } from './text.ts'

/*
 * The plain-text pages for curl and friends, in the manner of cheat.sh: every page reads as a shell
 * snippet (titles and notes are `#` comments, commands are bare lines), fits an 80-column terminal,
 * and is coloured only when the palette says so. All user text goes through cleanText/cleanLine
 * before it is written, so a title or command cannot carry escape sequences to the reader's terminal.
 */

/** Columns the pages are laid out for. */
export const WIDTH = 80

/** Where the pages point: the site's origin, and whether the CLI workspace ships with it. */
export interface RenderContext {
  origin: string
  palette: Palette
}

const postUrl = (origin: string, slug: string) => `${origin}/post/${encodeURIComponent(slug)}`

function comment(ctx: RenderContext, text: string): string {
  return ctx.palette.dim(`# ${text}`)
}

/** A score as `▲ 12` (or `▼ 3` below zero), with its width in cells. */
function score(post: Pick<PostCard, 'uplikeCount' | 'downlikeCount'>): string {
  const value = post.uplikeCount - post.downlikeCount
  return value < 0 ? `▼ ${-value}` : `▲ ${value}`
}

/** The command's lines, green, with placeholders picked out; never wrapped, so it stays copyable. */
export function commandLines(ctx: RenderContext, command: string): string[] {
  const { palette } = ctx
  // Line by line (a placeholder never spans lines), so each line carries its own styles.
  return cleanText(command)
    .trim()
    .split('\n')
    .map((line) =>
      splitCommand(line)
        .map((segment) =>
          segment.kind === 'placeholder' ? palette.yellow(segment.text) : palette.green(segment.text),
        )
        .join(''),
    )
}

/** One command in a list: `# title ……… ▲ 12`, the command, then its address as a comment. */
function entry(ctx: RenderContext, post: PostCard, index: number): string[] {
  const { palette } = ctx
  const mark = score(post)
  const number = `${index}.`
  const room = WIDTH - 2 - number.length - 1 - 2 - displayWidth(mark)
  const title = truncate(cleanLine(post.title) || 'Untitled', room)
  const gap = WIDTH - 2 - number.length - 1 - displayWidth(title) - displayWidth(mark)
  return [
    `${palette.dim('#')} ${palette.dim(number)} ${palette.bold(title)}${' '.repeat(Math.max(2, gap))}${palette.yellow(mark)}`,
    ...commandLines(ctx, post.command),
    comment(ctx, `   ${postUrl(ctx.origin, post.slug)}`),
  ]
}

function entries(ctx: RenderContext, posts: readonly PostCard[], first = 1): string[] {
  return posts.flatMap((post, index) => [...entry(ctx, post, first + index), ''])
}

/** Where to go next, at the foot of every page. */
function footer(ctx: RenderContext): string[] {
  const o = ctx.origin
  return [
    comment(ctx, '─'.repeat(WIDTH - 2)),
    comment(ctx, `Search:       curl ${o}/~find+large+files`),
    comment(ctx, `By program:   curl ${o}/tar`),
    comment(ctx, `All programs: curl ${o}/:list`),
    comment(ctx, `Help:         curl ${o}/:help   (?T: no colours, ?json: JSON)`),
  ]
}

const page = (lines: string[]) => `${lines.join('\n')}\n`

/** `GET /<program>`: the program's best commands. */
export function renderProgram(
  ctx: RenderContext,
  data: { program: string; posts: readonly PostCard[]; total: number; page: number; pageSize: number },
): string {
  const { palette } = ctx
  const count = `${data.total} command${data.total === 1 ? '' : 's'}`
  const lines = [
    `${palette.dim('#')} ${palette.bold(palette.cyan(data.program))} ${palette.dim(`— ${count} from the Bashboard community, best first`)}`,
    '',
    ...entries(ctx, data.posts, (data.page - 1) * data.pageSize + 1),
  ]
  if (data.posts.length === 0) lines.push(comment(ctx, `No commands on page ${data.page}.`), '')
  if (data.page * data.pageSize < data.total) {
    lines.push(comment(ctx, `More: curl ${ctx.origin}/${data.program}?page=${data.page + 1}`), '')
  }
  return page([...lines, ...footer(ctx)])
}

/** `GET /~<words>`: search results. */
export function renderSearch(
  ctx: RenderContext,
  words: string,
  posts: readonly PostCard[],
  total: number,
): string {
  const { palette } = ctx
  const quoted = `"${cleanLine(words)}"`
  if (posts.length === 0) {
    return page([
      comment(ctx, `No commands match ${quoted}. Try fewer or other words, or see every program:`),
      comment(ctx, `curl ${ctx.origin}/:list`),
      '',
      ...footer(ctx),
    ])
  }
  const more = total > posts.length ? ` (the best ${posts.length} shown)` : ''
  return page([
    `${palette.dim('#')} ${palette.bold(`Search ${quoted}`)} ${palette.dim(`— ${total} command${total === 1 ? '' : 's'}${more}`)}`,
    '',
    ...entries(ctx, posts),
    comment(ctx, `On the site: ${ctx.origin}/browse?search=${encodeURIComponent(cleanLine(words))}`),
    '',
    ...footer(ctx),
  ])
}

/** `GET /:list`: every program with commands, in columns, the most used first. */
export function renderList(ctx: RenderContext, programs: readonly ProgramSummary[]): string {
  const { palette } = ctx
  if (programs.length === 0) {
    return page([comment(ctx, 'No commands have been shared yet.'), '', ...footer(ctx)])
  }
  const cells = programs.map((program) => ({
    name: cleanLine(program.name),
    count: String(program.count),
  }))
  const cellWidth = Math.min(
    WIDTH,
    Math.max(...cells.map((cell) => displayWidth(cell.name) + 1 + cell.count.length)) + 3,
  )
  const columns = Math.max(1, Math.floor(WIDTH / cellWidth))
  const rows: string[] = []
  for (let start = 0; start < cells.length; start += columns) {
    const row = cells.slice(start, start + columns).map((cell) => {
      const plain = `${cell.name} ${cell.count}`
      const styled = `${palette.cyan(cell.name)} ${palette.dim(cell.count)}`
      return styled + ' '.repeat(Math.max(0, cellWidth - displayWidth(plain)))
    })
    rows.push(row.join('').trimEnd())
  }
  return page([
    `${palette.dim('#')} ${palette.bold(`${programs.length} programs`)} ${palette.dim('with commands, the most used first (name, commands)')}`,
    comment(ctx, `See one: curl ${ctx.origin}/<program>`),
    '',
    ...rows,
    '',
    ...footer(ctx),
  ])
}

/** A post's own URL: title, command, placeholders, description, score and address. */
export function renderPost(ctx: RenderContext, detail: PostDetailResponse, cliAvailable: boolean): string {
  const { palette } = ctx
  const post = detail.post
  const facts = [
    score(post),
    post.category ? cleanLine(post.category.name) : null,
    `by ${cleanLine(post.author.username)}`,
    `${post.commentsCount} comment${post.commentsCount === 1 ? '' : 's'}`,
    post.tags.length > 0 ? post.tags.map((tag) => `#${cleanLine(tag)}`).join(' ') : null,
  ].filter((fact): fact is string => fact !== null)
  const lines = [
    `${palette.dim('#')} ${palette.bold(cleanLine(post.title) || 'Untitled')}`,
    comment(ctx, facts.join(' · ')),
    '',
    ...commandLines(ctx, post.command),
    '',
  ]
  if (post.placeholders.length > 0) {
    const names = post.placeholders.map((name) => cleanLine(name))
    // Filled with the names themselves, the way tldr pages read: `tar -xf {{archive}}` → `tar -xf archive`.
    const filled = splitCommand(cleanText(post.command).trim())
      .map((segment) => (segment.kind === 'placeholder' ? cleanLine(segment.name) : segment.text))
      .join('')
    lines.push(
      `${palette.dim('#')} ${palette.bold('Placeholders:')} ${names.map((name) => palette.yellow(name)).join(', ')}`,
      comment(ctx, 'Replace each with your value before running it, for example:'),
      ...filled.split('\n').map((line) => comment(ctx, `  ${line}`)),
    )
    if (cliAvailable) lines.push(comment(ctx, `Or let the CLI ask for each: npx bashboard fill ${post.slug}`))
    lines.push('')
  }
  // The description is commented too, so the whole page still pastes into a shell harmlessly.
  const description = htmlToTerminal(post.description, WIDTH - 3, palette)
  if (description.length > 0) {
    lines.push(
      ...description.map((line) => (line === '' ? palette.dim('#') : `${palette.dim('#')}  ${line}`)),
      '',
    )
  }
  lines.push(comment(ctx, postUrl(ctx.origin, post.slug)), '', ...footer(ctx))
  return page(lines)
}

/** An unknown program: a short message and, when some are near, suggestions. */
export function renderUnknownProgram(
  ctx: RenderContext,
  program: string,
  suggestions: readonly string[],
): string {
  const { palette } = ctx
  const lines = [`${palette.dim('#')} ${palette.red(`No commands use "${cleanLine(program)}" yet.`)}`]
  if (suggestions.length > 0) {
    lines.push(comment(ctx, 'Did you mean:'))
    for (const name of suggestions)
      lines.push(`${palette.dim('#')}   curl ${ctx.origin}/${palette.cyan(cleanLine(name))}`)
  }
  lines.push(
    comment(
      ctx,
      `Search every command instead: curl ${ctx.origin}/~${encodeURIComponent(cleanLine(program))}`,
    ),
    comment(ctx, `Every program: curl ${ctx.origin}/:list`),
  )
  return page(lines)
}

/** A `/:name` that is not a page (only :list and :help are). */
export function renderUnknownPage(ctx: RenderContext, name: string): string {
  return page([
    `${ctx.palette.dim('#')} ${ctx.palette.red(`There is no page ":${truncate(cleanLine(name), 40)}".`)}`,
    comment(ctx, `See what there is: curl ${ctx.origin}/:help`),
  ])
}

/** A post that does not exist. */
export function renderUnknownPost(ctx: RenderContext): string {
  return page([
    `${ctx.palette.dim('#')} ${ctx.palette.red('Post not found.')}`,
    comment(ctx, `Search for it: curl ${ctx.origin}/~words+from+its+title`),
  ])
}

/** The answer past the rate limit. */
export function renderTooMany(ctx: RenderContext, seconds: number): string {
  return page([
    `${ctx.palette.dim('#')} ${ctx.palette.red(`Too many requests. Try again in ${seconds} seconds.`)}`,
  ])
}

/** `GET /:help`: everything the text interface does, with examples. */
export function renderHelp(ctx: RenderContext, cliAvailable: boolean): string {
  const { palette } = ctx
  const o = ctx.origin
  const heading = (text: string) => palette.bold(text)
  const example = (command: string, note: string) =>
    `  ${padEnd(palette.green(command), 40)} ${palette.dim(note)}`
  const lines = [
    `${heading('Bashboard from the terminal')}`,
    palette.dim('The community’s Linux commands, best first by votes, as plain text for curl.'),
    '',
    heading('Pages'),
    example(`curl ${o}/tar`, 'best commands using a program'),
    example(`curl ${o}/~find+large`, 'search (words after ~, + or %20)'),
    example(`curl ${o}/:list`, 'every program with commands'),
    example(`curl ${o}/post/<slug>`, 'one command, its placeholders'),
    example(`curl ${o}/:help`, 'this page'),
    '',
    heading('Options (query string)'),
    example(`curl ${o}/tar?T`, 'no colours (also ?nocolor, ?NO_COLOR)'),
    example(`curl ${o}/tar?json`, 'the same data as JSON'),
    example(`curl ${o}/tar?page=2`, 'the next commands'),
    '',
    heading('Notes'),
    '  Pages read as shell snippets: titles and notes are # comments, so a command',
    '  can be copied as it is. Placeholders such as <file> or {{path}} are yours to',
    '  fill in. Colours go to curl, Wget, HTTPie and xh; scripts and clients sending',
    '  Accept: text/plain get clean text. A browser opening the same address gets the',
    '  site. Programs are the names in a command’s tags; names with a dot are found',
    '  through search. A personal access token may be sent as Authorization: Bearer',
    '  (scope read); requests are limited per address each minute.',
    '',
  ]
  if (cliAvailable) {
    lines.push(
      heading('The bashboard CLI'),
      '  From a clone of the repository, after npm install:',
      example('npx bashboard --help', 'every command'),
      example('npx bashboard search find large', 'search'),
      example('npx bashboard show <slug>', 'read a command'),
      example('npx bashboard fill <slug>', 'fill in its placeholders'),
      '',
    )
  }
  lines.push(
    heading('A shell function'),
    palette.dim('  # in ~/.bashrc, then: howto tar, howto ~find large'),
    `  ${palette.green(`howto() { curl -s "${o}/$(printf '%s' "$*" | sed 's/ /+/g')"; }`)}`,
    '',
  )
  return page(lines)
}
