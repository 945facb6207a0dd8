import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { isTerminalAgent, terminalAnswer, wantsColour } from '../negotiate.ts'
import { editDistance } from '../service.ts'
import { htmlToTerminal } from './html.ts'
import { commandLines } from './render.ts'
import { COLOURS, cleanLine, cleanText, displayWidth, PLAIN, truncate, wrap } from './text.ts'

const ESC = '\u001b'

function request(headers: Record<string, string>, query: Record<string, string> = {}): FastifyRequest {
  return { headers, query } as unknown as FastifyRequest
}

describe('cleanText', () => {
  it('removes CSI, OSC, DCS and 8-bit escape sequences with their parameters', () => {
    expect(cleanText(`a${ESC}[2Jb${ESC}[38;5;196mc`)).toBe('abc')
    expect(cleanText(`a${ESC}]0;title${ESC}\\b${ESC}]8;;http://x\u0007c`)).toBe('abc')
    expect(cleanText(`a${ESC}P1;2|data${ESC}\\b`)).toBe('ab')
    expect(cleanText('a\u009b31mb\u009d0;t\u0007c')).toBe('abc')
    expect(cleanText(`a${ESC}cb${ESC}`)).toBe('ab')
  })

  it('removes control characters but tab and newline, and bidirectional overrides', () => {
    expect(cleanText('a\rb\u0007c\u0008d\u007fe\u0085f')).toBe('abcdef')
    expect(cleanText('a\tb\nc')).toBe('a\tb\nc')
    expect(cleanText('abc\u202edef\u2066g')).toBe('abcdefg')
  })

  it('keeps UTF-8 text whole', () => {
    expect(cleanText('zażółć 日本語 😀 e\u0301')).toBe('zażółć 日本語 😀 e\u0301')
    expect(cleanLine('  two\n  lines\t here ')).toBe('two lines here')
  })
})

describe('measuring and laying out', () => {
  it('counts wide characters as two cells, combining marks and colours as none', () => {
    expect(displayWidth('abc')).toBe(3)
    expect(displayWidth('日本')).toBe(4)
    expect(displayWidth('😀')).toBe(2)
    expect(displayWidth('e\u0301')).toBe(1)
    expect(displayWidth(COLOURS.green('abc'))).toBe(3)
  })

  it('cuts with an ellipsis without splitting a character', () => {
    expect(truncate('abcdef', 10)).toBe('abcdef')
    expect(truncate('abcdef', 4)).toBe('abc…')
    expect(truncate('日本語です', 5)).toBe('日本…')
    expect(truncate('😀😀😀', 4)).toBe('😀…')
  })

  it('wraps words to the width and cuts words longer than a line', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four'])
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij'])
    expect(wrap('', 10)).toEqual([''])
  })
})

describe('htmlToTerminal', () => {
  it('renders headings, paragraphs, lists, code blocks and links as text', () => {
    const html =
      '<h2>Title</h2><p>One &amp; <strong>two</strong> &lt;x&gt;</p><ol><li><p>first</p></li><li>second</li></ol><ul><li>dot</li></ul><blockquote><p>quoted</p></blockquote><pre><code>a  b\n  c</code></pre><p><a href="https://example.com/x">site</a> <a href="javascript:alert(1)">bad</a></p>'
    expect(htmlToTerminal(html, 40, PLAIN)).toEqual([
      'Title',
      '',
      'One & two <x>',
      '',
      '1. first',
      '2. second',
      '',
      '• dot',
      '',
      '│ quoted',
      '',
      '    a  b',
      '      c',
      '',
      'site <https://example.com/x> bad',
    ])
  })

  it('wraps long paragraphs and list items with a hanging indent', () => {
    const lines = htmlToTerminal(
      '<ul><li>alpha beta gamma delta epsilon</li></ul><p>one two three four five</p>',
      14,
      PLAIN,
    )
    expect(lines).toEqual(['• alpha beta', '  gamma delta', '  epsilon', '', 'one two three', 'four five'])
  })

  it('never lets markup or escapes through, even from broken HTML', () => {
    const lines = htmlToTerminal(
      `<p>a <b>b</b> < c <script>x</script> ${ESC}[31mred</p><img src=x onerror=y>`,
      80,
      PLAIN,
    )
    expect(lines.join('\n')).not.toMatch(/<(p|b|script|img)\b/)
    expect(lines.join('\n')).not.toContain(ESC)
    expect(lines.join('\n')).toContain('a b < c x red')
  })

  it('styles word by word, so wrapped lines carry whole styles', () => {
    const lines = htmlToTerminal('<p><strong>bold words here</strong></p>', 10, COLOURS)
    for (const line of lines) {
      expect(line.split(`${ESC}[1m`).length).toBe(line.split(`${ESC}[22m`).length)
    }
  })
})

