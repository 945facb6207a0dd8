import { describe, expect, it } from 'vitest'
import { parseCommentMarkdown, parseInline, proseOf } from '../contract/comment-markdown.ts'
import { findMentions } from '../contract/mentions.ts'

describe('parseInline', () => {
  it('reads code spans between runs of the same number of backticks', () => {
    expect(parseInline('run `ls -la` or `` echo `date` `` now')).toEqual([
      { kind: 'text', text: 'run ' },
      { kind: 'code', code: 'ls -la' },
      { kind: 'text', text: ' or ' },
      { kind: 'code', code: 'echo `date`' },
      { kind: 'text', text: ' now' },
    ])
  })

  it('keeps unmatched backticks as text', () => {
    expect(parseInline('a ` b `` c')).toEqual([{ kind: 'text', text: 'a ` b `` c' }])
    expect(parseInline('``x` y`')).toEqual([
      { kind: 'text', text: '``x' },
      { kind: 'code', code: ' y' },
    ])
  })

  it('reads line breaks in a span as spaces and trims one space from padded ends', () => {
    expect(parseInline('` a\nb `')).toEqual([{ kind: 'code', code: 'a b' }])
    expect(parseInline('`  `')).toEqual([{ kind: 'code', code: '  ' }])
  })
})

describe('parseCommentMarkdown', () => {
  it('splits paragraphs and fenced blocks, with the language label', () => {
    const text = 'Try this:\n\n```bash\ntar -xzf a.tgz\n  ls\n```\n\nThen `cd a`.'
    expect(parseCommentMarkdown(text)).toEqual([
      { kind: 'paragraph', parts: [{ kind: 'text', text: 'Try this:' }] },
      { kind: 'code', code: 'tar -xzf a.tgz\n  ls', language: 'bash' },
      {
        kind: 'paragraph',
        parts: [
          { kind: 'text', text: 'Then ' },
          { kind: 'code', code: 'cd a' },
          { kind: 'text', text: '.' },
        ],
      },
    ])
  })

  it('keeps line breaks inside a paragraph', () => {
    expect(parseCommentMarkdown('one\ntwo\n\nthree')).toEqual([
      { kind: 'paragraph', parts: [{ kind: 'text', text: 'one\ntwo\n\nthree' }] },
    ])
  })

  it('runs an unclosed fence to the end, and closes only on a fence at least as long', () => {
    expect(parseCommentMarkdown('````\na\n```\nb')).toEqual([
      { kind: 'code', code: 'a\n```\nb', language: null },
    ])
  })

  it('drops an info string that is no language name, and strips the fence indentation', () => {
    expect(parseCommentMarkdown('  ``` <script>\n    x\n  y\n  ```')).toEqual([
      { kind: 'code', code: '  x\ny', language: null },
    ])
  })

  it('does not read backticks in the middle of a line as a fence, or a fence with backticks after it', () => {
    expect(parseCommentMarkdown('say ```x```')[0]).toEqual({
      kind: 'paragraph',
      parts: [
        { kind: 'text', text: 'say ' },
        { kind: 'code', code: 'x' },
      ],
    })
    expect(parseCommentMarkdown('```a`b')[0]?.kind).toBe('paragraph')
  })

  it('reads CRLF line breaks like LF', () => {
    expect(parseCommentMarkdown('```sh\r\nls\r\n```')).toEqual([{ kind: 'code', code: 'ls', language: 'sh' }])
  })

  it('keeps markup as text for the renderer to show as typed', () => {
    expect(proseOf('<img src=x onerror=alert(1)> `<b>x</b>`')).toEqual(['<img src=x onerror=alert(1)> '])
  })
})

describe('findMentions and code', () => {
  it('finds mentions in prose only, never in code spans or fenced blocks', () => {
    const text = 'cc @ada_l: `@notme` is wrong\n```python\n@decorator\n```\nthanks @grace'
    expect(findMentions(text)).toEqual(['ada_l', 'grace'])
  })
})
