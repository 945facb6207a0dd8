import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { openUserMenu } from '../fixtures/accounts.ts'
import { waitForLive } from '../fixtures/moderation.ts'
import { SERVER_RENDER_URL } from '../fixtures/servers.ts'
import { logInViaApi, signUpViaApi } from '../fixtures/session.ts'
import { appStarted } from '../fixtures/started.ts'

/*
 * A guest's first screen of /, /browse and a post page comes in the HTML itself (server-side render); the
 * app starts over it once the page has painted (web/public/boot.js) and takes the same elements over.
 * Members (the hint cookie) get the page as before. Proven from outside: with JavaScript off, from the raw
 * responses, and in a browser running the app.
 */

/** A browser's User-Agent: terminal tools get plain text for /post/ pages (terminal/negotiate.ts). */
// These journeys run against the suite's second server, started with SERVER_RENDER=true
// (fixtures/servers.ts); every other spec runs against the default, with it off.
test.use({ baseURL: SERVER_RENDER_URL })

const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'
/** The headers of a browser's navigation. */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml', 'user-agent': BROWSER_AGENT }
/** The member hint cookie (MEMBER_HINT_COOKIE in server/src/contract/values.ts), as the page sees it. */
const MEMBER_HINT = 'bashboard_member='
/** A Cookie header with the hint of a session that lasts another hour. */
const memberHint = (): string => `${MEMBER_HINT}${Math.floor(Date.now() / 1000) + 3600}`
/** What a server-rendered page carries in place of the app's module script. */
const BOOT_SCRIPT = /<script defer src="\/boot\.js" data-entry="\/assets\/index-[\w-]+\.js"><\/script>/
/** The app's module script, as Vite writes it into index.html. */
const MODULE_SCRIPT = /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/
const EMPTY_ROOT = '<div id="root"></div>'
const STATE_BLOCK = '#bashboard-server-state'

interface SharedPost {
  _id: string
  slug: string
  title: string
  command: string
}

/** Shares a post as the seeded demo contributor (e2e/serve.mjs seeds the demo accounts and categories). */
async function sharePost(
  request: APIRequestContext,
  fields: { title: string; command: string; description: string },
): Promise<SharedPost> {
  const contributor = await logInViaApi(request, 'demo_contributor', 'bashboard-contributor')
  const website = await request.get('/api/website')
  const { categories } = (await website.json()) as { categories: { _id: string }[] }
  const category = categories[0]?._id
  if (!category) throw new Error('no categories seeded')
  const response = await request.post('/api/posts/create', {
    headers: { authorization: `Bearer ${contributor.token}` },
    data: { ...fields, category },
  })
  if (!response.ok()) throw new Error(`create post failed: ${response.status()} ${await response.text()}`)
  const { post } = (await response.json()) as { post: { _id: string; slug: string } }
  return { _id: post._id, slug: post.slug, title: fields.title, command: fields.command }
}

/** A plain post with a title, command and description unique to this run. */
async function sharePlainPost(
  request: APIRequestContext,
): Promise<SharedPost & { description: string; tag: string }> {
  // Always with a letter: the router writes a search of digits alone into the URL as a quoted JSON
  // string (`?search=%2290881532%22`), and the search journey below reads the tag back from the URL.
  const tag = `r${randomBytes(4).toString('hex')}`
  const description = `Finds the ten biggest files below the current folder, run ${tag}.`
  const post = await sharePost(request, {
    title: `Largest files under this folder ${tag}`,
    command: `find . -type f -printf '%s %p\\n' | sort -nr | head -n 10 # ${tag}`,
    description: `<p>${description}</p>`,
  })
  return { ...post, description, tag }
}

/** The page as the server sent it to a browser's navigation (the response to `page.goto`). */
async function visit(page: Page, path: string): Promise<string> {
  const response = await page.goto(path)
  if (!response) throw new Error(`no response for ${path}`)
  return response.text()
}

