// Starts the app on a page the server rendered (server/src/infra/server-render.ts puts this script in
// place of the app's module script, whose address it carries in data-entry). The server's HTML paints
// first; the app starts once it has, so its start-up does not hold back the first paint. A classic
// file, not inline: the content security policy allows no inline script.
;(() => {
  const script = document.currentScript
  const entry = script?.dataset.entry
  if (!entry) return
  let started = false
  const start = () => {
    if (started) return
    started = true
    const module = document.createElement('script')
    module.type = 'module'
    module.src = entry
    document.head.append(module)
  }

  // Keys pressed before the app has started (a shortcut such as `/` for the search box) are kept and
  // handed to the app once it has (src/main.tsx sends `bashboard:started` when its effects have run).
  // Fields are read-only until then and Tab has already moved the focus, so only other keys are kept.
  const early = []
  const keep = (event) => {
    const target = event.target
    const field =
      target instanceof HTMLElement &&
      (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
    if (event.isTrusted && event.key !== 'Tab' && !field) early.push(event)
  }
  addEventListener('keydown', keep, { capture: true })
  document.addEventListener(
    'bashboard:started',
    () => {
      removeEventListener('keydown', keep, { capture: true })
      for (const event of early) {
        const target = event.target instanceof Node && event.target.isConnected ? event.target : document.body
        target.dispatchEvent(
          new KeyboardEvent('keydown', {
            key: event.key,
            code: event.code,
            location: event.location,
            ctrlKey: event.ctrlKey,
            shiftKey: event.shiftKey,
            altKey: event.altKey,
            metaKey: event.metaKey,
            repeat: event.repeat,
            bubbles: true,
            cancelable: true,
            composed: true,
          }),
        )
      }
    },
    { once: true },
  )

  // A visitor who acts before the first paint is reported gets the app at once.
  for (const type of ['pointerdown', 'keydown', 'focusin']) {
    addEventListener(type, start, { once: true, capture: true, passive: true })
  }
  // A signed-in tab that got the guest's page anyway (no hint cookie yet) starts at once. The key is
  // SESSION_STORAGE_KEY of src/state/session.ts.
  try {
    if (localStorage.getItem('bashboard.session')) return start()
  } catch {
    // Storage blocked: a guest, as far as this page can tell.
  }
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      setTimeout(start, 0)
    })
    observer.observe({ type: 'paint', buffered: true })
  } catch {
    return start()
  }
  // A tab opened in the background paints nothing until it is shown: start once the page has loaded.
  addEventListener('load', () => setTimeout(start, 1000), { once: true })
})()
