import { splitCommand } from '../../../contract/placeholders.ts'
import { countOf } from '../../../contract/plurals.ts'
import type { PostCard, PostDetailResponse } from '../../../contract/posts.ts'
import type { ProgramSummary } from '../../../contract/programs.ts'
import { SEARCH_MAX_LENGTH } from '../../../contract/values.ts'
import { BROWSER_PAGES } from '../site-pages.ts'
import { htmlToTerminal } from './html.ts'
import { cleanLine, cleanText, displayWidth, type Palette, padEnd, truncate, wrap } from './text.ts'

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

/** A post's address on the site. */
export const postUrl = (origin: string, slug: string) => `${origin}/post/${encodeURIComponent(slug)}`

/** A note line: `# text`, dimmed. */
export function comment(ctx: RenderContext, text: string): string {
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

/** What a list shows of a command: cards and the profile's own post rows both have it. */
export type ListedCommand = Pick<PostCard, 'title' | 'command' | 'slug' | 'uplikeCount' | 'downlikeCount'>

/** One command in a list: `# title ……… ▲ 12`, the command, then its address as a comment. */
function entry(ctx: RenderContext, post: ListedCommand, index: number): string[] {
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

/** Numbered commands from `first`, each followed by a blank line. */
export function entries(ctx: RenderContext, posts: readonly ListedCommand[], first = 1): string[] {
  return posts.flatMap((post, index) => [...entry(ctx, post, first + index), ''])
}

/** Where to go next, at the foot of every page. */
export function footer(ctx: RenderContext): string[] {
  const o = ctx.origin
  return [
    comment(ctx, '─'.repeat(WIDTH - 2)),
    comment(ctx, `Search:       curl ${o}/~find+large+files`),
    comment(ctx, `By program:   curl ${o}/tar`),
    comment(ctx, `All programs: curl ${o}/:list`),
    comment(ctx, `Help:         curl ${o}/:help   (?T: no colours, ?json: JSON)`),
  ]
}

/** The lines as one page of text. */
export const page = (lines: string[]) => `${lines.join('\n')}\n`

/** `GET /<program>`: the program's best commands. */
export function renderProgram(
  ctx: RenderContext,
  data: { program: string; posts: readonly PostCard[]; total: number; page: number; pageSize: number },
): string {
  const { palette } = ctx
  const count = countOf(data.total, 'command')
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

/** Which page of a search is shown, and the browse query that names the search (for its links). */
export interface SearchPaging {
  page: number
  pageSize: number
  /** The site's browse query of this search without its page, URL-encoded: `search=find%20large`. */
  query: string
  /** The filters the search is narrowed by, in words, shown under the heading. */
  note?: string
}

/**
 * `GET /~<words>` and `GET /browse?search=<words>`: search results, one page of them; both addresses
 * give the same paging, so their pages read alike.
 */
export function renderSearch(
  ctx: RenderContext,
  words: string,
  posts: readonly PostCard[],
  total: number,
  paging: SearchPaging,
): string {
  const { palette } = ctx
  const quoted = `"${cleanLine(words)}"`
  const here = `${ctx.origin}/browse?${paging.query}${paging.page > 1 ? `&page=${paging.page}` : ''}`
  const pages = Math.ceil(total / paging.pageSize)
  if (posts.length === 0 && total > 0) {
    return page([
      comment(ctx, `Page ${paging.page} is past the last page (${pages}) of ${quoted}.`),
      comment(ctx, `First page: curl "${ctx.origin}/browse?${paging.query}"`),
      '',
      ...footer(ctx),
    ])
  }
  if (posts.length === 0) {
    return page([
      comment(ctx, `No commands match ${quoted}. Try fewer or other words, or see every program:`),
      comment(ctx, `curl ${ctx.origin}/:list`),
      '',
      ...footer(ctx),
    ])
  }
  const shown =
    paging.page > 1
      ? ` (page ${paging.page} of ${pages})`
      : total > posts.length
        ? ` (the best ${posts.length} shown)`
        : ''
  const lines = [
    `${palette.dim('#')} ${palette.bold(`Search ${quoted}`)} ${palette.dim(`— ${countOf(total, 'command')}${shown}`)}`,
    ...(paging.note ? [comment(ctx, paging.note)] : []),
    '',
    ...entries(ctx, posts, (paging.page - 1) * paging.pageSize + 1),
  ]
  if (paging.page * paging.pageSize < total) {
    lines.push(comment(ctx, `More: curl "${ctx.origin}/browse?${paging.query}&page=${paging.page + 1}"`), '')
  }
  return page([...lines, comment(ctx, `On the site: ${here}`), '', ...footer(ctx)])
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
    `${palette.dim('#')} ${palette.bold(countOf(programs.length, 'program'))} ${palette.dim('with commands, the most used first (name, commands)')}`,
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
    countOf(post.commentsCount, 'comment'),
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

/** A request the page cannot answer (bad input, something missing): what is wrong, and where to look. */
export function renderFailure(ctx: RenderContext, message: string): string {
  return page([
    `${ctx.palette.dim('#')} ${ctx.palette.red(cleanLine(message))}`,
    comment(ctx, `See what there is: curl ${ctx.origin}/:help`),
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
  // A command too long for the column gets its note on the next line.
  const longExample = (command: string, note: string) =>
    displayWidth(command) <= 40
      ? [example(command, note)]
      : [`  ${palette.green(command)}`, `      ${palette.dim(note)}`]
  // The browser pages' own addresses (the console's sections are under /mod).
  const browserOnly = BROWSER_PAGES.map((known) => known.route).filter(
    (route) => !route.includes(':') && route !== '/mod' && !route.startsWith('/mod/'),
  )
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
    heading('The site’s pages'),
    ...longExample(`curl ${o}/leaderboard`, 'the leaderboard, All Time'),
    ...longExample(`curl "${o}/leaderboard?period=week"`, 'This Week (also period=month, period=all)'),
    ...longExample(`curl ${o}/browse`, 'every command, newest first'),
    ...longExample(`curl "${o}/browse?sort=upvotes&page=2"`, 'sort=latest, trending, upvotes or views'),
    ...longExample(`curl "${o}/browse?category=<slug>"`, 'one category (its id or slug)'),
    ...longExample(
      `curl "${o}/browse?tags=tar,gzip&minScore=5"`,
      'filters: tags, from, to (YYYY-MM-DD), hasPlaceholders, hasWarning, minScore',
    ),
    ...longExample(`curl "${o}/browse?search=find+large"`, 'the same as /~find+large, with more pages'),
    ...longExample(`curl ${o}/blog`, 'the articles (?page=2)'),
    ...longExample(`curl ${o}/blog/<slug>`, 'an article as text'),
    ...longExample(`curl ${o}/u/<name>`, 'a member and their commands'),
    ...longExample(`curl ${o}/c/<name>/<slug>`, 'a public collection’s commands'),
    ...wrap(
      `Every other page of the site (${browserOnly.join(', ')} and the moderation console under /mod) answers with what it is and its address for a browser.`,
      WIDTH - 4,
    ).map((line) => `  ${line}`),
    '',
    heading('Options (query string)'),
    example(`curl ${o}/tar?T`, 'no colours (also ?nocolor, ?NO_COLOR)'),
    example(`curl ${o}/tar?json`, 'the same data as JSON'),
    example(`curl ${o}/tar?page=2`, 'the next commands'),
    '',
    heading('Notes'),
    ...wrap(
      'Pages read as shell snippets: titles and notes are # comments, so a command can be copied as it ' +
        'is. Placeholders such as <file> or {{path}} are yours to fill in. Colours go to curl, Wget, ' +
        'HTTPie and xh; scripts and clients sending Accept: text/plain get clean text, and Accept: ' +
        'text/html gets the site, as a browser opening the same address does. Programs are the names ' +
        `in a command’s tags; names with a dot are found through search. A search is at most ${SEARCH_MAX_LENGTH} ` +
        'characters; a longer one is refused (400), never cut. A personal access token may be sent as ' +
        'Authorization: Bearer (scope read); requests are limited per address each minute.',
      WIDTH - 4,
    ).map((line) => `  ${line}`),
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
