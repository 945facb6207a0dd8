import { describe, expect, it } from 'vitest'
import { excerpt, htmlToText, LINK_REL, sanitizeDescription } from './sanitize.ts'

describe('sanitizeDescription', () => {
  it('keeps the editor toolbar markup', () => {
    const html =
      '<h2>Usage</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ul><li>x</li></ul>' +
      '<ol><li>y</li></ol><blockquote>q</blockquote><pre><code>ls</code></pre><p>a<br />b</p>'
    expect(sanitizeDescription(html)).toBe(html)
  })

  it('strips scripts, event handlers, styles and unknown tags', () => {
    const out = sanitizeDescription(
      '<p onclick="x()" style="color:red">hi<script>alert(1)</script></p><img src=x onerror=alert(1)><iframe src="//e"></iframe>',
    )
    expect(out).toBe('<p>hi</p>')
  })

  it('drops javascript: and data: links but keeps the text', () => {
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).toBe(`<a rel="${LINK_REL}">x</a>`)
    expect(sanitizeDescription('<a href="data:text/html,hi">y</a>')).not.toContain('data:')
  })

  it('gives every kept link rel="noopener nofollow ugc", replacing the author\'s rel', () => {
    expect(sanitizeDescription('<a href="https://example.com" rel="opener" target="_blank">e</a>')).toBe(
      '<a rel="noopener nofollow ugc" href="https://example.com" target="_blank">e</a>',
    )
  })

  it('maps b and i to strong and em', () => {
    expect(sanitizeDescription('<b>b</b><i>i</i>')).toBe('<strong>b</strong><em>i</em>')
  })
})

describe('htmlToText', () => {
  it('separates blocks, decodes entities and folds whitespace', () => {
    expect(
      htmlToText('<p>List&nbsp;files</p><p>a &lt; b &amp;&amp; c</p><ul><li>one</li><li>two</li></ul>'),
    ).toBe('List files a < b && c one two')
  })

  it('treats empty paragraphs and script contents as empty', () => {
    expect(htmlToText('<p><br></p><p>   </p><script>alert(1)</script>')).toBe('')
  })
})

describe('excerpt', () => {
  it('leaves short text alone and cuts long text to at most 160 characters with an ellipsis', () => {
    expect(excerpt('short')).toBe('short')
    const long = 'word '.repeat(100).trim()
    const cut = excerpt(long)
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut.endsWith('…')).toBe(true)
  })
})
