import { render } from '@testing-library/react'
import DOMPurify from 'dompurify'
import { describe, expect, it } from 'vitest'
import { SafeHtml, sanitizeHtml } from './safe-html'

describe('sanitizeHtml', () => {
  it('keeps the editor tags and http(s) and mailto links', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>ls -la</code><br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>x</code></pre>' +
      '<p><a href="https://example.com">w</a> ' +
      '<a href="mailto:a@example.com">m</a></p>'
    expect(sanitizeHtml(html)).toBe(html)
  })

  it('drops scripts, event handlers, other tags and attributes, and links to other schemes', () => {
    const clean = sanitizeHtml(
      '<p onclick="x()" class="c" style="color:red">a<script>alert(1)</script><img src=x onerror=alert(1)>' +
        '<iframe src="https://example.com"></iframe><a href="javascript:alert(1)">j</a>' +
        '<a href="data:text/html,x">d</a><a href=" JaVaScRiPt:alert(1)">s</a></p>',
    )
    expect(clean).toBe('<p>a<a>j</a><a>d</a><a>s</a></p>')
  })

  it('keeps the rel and target the server puts on links, and still checks their href', () => {
    const link = '<p><a href="https://example.com" rel="noopener nofollow ugc" target="_blank">w</a></p>'
    expect(sanitizeHtml(link)).toBe(link)
    expect(sanitizeHtml('<a href="javascript:x()" rel="noopener nofollow ugc">j</a>')).toBe(
      '<a rel="noopener nofollow ugc">j</a>',
    )
  })

  it('gives the same answer on every call (the configuration is set once, not consumed)', () => {
    const dirty = '<p>x<img src=x onerror=alert(1)><a href="vbscript:y">v</a></p>'
    const first = sanitizeHtml(dirty)
    expect(first).toBe('<p>x<a>v</a></p>')
    for (let i = 0; i < 3; i++) expect(sanitizeHtml(dirty)).toBe(first)
  })

  it('leaves plain text as text, entities included', () => {
    expect(sanitizeHtml('plain & simple')).toBe('plain & simple')
    expect(sanitizeHtml('a &lt;b&gt; c')).toBe('a &lt;b&gt; c')
    expect(sanitizeHtml('')).toBe('')
  })

  it("does not change DOMPurify's shared default instance", () => {
    sanitizeHtml('<p>x</p>')
    // The default configuration keeps <img> (without its handler); the module's allow-list would not.
    expect(DOMPurify.sanitize('<img src="/a.png" onerror="x()">')).toBe('<img src="/a.png">')
  })
})

describe('SafeHtml', () => {
  it('renders the sanitised markup and nothing executable', () => {
    const { container } = render(
      <SafeHtml
        html={'<p>hi <a href="https://example.com" onmouseover="x()">l</a><script>x()</script></p>'}
      />,
    )
    const block = container.firstElementChild as HTMLElement
    expect(block.innerHTML).toBe('<p>hi <a href="https://example.com">l</a></p>')
    expect(container.querySelector('script')).toBeNull()
  })
})
