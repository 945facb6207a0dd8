/*
 * `@username` mentions in comment text, shared by the server (who to notify) and the web (which words
 * link to a profile), so both read the same words as mentions. Imports only the comment Markdown
 * reader: the web imports it at runtime from `@bashboard/server/contract/mentions`.
 *
 * A mention is `@` and a name as usernames are made (3–30 letters, digits, `_` or `-`), not preceded
 * by a letter, digit, `_`, `-`, `.`, `/` or another `@` (so `me@example.com` and `x.com/@y` are not
 * mentions) and not followed by another name character (so a 31-character name is not cut to 30).
 */
import { proseOf } from './comment-markdown.ts'

const MENTION = /(?<![A-Za-z0-9_.@/-])@([A-Za-z0-9_-]{3,30})(?![A-Za-z0-9_-])/g

/** A piece of comment text: plain text, or a mention (`text` is `@name` as written). */
export type MentionPart = { kind: 'text'; text: string } | { kind: 'mention'; text: string; username: string }

/** Splits text into plain parts and mentions, in order; joined back, the parts' `text` is the input. */
export function splitMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = []
  let last = 0
  for (const match of text.matchAll(MENTION)) {
    const start = match.index
    const username = match[1] ?? ''
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) })
    parts.push({ kind: 'mention', text: match[0], username })
    last = start + match[0].length
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) })
  return parts
}

/**
 * The distinct usernames mentioned in comment `text`, in order of first mention, compared without case.
 * Code (spans and fenced blocks, contract/comment-markdown.ts) mentions nobody: `@decorator` in a
 * Python snippet is not a member, and the web shows it as code, not as a profile link.
 */
export function findMentions(text: string): string[] {
  const seen = new Set<string>()
  const names: string[] = []
  for (const part of proseOf(text).flatMap(splitMentions)) {
    if (part.kind !== 'mention') continue
    const key = part.username.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    names.push(part.username)
  }
  return names
}
