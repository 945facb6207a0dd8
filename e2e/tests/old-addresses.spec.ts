import { expect, test } from '@playwright/test'
import { createPostViaApi, freshContributor } from '../fixtures/people.ts'
import { startSignedIn } from '../fixtures/session.ts'

test('a post renamed in the browser keeps its old address, which leads to the new one', async ({
  browser,
  page,
  request,
}) => {
  const author = await freshContributor(request, 'renamer')
  const post = await createPostViaApi(request, author.token)
  const authorContext = await browser.newContext()
  try {
    const authorPage = await authorContext.newPage()
    await startSignedIn(authorPage, author)
    await authorPage.goto(`/post/${post.slug}/edit`)
    const title = authorPage.getByLabel('Title')
    await expect(title).toHaveValue(post.title)
    const newTitle = `Renamed ${post.title}`
    await title.fill(newTitle)
    await authorPage.getByRole('button', { name: 'Save Changes' }).click()
    await expect(authorPage.getByRole('heading', { level: 1, name: newTitle })).toBeVisible()
    await expect(authorPage).toHaveURL(/\/post\/renamed-/)
    const newSlug = new URL(authorPage.url()).pathname.split('/').pop()

    // A link shared before the rename: a guest lands on the post at its new address, query kept.
    const response = await page.goto(`/post/${post.slug}?from=chat`)
    expect(response?.request().redirectedFrom()?.url()).toContain(`/post/${post.slug}?from=chat`)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(new RegExp(`/post/${newSlug}\\?from=chat$`))
    await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible()
  } finally {
    await authorContext.close()
  }
})
