import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { DEMO_MODERATOR } from '../fixtures/moderation.ts'
import { logInViaApi, startSignedIn } from '../fixtures/session.ts'

/** The fields of the console's ad this journey reads (server/src/contract/ads.ts `ModAd`). */
interface ModAd {
  _id: string
  clickCount: number
}

/** Creates an ad as the demo moderator through the console API and answers it with the token used. */
async function createAd(
  request: APIRequestContext,
  data: { title: string; slot: 'ads3' | 'ads4'; size: 'banner' | 'box'; url: string; image: string },
): Promise<{ ad: ModAd; token: string }> {
  const { token } = await logInViaApi(request, DEMO_MODERATOR.email, DEMO_MODERATOR.password)
  const response = await request.post('/api/mod/ads', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...data, page: 'Blog', active: true },
  })
  expect(response.status()).toBe(201)
  const { ad } = (await response.json()) as { ad: ModAd }
  return { ad, token }
}

/**
 * Opens the newest article from /blog and waits for its title as the page's heading. The article's
 * own content may hold headings of any level (other journeys publish some, e.g. the XSS corpus).
 */
async function openNewestArticle(page: Page): Promise<string> {
  await page.goto('/blog')
  const newest = page.getByRole('list', { name: 'Articles' }).getByRole('listitem').first()
  const title = ((await newest.getByRole('heading').textContent()) ?? '').trim()
  await newest.getByRole('link', { name: /^Read More/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible()
  return title
}

test('the blog pages with Next, keeps the page in the URL and opens an article', async ({ page }) => {
  await page.goto('/blog')
  await expect(page.getByRole('heading', { level: 1, name: 'Bashboard Blog' })).toBeVisible()
  await expect(page.getByText(/^Page 1 of \d+ \(\d+ total articles\)$/)).toBeVisible()
  const firstPageTitles = await page
    .getByRole('list', { name: 'Articles' })
    .getByRole('heading')
    .allTextContents()
  expect(firstPageTitles).toHaveLength(6)

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/blog\?page=2$/)
  await expect(page.getByText(/^Page 2 of \d+ \(\d+ total articles\)$/)).toBeVisible()
  const secondPageTitles = await page
    .getByRole('list', { name: 'Articles' })
    .getByRole('heading')
    .allTextContents()
  expect(secondPageTitles.length).toBeGreaterThan(0)
  expect(secondPageTitles.some((title) => firstPageTitles.includes(title))).toBe(false)

  // A reload keeps the page.
  await page.reload()
  await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible()

  const title = secondPageTitles[0] ?? ''
  await page
    .getByRole('list', { name: 'Articles' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .getByRole('link', { name: /^Read More/ })
    .click()
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page).toHaveTitle(`${title} | Bashboard`)
})

test("an article's share copies its link and says 'Link copied!'", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // Desktop Chromium may or may not offer a share sheet; without one the link is copied.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
  })
  await openNewestArticle(page)
  await expect(page.getByText(/\d+ min read/).first()).toBeVisible()

  await page.getByRole('button', { name: 'Share this article' }).click()
  await expect(page.getByText('Link copied!')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())
})

test('an unknown article shows Blog post not found', async ({ page }) => {
  await page.goto('/blog/there-is-no-such-article')
  await expect(page.getByRole('heading', { level: 1, name: 'Blog post not found' })).toBeVisible()
})

test('an ad click opens the normalised URL in a new tab and is counted once', async ({
  page,
  context,
  request,
}) => {
  const title = `E2E sponsor ${Date.now()}`
  const { ad, token } = await createAd(request, {
    title,
    slot: 'ads3',
    size: 'banner',
    // No scheme: the click rule adds https://.
    url: 'ads.example.test/landing?from=e2e',
    image: '/house-ads/blog-banner.png',
  })
  // The advertiser's site is not reachable from the test machine; answer it here.
  await context.route('https://ads.example.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Landing</title><h1>Landing</h1>' }),
  )

  await page.goto('/blog')
  const link = page.getByRole('link', { name: new RegExp(title) })
  await expect(link).toHaveAttribute('href', 'https://ads.example.test/landing?from=e2e')
  const clickReported = page.waitForResponse(
    (response) => response.url().endsWith('/api/ads/track-click') && response.request().method() === 'POST',
  )
  const [popup] = await Promise.all([context.waitForEvent('page'), link.click()])
  await popup.waitForLoadState()
  expect(popup.url()).toBe('https://ads.example.test/landing?from=e2e')
  // noopener: the advertiser's page cannot reach back into ours.
  expect(await popup.evaluate(() => window.opener)).toBeNull()
  expect((await clickReported).status()).toBe(200)

  // A second click in the same minute is not counted again.
  const secondReport = page.waitForResponse((response) => response.url().endsWith('/api/ads/track-click'))
  const [second] = await Promise.all([context.waitForEvent('page'), link.click()])
  expect(await (await secondReport).json()).toEqual({ counted: false })
  await second.close()

  const list = await request.get('/api/mod/ads', { headers: { Authorization: `Bearer ${token}` } })
  const { ads } = (await list.json()) as { ads: ModAd[] }
  expect(ads.find((item) => item._id === ad._id)?.clickCount).toBe(1)
})

