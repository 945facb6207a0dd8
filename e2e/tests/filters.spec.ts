import { expect, type Page, test } from '@playwright/test'
import { appStarted } from '../fixtures/started.ts'

// A seeded command with tldr placeholders, tagged `tar`; the other seeded tar commands have none.
const TARBALL_SLUG = 'pack-a-directory-into-a-gzipped-tarball'
const TARBALL_TITLE = 'Pack a directory into a gzipped tarball'

interface Card {
  title: string
  command: string
  tags: string[]
  uplikeCount: number
  downlikeCount: number
}

/** The titles of the commands the list shows, in order. */
async function shownTitles(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Commands' })
  await expect(list).toBeVisible()
  return list.getByRole('article').evaluateAll((articles) =>
    articles.map((article) => {
      const label = article.getAttribute('aria-labelledby')
      return (
        (label ? document.getElementById(label)?.textContent : article.getAttribute('aria-label'))?.trim() ??
        ''
      )
    }),
  )
}

test('a reader filters by tag, placeholders and score, keeps the filters in the URL and clears them', async ({
  page,
  request,
}) => {
  const detail = await request.get(`/api/posts/${TARBALL_SLUG}`)
  expect(detail.ok()).toBe(true)
  const tarball = ((await detail.json()) as { post: Card }).post
  const minScore = Math.max(0, tarball.uplikeCount - tarball.downlikeCount)

  // What the server says matches (its own tests check the rules); the page must show exactly that.
  const api = await request.get(`/api/website/browse?tags=tar&hasPlaceholders=true&minScore=${minScore}`)
  expect(api.ok()).toBe(true)
  const expected = ((await api.json()) as { posts: Card[] }).posts
  expect(expected.map((post) => post.title)).toContain(TARBALL_TITLE)
  for (const post of expected) {
    expect(post.tags).toContain('tar')
    expect(post.command).toMatch(/\{\{[^}]+\}\}|<[A-Za-z_][\w-]*>/)
    expect(post.uplikeCount - post.downlikeCount).toBeGreaterThanOrEqual(minScore)
  }
  // The tar commands without placeholders exist and are filtered out.
  const allTar = await request.get('/api/website/browse?tags=tar')
  expect(((await allTar.json()) as { posts: Card[] }).posts.length).toBeGreaterThan(expected.length)

  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/browse')
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Commands' })).toBeVisible()
  await page.getByRole('button', { name: /Advanced Filters/ }).click()
  const panel = page.getByRole('form', { name: 'Advanced filters' })
  await expect(panel).toBeVisible()
  await panel.getByRole('textbox', { name: 'Add a tag' }).fill('tar')
  await panel.getByRole('textbox', { name: 'Add a tag' }).press('Enter')
  await expect(panel.getByRole('button', { name: 'Remove tag tar' })).toBeVisible()
  await panel.getByRole('checkbox', { name: 'Has placeholders to fill in' }).check()
  await panel.getByRole('spinbutton', { name: 'Minimum score' }).fill(String(minScore))
  await panel.getByRole('button', { name: 'Apply filters' }).click()

  await expect(page).toHaveURL(/[?&]tags=tar(&|$)/)
  await expect(page).toHaveURL(/[?&]hasPlaceholders=true(&|$)/)
  await expect(page).toHaveURL(new RegExp(`[?&]minScore=${minScore}(&|$)`))
  const chips = page.getByRole('list', { name: 'Active filters' })
  await expect(chips.getByRole('button', { name: 'Remove filter #tar' })).toBeVisible()
  await expect(chips.getByRole('button', { name: 'Remove filter Has placeholders' })).toBeVisible()
  await expect.poll(() => shownTitles(page)).toEqual(expected.map((post) => post.title))

  // A reload (or a shared link) opens the same filtered list.
  await page.reload()
  await expect(page.getByRole('list', { name: 'Active filters' })).toBeVisible()
  await expect.poll(() => shownTitles(page)).toEqual(expected.map((post) => post.title))

  // A score no post reaches: the empty state offers to clear.
  await page.goto(`/browse?tags=tar&hasPlaceholders=true&minScore=100000`)
  await expect(page.getByText('No commands match these filters')).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters', exact: true }).click()
  await expect(page).toHaveURL(/\/browse$/)
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0)
  await expect.poll(async () => (await shownTitles(page)).length).toBe(10)
})

test('on a phone the Filters button sits at the top and opens the filter sheet there', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/browse')
  const opener = page.getByRole('button', { name: 'Filters', exact: true })
  await expect(opener).toBeVisible()
  const list = page.getByRole('list', { name: 'Commands' })
  await expect(list).toBeVisible()
  // Above the posts, in the first screenful.
  const openerBox = await opener.boundingBox()
  const listBox = await list.boundingBox()
  expect(openerBox && listBox && openerBox.y < listBox.y).toBe(true)
  expect(openerBox && openerBox.y < 300).toBe(true)

  await appStarted(page)
  await opener.focus()
  await page.keyboard.press('Enter')
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  await expect(sheet).toBeVisible()
  const sheetBox = await sheet.boundingBox()
  expect(sheetBox && sheetBox.y < 40).toBe(true)
  await expect(sheet.getByRole('combobox', { name: 'Category' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(sheet).toHaveCount(0)
  await expect(opener).toBeFocused()

  // Choosing a category and a filter in the sheet applies both.
  await opener.click()
  await sheet.getByRole('checkbox', { name: 'Has placeholders to fill in' }).check()
  await sheet.getByRole('button', { name: 'Apply filters' }).click()
  await expect(sheet).toHaveCount(0)
  await expect(page).toHaveURL(/[?&]hasPlaceholders=true(&|$)/)
  await expect(page.getByRole('list', { name: 'Active filters' })).toBeVisible()
})
