import { useState } from 'react'
import { prerender } from 'react-dom/static'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hydratePage } from './hydration'
import { clearInertMarks, INERT_UNTIL_STARTED, markControlsUntilStarted } from './inert-until-started'

function Form() {
  const [text, setText] = useState('a > b')
  return (
    <form>
      <input type="search" name="q" value={text} onChange={(event) => setText(event.target.value)} />
      <textarea defaultValue="x" />
      <select name="s" defaultValue="1">
        <option value="1">1</option>
      </select>
      <button type="submit">Go</button>
      <button type="button" aria-disabled="true">
        Own post
      </button>
      <input readOnly value="v" />
      <a href="/browse">Browse</a>
    </form>
  )
}

/** The server's HTML of the form: rendered while the marks apply, as on the server. */
async function serverHtml(): Promise<HTMLElement> {
  markControlsUntilStarted(true)
  const { prelude } = await prerender(<Form />)
  markControlsUntilStarted(false)
  const container = document.createElement('div')
  container.innerHTML = await new Response(prelude).text()
  document.body.append(container)
  return container
}

afterEach(() => {
  markControlsUntilStarted(false)
})

describe('the marks of controls until the app has started', () => {
  it('marks buttons unavailable and fields read-only in the render, naming what they added', async () => {
    const container = await serverHtml()
    const [search, ownValue] = container.querySelectorAll('input')
    expect(search?.getAttribute('value')).toBe('a > b')
    expect(search?.getAttribute('aria-disabled')).toBe('true')
    expect(search?.hasAttribute('readonly')).toBe(true)
    expect(search?.getAttribute(INERT_UNTIL_STARTED)).toBe('aria-disabled readonly')
    expect(container.querySelector('textarea')?.getAttribute(INERT_UNTIL_STARTED)).toBe(
      'aria-disabled readonly',
    )
    expect(container.querySelector('select')?.getAttribute(INERT_UNTIL_STARTED)).toBe('aria-disabled')
    const [go, own] = container.querySelectorAll('button')
    expect(go?.getAttribute(INERT_UNTIL_STARTED)).toBe('aria-disabled')
    // What the page set itself is left as it is, and so are links.
    expect(own?.hasAttribute(INERT_UNTIL_STARTED)).toBe(false)
    expect(ownValue?.getAttribute(INERT_UNTIL_STARTED)).toBe('aria-disabled')
    expect(container.querySelector('a')?.attributes).toHaveLength(1)
  })

  it('draws the same marks when the browser hydrates, then removes only them', async () => {
    const container = await serverHtml()
    // React's development build reports any attribute the two renders disagree on.
    const errors = vi.spyOn(console, 'error')
    markControlsUntilStarted(true)
    await hydratePage(container, <Form />)
    markControlsUntilStarted(false)
    expect(errors).not.toHaveBeenCalled()
    clearInertMarks(container)
    expect(container.querySelectorAll(`[${INERT_UNTIL_STARTED}]`)).toHaveLength(0)
    const [go, own] = container.querySelectorAll('button')
    expect(go?.getAttributeNames()).toEqual(['type'])
    expect(own?.getAttribute('aria-disabled')).toBe('true')
    expect(container.querySelector('input')?.hasAttribute('readonly')).toBe(false)
  })

  it('marks nothing outside a takeover', async () => {
    const { prelude } = await prerender(<Form />)
    expect(await new Response(prelude).text()).not.toContain(INERT_UNTIL_STARTED)
  })
})
