import type { PostCard } from '@bashboard/server/contract'
import { splitCommand } from '@bashboard/server/contract/placeholders'
import { out } from './colors.ts'
import { stripControls, stripLine } from './sanitize.ts'

/*
 * Post descriptions are sanitised HTML limited to the editor's tags (headings, paragraphs, lists,
 * quotes, code, links, emphasis). They are turned into plain terminal text here: blocks become lines,
 * list items get bullets or numbers, code is highlighted, links show their address after the text.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number(entity.slice(1))
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole
  })
}

interface ListState {
  ordered: boolean
  next: number
}

/** The description's HTML as terminal lines (colour only when stdout allows it). */
export function renderHtml(html: string): string {
  const lines: string[] = []
  let line = ''
  let indent = ''
  const lists: ListState[] = []
  let inPre = false
  let inCode = false
  let quoteDepth = 0
  const links: string[] = []
  const styles: Array<(text: string) => string> = []

  const prefix = (): string => `${'  '.repeat(Math.max(0, lists.length - 1))}${'│ '.repeat(quoteDepth)}`
  const flush = (): void => {
    if (line.trim() !== '') lines.push(`${indent}${line.replace(/\s+$/, '')}`)
    line = ''
    indent = prefix()
  }
  const blank = (): void => {
    flush()
    if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('')
  }
  const style = (text: string): string => styles.reduce((acc, apply) => apply(acc), text)

  const TOKEN = /<(\/?)([a-zA-Z0-9]+)((?:\s+[^>]*?)?)\s*(\/?)>|([^<]+)|</g
  for (const match of html.matchAll(TOKEN)) {
    const [, closing, rawTag, attributes, , textPart] = match
    if (textPart !== undefined || rawTag === undefined) {
      const raw = decodeEntities(textPart ?? '<')
      const text = stripControls(raw)
      if (inPre) {
        const parts = text.split('\n')
        parts.forEach((part, index) => {
          if (index > 0) {
            lines.push(`${indent}${line}`)
            line = ''
          }
          line += out.cyan(part)
        })
      } else {
        const collapsed = text.replace(/\s+/g, ' ')
        if (line === '' && collapsed.trim() === '') continue
        line += inCode ? out.cyan(collapsed) : style(line === '' ? collapsed.trimStart() : collapsed)
      }
      continue
    }
    const tag = rawTag.toLowerCase()
    if (closing) {
      switch (tag) {
        case 'p':
        case 'h1':
        case 'h2':
        case 'h3':
          styles.pop()
          blank()
          break
        case 'li':
          flush()
          break
        case 'ul':
        case 'ol':
          lists.pop()
          if (lists.length === 0) blank()
          else flush()
          break
        case 'blockquote':
          flush()
          quoteDepth = Math.max(0, quoteDepth - 1)
          indent = prefix()
          blank()
          break
        case 'pre':
          inPre = false
          blank()
          break
        case 'code':
          inCode = false
          break
        case 'strong':
        case 'em':
        case 'u':
        case 's':
          styles.pop()
          break
        case 'a': {
          const href = links.pop()
          if (href) line += out.dim(` (${href})`)
          break
        }
      }
      continue
    }
    switch (tag) {
      case 'br':
        flush()
        break
      case 'p':
        flush()
        styles.push((text) => text)
        break
      case 'h1':
      case 'h2':
      case 'h3':
        blank()
        styles.push((text) => out.bold(out.underline(text)))
        break
      case 'ul':
      case 'ol':
        flush()
        lists.push({ ordered: tag === 'ol', next: 1 })
        break
      case 'li': {
        flush()
        const list = lists[lists.length - 1]
        indent = prefix()
        line = list?.ordered ? `${list.next++}. ` : '• '
        break
      }
      case 'blockquote':
        flush()
        quoteDepth++
        indent = prefix()
        break
      case 'pre':
        blank()
        inPre = true
        indent = `${prefix()}  `
        break
      case 'code':
        inCode = true
        break
      case 'strong':
        styles.push(out.bold)
        break
      case 'em':
        styles.push(out.italic)
        break
      case 'u':
        styles.push(out.underline)
        break
      case 's':
        styles.push(out.strikethrough)
        break
      case 'a': {
        const href = /\shref\s*=\s*"([^"]*)"/i.exec(attributes ?? '')?.[1]
        const address = href ? stripLine(decodeEntities(href)) : ''
        links.push(address)
        break
      }
    }
  }
  flush()
  while (lines[lines.length - 1] === '') lines.pop()
  return lines.join('\n')
}