/** Every button and field of a page the app has not started on is marked unavailable, fields read-only. */
async function expectControlsWaiting(page: Page): Promise<void> {
  const root = page.locator('#root')
  expect(await root.locator('button').count()).toBeGreaterThan(0)
  await expect(root.locator('button:not([aria-disabled="true"])')).toHaveCount(0)
  await expect(
    root.locator('input:not([aria-disabled="true"]), select:not([aria-disabled="true"])'),
  ).toHaveCount(0)
  await expect(root.locator('input:not([readonly]), textarea:not([readonly])')).toHaveCount(0)
}

test.describe('a guest without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('reads the home page, browse and a post page from the HTML, its controls marked unavailable', async ({
    page,
    request,
  }) => {
    const post = await sharePlainPost(request)

    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Bashboard' })).toBeVisible()
    // The message for a browser without JavaScript says what works (RENDERED_NOSCRIPT_MESSAGE).
    await expect(page.getByText(/^JavaScript is off: you can read this page/)).toBeVisible()
    await expect(page.getByText('Bashboard needs JavaScript to run.')).toHaveCount(0)
    const latest = page.getByRole('region', { name: 'Latest Shared Commands' })
    const firstCard = latest.getByRole('article').first()
    await expect(firstCard.getByRole('heading', { level: 3 })).toHaveText(/\w/)
    await expect(firstCard.locator('pre code')).toHaveText(/\w/)
    await expect(firstCard.getByRole('button', { name: /^Upvote/ })).toHaveAttribute('aria-disabled', 'true')
    await expectControlsWaiting(page)

    await page.goto('/browse')
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Commands' })).toBeVisible()
    const cards = page.getByRole('main').getByRole('article')
    expect(await cards.count()).toBeGreaterThan(1)
    await expect(cards.first().getByRole('heading', { level: 3 })).toHaveText(/\w/)
    const search = page.getByRole('searchbox', { name: 'Search commands' })
    await expect(search).toHaveAttribute('aria-disabled', 'true')
    await expect(search).not.toBeEditable()
    await expectControlsWaiting(page)

    // Any query is rendered: a search finds the post just shared.
    await page.goto(`/browse?search=${post.tag}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible()
    await expect(page.getByRole('article', { name: post.title })).toBeVisible()

    await page.goto(`/post/${post.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
    await expect(page.locator('pre code').first()).toContainText(post.command)
    await expect(page.getByText(post.description)).toBeVisible()
    const votes = page.getByRole('group', { name: 'Vote on this command' })
    await expect(votes.getByRole('button', { name: /^Upvote/ })).toHaveAttribute('aria-disabled', 'true')
    await expect(votes.getByRole('button', { name: /^Upvote/ })).toBeDisabled()
    await expectControlsWaiting(page)
  })
})

