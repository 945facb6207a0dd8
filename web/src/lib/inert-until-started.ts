/*
 * Until the app has started on a page the server rendered, its controls do nothing, so the page says so:
 * buttons and fields are marked unavailable (`aria-disabled`, and read-only for fields so nothing typed
 * is lost before the app takes the keys over); screen readers announce them as unavailable and
 * Playwright waits for them. React writes the marks itself, in the server's render and in the browser's
 * hydration of it alike (the JSX runtime of ./jsx/), so both draw the same tree; each marked element also
 * names the attributes added, and the takeover removes exactly those once the app has started
 * (src/main.tsx). Links need nothing: they work as plain links.
 */

/** On an element of the server's HTML, the attributes the marks added, space-separated. */
export const INERT_UNTIL_STARTED = 'data-inert-until-started'

/** The server renders only first screens, all of them marked; the browser while it takes one over. */
let marking = typeof window === 'undefined'

/** Turns the marks on for the browser's hydration of the server's HTML, and off once it is over. */
export function markControlsUntilStarted(on: boolean): void {
  marking = on
}

const CONTROLS = new Set(['button', 'input', 'textarea', 'select'])

type Props = Record<string, unknown>

/** A host element's props with the marks added while they apply; anything else as it is. */
export function withInertMarks(type: unknown, props: unknown): unknown {
  if (!marking || typeof type !== 'string' || !CONTROLS.has(type)) return props
  const own = props as Props
  const added: string[] = []
  const marked: Props = { ...own }
  if (own['aria-disabled'] == null) {
    marked['aria-disabled'] = 'true'
    added.push('aria-disabled')
  }
  if (type !== 'button' && type !== 'select' && !own.readOnly) {
    marked.readOnly = true
    added.push('readonly')
  }
  if (added.length === 0) return props
  marked[INERT_UNTIL_STARTED] = added.join(' ')
  return marked
}

/** Removes what the marks added, and only that (the page's own `aria-disabled` stays). */
export function clearInertMarks(root: ParentNode): void {
  for (const element of root.querySelectorAll(`[${INERT_UNTIL_STARTED}]`)) {
    const added = element.getAttribute(INERT_UNTIL_STARTED) ?? ''
    for (const name of added.split(' ')) if (name) element.removeAttribute(name)
    element.removeAttribute(INERT_UNTIL_STARTED)
  }
}
