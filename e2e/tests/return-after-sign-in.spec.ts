import { expect, test } from '@playwright/test'
import { signUpViaApi } from '../fixtures/session.ts'
import { appStarted } from '../fixtures/started.ts'

// A seeded command with placeholders (placeholders.spec.ts reads the same one).
const SLUG = 'show-the-whole-certificate-chain-a-server-sends'

test('a guest who votes mid-draft signs in and is back on the post with the comment and values kept', async ({
  page,
  request,
}) => {
  const member = await signUpViaApi(request, 'returner')
  // A search and a hash too: the way back is the whole address.
  const address = `/post/${SLUG}?from=e2e#comments`
  await page.goto(address)
  await appStarted(page)

  const draft = 'Add -verify_return_error to stop at the first bad link.'
  await page.getByPlaceholder('Add your comment...').fill(draft)
  const form = page.getByRole('form', { name: 'Fill placeholders' })
  await form.getByLabel('host', { exact: true }).fill('example.org')
  await form.getByLabel('port', { exact: true }).fill('8443')
  const upvote = page.getByRole('button', { name: /^Upvote/ }).first()

  await upvote.click()
  await expect(page.getByText('Please log in to vote on posts.')).toBeVisible()
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirect') === address,
  )

  await page.getByLabel(/email or username/i).fill(member.account.username)
  await page.getByLabel('Password', { exact: true }).fill(member.account.password)
  await page.getByRole('button', { name: 'Log in' }).click()

  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}${url.hash}` === address)
  await expect(
    page.getByRole('banner').getByRole('button', { name: new RegExp(member.account.username) }),
  ).toBeVisible()
  await expect(page.getByPlaceholder('Add your comment...')).toHaveValue(draft)
  await expect(form.getByLabel('host', { exact: true })).toHaveValue('example.org')
  await expect(form.getByLabel('port', { exact: true })).toHaveValue('8443')
  // The member now holds Post Comment; the vote was not cast for them.
  await expect(page.getByRole('button', { name: 'Post Comment' })).toBeEnabled()
  await expect(upvote).toHaveAttribute('aria-pressed', 'false')
  // Used once: nothing of the drafts is left in the tab.
  expect(
    await page.evaluate(() =>
      Object.keys(sessionStorage).filter((key) => key.startsWith('bashboard.draft.')),
    ),
  ).toEqual([])
})
