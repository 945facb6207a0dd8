import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { createServer, type Plugin, type ViteDevServer } from 'vite'
import { BASE_URL } from '../fixtures/servers.ts'

/*
 * `npm run dev` (Vite's dev server with React's Fast Refresh): an edit to a component redraws it in the
 * open page without a reload, and the component keeps its state. The edit is made in Vite's module graph
 * (a transform turned on, then the module reloaded), never on disk, so a stopped test leaves no change.
 */

const WEB_ROOT = fileURLToPath(new URL('../../web', import.meta.url))
const LOGIN_FORM = fileURLToPath(
  new URL('../../web/src/features/auth/components/login-form.tsx', import.meta.url),
)

/** Rewrites the login form's field label while `edited` is on, as an editor saving the file would. */
function editLoginForm(state: { edited: boolean }): Plugin {
  return {
    name: 'e2e-edit-login-form',
    enforce: 'pre',
    transform(code, id) {
      if (!state.edited || id !== LOGIN_FORM) return null
      return code.replace('label="Email or username"', 'label="Email or username (edited)"')
    },
  }
}

test('an edited component redraws in place in the dev server, keeping its state', async ({ page }) => {
  test.setTimeout(120_000)
  const state = { edited: false }
  // The dev server forwards the API to the suite's server, as it forwards it to :3000 in development.
  process.env.BASHBOARD_API_URL = BASE_URL
  let server: ViteDevServer | undefined
  try {
    server = await createServer({
      root: WEB_ROOT,
      configFile: `${WEB_ROOT}/vite.config.ts`,
      logLevel: 'error',
      server: { host: '127.0.0.1', port: 0 },
      plugins: [editLoginForm(state)],
    })
    await server.listen()
    const url = server.resolvedUrls?.local[0]
    if (!url) throw new Error('the dev server has no address')

    await page.goto(`${url}login`)
    const field = page.getByLabel('Email or username')
    await field.fill('ada_lovelace')
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }))

    state.edited = true
    const modules = server.moduleGraph.getModulesByFile(LOGIN_FORM)
    expect(modules?.size ?? 0).toBeGreaterThan(0)
    await Promise.all([...(modules ?? [])].map((module) => server?.reloadModule(module)))

    const edited = page.getByLabel('Email or username (edited)')
    await expect(edited).toBeVisible()
    await expect(edited).toHaveValue('ada_lovelace')
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  } finally {
    await server?.close()
  }
})
