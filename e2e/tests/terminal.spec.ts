import { expect, test } from '@playwright/test'

// `tar` has seeded commands; the same URL answers curl with text and a browser with the program page.

test('/tar in a browser shows the program page with its commands as cards', async ({ page }) => {
  const response = await page.goto('/tar')
  expect(response?.status()).toBe(200)
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toContainText('tar')
  await expect(heading).toContainText(/— \d+ commands?/)
  await expect(page).toHaveTitle('tar commands | Bashboard')
  const list = page.getByRole('list', { name: 'tar commands' })
  const cards = list.getByRole('article')
  await expect(cards.first()).toBeVisible()
  const count = Number((await heading.textContent())?.match(/(\d+) command/)?.[1] ?? 0)
  expect(count).toBeGreaterThan(0)
  await expect(cards).toHaveCount(Math.min(count, 20))
  // Every card uses tar, and the page says how to read it from a terminal.
  await expect(cards.first().getByText('#tar')).toBeVisible()
  await expect(page.getByText(/curl http:\/\/127\.0\.0\.1:\d+\/tar/)).toBeVisible()
})

test('/tar fits a 360 px screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } })
  try {
    const page = await context.newPage()
    await page.goto('/tar')
    await expect(page.getByRole('list', { name: 'tar commands' }).getByRole('article').first()).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  } finally {
    await context.close()
  }
})

test('an unknown program in a browser is the not-found screen with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-program-here')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Command Not Found' })).toBeVisible()
})

test('the same URL answers curl with plain text', async ({ request }) => {
  const text = await request.get('/tar?T', { headers: { 'user-agent': 'curl/8.5.0' } })
  expect(text.status()).toBe(200)
  expect(text.headers()['content-type']).toBe('text/plain; charset=utf-8')
  const body = await text.text()
  expect(body).toMatch(/^# tar — \d+ commands/)
  expect(body).not.toMatch(/<(!doctype|html|body|div|p|script)\b/i)
})

test('the site pages answer curl with their text', async ({ request }) => {
  const curl = { 'user-agent': 'curl/8.5.0' }
  const board = await request.get('/leaderboard?T', { headers: curl })
  expect(board.status()).toBe(200)
  expect(board.headers()['content-type']).toBe('text/plain; charset=utf-8')
  // The seeded members, ranked: the first row names one with their points.
  expect(await board.text()).toMatch(/^# Leaderboard — All Time[\s\S]*\n# {1,2}1\. \S+ +\d+ points?/)
  const blog = await request.get('/blog?T', { headers: curl })
  expect(await blog.text()).toMatch(/curl http:\/\/127\.0\.0\.1:\d+\/blog\/[a-z0-9-]+/)
  const login = await request.get('/login?T', { headers: curl })
  expect(await login.text()).toContain('# Sign in — a page of the Bashboard site for a browser:')
})

test('/leaderboard in a browser is still the leaderboard page', async ({ page }) => {
  const response = await page.goto('/leaderboard')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible()
})