describe('commandLines', () => {
  it('keeps each line of a command whole, placeholders marked, styles closed per line', () => {
    const ctx = { origin: 'http://x', palette: COLOURS }
    const lines = commandLines(ctx, 'for f in *; do\n  echo {{name}} <file>\ndone')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(`${ESC}[33m{{name}}${ESC}[39m`)
    for (const line of lines) expect(line.endsWith(`${ESC}[39m`)).toBe(true)
    expect(commandLines({ origin: 'http://x', palette: PLAIN }, 'ls  -la')).toEqual(['ls  -la'])
  })
})

describe('negotiation', () => {
  it('recognises terminal tools and HTTP libraries by User-Agent', () => {
    for (const agent of [
      'curl/8.5.0',
      'Wget/1.21.3',
      'HTTPie/3.2.2',
      'xh/0.20.1',
      'node',
      'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
      'undici',
      'python-requests/2.31.0',
      'Python-urllib/3.11',
      'python-httpx/0.27.0',
      'Go-http-client/1.1',
      'libwww-perl/6.72',
      'lwp-request/6.72 libwww-perl/6.72',
      'Lynx/2.9.0dev.12 libwww-FM/2.14',
      'axios/1.6.0',
    ]) {
      expect(isTerminalAgent(agent), agent).toBe(true)
    }
    for (const agent of [
      undefined,
      '',
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
      'curlew/1.0',
      'nodejs-crawler',
    ]) {
      expect(isTerminalAgent(agent), String(agent)).toBe(false)
    }
  })

  it('answers text, JSON or the web app', () => {
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0'
    const html = 'text/html,application/xhtml+xml,*/*;q=0.8'
    expect(terminalAnswer(request({ 'user-agent': 'curl/8.5.0', accept: '*/*' }))).toBe('text')
    expect(terminalAnswer(request({ 'user-agent': 'curl/8.5.0' }, { json: '' }))).toBe('json')
    expect(terminalAnswer(request({ 'user-agent': browser, accept: html }))).toBe('web')
    expect(terminalAnswer(request({ 'user-agent': browser, accept: html }, { json: '' }))).toBe('json')
    expect(terminalAnswer(request({ 'user-agent': browser, accept: 'text/plain' }))).toBe('text')
    expect(terminalAnswer(request({ 'user-agent': browser, accept: 'text/html, text/plain;q=0.9' }))).toBe(
      'web',
    )
    expect(terminalAnswer(request({ accept: 'text/html' }))).toBe('web')
    expect(terminalAnswer(request({}))).toBe('text')
    expect(
      terminalAnswer(request({ 'user-agent': 'HTTPie/3.2.2', accept: 'application/json, */*;q=0.5' })),
    ).toBe('text')
  })

  it('lets an Accept that prefers HTML or text decide before the User-Agent', () => {
    for (const agent of ['node', 'curl/8.5.0', 'python-requests/2.31.0', 'Go-http-client/1.1']) {
      expect(terminalAnswer(request({ 'user-agent': agent, accept: 'text/html' })), agent).toBe('web')
      expect(
        terminalAnswer(request({ 'user-agent': agent, accept: 'text/html, text/plain;q=0.9' })),
        agent,
      ).toBe('web')
      expect(
        terminalAnswer(request({ 'user-agent': agent, accept: 'text/plain, text/html;q=0.9' })),
        agent,
      ).toBe('text')
      // Nothing preferred: the tool still gets text.
      expect(terminalAnswer(request({ 'user-agent': agent, accept: '*/*' })), agent).toBe('text')
      expect(terminalAnswer(request({ 'user-agent': agent, accept: 'text/html;q=0' })), agent).toBe('text')
    }
    // Lynx names both at once: a tie, so its User-Agent keeps it on text.
    const lynx = 'Lynx/2.9.0dev.12 libwww-FM/2.14'
    expect(
      terminalAnswer(request({ 'user-agent': lynx, accept: 'text/html, text/plain, text/sgml, */*;q=0.01' })),
    ).toBe('text')
  })

  it('colours for people’s terminal tools only, never with ?T or NO_COLOR', () => {
    expect(wantsColour(request({ 'user-agent': 'curl/8.5.0' }))).toBe(true)
    expect(wantsColour(request({ 'user-agent': 'Wget/1.21.3' }))).toBe(true)
    expect(wantsColour(request({ 'user-agent': 'python-requests/2.31.0' }))).toBe(false)
    expect(wantsColour(request({ accept: 'text/plain' }))).toBe(false)
    for (const flag of ['T', 'nocolor', 'NO_COLOR', 'no_color']) {
      expect(wantsColour(request({ 'user-agent': 'curl/8.5.0' }, { [flag]: '' })), flag).toBe(false)
    }
  })
})

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit', () => {
    expect(editDistance('tar', 'tar', 1)).toBe(0)
    expect(editDistance('tra', 'tar', 1)).toBe(1)
    expect(editDistance('ta', 'tar', 1)).toBe(1)
    expect(editDistance('tarr', 'tar', 1)).toBe(1)
    expect(editDistance('grpe', 'grep', 1)).toBe(1)
    expect(editDistance('dokcer-compsoe', 'docker-compose', 2)).toBe(2)
    expect(editDistance('zzzzzz', 'tar', 2)).toBe(3)
  })
})
