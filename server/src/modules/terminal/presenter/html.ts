import { cleanText, type Palette, wrap } from './text.ts'

/*
 * A post's description (sanitised HTML from the editor: h1–h3, p, strong, em, u, s, ul, ol, li,
 * blockquote, pre, code, a, br) as terminal text: headings bold, paragraphs wrapped, lists with
 * bullets or numbers, code blocks kept as written and indented, links followed by their address.
 * Unknown tags are dropped and their text kept; no markup ever reaches the output.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** HTML entities decoded (the named ones sanitize-html writes, and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

interface Block {
  kind: 'heading' | 'paragraph' | 'item' | 'code' | 'quote'
  /** Inline text, styled; for code, the raw lines. */
  text: string
  /** List depth (1 for top-level items) and marker ("•", "1."). */
  depth: number
  marker: string
  /** Which top-level list the block is in (0 for none): items of one list are not spaced. */
  root: number
}

const TOKEN = /<(\/?)([a-z][a-z0-9]*)\b([^>]*)>|([^<]+)|(<)/gi
const HREF = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i

/**
 * The description's lines for a terminal, wrapped to `width` cells (code lines are never wrapped:
 * they must stay copyable). Each line is already cleaned of control characters and styled.
 */
export function htmlToTerminal(html: string, width: number, palette: Palette): string[] {
  const blocks: Block[] = []
  const lists: Array<{ ordered: boolean; next: number }> = []
  let roots = 0
  // Declared through `as` so the closures' assignments are not narrowed away.
  let current = null as Block | null
  let inPre = false
  let quoteDepth = 0
  const styles: string[] = []
  const links: string[] = []

  const open = (kind: Block['kind'], marker = '') => {
    if (current && current.text.trim() !== '') blocks.push(current)
    current = { kind, text: '', depth: lists.length, marker, root: lists.length > 0 ? roots : 0 }
  }
  const close = () => {
    if (current && (current.kind === 'code' ? current.text !== '' : current.text.trim() !== ''))
      blocks.push(current)
    current = null
  }
  const addText = (raw: string) => {
    const text = cleanText(decodeEntities(raw))
    if (inPre) {
      if (current?.kind !== 'code') open('code')
      if (current) current.text += text
      return
    }
    const folded = text.replace(/\s+/g, ' ')
    if (folded.trim() === '' && (!current || current.text === '')) return
    if (!current) open(quoteDepth > 0 ? 'quote' : 'paragraph')
    // Styled word by word, so a wrapped line never carries half a style.
    const styleWord = (word: string) => {
      let styled = word
      if (styles.includes('code')) styled = palette.cyan(styled)
      if (styles.includes('strong') || styles.includes('b')) styled = palette.bold(styled)
      return styled
    }
    if (!current) return
    current.text += folded
      .split(/( )/)
      .map((word) => (word === ' ' || word === '' ? word : styleWord(word)))
      .join('')
  }

  for (const match of html.matchAll(TOKEN)) {
    const [, slash, rawName, attributes, text, stray] = match
    if (text !== undefined) {
      addText(text)
      continue
    }
    if (stray !== undefined) {
      addText('<')
      continue
    }
    const name = (rawName ?? '').toLowerCase()
    const closing = slash === '/'
    switch (name) {
      case 'h1':
      case 'h2':
      case 'h3':
        if (closing) close()
        else open('heading')
        break
      case 'p':
        if (closing) close()
        else if (current?.kind !== 'item' || current.text.trim() !== '')
          open(quoteDepth > 0 ? 'quote' : current?.kind === 'item' ? 'item' : 'paragraph', '')
        break
      case 'blockquote':
        if (closing) {
          close()
          quoteDepth = Math.max(0, quoteDepth - 1)
        } else {
          close()
          quoteDepth++
        }
        break
      case 'ul':
      case 'ol':
        close()
        if (closing) lists.pop()
        else {
          if (lists.length === 0) roots++
          lists.push({ ordered: name === 'ol', next: 1 })
        }
        break
      case 'li': {
        if (closing) {
          close()
          break
        }
        const list = lists[lists.length - 1]
        const marker = list?.ordered ? `${list.next++}.` : '•'
        open('item', marker)
        break
      }
      case 'pre':
        close()
        inPre = !closing
        break
      case 'br':
        if (inPre) addText('\n')
        else if (current) {
          close()
          open(quoteDepth > 0 ? 'quote' : 'paragraph')
        }
        break
      case 'a':
        if (closing) {
          const href = links.pop()
          if (href) addText(` <${href}>`)
        } else {
          const found = HREF.exec(attributes ?? '')
          const href = decodeEntities(found?.[2] ?? found?.[3] ?? found?.[4] ?? '')
          links.push(/^(https?:|mailto:)/i.test(href) ? href : '')
        }
        break
      default:
        if (closing) {
          const at = styles.lastIndexOf(name)
          if (at >= 0) styles.splice(at, 1)
        } else styles.push(name)
    }
  }
  close()

  const lines: string[] = []
  let previous: Block | undefined
  for (const block of blocks) {
    const listed = block.kind === 'item' || block.depth > 0
    // Items of a list follow each other without blank lines; everything else is spaced.
    if (previous && !(listed && block.root === previous.root)) lines.push('')
    previous = block
    if (block.kind === 'code') {
      for (const line of block.text.replace(/^\n+|\n+$/g, '').split('\n'))
        lines.push(palette.green(`    ${line}`))
      continue
    }
    const text = block.text.trim()
    if (block.kind === 'heading') {
      lines.push(...wrap(text, width).map((line) => palette.bold(line)))
    } else if (block.kind === 'quote') {
      lines.push(...wrap(text, width - 2).map((line) => `${palette.dim('│')} ${line}`))
    } else if (listed) {
      const indent = '  '.repeat(Math.max(0, block.depth - 1))
      const marker = block.marker ? `${block.marker} ` : '  '
      const hang = indent + ' '.repeat(marker.length)
      wrap(text, width - hang.length).forEach((line, index) => {
        lines.push(index === 0 ? indent + marker + line : hang + line)
      })
    } else {
      lines.push(...wrap(text, width))
    }
  }
  return lines
}
