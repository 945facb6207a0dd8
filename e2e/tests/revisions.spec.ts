import { expect, type Page, test } from '@playwright/test'
import { createPostViaApi, freshContributor } from '../fixtures/people.ts'
import { logInViaApi, startSignedIn } from '../fixtures/session.ts'

/*
 * Issue 48, post revisions: every edit keeps the version it replaced, the "edited" mark opens the history
 * with what each edit changed, and a moderator rolls the post back to an earlier version.
 */

async function editPost(page: Page, slug: string, change: { title?: string; command?: string }) {
  await page.goto(`/post/${slug}/edit`)
  const title = page.getByLabel('Title')
  await expect(title).not.toHaveValue('')
  if (change.title !== undefined) await title.fill(change.title)
  if (change.command !== undefined) await page.getByLabel('Command').fill(change.command)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByRole('heading', { level: 1, name: change.title ?? /./ })).toBeVisible()
  await expect(page).toHaveURL(/\/post\/[^/]+$/)
}

test('an author edits twice, reads the diff from "edited", and a moderator rolls the post back', async ({
  browser,
  page,
  request,
}) => {
  const author = await freshContributor(request, 'reviser')
  const post = await createPostViaApi(request, author.token)
  const original = (await (await request.get(`/api/posts/${post.slug}`)).json()) as {
    post: { command: string }
  }
  const renamed = `Renamed ${post.title}`
  const command = `${original.post.command} | head -n 5`

  await startSignedIn(page, author)
  await editPost(page, post.slug, { title: renamed })
  await editPost(page, new URL(page.url()).pathname.split('/').pop() ?? '', { command })

  // The post page's "edited" mark opens the history.
  await page.getByRole('link', { name: /edited .*see what changed/ }).click()
  await expect(page).toHaveURL(/\/history$/)
  await expect(page.getByRole('heading', { level: 1, name: `History of ${renamed}` })).toBeVisible()
  const versions = page.getByRole('list', { name: 'Versions, newest first' }).getByRole('article')
  await expect(versions).toHaveCount(3)
  const newest = versions.nth(0)
  await expect(newest.getByRole('heading', { name: 'Version 3 (current)' })).toBeVisible()
  await expect(newest.locator('ins')).toContainText(['head -n 5'])
  const renaming = versions.nth(1)
  await expect(renaming.locator('ins')).toHaveText([/^\[added: Renamed\s*\]$/])
  await expect(renaming.locator('del')).toHaveCount(0)
  await expect(versions.nth(2).getByText(original.post.command)).toBeVisible()
  // The author may read the history but not roll back.
  await expect(page.getByRole('button', { name: 'Roll back to this version' })).toHaveCount(0)

  // A moderator on a phone-sized screen rolls back to the first version.
  const moderator = await logInViaApi(request, 'demo_moderator', 'bashboard-moderator')
  const modContext = await browser.newContext({ viewport: { width: 360, height: 780 } })
  try {
    const modPage = await modContext.newPage()
    await startSignedIn(modPage, moderator)
    await modPage.goto(`/post/${post.slug}/history`)
    const first = modPage.getByRole('list', { name: 'Versions, newest first' }).getByRole('article').nth(2)
    await expect(first.getByRole('heading', { name: 'Version 1' })).toBeVisible()
    // Readable at 360 px: nothing pushes the page sideways.
    const overflow = await modPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    await first.getByRole('button', { name: 'Roll back to this version' }).click()
    const dialog = modPage.getByRole('dialog', { name: 'Roll back to version 1?' })
    await dialog.getByRole('textbox').fill('Restoring the original wording')
    await dialog.getByRole('button', { name: 'Roll back' }).click()
    await expect(modPage.getByText('Post rolled back')).toBeVisible()
    await expect(modPage.getByRole('heading', { name: 'Version 4 (current)' })).toBeVisible()
    await expect(modPage.getByText(/Rolled back by demo_moderator/)).toBeVisible()
  } finally {
    await modContext.close()
  }

  // The post shows the old text again, at its old address.
  await page.goto(`/post/${post.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
  // The command block splits the command into highlighted tokens: matched as the code element's text.
  await expect(page.locator('code').filter({ hasText: original.post.command }).first()).toBeVisible()
  await expect(page.locator('code').filter({ hasText: command })).toHaveCount(0)
})