test.describe('a guest with JavaScript', () => {
  /** Sums the layout shifts of every document the page opens (none with recent input), from the start. */
  async function measureLayoutShifts(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const shifts = { total: 0 }
      type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean }
      const add = (entries: PerformanceEntryList) => {
        for (const entry of entries as LayoutShift[]) if (!entry.hadRecentInput) shifts.total += entry.value
      }
      const observer = new PerformanceObserver((list) => add(list.getEntries()))
      observer.observe({ type: 'layout-shift', buffered: true })
      Object.assign(window, {
        __layoutShift: () => {
          add(observer.takeRecords())
          return shifts.total
        },
      })
    })
  }

  test('the app takes the server-rendered pages over without a shift, an error or a stale marker', async ({
    page,
    request,
  }) => {
    const post = await sharePlainPost(request)
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
    await measureLayoutShifts(page)
    // The server's own heading element, taken before the app starts: hydration keeps it (nothing drawn twice).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () =>
        Object.assign(window, { __serverHeading: document.querySelector('main h1') }),
      )
    })

    const pages = [
      { path: '/', ready: page.getByRole('heading', { level: 1, name: 'Welcome to Bashboard' }) },
      { path: '/browse', ready: page.getByRole('heading', { level: 1, name: 'Browse Commands' }) },
      { path: `/post/${post.slug}`, ready: page.getByRole('heading', { level: 1, name: post.title }) },
    ]
    for (const { path, ready } of pages) {
      const html = await visit(page, path)
      // Rendered on the server (else this would prove nothing about taking it over).
      expect(html, `${path} is served rendered`).toMatch(BOOT_SCRIPT)
      await expect(ready).toBeVisible()
      // The app has started: it took its data block, its live socket is open.
      await expect(page.locator(STATE_BLOCK)).toHaveCount(0)
      await waitForLive(page)
      const kept = await page.evaluate(() => {
        const heading = (window as unknown as { __serverHeading?: Element | null }).__serverHeading
        return heading?.isConnected === true && heading === document.querySelector('main h1')
      })
      expect(kept, `${path} keeps the server's elements`).toBe(true)
      // No control is left marked unavailable or read-only (a guest's page sets neither itself).
      await expect(page.locator('[aria-disabled="true"]')).toHaveCount(0)
      await expect(page.locator('[readonly]')).toHaveCount(0)
      const upvote = page.getByRole('button', { name: /^Upvote/ }).first()
      await expect(upvote).toBeEnabled()
      if (path === '/browse') {
        await expect(page.getByRole('searchbox', { name: 'Search commands' })).toBeEditable()
      }
      // The app's own elements work: a guest's vote asks them to log in.
      if (path === `/post/${post.slug}`) {
        await upvote.click()
        await expect(page.getByText('Please log in to vote on posts.')).toBeVisible()
        await expect(page).toHaveURL(
          (url) => url.pathname === '/login' && url.searchParams.get('redirect') === path,
        )
      }
    }

    // Layout shift, measured on each page once everything it loads has arrived.
    for (const { path, ready } of pages) {
      expect(await visit(page, path), `${path} is served rendered`).toMatch(BOOT_SCRIPT)
      await expect(ready).toBeVisible()
      await expect(page.locator(STATE_BLOCK)).toHaveCount(0)
      await waitForLive(page)
      await page.waitForLoadState('networkidle')
      await page.evaluate(() => document.fonts.ready.then(() => undefined))
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                resolve((window as unknown as { __layoutShift: () => number }).__layoutShift()),
              ),
            ),
          ),
      )
      expect(shift, `cumulative layout shift on ${path}`).toBeLessThan(0.01)
    }
    expect(errors).toEqual([])
  })

  test('a search typed into /browse as soon as it can take it runs, nothing typed lost', async ({
    page,
    request,
  }) => {
    const post = await sharePlainPost(request)
    expect(await visit(page, '/browse')).toMatch(BOOT_SCRIPT)
    const search = page.getByRole('searchbox', { name: 'Search commands' })
    // fill waits until the box is editable, which it is only once the app has started on it.
    await search.fill(post.tag)
    await search.press('Enter')
    await expect(page).toHaveURL(new RegExp(`[?&]search=${post.tag}`))
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible()
    await expect(page.getByRole('article', { name: post.title })).toBeVisible()
    await expect(search).toHaveValue(post.tag)
  })
})

test.describe('a guest on a dark system', () => {
  // The system's theme is dark, so a light page can only come from the visitor's own choice.
  test.use({ colorScheme: 'dark' })

  test('a guest who chose the light theme gets it from the first paint, before the app starts', async ({
    page,
    browser,
  }) => {
    const html = await visit(page, '/')
    expect(html).toMatch(BOOT_SCRIPT)
    expect(html).toContain('<html lang="en">')
    // The toggle works once the app has started on it (it is marked unavailable until then).
    const toggle = page.getByRole('button', { name: 'Switch to light theme' })
    await expect(toggle).not.toHaveAttribute('aria-disabled', 'true')
    await toggle.click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'bashboard_theme')?.value).toBe('light')

    // What the browser paints before any script has run: the same pages with JavaScript off.
    const still = await browser.newContext({
      baseURL: SERVER_RENDER_URL,
      javaScriptEnabled: false,
      colorScheme: 'dark',
    })
    try {
      await still.addCookies(cookies.filter((cookie) => cookie.name === 'bashboard_theme'))
      const before = await still.newPage()
      for (const path of ['/', '/browse', '/leaderboard']) {
        await before.goto(path)
        await expect(before.locator('html'), path).toHaveAttribute('data-theme', 'light')
        const background = await before.evaluate(
          () => getComputedStyle(document.documentElement).backgroundColor,
        )
        // The light palette's page colour is near white; the dark one's near black.
        const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number)
        expect(red + green + blue, `${path} background ${background}`).toBeGreaterThan(600)
      }
      // The server's render drew the toggle for the light theme too: no icon to swap when the app starts.
      await before.goto('/')
      await expect(before.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible()
    } finally {
      await still.close()
    }
  })
})

