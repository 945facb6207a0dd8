/**
 * PostgreSQL's text forms of full-text values, read in JavaScript for the in-memory search index
 * (search-index.ts): a document's `tsvector` (its lexemes and their weighted positions) and the
 * `tsquery` a search resolves to (search-repo.ts). Both are PostgreSQL's own output, so the index
 * matches exactly what `search @@ query` would.
 */

/** ts_rank's default weights of the position classes D, C, B and A. */
const WEIGHTS: Record<string, number> = { A: 1, B: 0.4, C: 0.2, D: 0.1 }

/** One lexeme of a document and how strongly the document holds it. */
export interface DocumentWord {
  lexeme: string
  /**
   * The weight of its strongest occurrence (title and command A, tags B, description C): a title word
   * outweighs any number of description words. Only the class counts, not how often: few distinct
   * scores let a search stop at the newest posts that reach the best (lib/postings.ts topOfTerms),
   * and PostgreSQL's own rank orders the page (search-repo.ts searchPageOfPool).
   */
  score: number
}

const isDigit = (code: number) => code >= 48 && code <= 57

/** Reads a quoted lexeme starting at `at` (the opening quote): its text and the index after it. */
function readQuoted(text: string, at: number): { value: string; next: number } {
  let value = ''
  let i = at + 1
  while (i < text.length) {
    const c = text[i] as string
    if (c === '\\') {
      value += text[i + 1] ?? ''
      i += 2
    } else if (c === "'") {
      if (text[i + 1] === "'") {
        value += "'"
        i += 2
      } else {
        return { value, next: i + 1 }
      }
    } else {
      value += c
      i += 1
    }
  }
  throw new SyntaxError(`unterminated lexeme in ${JSON.stringify(text)}`)
}

/** The weight classes of a position, as PostgreSQL numbers them: D 0, C 1, B 2, A 3. */
const CLASSES: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 }

/** A position's weight score, by class (D, C, B, A): {@link WEIGHTS}, which ts_rank uses too. */
export const CLASS_SCORES: readonly number[] = [WEIGHTS.D, WEIGHTS.C, WEIGHTS.B, WEIGHTS.A] as number[]

/** One lexeme of a document with its positions, each `position * 4 + class` (see {@link CLASSES}). */
export interface DocumentEntry {
  lexeme: string
  /** Empty when the vector holds no positions (a stripped vector). */
  positions: number[]
}

/** The lexemes of a tsvector's text (`'docker':1A,5B 'log':3`) with their positions, in the text's order. */
export function parseTsvectorEntries(text: string): DocumentEntry[] {
  const entries: DocumentEntry[] = []
  let i = 0
  while (i < text.length) {
    if (text[i] === ' ') {
      i += 1
      continue
    }
    if (text[i] !== "'") throw new SyntaxError(`unexpected ${JSON.stringify(text[i])} in a tsvector`)
    const { value, next } = readQuoted(text, i)
    i = next
    const positions: number[] = []
    if (text[i] === ':') {
      i += 1
      // Positions: digits, an optional weight letter (D when absent), separated by commas.
      while (i < text.length && text[i] !== ' ') {
        const start = i
        let position = 0
        while (i < text.length && isDigit(text.charCodeAt(i))) {
          position = position * 10 + text.charCodeAt(i) - 48
          i += 1
        }
        // Without a number nothing below advances: refuse it rather than loop forever.
        if (i === start) throw new SyntaxError(`no position at ${i} in ${JSON.stringify(text)}`)
        const letter = text[i] as string
        const found = CLASSES[letter]
        if (found !== undefined) i += 1
        positions.push(position * 4 + (found ?? 0))
        if (text[i] === ',') i += 1
      }
    }
    entries.push({ lexeme: value, positions })
  }
  return entries
}

