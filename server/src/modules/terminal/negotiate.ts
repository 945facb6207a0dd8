import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'

/*
 * Who gets plain text. This is the one place that decides it: the terminal routes, their rate limit
 * and their tests all ask here.
 *
 * A URL such as /tar answers three ways: text for terminal tools and scripts, JSON with `?json`, and
 * the web app for browsers. The order of the checks matters:
 *
 * 1. `?json` always answers JSON.
 * 2. An Accept header that names one of text/plain and text/html and prefers it decides, whoever sends
 *    it: `curl -H 'Accept: text/plain'` gets text, a script (`node`, `python-requests`) or curl sending
 *    `Accept: text/html` gets the web app, as a browser would.
 * 3. Otherwise (neither named, or both equally: Lynx sends `text/html, text/plain`) a known terminal
 *    tool or HTTP library in User-Agent answers text (HTTPie sends `Accept: application/json, *\/*`).
 * 4. A client that accepts text/html is a browser: it gets the web app.
 * 5. Anything else (no Accept, `*\/*` from an unnamed script) gets text.
 *
 * Only text and JSON answers count against the terminal's rate limit (text-reply.ts `withinLimit`), so
 * rule 2 also decides that a client asking for HTML is not counted: it gets the page a browser gets.
 */

/**
 * The query switches these rules read, as the text routes' schemas declare them (`?T`, `?json`,
 * `?nocolor`…: present with any short value or none).
 */
export const TEXT_SWITCHES = {
  T: Type.Optional(Type.String({ maxLength: 10 })),
  json: Type.Optional(Type.String({ maxLength: 10 })),
  nocolor: Type.Optional(Type.String({ maxLength: 10 })),
  NO_COLOR: Type.Optional(Type.String({ maxLength: 10 })),
  no_color: Type.Optional(Type.String({ maxLength: 10 })),
}

/** How a terminal route answers a request. */
export type TerminalAnswer = 'text' | 'json' | 'web'

/**
 * User-Agent prefixes of terminal tools and HTTP libraries, matched at the start of the header,
 * case-insensitively. Each is followed by `/`, a space or the end (so `curlew` is not curl).
 */
export const TERMINAL_AGENTS = [
  // Command-line clients.
  'curl',
  'wget',
  'httpie',
  'xh',
  'aria2',
  'fetch', // FreeBSD's fetch(1): "fetch libfetch/2.0"
  'lynx',
  'w3m',
  'links',
  'elinks',
  // HTTP libraries used from scripts.
  'node', // Node's built-in fetch (undici) sends "node"
  'node-fetch',
  'undici',
  'axios',
  'got',
  'python-requests',
  'python-urllib',
  'python-httpx',
  'go-http-client',
  'libwww-perl',
  'lwp-request',
  'ruby',
  'okhttp',
] as const

/** Tools a person reads in a terminal: their text is coloured unless asked not to be. */
export const COLOUR_AGENTS = ['curl', 'wget', 'httpie', 'xh', 'aria2', 'fetch'] as const

function agentMatches(userAgent: string | undefined, agents: readonly string[]): boolean {
  const agent = (userAgent ?? '').trim().toLowerCase()
  return agents.some(
    (name) =>
      agent.startsWith(name) && (agent.length === name.length || /[/\s]/.test(agent[name.length] ?? '')),
  )
}

/** Whether the User-Agent names a terminal tool or an HTTP library (see {@link TERMINAL_AGENTS}). */
export function isTerminalAgent(userAgent: string | undefined): boolean {
  return agentMatches(userAgent, TERMINAL_AGENTS)
}

/** The q-value of each media range an Accept header lists (missing q is 1; a bad q counts as 0). */
export function acceptWeights(accept: string | undefined): Map<string, number> {
  const weights = new Map<string, number>()
  for (const part of (accept ?? '').split(',')) {
    const [range, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (!range) continue
    let q = 1
    for (const param of params) {
      const match = /^q=([0-9.]+)$/.exec(param)
      if (match) q = Number.isFinite(Number(match[1])) ? Math.min(1, Number(match[1])) : 0
    }
    if (!weights.has(range)) weights.set(range, q)
  }
  return weights
}

/** Whether the query string has `key` (present with any value or none: `?T`, `?json`, `?T=1`). */
function hasFlag(request: FastifyRequest, ...keys: string[]): boolean {
  const query = request.query
  if (typeof query !== 'object' || query === null) return false
  return keys.some((key) => Object.hasOwn(query, key))
}

/** Whether the request should get plain text rather than the web app (rules 2–5 above). */
export function wantsText(request: FastifyRequest): boolean {
  const weights = acceptWeights(request.headers.accept)
  const plain = weights.get('text/plain') ?? 0
  const html = weights.get('text/html') ?? 0
  if (plain !== html) return plain > html
  if (isTerminalAgent(request.headers['user-agent'])) return true
  return html === 0
}

/** How a terminal route answers the request (the rules above). */
export function terminalAnswer(request: FastifyRequest): TerminalAnswer {
  if (hasFlag(request, 'json')) return 'json'
  return wantsText(request) ? 'text' : 'web'
}

/**
 * Whether text goes out with ANSI colours: only for the terminal tools people read (curl, Wget,
 * HTTPie…), and never with `?T`, `?nocolor` or `?NO_COLOR`. Scripts and `Accept: text/plain`
 * clients get clean text.
 */
export function wantsColour(request: FastifyRequest): boolean {
  if (hasFlag(request, 'T', 'nocolor', 'NO_COLOR', 'no_color')) return false
  return agentMatches(request.headers['user-agent'], COLOUR_AGENTS)
}