test.describe('a guest on a light system who never chose a theme, far from the server’s time zone', () => {
  test.use({ colorScheme: 'light', timezoneId: 'Pacific/Auckland' })

  test('paints the light palette before the app starts; the app keeps the elements and writes what only it knows', async ({
    page,
    request,
  }) => {
    const post = await sharePlainPost(request)
    // Edited, so the page shows "edited … ago" with the moment in a tooltip.
    const contributor = await logInViaApi(request, 'demo_contributor', 'bashboard-contributor')
    const edit = await request.put('/api/posts/update', {
      headers: { authorization: `Bearer ${contributor.token}` },
      data: { id: post._id, description: `<p>${post.description} Sorted biggest first.</p>` },
    })
    expect(edit.ok(), await edit.text()).toBe(true)
    const { post: edited } = (await edit.json()) as { post: { editedAt: string } }

    // What the page was when its HTML had been read, before the app could start (public/boot.js starts it
    // after the first paint): the server's heading element, the palette, the marks, the tooltip.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const time = document.querySelector('[data-testid="edited-mark"] time')
        Object.assign(window, {
          __before: {
            heading: document.querySelector('h1'),
            background: getComputedStyle(document.documentElement).getPropertyValue('--bb-bg').trim(),
            waiting: document.querySelectorAll('[data-inert-until-started]').length,
            editedTime: time,
            editedTitle: time?.getAttribute('title') ?? null,
          },
        })
      })
    })
    expect(await visit(page, `/post/${post.slug}`)).toMatch(BOOT_SCRIPT)
    await expect(page.locator(STATE_BLOCK)).toHaveCount(0)
    await waitForLive(page)
    await appStarted(page)

    const before = await page.evaluate(() => {
      const seen = (window as unknown as { __before: Record<string, unknown> }).__before
      return {
        background: seen.background,
        waiting: seen.waiting,
        editedTitle: seen.editedTitle,
        editedMarkServed: seen.editedTime instanceof HTMLElement,
        sameHeading: seen.heading === document.querySelector('h1'),
        sameEditedTime: seen.editedTime === document.querySelector('[data-testid="edited-mark"] time'),
      }
    })
    // The light palette from the first paint: the system asks for it and the visitor chose nothing.
    expect(before.background).toBe('#f5f7f6')
    // The app had not started (its controls were still marked), and it took those same elements over.
    expect(before.waiting).toBeGreaterThan(0)
    expect(before.sameHeading).toBe(true)
    expect(before.editedMarkServed).toBe(true)
    expect(before.sameEditedTime).toBe(true)
    // The tooltip is a local time: the server leaves it out, and the app writes it in Auckland time.
    expect(before.editedTitle).toBeNull()
    const local = await page.evaluate((iso) => {
      const date = new Date(iso)
      return `${date.getHours() % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')}`
    }, edited.editedAt)
    await expect(page.locator('[data-testid="edited-mark"] time').first()).toHaveAttribute(
      'title',
      new RegExp(`, ${local} [AP]M$`),
    )
    // The server drew the dark theme's toggle (it cannot know the system's); the app draws the light one's.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible()
  })
})

