/**
 * The `@name` being typed in a comment box, and putting a picked member in its place. Pure: the editor
 * (components/comment-editor.tsx) calls these with the field's text and caret.
 */

/** The mention under the caret: `text.slice(start, end)` is `@` and the name typed so far. */
export interface MentionQuery {
  start: number
  end: number
  /** The name's first letters as typed (1–30 name characters). */
  prefix: string
}

/** `@` and name characters right before the caret, where a mention may start (as contract/mentions.ts). */
const TYPED = /(?<![A-Za-z0-9_.@/-])@([A-Za-z0-9_-]{1,30})$/
const NAME_REST = /^[A-Za-z0-9_-]*/
const FENCE_LINE = /^ {0,3}```/

/**
 * The mention being typed at `caret`, or null: there is none, or the caret is in code (a fenced block,
 * or after an odd number of backticks on its line), where a mention links nobody.
 */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret)
  const typed = TYPED.exec(before)
  if (!typed || insideCode(before)) return null
  const prefix = typed[1] ?? ''
  const rest = NAME_REST.exec(text.slice(caret))?.[0] ?? ''
  return { start: caret - prefix.length - 1, end: caret + rest.length, prefix }
}

function insideCode(before: string): boolean {
  const lines = before.split('\n')
  const current = lines.pop() ?? ''
  const fences = lines.filter((line) => FENCE_LINE.test(line)).length
  if (fences % 2 === 1) return true
  return (current.match(/`/g)?.length ?? 0) % 2 === 1
}

/** The text with `@username ` in place of the query, and the caret just after it. */
export function insertMention(
  text: string,
  query: MentionQuery,
  username: string,
): { text: string; caret: number } {
  const after = text.slice(query.end)
  // One space after the name, unless the text already goes on with one.
  const inserted = `@${username}${/^\s/.test(after) ? '' : ' '}`
  return {
    text: text.slice(0, query.start) + inserted + after,
    caret: query.start + inserted.length + (/^\s/.test(after) ? 1 : 0),
  }
}
