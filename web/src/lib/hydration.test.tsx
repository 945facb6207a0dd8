import { act } from '@testing-library/react'
import { useState } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import {
  clearInertMarks,
  HydrateLater,
  INERT_UNTIL_STARTED,
  nextTask,
  takeOverPage,
  useHydrated,
} from './hydration'

/** Which parts have rendered, in order: each part's render appends its name. */
let rendered: string[] = []

function Part({ name, children }: { name: string; children?: React.ReactNode }) {
  rendered.push(name)
  const [clicks, setClicks] = useState(0)
  return (
    <section data-part={name}>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        {name} clicked {clicks}
      </button>
      {children}
    </section>
  )
}

function LocalTime() {
  const hydrated = useHydrated()
  return <time title={hydrated ? 'local' : undefined}>now</time>
}

/** The attribute's owner renders early; the element carrying it is in a part hydrated later. */
function LocalTimeInALaterPart() {
  const hydrated = useHydrated()
  return (
    <div>
      <HydrateLater>
        <time data-late="" title={hydrated ? 'local' : undefined}>
          then
        </time>
      </HydrateLater>
    </div>
  )
}

function Page() {
  rendered.push('frame')
  return (
    <main>
      <LocalTime />
      <LocalTimeInALaterPart />
      <HydrateLater>
        <Part name="first" />
      </HydrateLater>
      <HydrateLater>
        <Part name="second">
          <HydrateLater>
            <Part name="inner" />
          </HydrateLater>
        </Part>
      </HydrateLater>
    </main>
  )
}

/** The page's HTML as the server sends it: rendered once, then only its markup kept. */
async function serverHtml(): Promise<HTMLElement> {
  const scratch = document.createElement('div')
  const root = createRoot(scratch)
  await act(async () => root.render(<Page />))
  const html = scratch.innerHTML
  root.unmount()
  const container = document.createElement('div')
  // The server writes no browser-only attribute (useHydrated is false there).
  container.innerHTML = html.replaceAll(' title="local"', '')
  document.body.append(container)
  rendered = []
  return container
}

afterEach(() => {
  document.body.innerHTML = ''
  rendered = []
})

describe('takeOverPage', () => {
  it('hydrates the frame first, then each part in a task of its own in page order, keeping every element', async () => {
    const container = await serverHtml()
    const firstSection = container.querySelector('[data-part="first"]')
    const innerButton = container.querySelector('[data-part="inner"] button')

    let finished = false
    const done = takeOverPage(() => hydrateRoot(container, <Page />)).then(() => {
      finished = true
    })
    expect(rendered).toEqual(['frame'])
    // Until its turn, a part is the server's HTML as it was.
    expect(container.querySelector('[data-part="first"]')).toBe(firstSection)

    // Task by task: never two parts in one task.
    const seenAfterEachTask: number[] = [rendered.length]
    for (let task = 0; task < 50 && !finished; task += 1) {
      await nextTask()
      seenAfterEachTask.push(rendered.length)
    }
    await done
    expect(rendered).toEqual(['frame', 'first', 'second', 'inner'])
    for (let task = 1; task < seenAfterEachTask.length; task += 1) {
      expect((seenAfterEachTask[task] ?? 0) - (seenAfterEachTask[task - 1] ?? 0)).toBeLessThanOrEqual(1)
    }

    // The same elements, now the app's: a click reaches the part's handler.
    expect(container.querySelector('[data-part="first"]')).toBe(firstSection)
    expect(container.querySelector('[data-part="inner"] button')).toBe(innerButton)
    await act(async () => (innerButton as HTMLButtonElement).click())
    expect(innerButton?.textContent).toBe('inner clicked 1')
    expect(container.querySelectorAll('section')).toHaveLength(3)
  })

  it('writes a browser-only attribute in the render after hydration, on the server’s element', async () => {
    const container = await serverHtml()
    const [time, late] = container.querySelectorAll('time')
    expect(time?.hasAttribute('title')).toBe(false)
    expect(late?.hasAttribute('title')).toBe(false)
    await takeOverPage(() => hydrateRoot(container, <Page />))
    await act(async () => nextTask())
    expect(container.querySelectorAll('time')[0]).toBe(time)
    expect(time?.getAttribute('title')).toBe('local')
    // Also when the element is hydrated in a later part than the component that decides its value.
    expect(container.querySelectorAll('time')[1]).toBe(late)
    expect(late?.getAttribute('title')).toBe('local')
  })

  it('renders parts at once outside a takeover', async () => {
    const container = document.createElement('div')
    const root = createRoot(container)
    await act(async () => root.render(<Page />))
    expect(rendered).toEqual(['frame', 'first', 'second', 'inner'])
    for (const time of container.querySelectorAll('time')) expect(time.getAttribute('title')).toBe('local')
    root.unmount()
  })
})

describe('clearInertMarks', () => {
  it('removes the attributes the server added and keeps those the page set itself', () => {
    const container = document.createElement('div')
    container.innerHTML = `
      <button aria-disabled="true" ${INERT_UNTIL_STARTED}="aria-disabled">Vote</button>
      <input aria-disabled="true" readonly ${INERT_UNTIL_STARTED}="aria-disabled readonly" />
      <button aria-disabled="true">Own post</button>`
    clearInertMarks(container)
    const [vote, field, own] = [...container.querySelectorAll('button, input')]
    expect(vote?.getAttributeNames()).toEqual([])
    expect(field?.getAttributeNames()).toEqual([])
    expect(own?.getAttribute('aria-disabled')).toBe('true')
  })
})