test('the response: a guest gets the first screen and the boot script, a member the plain page', async ({
  page,
  request,
}) => {
  const post = await sharePlainPost(request)
  for (const path of ['/', '/browse?sort=trending', `/post/${post.slug}`]) {
    const guest = await page.request.get(path, { headers: NAVIGATION })
    expect(guest.status(), path).toBe(200)
    expect(guest.headers()['content-type']).toMatch(/^text\/html/)
    expect(guest.headers().vary, path).toMatch(/cookie/i)
    const html = await guest.text()
    expect(html, path).not.toContain(EMPTY_ROOT)
    expect(html, path).toMatch(/<div id="root"><\w/)
    expect(html, path).toContain('<script type="application/json" id="bashboard-server-state">')
    expect(html, path).not.toContain('rel="modulepreload"')
    expect(html, path).toMatch(BOOT_SCRIPT)
    expect(html, path).not.toMatch(MODULE_SCRIPT)

    const member = await page.request.get(path, { headers: { ...NAVIGATION, cookie: memberHint() } })
    expect(member.status(), path).toBe(200)
    const plain = await member.text()
    expect(plain, path).toContain(EMPTY_ROOT)
    expect(plain, path).toMatch(MODULE_SCRIPT)
    expect(plain, path).not.toContain('/boot.js')
    expect(plain, path).not.toContain('bashboard-server-state')
  }
  // The post rendered is the one asked for.
  const html = await (await page.request.get(`/post/${post.slug}`, { headers: NAVIGATION })).text()
  expect(html).toContain(post.title)
  // A terminal tool still gets the post as text (terminal/negotiate.ts), not the rendered page.
  const curl = await page.request.get(`/post/${post.slug}`, {
    headers: { accept: '*/*', 'user-agent': 'curl/8.5.0' },
  })
  expect(curl.headers()['content-type']).toMatch(/^text\/plain/)
  expect(await curl.text()).not.toContain('<div id="root">')
})

test.describe('a member', () => {
  test('signed in through the form, gets their own pages rendered (header, vote), taken over without an error; signed out, a guest’s', async ({
    page,
    request,
  }) => {
    const post = await sharePlainPost(request)
    const member = await signUpViaApi(request, 'ssr')
    const voted = await request.post(`/api/posts/upvote/${post._id}`, {
      headers: { authorization: `Bearer ${member.token}` },
    })
    expect(voted.ok()).toBe(true)
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))

    await page.goto('/login')
    await page.getByLabel(/email or username/i).fill(member.account.username)
    await page.getByLabel('Password', { exact: true }).fill(member.account.password)
    await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click()
    await expect(page).toHaveURL(/\/$/)
    const header = page.getByRole('banner')
    await expect(header.getByRole('button', { name: new RegExp(member.user.username) })).toBeVisible()
    await expect.poll(() => page.evaluate(() => document.cookie)).toContain(MEMBER_HINT)
    // The session itself is out of every script's reach: HttpOnly, and nothing in storage.
    expect(await page.evaluate(() => document.cookie)).not.toContain('bashboard_session')
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'bashboard_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    })
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(member.token)

    // The home page comes rendered as the member's: their menu is in the HTML, kept private.
    const home = await page.reload()
    const html = (await home?.text()) ?? ''
    expect(html).toMatch(BOOT_SCRIPT)
    expect(html).not.toContain(EMPTY_ROOT)
    expect(html).toContain(member.user.username)
    expect(home?.headers()['cache-control']).toBe('private, no-cache')
    await expect(page.locator(STATE_BLOCK)).toHaveCount(0)
    await waitForLive(page)
    await expect(header.getByRole('button', { name: new RegExp(member.user.username) })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0)

    // Their vote is in the post page's HTML, and stays lit once the app has taken over.
    const postHtml = await visit(page, `/post/${post.slug}`)
    expect(postHtml).toMatch(BOOT_SCRIPT)
    expect(postHtml).toMatch(
      /aria-pressed="true"[^>]*aria-label="Upvote|aria-label="Upvote[^"]*"[^>]*aria-pressed="true"/,
    )
    await expect(page.locator(STATE_BLOCK)).toHaveCount(0)
    const upvote = page
      .getByRole('group', { name: 'Vote on this command' })
      .first()
      .getByRole('button', { name: /^Upvote/ })
    await expect(upvote).toHaveAttribute('aria-pressed', 'true')

    // Logging out clears the hint and the session: the next load is a guest's render.
    await openUserMenu(page, member.user.username)
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => document.cookie)).not.toContain(MEMBER_HINT)
    const guest = await visit(page, '/')
    expect(guest).toMatch(BOOT_SCRIPT)
    expect(guest).not.toContain(member.user.username)
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('a bearer token an older version left in localStorage is removed at start and signs no one in', async ({
    page,
    request,
  }) => {
    const member = await signUpViaApi(request, 'ssrold')
    await page.addInitScript(
      (value) => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1')
          window.localStorage.setItem('bashboard.session', value)
        }
      },
      JSON.stringify({ token: member.token, expiresAt: member.expiresAt }),
    )
    expect(await visit(page, '/')).toMatch(BOOT_SCRIPT)
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('bashboard.session'))).toBeNull()
    expect(await page.evaluate(() => document.cookie)).not.toContain(MEMBER_HINT)
  })
})

