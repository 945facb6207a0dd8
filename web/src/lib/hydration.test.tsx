import { act } from '@testing-library/react'
import { Suspense, useEffect, useState } from 'react'
import { prerender } from 'react-dom/static'
import { afterEach, describe, expect, it } from 'vitest'
import { hydratePage, nextTask, useHydrated } from './hydration'

/** How many parts have rendered in the browser so far. */
let rendered = 0
const onServer = () => typeof window === 'undefined'

function Part({ name, cost = 0 }: { name: string; cost?: number }) {
  rendered += 1
  // A part that takes a while to render, as a command card does on a phone.
  const until = performance.now() + cost
  while (performance.now() < until) {}
  const [clicks, setClicks] = useState(0)
  return (
    <section data-part={name}>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        {name} clicked {clicks}
      </button>
    </section>
  )
}

function LocalTime() {
  const hydrated = useHydrated()
  return <time title={hydrated ? 'local' : undefined}>now</time>
}

function Page({ parts = 3, cost = 0 }: { parts?: number; cost?: number }) {
  return (
    <main>
      <LocalTime />
      {Array.from({ length: parts }, (_, index) => `part-${index}`).map((name) => (
        <Part key={name} name={name} cost={cost} />
      ))}
    </main>
  )
}

/** The page's HTML as the server sends it (src/entry-server.tsx renders with the same API). */
async function serverHtml(page: React.ReactElement): Promise<HTMLElement> {
  const { prelude } = await prerender(page)
  const container = document.createElement('div')
  container.innerHTML = await new Response(prelude).text()
  document.body.append(container)
  rendered = 0
  return container
}

afterEach(() => {
  document.body.innerHTML = ''
  rendered = 0
})

describe('hydratePage', () => {
  it('keeps every element of the server’s HTML and attaches the app to them', async () => {
    expect(onServer()).toBe(false)
    const container = await serverHtml(<Page />)
    const section = container.querySelector('[data-part="part-1"]')
    const button = container.querySelector<HTMLButtonElement>('[data-part="part-1"] button')
    await hydratePage(container, <Page />)
    expect(container.querySelector('[data-part="part-1"]')).toBe(section)
    await act(async () => button?.click())
    expect(button?.textContent).toBe('part-1 clicked 1')
    expect(container.querySelectorAll('section')).toHaveLength(3)
  })

  it('writes a browser-only attribute only in the render after hydration, on the server’s element', async () => {
    const container = await serverHtml(<Page />)
    const time = container.querySelector('time')
    // The server writes none (useHydrated is false there).
    expect(time?.hasAttribute('title')).toBe(false)
    await hydratePage(container, <Page />)
    expect(container.querySelector('time')).toBe(time)
    expect(time?.getAttribute('title')).toBe('local')
  })

  it('resolves once the parts inside Suspense boundaries have hydrated too, not at the root’s commit', async () => {
    // React commits the root first and hydrates each boundary later, at its lowest priority.
    let innerEffects = 0
    function Inner() {
      useEffect(() => {
        innerEffects += 1
      }, [])
      return <p>inside a boundary</p>
    }
    const page = (
      <main>
        <Suspense fallback={null}>
          <Inner />
        </Suspense>
      </main>
    )
    const container = await serverHtml(page)
    await hydratePage(container, page)
    expect(innerEffects).toBe(1)
  })

  it('yields to other tasks while a long page hydrates, rather than blocking in one task', async () => {
    const parts = 60
    const container = await serverHtml(<Page parts={parts} cost={2} />)
    let finished = false
    const done = hydratePage(container, <Page parts={parts} cost={2} />).then(() => {
      finished = true
    })
    // What another task (an input event, a paint) finds each time it gets the main thread.
    const seenByOtherTasks: number[] = []
    while (!finished) {
      await nextTask()
      seenByOtherTasks.push(rendered)
    }
    await done
    expect(rendered).toBe(parts)
    // Some task ran while the hydration was part way through.
    expect(seenByOtherTasks.some((count) => count > 0 && count < parts)).toBe(true)
  })
})