/** Plain text of a description (no colour, no layout), for JSON output and the offline search. */
export function htmlToPlainText(html: string): string {
  return stripControls(
    decodeEntities(
      html
        .replace(/<br\s*\/?>/gi, '\n')
        .replace(/<\/(p|h[1-3]|li|blockquote|pre)>/gi, '\n')
        .replace(/<[^>]*>/g, ''),
    ),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** A command with its placeholders highlighted, so the reader sees what `fill` will ask for. */
export function renderCommand(command: string): string {
  return splitCommand(stripControls(command))
    .map((segment) =>
      segment.kind === 'placeholder' ? out.yellow(out.bold(segment.text)) : out.green(segment.text),
    )
    .join('')
}

export function postUrl(baseUrl: string, post: Pick<PostCard, 'slug'>): string {
  return `${baseUrl}/post/${encodeURIComponent(post.slug)}`
}

/** The stable shape of a post in `--json` output (independent of the API's own field names). */
export interface JsonPost {
  id: string
  slug: string
  title: string
  command: string
  placeholders: string[]
  description: string
  tags: string[]
  category: string | null
  author: string
  upvotes: number
  downvotes: number
  saves: number
  saved: boolean
  dangerous: boolean
  warnings: string[]
  url: string
}

export function jsonPost(baseUrl: string, post: PostCard): JsonPost {
  return {
    id: post._id,
    slug: post.slug,
    title: post.title,
    command: post.command,
    placeholders: post.placeholders,
    description: htmlToPlainText(post.description),
    tags: post.tags,
    category: post.category?.name ?? null,
    author: post.author.username,
    upvotes: post.uplikeCount,
    downvotes: post.downlikeCount,
    saves: post.savedCount,
    saved: post.isSaved,
    dangerous: post.safety.dangerous,
    warnings: post.safety.warnings.map((warning) => warning.message),
    url: postUrl(baseUrl, post),
  }
}

/** One result in a list: title, command, then score and slug. */
export function renderListItem(post: PostCard, index?: number): string {
  const number = index === undefined ? '' : out.dim(`${String(index + 1).padStart(2)}. `)
  const pad = index === undefined ? '' : '    '
  const danger = post.safety.dangerous ? ` ${out.red('⚠ dangerous')}` : ''
  const saved = post.isSaved ? ` ${out.magenta('★ saved')}` : ''
  const command = renderCommand(post.command).split('\n').join(`\n${pad}  `)
  return [
    `${number}${out.bold(stripLine(post.title))}${danger}${saved}`,
    `${pad}  ${command}`,
    `${pad}  ${out.dim(`▲ ${post.uplikeCount}  ▼ ${post.downlikeCount}  ·  ${stripLine(post.slug)}`)}`,
  ].join('\n')
}

/** The whole post for `show`. */
export function renderPost(baseUrl: string, post: PostCard, vote?: 'up' | 'down'): string {
  const parts: string[] = []
  parts.push(out.bold(stripLine(post.title)))
  const meta = [
    `by ${stripLine(post.author.username)}`,
    post.category ? stripLine(post.category.name) : 'Uncategorized',
    `▲ ${post.uplikeCount}${vote === 'up' ? ' (you)' : ''}`,
    `▼ ${post.downlikeCount}${vote === 'down' ? ' (you)' : ''}`,
    `★ ${post.savedCount}${post.isSaved ? ' (saved)' : ''}`,
  ]
  parts.push(out.dim(meta.join('  ·  ')))
  parts.push('')
  parts.push(`  ${renderCommand(post.command).split('\n').join('\n  ')}`)
  if (post.safety.dangerous) {
    parts.push('')
    for (const warning of post.safety.warnings) parts.push(out.red(`⚠ ${stripLine(warning.message)}`))
  }
  if (post.placeholders.length > 0) {
    parts.push('')
    parts.push(
      `${out.dim('placeholders:')} ${post.placeholders.map((name) => out.yellow(stripLine(name))).join(', ')}  ${out.dim(`(bashboard fill ${stripLine(post.slug)})`)}`,
    )
  }
  const description = renderHtml(post.description)
  if (description) {
    parts.push('')
    parts.push(description)
  }
  parts.push('')
  if (post.tags.length > 0) parts.push(out.dim(`tags: ${post.tags.map(stripLine).join(', ')}`))
  parts.push(out.dim(postUrl(baseUrl, post)))
  return parts.join('\n')
}
