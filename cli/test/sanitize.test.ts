import { describe, expect, it } from 'vitest'
import { renderHtml } from '../src/render.ts'
import { safeJson, stripControls, stripLine } from '../src/sanitize.ts'
import { UNSAFE_OUTPUT } from './unsafe.ts'

describe('stripControls', () => {
  it.each([
    ['CSI colour', 'a\u001b[31mred\u001b[0m b', 'ared b'],
    ['screen clear', 'x\u001b[2J\u001b[Hy', 'xy'],
    ['OSC title with BEL', 'a\u001b]0;pwned\u0007b', 'ab'],
    ['OSC 52 clipboard write with ST', 'a\u001b]52;c;ZXZpbA==\u001b\\b', 'ab'],
    ['DCS', 'a\u001bPq#0;2;0;0;0\u001b\\b', 'ab'],
    ['8-bit CSI', 'a\u009b2Jb', 'a2Jb'],
    ['two-byte escape', 'a\u001bcb', 'ab'],
    ['lone ESC at the end', 'ab\u001b', 'ab'],
    ['bell, backspace and carriage return', 'a\u0007b\bc\rd', 'abc\nd'],
    ['bidi override', 'rm \u202eevil', 'rm evil'],
  ])('removes %s', (_name, input, expected) => {
    expect(stripControls(input)).toBe(expected)
  })

  it('keeps line breaks, tabs and ordinary Unicode', () => {
    expect(stripControls('for f in *; do\n\techo "$f" — ok ✓\ndone')).toBe(
      'for f in *; do\n\techo "$f" — ok ✓\ndone',
    )
  })

  it('makes one-line fields one line', () => {
    expect(stripLine(' a\nb\tc ')).toBe('a b c')
  })
})

describe('safeJson', () => {
  it('escapes every control character so the JSON is inert and still exact', () => {
    const value = { title: 'a\u001b[31m\u009b\u202eb' }
    const json = safeJson(value)
    expect(json).not.toMatch(UNSAFE_OUTPUT)
    expect(json).not.toContain('\t')
    expect(JSON.parse(json)).toEqual(value)
  })
})

describe('renderHtml', () => {
  it('lays out the editor tags as text, without colour when piped', () => {
    const html =
      '<h2>Use</h2><p>Run <code>ls -la</code> <strong>now</strong> &amp; see <a href="https://example.com/x">docs</a>.</p>' +
      '<ol><li>one</li><li>two</li></ol><blockquote><p>quoted</p></blockquote><pre><code>a\nb</code></pre>'
    expect(renderHtml(html)).toBe(
      [
        'Use',
        '',
        'Run ls -la now & see docs (https://example.com/x).',
        '',
        '1. one',
        '2. two',
        '',
        '│ quoted',
        '',
        '  a',
        '  b',
      ].join('\n'),
    )
  })

  it('decodes entities before stripping, so an escape written as &#27; is removed too', () => {
    expect(renderHtml('<p>a&#27;[31mb&#x1b;]0;t&#7;c</p>')).toBe('abc')
  })
})
