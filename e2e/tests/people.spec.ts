import { randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { openUserMenu } from '../fixtures/accounts.ts'
import { createPostViaApi, freshContributor, postByTopAuthor, solidPng } from '../fixtures/people.ts'
import { signUpViaApi, startSignedIn } from '../fixtures/session.ts'

// Two browsers and live pushes on a busy shared machine: more than the default budget.
test.describe.configure({ timeout: 60_000 })

async function logInThroughForm(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByLabel(/email or username/i).fill(login)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: /^(log in|login|sign in)$/i }).click()
  await expect(page).toHaveURL(/\/$/)
}

async function waitForLive(page: Page): Promise<void> {
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open')
}

test('a new avatar shows in the header right after the upload', async ({ page, request }) => {
  const member = await signUpViaApi(request, 'face')
  await startSignedIn(page, member)
  await page.goto('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

  await page
    .getByLabel('Change avatar')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng() })
  await expect(page.getByRole('img', { name: 'Preview of your new avatar' })).toBeVisible()
  await page.getByRole('button', { name: 'Upload Avatar' }).click()
  await expect(page.getByText('Avatar Updated')).toBeVisible()

  const headerAvatar = page.getByRole('button', { name: new RegExp(member.user.username) }).locator('img')
  await expect(headerAvatar).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.png$/)
  // The re-encoded file is really served (a broken image would fall back to initials).
  await expect
    .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0)

  await page.reload()
  await expect(headerAvatar).toHaveAttribute('src', /^\/uploads\/avatars\//)
})

