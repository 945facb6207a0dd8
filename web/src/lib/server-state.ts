/** The id of the script element holding the data the server rendered a page with. */
export const SERVER_STATE_ID = 'bashboard-server-state'

/**
 * A JSON data block (never run: `type="application/json"`) with `state` in it. Every `<` is written as
 * `\u003c`, which JSON reads back as `<`, so no text in the data (a post titled `</script><script>...`)
 * can end the element or open another.
 */
export function serverStateScript(state: unknown): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${SERVER_STATE_ID}">${json}</script>`
}

/** The data block's state, removed from the page; null when the page has none or it is unreadable. */
export function takeServerState(doc: Document): unknown {
  const element = doc.getElementById(SERVER_STATE_ID)
  if (!element) return null
  element.remove()
  try {
    return JSON.parse(element.textContent ?? '')
  } catch {
    return null
  }
}