test('an ad whose image fails to load shows the fallback text', async ({ page, context, request }) => {
  const title = `E2E broken ${Date.now()}`
  const { ad, token } = await createAd(request, {
    title,
    slot: 'ads4',
    size: 'box',
    url: 'https://ads.example.test/broken',
    image: 'https://broken.example.test/missing.png',
  })
  await context.route('https://broken.example.test/**', (route) => route.fulfill({ status: 404, body: '' }))
  try {
    await page.goto('/blog')
    const slot = page.locator('aside[data-ad-slot="ads4"]').last()
    await slot.scrollIntoViewIfNeeded()
    await expect(slot.getByText('[Advertisement Space - 728x90]')).toBeVisible()
    await expect(slot.getByRole('img', { name: title })).toHaveCount(0)
  } finally {
    // A broken ad left behind would put a second fallback in the slot of the next run (a retry).
    await request.delete(`/api/mod/ads/${ad._id}`, { headers: { Authorization: `Bearer ${token}` } })
  }
})

test('the footer pages render with their titles', async ({ page }) => {
  const pages: Array<[string, string]> = [
    ['/help', 'Help Center'],
    ['/guidelines', 'Community Guidelines'],
    ['/contribute', 'Contribute'],
    ['/moderators', 'Moderators'],
    ['/feedback', 'Feedback'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/contact', 'Contact'],
    ['/forgot-password', 'Forgot your password?'],
  ]
  for (const [path, heading] of pages) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page).toHaveTitle(`${heading} | Bashboard`)
  }
  // The footer reaches them by client-side navigation too.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Guidelines' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Community Guidelines' })).toBeVisible()
})

test('/api lists the endpoints and the live channel', async ({ page }) => {
  await page.goto('/api')
  await expect(page.getByRole('heading', { level: 1, name: 'Bashboard API' })).toBeVisible()
  await expect(page.getByText('/api/blogs', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('/api/ads/track-click', { exact: true })).toBeVisible()
  await expect(page.getByText(/^\d+ endpoints/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Live channel' })).toBeVisible()
  await expect(page.getByText('post.votes', { exact: true })).toBeVisible()
})

test('a moderator writes and publishes an article in the console, and it is on the blog', async ({
  page,
  request,
}) => {
  const session = await logInViaApi(request, DEMO_MODERATOR.email, DEMO_MODERATOR.password)
  await startSignedIn(page, session)
  const title = `Console article ${Date.now()}`
  await page.goto('/mod/blog')
  await page.getByRole('button', { name: 'New article' }).click()
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await page.getByRole('textbox', { name: 'Meta description' }).fill('Written in the moderation console.')
  await page.getByRole('textbox', { name: 'Article' }).click()
  await page.keyboard.type('Every shell session starts with three open files.')
  await page.getByRole('form', { name: 'Article editor' }).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Article published')).toBeVisible()
  const row = page.getByRole('list', { name: 'Articles' }).getByRole('listitem').filter({ hasText: title })
  await expect(row.getByText('Published', { exact: true })).toBeVisible()

  await row.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('Every shell session starts with three open files.')).toBeVisible()

  // Unpublishing hides it from the public again.
  await page.goto('/mod/blog')
  await page
    .getByRole('list', { name: 'Articles' })
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Unpublish' })
    .click()
  await expect(page.getByText('Article unpublished')).toBeVisible()
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  expect((await request.get(`/api/blogs/${slug}`)).status()).toBe(404)
})

test('the blog, an article, a content page and /api fit a 360 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  for (const path of ['/blog', '/help', '/api']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, path).toBeLessThanOrEqual(0)
  }
  await openNewestArticle(page)
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
})