test('a file that is not an image is refused before upload', async ({ page, request }) => {
  const member = await signUpViaApi(request, 'badfile')
  await startSignedIn(page, member)
  await page.goto('/settings')
  await page
    .getByLabel('Change avatar')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(page.getByText('Please upload a valid image file (JPEG, JPG, or PNG)')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Upload Avatar' })).toHaveCount(0)
})

test('profile and settings: rename, change the password, then log in with the new one', async ({
  page,
  request,
}) => {
  const member = await signUpViaApi(request, 'journey')
  // Signed in through the form, not an init script: the reload below must keep the token this tab stored.
  await logInThroughForm(page, member.account.username, member.account.password)
  await page.goto('/profile')
  await expect(page.getByRole('heading', { level: 1, name: member.user.username })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Points' })).toContainText('0')
  await expect(page.getByRole('main').getByRole('link', { name: 'Become Contributor' })).toHaveAttribute(
    'href',
    '/application',
  )
  await page.getByRole('tab', { name: 'Badge Progress' }).click()
  await expect(page.getByTestId('tier-row').first()).toBeVisible()

  await page.getByRole('link', { name: 'Edit Profile' }).click()
  await expect(page).toHaveURL(/\/settings$/)
  const renamed = `${member.user.username.slice(0, 20)}_x`
  await page.getByLabel('Username').fill(renamed)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Profile Updated')).toBeVisible()
  await expect(page.getByRole('button', { name: new RegExp(renamed) })).toBeVisible()

  await page.getByRole('tab', { name: 'Security' }).click()
  await page.getByLabel('Current Password').fill('definitely-wrong')
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-secret')
  await page.getByLabel('Confirm New Password').fill('brand-new-secret')
  await page.getByRole('button', { name: 'Update Password' }).click()
  // The server's refusal sits under the field it is about (issue 48: never a toast).
  await expect(page.getByLabel('Current Password')).toHaveAccessibleDescription(
    /Current password is incorrect/,
  )
  await expect(page.getByText('Update Failed')).toHaveCount(0)

  await page.getByLabel('Current Password').fill(member.account.password)
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Password Updated')).toBeVisible()

  // The old token is refused from now on; this tab carries on with the fresh one it was given.
  const old = await request.get('/api/website/user/profile/header', {
    headers: { Authorization: `Bearer ${member.token}` },
  })
  expect(old.status()).toBe(401)
  await page.reload()
  await expect(page.getByRole('button', { name: new RegExp(renamed) })).toBeVisible()

  await openUserMenu(page, renamed)
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await logInThroughForm(page, renamed, 'brand-new-secret')
  await expect(page.getByRole('button', { name: new RegExp(renamed) })).toBeVisible()
})

/** The number a stat tile of the leaderboard page shows. */
async function tileValue(page: Page, name: string): Promise<number> {
  const text = await page.getByRole('group', { name }).getByTestId('leaderboard-stat-value').textContent()
  return Number(text?.replace(/[^0-9]/g, ''))
}

test('a vote in one browser moves the author and the stat tiles on another browser’s leaderboard live', async ({
  browser,
  request,
}) => {
  const { author, post } = await postByTopAuthor(request)
  const voter = await signUpViaApi(request, 'lbvoter')
  const watcherContext = await browser.newContext()
  const voterContext = await browser.newContext()
  try {
    const watcher = await watcherContext.newPage()
    await watcher.goto('/leaderboard')
    const points = watcher
      .locator(`[data-testid="leaderboard-row"][data-username="${author.username}"]`)
      .getByTestId('leaderboard-points')
    await expect(points).toBeVisible()
    await waitForLive(watcher)
    const before = Number((await points.textContent())?.replace(/[^0-9]/g, ''))
    const pointsBefore = await tileValue(watcher, 'Total Points')
    const usersBefore = await tileValue(watcher, 'Total Users')

    const voterPage = await voterContext.newPage()
    await startSignedIn(voterPage, voter)
    await voterPage.goto(`/post/${post.slug}`)
    await voterPage
      .getByRole('button', { name: /^Upvote/ })
      .first()
      .click()
    await expect(voterPage.getByText('Post upvoted!')).toBeVisible()

    // Other journeys may vote at the same time, so "at least +2", without any reload of the watcher.
    await expect
      .poll(async () => Number((await points.textContent())?.replace(/[^0-9]/g, '')), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(before + 2)
    // The all-time tiles move too (no journey takes points away, so at least +2 here as well).
    await expect
      .poll(() => tileValue(watcher, 'Total Points'), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(pointsBefore + 2)

    // A sign-up anywhere moves Total Users, still without a reload.
    await signUpViaApi(request, 'lbtiles')
    await expect
      .poll(() => tileValue(watcher, 'Total Users'), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(usersBefore + 1)
  } finally {
    await watcherContext.close()
    await voterContext.close()
  }
})

test('a notification arrives live when someone comments on your post, and stays after a reload', async ({
  browser,
  request,
}) => {
  const author = await freshContributor(request)
  const post = await createPostViaApi(request, author.token)
  const commenter = await signUpViaApi(request, 'commenter')
  const authorContext = await browser.newContext()
  const commenterContext = await browser.newContext()
  try {
    const authorPage = await authorContext.newPage()
    await startSignedIn(authorPage, author)
    await authorPage.goto('/profile')
    // The promotion itself may already have left a notification; count from what the server holds.
    const before = await request.get('/api/notifications', {
      headers: { Authorization: `Bearer ${author.token}` },
    })
    const unreadBefore = ((await before.json()) as { unreadCount: number }).unreadCount
    await expect(
      authorPage.getByRole('button', {
        name: unreadBefore === 0 ? 'Notifications' : `Notifications, ${unreadBefore} unread`,
        exact: true,
      }),
    ).toBeVisible()
    await waitForLive(authorPage)
    const unreadAfter = `Notifications, ${unreadBefore + 1} unread`

    const commenterPage = await commenterContext.newPage()
    await startSignedIn(commenterPage, commenter)
    await commenterPage.goto(`/post/${post.slug}`)
    await commenterPage
      .getByPlaceholder('Add your comment...')
      .fill(`Handy one ${randomBytes(2).toString('hex')}!`)
    await commenterPage.getByRole('button', { name: 'Post Comment' }).click()
    await expect(commenterPage.getByText('Comment added successfully!')).toBeVisible()

    const text = `${commenter.user.username} commented on your command "${post.title}"`
    await expect(authorPage.getByText(text)).toBeVisible({ timeout: 3_000 })
    await expect(authorPage.getByRole('button', { name: unreadAfter })).toBeVisible()

    // Kept in the database: after a reload the bell still knows.
    await authorPage.reload()
    const bell = authorPage.getByRole('button', { name: unreadAfter })
    await expect(bell).toBeVisible()
    await bell.click()
    const panel = authorPage.getByRole('dialog', { name: 'Notifications' })
    await expect(panel.getByRole('link', { name: new RegExp(commenter.user.username) })).toHaveAttribute(
      'href',
      `/post/${post.slug}`,
    )
    await panel.getByRole('button', { name: 'Mark all read' }).click()
    await expect(authorPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()
  } finally {
    await authorContext.close()
    await commenterContext.close()
  }
})

test('a rename and a new avatar reach another browser’s post page live, on the post and on the comment', async ({
  browser,
  request,
}) => {
  const author = await freshContributor(request, 'renamer')
  const post = await createPostViaApi(request, author.token)
  const content = `Pipe it into less for long folders ${randomBytes(2).toString('hex')}`
  const commented = await request.post(`/api/comments/${post._id}/`, {
    headers: { Authorization: `Bearer ${author.token}` },
    data: { post: post._id, content },
  })
  expect(commented.status()).toBe(201)
  const oldName = author.user.username
  const newName = `renamed_${randomBytes(4).toString('hex')}`
  const watcherContext = await browser.newContext()
  const authorContext = await browser.newContext()
  try {
    const watcher = await watcherContext.newPage()
    await watcher.goto(`/post/${post.slug}`)
    // The post's byline (the comments sit inside the same article, below it).
    const byline = watcher.getByRole('article', { name: post.title }).locator('header')
    const aboutAuthor = watcher.getByText('About the Author').locator('..')
    await expect(byline.getByText(oldName, { exact: true })).toBeVisible()
    await expect(watcher.getByRole('article', { name: `Comment by ${oldName}` })).toContainText(content)
    await waitForLive(watcher)
    // Set on this very document: a reload or a navigation would lose it.
    await watcher.evaluate(() => {
      ;(window as unknown as { sameDocument: boolean }).sameDocument = true
    })

    const authorPage = await authorContext.newPage()
    await startSignedIn(authorPage, author)
    await authorPage.goto('/settings')
    await authorPage.getByLabel('Username').fill(newName)
    await authorPage.getByRole('button', { name: 'Save Changes' }).click()
    await expect(authorPage.getByText('Profile Updated')).toBeVisible()

    // The watcher sees the new name on the post and on the comment, and the old one nowhere.
    await expect(byline.getByText(newName, { exact: true })).toBeVisible({ timeout: 5_000 })
    await expect(aboutAuthor.getByText(newName, { exact: true })).toBeVisible()
    const comment = watcher.getByRole('article', { name: `Comment by ${newName}` })
    await expect(comment).toContainText(content)
    await expect(watcher.getByText(oldName, { exact: true })).toHaveCount(0)
    await expect(comment.locator('img')).toHaveCount(0)

    // A new avatar travels the same way.
    await authorPage
      .getByLabel('Change avatar')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng() })
    await authorPage.getByRole('button', { name: 'Upload Avatar' }).click()
    await expect(authorPage.getByText('Avatar Updated')).toBeVisible()
    await expect(comment.locator('img')).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.png$/, {
      timeout: 5_000,
    })
    await expect(byline.locator('img')).toHaveAttribute('src', /^\/uploads\/avatars\//)

    expect(await watcher.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    )
  } finally {
    await watcherContext.close()
    await authorContext.close()
  }
})
