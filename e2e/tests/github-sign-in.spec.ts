import { expect, type Page, test } from '@playwright/test'
import { freshAccount } from '../fixtures/accounts.ts'

/*
 * docs/product-rules.md#identity in a real browser, through the GitHub-shaped peer e2e/serve.mjs
 * starts (its authorize step is a page naming who signs in): a newcomer whose GitHub login is taken
 * picks another username and is signed in where they were going; later, in another browser, GitHub
 * signs the same account in again with no step left.
 */

/** From /login (carrying `redirect`) through "Continue with GitHub" and the peer's authorize page. */
async function continueWithGitHub(
  page: Page,
  login: string,
  email: string,
  redirect?: string,
): Promise<void> {
  await page.goto(redirect === undefined ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`)
  await page.getByRole('link', { name: 'Continue with GitHub' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to GitHub' })).toBeVisible()
  await page.getByLabel('Login').fill(login)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Authorize' }).click()
}

test('a newcomer signs up with GitHub, picks a username when theirs is taken, and signs in with GitHub again', async ({
  browser,
}) => {
  const account = freshAccount('gh')
  const first = await browser.newContext()
  const page = await first.newPage()
  // demo_member is a seeded account: the GitHub login is taken here, so the member picks a name.
  await continueWithGitHub(page, 'demo_member', account.email, '/leaderboard')
  await expect(page).toHaveURL(/\/sign-in\/provider$/)
  await expect(page.getByRole('heading', { name: 'Choose your username' })).toBeVisible()
  const field = page.getByRole('textbox', { name: 'Username' })
  await expect(field).toHaveValue('demo_member')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Username is already taken')).toBeVisible()
  await field.fill(account.username)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/leaderboard$/)
  await expect(
    page.getByRole('banner').getByRole('button', { name: new RegExp(account.username) }),
  ).toBeVisible()
  await first.close()

  // Another browser: the finishing page signs the linked account in by itself.
  const second = await browser.newContext()
  const again = await second.newPage()
  await continueWithGitHub(again, 'demo_member', account.email)
  await expect(again).toHaveURL(/\/$/)
  await expect(
    again.getByRole('banner').getByRole('button', { name: new RegExp(account.username) }),
  ).toBeVisible()
  await second.close()
})
