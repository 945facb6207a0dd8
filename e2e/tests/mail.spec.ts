import { expect, test } from '@playwright/test'
import { freshAccount, registerThroughForm } from '../fixtures/accounts.ts'
import { linkIn, waitForMail } from '../fixtures/outbox.ts'
import { signUpViaApi, startSignedIn, verifyEmailViaOutbox } from '../fixtures/session.ts'

// Mail on the embedded default: the server writes each mail to DATA_DIR/outbox, which the specs read.

test('a newcomer signs up, finds the verification mail in the outbox and verifies from its link', async ({
  page,
}) => {
  test.slow()
  const account = freshAccount('verify')
  await registerThroughForm(page, account)

  await page.goto('/application')
  const notice = page.getByRole('note').filter({ hasText: 'Applying needs a verified email address.' })
  await expect(notice).toContainText(account.email)
  await expect(notice.getByRole('button', { name: 'Send a new link' })).toBeVisible()

  const mail = await waitForMail(account.email, 'Verify your email address')
  expect(mail.html).toContain('Verify my address')
  await page.goto(linkIn(mail, '/account/verify-email'))
  await expect(page.getByRole('heading', { name: 'Address verified' })).toBeVisible()
  await expect(page.getByText(`${account.email} is confirmed as yours.`)).toBeVisible()

  await page.getByRole('link', { name: 'Email settings' }).click()
  await expect(page.getByText('· verified')).toBeVisible()
  await page.goto('/application')
  await expect(page.getByRole('heading', { name: 'Application Form' })).toBeVisible()
  await expect(page.getByRole('note').filter({ hasText: 'verified email' })).toHaveCount(0)

  // The link worked once.
  await page.goto(linkIn(mail, '/account/verify-email'))
  await expect(page.getByText('This link has expired or was already used. Ask for a new one.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible()
})

test('a member resets a forgotten password from the mailed link, and their other browser is signed out', async ({
  browser,
  request,
}) => {
  test.slow()
  const member = await signUpViaApi(request, 'forgetful')
  const elsewhere = await browser.newContext()
  const here = await browser.newContext()
  try {
    const other = await elsewhere.newPage()
    await startSignedIn(other, member)
    await other.goto('/settings')
    await expect(other.getByRole('heading', { name: 'Settings' })).toBeVisible()

    const page = await here.newPage()
    await page.goto('/login')
    await page.getByRole('link', { name: /forgot password/i }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await page.getByLabel('Email').fill(member.account.email)
    await page.getByRole('button', { name: 'Mail me a reset link' }).click()
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()

    const mail = await waitForMail(member.account.email, 'Reset your Bashboard password')
    await page.goto(linkIn(mail, '/account/reset-password'))
    await page.getByLabel('New password', { exact: true }).fill('a brand new password')
    await page.getByLabel('Confirm new password').fill('a brand new password')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText('Your password was changed and every session signed out.')).toBeVisible()

    // The other browser's session ended with the old password.
    await other.reload()
    await expect(other).toHaveURL(/\/login/)

    await page.getByLabel(/email or username/i).fill(member.account.username)
    await page.getByLabel('Password', { exact: true }).fill('a brand new password')
    await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(
      page.getByRole('banner').getByRole('button', { name: new RegExp(member.account.username) }),
    ).toBeVisible()

    // The notice of the change reaches the account's address too.
    await waitForMail(member.account.email, 'Your Bashboard password was changed')
  } finally {
    await elsewhere.close()
    await here.close()
  }
})

test('a member chooses what the site mails them, and a mail’s unsubscribe link works signed out', async ({
  page,
  request,
  browser,
}) => {
  test.slow()
  const member = await signUpViaApi(request, 'chooser')
  await verifyEmailViaOutbox(request, member.account.email)
  await startSignedIn(page, member)
  await page.goto('/settings?tab=email')
  await expect(page.getByText('· verified')).toBeVisible()
  const weekly = page.getByRole('checkbox', { name: 'A weekly digest of the best new commands' })
  await expect(weekly).not.toBeChecked()
  await weekly.check()
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()
  const mentions = page.getByRole('group', { name: '@mentions of you' })
  await mentions.getByLabel('Once a day').check()
  await page.reload()
  await expect(weekly).toBeChecked()
  await expect(mentions.getByLabel('Once a day')).toBeChecked()
  await expect(
    page.getByRole('group', { name: 'Replies to your comments' }).getByLabel('Right away'),
  ).toBeChecked()

  // Someone answers the member's comment: the mail comes at once, with an unsubscribe link.
  const home = await (await request.get('/api/website')).json()
  const postId: string = home.latestPosts[0]._id
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const comment = await request.post(`/api/comments/${postId}/`, {
    headers: auth(member.token),
    data: { post: postId, content: 'Works on my Debian box.' },
  })
  expect(comment.ok()).toBe(true)
  const replier = await signUpViaApi(request, 'replier')
  const reply = await request.post(`/api/comments/${postId}/`, {
    headers: auth(replier.token),
    data: { post: postId, content: 'Same here on Fedora.', parentId: (await comment.json()).comment._id },
  })
  expect(reply.ok()).toBe(true)
  const mail = await waitForMail(member.account.email, 'replied to your comment')

  const guest = await browser.newContext()
  try {
    const signedOut = await guest.newPage()
    await signedOut.goto(linkIn(mail, '/account/unsubscribe'))
    await expect(signedOut.getByText('Stop getting mail about replies to your comments?')).toBeVisible()
    await signedOut.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(
      signedOut.getByText('You will no longer get mail about replies to your comments.'),
    ).toBeVisible()
  } finally {
    await guest.close()
  }
  await page.reload()
  await expect(
    page.getByRole('group', { name: 'Replies to your comments' }).getByLabel('Never'),
  ).toBeChecked()
})