/** The lexemes of a tsvector's text (`'docker':1A,5B 'log':3`) with a score each. */
export function parseTsvector(text: string): DocumentWord[] {
  return parseTsvectorEntries(text).map(({ lexeme, positions }) => {
    let best = 0
    for (const position of positions) best = Math.max(best, position & 3)
    return { lexeme, score: CLASS_SCORES[best] as number }
  })
}

/** A word of a query: a lexeme, matched whole or (`prefix`) as the start of a lexeme. */
export interface QueryOperand {
  lexeme: string
  prefix: boolean
}

/** A query the index can evaluate: operands combined by AND and OR. */
export type QueryNode =
  | { kind: 'operand'; lexeme: string; prefix: boolean }
  | { kind: 'and' | 'or'; children: QueryNode[] }

/**
 * The alternatives of one term of a query's AND (its ORs flattened), each once, without the operands a
 * prefix among them already matches: `'com':*` matches every document `'commit'` or `'com':*`'s
 * longer prefixes match, with a score at least theirs (a prefix scores a document by the best lexeme
 * it starts), so dropping them changes neither what the term matches nor its score. A misspelt short
 * word's term (`'com' | 'com':* | 'commit' | 'command' | 'gmail.com'`) has two alternatives, not five.
 * An AND inside the term is kept: it scores by a sum, which can beat the prefix.
 */
export function termAlternatives(term: QueryNode): QueryNode[] {
  const found = new Map<string, QueryNode>()
  const collect = (node: QueryNode): void => {
    if (node.kind === 'or') node.children.forEach(collect)
    else
      found.set(
        node.kind === 'operand' ? `${node.prefix ? '*' : '='}${node.lexeme}` : JSON.stringify(node),
        node,
      )
  }
  collect(term)
  const all = [...found.values()]
  const prefixes = all.flatMap((node) => (node.kind === 'operand' && node.prefix ? [node.lexeme] : []))
  return all.filter(
    (node) =>
      node.kind !== 'operand' ||
      !prefixes.some((prefix) => node.lexeme.startsWith(prefix) && (node.lexeme !== prefix || !node.prefix)),
  )
}

/**
 * The tree of a tsquery's text (`('log' | 'logs') & 'docker':*`), or null when it has anything but
 * operands, AND, OR and parentheses (a phrase, a negation, a weight restriction): such a query is left
 * to PostgreSQL. AND binds tighter than OR, as in PostgreSQL.
 */
export function parseTsquery(text: string): QueryNode | null {
  let i = 0
  const skipSpaces = () => {
    while (text[i] === ' ') i += 1
  }
  const fail = (): never => {
    throw new QueryNotIndexable()
  }

  function primary(): QueryNode {
    skipSpaces()
    if (text[i] === '(') {
      i += 1
      const inner = or()
      skipSpaces()
      if (text[i] !== ')') fail()
      i += 1
      return inner
    }
    if (text[i] !== "'") return fail()
    const { value, next } = readQuoted(text, i)
    i = next
    let prefix = false
    if (text[i] === ':') {
      // Only a bare prefix marker: a weight restriction (`:A`) is not something the index knows.
      if (text[i + 1] !== '*' || /[A-Za-z*]/.test(text[i + 2] ?? '')) fail()
      prefix = true
      i += 2
    }
    return { kind: 'operand', lexeme: value, prefix }
  }

  function and(): QueryNode {
    const children = [primary()]
    for (;;) {
      skipSpaces()
      if (text[i] !== '&') break
      i += 1
      children.push(primary())
    }
    return children.length === 1 ? (children[0] as QueryNode) : { kind: 'and', children }
  }

  function or(): QueryNode {
    const children = [and()]
    for (;;) {
      skipSpaces()
      if (text[i] !== '|') break
      i += 1
      children.push(and())
    }
    return children.length === 1 ? (children[0] as QueryNode) : { kind: 'or', children }
  }

  try {
    const tree = or()
    skipSpaces()
    return i === text.length ? tree : null
  } catch (error) {
    if (error instanceof QueryNotIndexable || error instanceof SyntaxError) return null
    throw error
  }
}

class QueryNotIndexable extends Error {}
