import { afterEach, describe, expect, it } from 'vitest'
import { SERVER_STATE_ID, serverStateScript, takeServerState } from './server-state'

const hostile = {
  title: '</script><script>window.__pwned = 1</script>',
  comment: '<!-- <script> -->',
  text: 'a < b && c > d',
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('serverStateScript', () => {
  it('writes a JSON block that no text inside can end or turn into markup', () => {
    const script = serverStateScript(hostile)
    expect(script.startsWith(`<script type="application/json" id="${SERVER_STATE_ID}">`)).toBe(true)
    // The only `<` left is the block's own closing tag.
    expect(script.indexOf('<', 1)).toBe(script.lastIndexOf('</script>'))
    document.body.innerHTML = `<div id="root"></div>${script}<p id="after">after</p>`
    expect(document.querySelectorAll('script')).toHaveLength(1)
    expect(document.getElementById('after')?.textContent).toBe('after')
  })

  it('reads back exactly the state it was given', () => {
    document.body.innerHTML = serverStateScript(hostile)
    expect(takeServerState(document)).toEqual(hostile)
  })
})

describe('takeServerState', () => {
  it('removes the block from the page, so it is read once', () => {
    document.body.innerHTML = serverStateScript({ n: 1 })
    expect(takeServerState(document)).toEqual({ n: 1 })
    expect(document.getElementById(SERVER_STATE_ID)).toBeNull()
    expect(takeServerState(document)).toBeNull()
  })

  it('gives null for a page without the block or with one it cannot read', () => {
    expect(takeServerState(document)).toBeNull()
    document.body.innerHTML = `<script type="application/json" id="${SERVER_STATE_ID}">{not json</script>`
    expect(takeServerState(document)).toBeNull()
  })
})