test.describe('hostile post text through the server render', () => {
  const tag = randomBytes(4).toString('hex')
  const title = `</script><script>window.__ssrXss=1</script> ${tag}`
  const command = `echo <img src=x onerror="window.__ssrXss=2"> $& $1 $' ${tag}`
  const descriptionText = `Escaped <img src=x onerror="window.__ssrXss=2"> and $& $1 $' ${tag}`
  const description =
    `<p>Escaped &lt;img src=x onerror="window.__ssrXss=2"&gt; and $&amp; $1 $' ${tag}</p>` +
    '<img src=x onerror="window.__ssrXss=2">'
  let slug = ''

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: SERVER_RENDER_URL })
    try {
      slug = (await sharePost(request, { title, command, description })).slug
    } finally {
      await request.dispose()
    }
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the raw HTML holds nothing executable and the page shows the text literally', async ({ page }) => {
      const html = await visit(page, `/post/${slug}`)
      expect(html).toMatch(BOOT_SCRIPT)
      expect(html).not.toContain('<script>window.__ssrXss')
      expect(html).not.toMatch(/<img src=x onerror/i)
      expect(html).not.toMatch(/<img[^>]*onerror/i)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.locator('pre code').first()).toContainText(command)
      await expect(page.getByText(descriptionText)).toBeVisible()
      await expect(page).toHaveTitle(`${title} | Bashboard`)
    })
  })

  test('in a browser running the app, nothing runs and the title reads literally', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, '__ssrXssSeen', { value: [] as unknown[], writable: false })
      let value: unknown
      Object.defineProperty(window, '__ssrXss', {
        get: () => value,
        set: (next) => {
          value = next
          ;(window as unknown as { __ssrXssSeen: unknown[] }).__ssrXssSeen.push(next)
        },
      })
    })
    expect(await visit(page, `/post/${slug}`)).toMatch(BOOT_SCRIPT)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.locator(STATE_BLOCK)).toHaveCount(0)
    await waitForLive(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.locator('pre code').first()).toContainText(command)
    await expect(page.getByText(descriptionText)).toBeVisible()
    // The description's image is kept (without its handler) and has failed to load by now.
    await page.waitForLoadState('networkidle')
    const seen = await page.evaluate(() => (window as unknown as { __ssrXssSeen: unknown[] }).__ssrXssSeen)
    expect(seen).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { __ssrXss?: unknown }).__ssrXss)).toBeUndefined()
  })
})

test('a title with replacement-pattern characters leaves the page head as written', async ({
  page,
  request,
}) => {
  // injectHead (server/src/modules/site/service.ts) once read a title's `$&` and `` $` `` as replacement
  // patterns: `$&` became `</head>`, and `` $` `` copied the page before it, module scripts and all, into
  // the head. The unit test beside it checks the same with each pattern.
  const tag = randomBytes(4).toString('hex')
  const post = await sharePost(request, {
    title: `Dollar patterns $& and $\` kept ${tag}`,
    command: `printf '%s\\n' 'kept as typed' # ${tag}`,
    description: `<p>Prints a line; the title holds dollar patterns, run ${tag}.</p>`,
  })
  const guest = await (await page.request.get(`/post/${post.slug}`, { headers: NAVIGATION })).text()
  const member = await (
    await page.request.get(`/post/${post.slug}`, { headers: { ...NAVIGATION, cookie: memberHint() } })
  ).text()
  expect(member.match(/<title>/g) ?? []).toHaveLength(1)
  expect(member.match(/<script type="module"/g) ?? []).toHaveLength(1)
  expect(guest.match(/<script type="module"/g) ?? []).toHaveLength(0)
  await page.goto(`/post/${post.slug}`)
  await expect(page).toHaveTitle(`${post.title} | Bashboard`)
})
