/*
 * The Markdown a comment may hold (issue 48): `inline code` and ``` fenced blocks ``` with an optional
 * language, nothing else. Comments stay plain text on the server; this reads that text into parts, so
 * the web draws them as React elements (never HTML) and the server finds mentions outside code only.
 * Imports nothing: the web imports it at runtime from `@bashboard/server/contract/comment-markdown`.
 *
 * Our own tokenizer rather than a Markdown library, measured cheaper: marked 18 (the smallest
 * well-kept one, Node >= 20) is 15.6 kB gzip and parses all of Markdown, which we would then have to
 * switch off piece by piece; this is about 0.8 kB gzip for exactly the two constructs we render.
 * It follows CommonMark for them: a fence is a line of 3+ backticks (up to 3 spaces before it) and
 * ends at a line of at least as many, or at the end of the text; a code span opens with a run of N
 * backticks and closes at the next run of exactly N (an unmatched run stays text), its line breaks
 * read as spaces and one space trimmed from each end when both ends have one.
 */

/** Inside a paragraph: plain text (mentions are found in it) or a code span. */
export type CommentInline = { kind: 'text'; text: string } | { kind: 'code'; code: string }

/** A comment is paragraphs of text (line breaks kept) and fenced code blocks, in order. */
export type CommentBlock =
  | { kind: 'paragraph'; parts: CommentInline[] }
  | { kind: 'code'; code: string; language: string | null }

const OPENING_FENCE = /^( {0,3})(`{3,})([^`]*)$/
const CLOSING_FENCE = /^ {0,3}(`{3,})[ \t]*$/
/** What a language label may be (`bash`, `c++`, `objective-c`, `c#`); any other info string is dropped. */
const LANGUAGE = /^[A-Za-z0-9_+#.-]{1,30}$/

/** Reads comment text into paragraphs and fenced blocks; paragraphs of blank lines only are dropped. */
export function parseCommentMarkdown(text: string): CommentBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const blocks: CommentBlock[] = []
  let prose: string[] = []
  const endParagraph = (): void => {
    // Blank lines beside a fence only separate it; the block's own margin does that on screen.
    while (prose.length > 0 && prose[0]?.trim() === '') prose.shift()
    while (prose.length > 0 && prose.at(-1)?.trim() === '') prose.pop()
    if (prose.length > 0) blocks.push({ kind: 'paragraph', parts: parseInline(prose.join('\n')) })
    prose = []
  }
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? ''
    const opening = OPENING_FENCE.exec(line)
    if (!opening) {
      prose.push(line)
      continue
    }
    endParagraph()
    const indent = opening[1]?.length ?? 0
    const fence = opening[2]?.length ?? 3
    const word = opening[3]?.trim().split(/\s+/)[0] ?? ''
    const code: string[] = []
    index += 1
    for (; index < lines.length; index += 1) {
      const inner = lines[index] ?? ''
      const closing = CLOSING_FENCE.exec(inner)
      if (closing && (closing[1]?.length ?? 0) >= fence) break
      // Content lines lose as much indentation as the opening fence had (CommonMark).
      code.push(inner.replace(new RegExp(`^ {0,${indent}}`), ''))
    }
    blocks.push({ kind: 'code', code: code.join('\n'), language: LANGUAGE.test(word) ? word : null })
  }
  endParagraph()
  return blocks
}

/** Splits a paragraph into text and code spans. */
export function parseInline(text: string): CommentInline[] {
  const parts: CommentInline[] = []
  let textStart = 0
  let at = 0
  const pushText = (end: number): void => {
    if (end > textStart) parts.push({ kind: 'text', text: text.slice(textStart, end) })
  }
  while (at < text.length) {
    const open = text.indexOf('`', at)
    if (open < 0) break
    const size = runLength(text, open)
    const close = findRun(text, open + size, size)
    if (close < 0) {
      // No closing run of this length: these backticks are text, and scanning goes on after them.
      at = open + size
      continue
    }
    pushText(open)
    parts.push({ kind: 'code', code: spanContent(text.slice(open + size, close)) })
    at = close + size
    textStart = at
  }
  pushText(text.length)
  return parts
}

/** The plain-text pieces of a comment (paragraph text outside code), where mentions are looked for. */
export function proseOf(text: string): string[] {
  return parseCommentMarkdown(text).flatMap((block) =>
    block.kind === 'paragraph'
      ? block.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : []))
      : [],
  )
}

function runLength(text: string, start: number): number {
  let end = start
  while (text[end] === '`') end += 1
  return end - start
}

/** Where the next run of exactly `size` backticks starts at or after `from`, or -1. */
function findRun(text: string, from: number, size: number): number {
  let at = from
  while (at < text.length) {
    const next = text.indexOf('`', at)
    if (next < 0) return -1
    const length = runLength(text, next)
    if (length === size) return next
    at = next + length
  }
  return -1
}

function spanContent(raw: string): string {
  const flat = raw.replace(/\n/g, ' ')
  const padded = flat.length >= 2 && flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== ''
  return padded ? flat.slice(1, -1) : flat
}
