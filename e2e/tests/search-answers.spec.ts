import { expect, test } from '@playwright/test'
import { appStarted } from '../fixtures/started.ts'

/*
 * Issue 48, "search that says what it did": categories have readable addresses (an old id link is
 * replaced by the slug), the page counts what matches, says which misspelt word it corrected with a
 * link to the words as typed, and says why the sort and categories are greyed while searching.
 */

interface Category {
  _id: string
  name: string
  slug: string
  postCount: number
}

for (const viewport of [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`${viewport.name}: readable category links and a search that says what it corrected`, async ({
    page,
    request,
  }, testInfo) => {
    const browse = await request.get('/api/website/browse')
    const categories = ((await browse.json()) as { categories: Category[] }).categories
    const category = categories.find((row) => row.postCount > 0) as Category
    expect(category).toBeDefined()

    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    // An old link by id shows the same list under the slug, replacing the history entry.
    await page.goto('/')
    await page.goto(`/browse?category=${category._id}`)
    await appStarted(page)
    await expect(page).toHaveURL(new RegExp(`/browse\\?category=${category.slug}$`))
    const countText = `${category.postCount.toLocaleString('en-US')} ${category.postCount === 1 ? 'command' : 'commands'} in ${category.name}`
    await expect(page.getByText(countText)).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await page.goForward()
    await expect(page).toHaveURL(new RegExp(`category=${category.slug}$`))
    await appStarted(page)
    // The popular categories link by slug.
    await expect(page.getByRole('link', { name: new RegExp(`^${category.name}`) }).first()).toHaveAttribute(
      'href',
      `/browse?category=${category.slug}`,
    )

    // A misspelt word: the answer says what it searched for instead.
    const search = page.getByRole('searchbox', { name: 'Search commands' })
    await search.fill('gerp')
    await search.press('Enter')
    await expect(page.getByText('Showing results for grep')).toBeVisible()
    await expect(page.getByText(/^\d[\d,]* commands? found for/)).toContainText('grep')
    // Beside the greyed sort select on every width (the sidebar's own note shows on wide screens only).
    const sort = page.getByRole('combobox', { name: 'Sort by' })
    await expect(sort).toBeDisabled()
    await expect(sort).toHaveAccessibleDescription('Sorting and categories apply when you are not searching')
    await expect(page.locator('#browse-search-mode-note')).toBeVisible()
    await page.screenshot({
      path: testInfo.outputPath(`search-corrected-${viewport.name}.png`),
    })

    // The words as typed: nothing corrected, nothing found.
    await page.getByRole('link', { name: 'Search for gerp instead' }).click()
    await expect(page).toHaveURL(/exact=true/)
    await expect(page.getByText('No commands found for "gerp". Try different keywords.')).toBeVisible()
    await expect(page.getByText('Showing results for grep')).toHaveCount(0)
    await expect(page.getByText(/0 commands found for/)).toContainText('gerp')
  })
}
