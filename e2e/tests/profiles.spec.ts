import { randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { createPostViaApi, freshContributor } from '../fixtures/people.ts'
import { signUpViaApi, startSignedIn } from '../fixtures/session.ts'

// Two browsers and live pushes: more than the default budget on a busy machine.
test.describe.configure({ timeout: 60_000 })

async function waitForLive(page: Page): Promise<void> {
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open')
}

test('a post card’s author opens their public profile, whose HTML names them', async ({ page, request }) => {
  const author = await freshContributor(request, 'profiled')
  const post = await createPostViaApi(request, author.token)

  await page.goto(`/browse?search=${encodeURIComponent(post.title)}`)
  const card = page.getByRole('article', { name: post.title })
  await card.getByRole('link', { name: author.user.username }).click()

  await expect(page).toHaveURL(new RegExp(`/u/${author.user.username}$`))
  await expect(page.getByRole('heading', { level: 1, name: author.user.username })).toBeVisible()
  await expect(page.getByText(/Member since/)).toBeVisible()
  const commands = page.getByRole('list', { name: `Commands by ${author.user.username}` })
  await expect(commands.getByRole('link', { name: post.title })).toBeVisible()
  await page.getByRole('tab', { name: /Collections/ }).click()
  await expect(page.getByText(`${author.user.username} has no public collections yet.`)).toBeVisible()

  // The server fills the head itself, before any script runs.
  const html = await request.get(`/u/${author.user.username}`, { headers: { accept: 'text/html' } })
  expect(html.status()).toBe(200)
  const body = await html.text()
  expect(body).toContain(`<title>${author.user.username} | Bashboard</title>`)
  expect(body).toContain(`<meta property="og:title" content="${author.user.username} on Bashboard" />`)

  // An unknown member: a 404 with the not-found screen.
  const missing = await page.goto(`/u/nobody_${randomBytes(4).toString('hex')}`)
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible()
})

test('an author edits their post (another browser sees it live) and deletes it', async ({
  browser,
  request,
}) => {
  const author = await freshContributor(request, 'editor')
  const post = await createPostViaApi(request, author.token)
  const authorContext = await browser.newContext()
  const watcherContext = await browser.newContext()
  try {
    const authorPage = await authorContext.newPage()
    await startSignedIn(authorPage, author)
    const watcherPage = await watcherContext.newPage()
    await Promise.all([authorPage.goto(`/post/${post.slug}`), watcherPage.goto(`/post/${post.slug}`)])
    await expect(watcherPage.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
    await waitForLive(watcherPage)
    // Nobody else gets the controls.
    await expect(watcherPage.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0)
    await expect(watcherPage.getByTestId('edited-mark')).toHaveCount(0)

    await authorPage.getByRole('link', { name: 'Edit', exact: true }).click()
    await expect(authorPage).toHaveURL(new RegExp(`/post/${post.slug}/edit$`))
    const title = authorPage.getByLabel('Title')
    await expect(title).toHaveValue(post.title)
    const newTitle = `Edited ${post.title}`
    await title.fill(newTitle)
    await authorPage.getByRole('button', { name: 'Save Changes' }).click()

    await expect(authorPage.getByText('Post Updated')).toBeVisible()
    await expect(authorPage.getByRole('heading', { level: 1, name: newTitle })).toBeVisible()
    await expect(authorPage.getByTestId('edited-mark')).toContainText('edited just now')
    // The open page elsewhere shows the edit without a reload, and follows the new address.
    await expect(watcherPage.getByRole('heading', { level: 1, name: newTitle })).toBeVisible({
      timeout: 5_000,
    })
    await expect(watcherPage.getByTestId('edited-mark')).toContainText('edited')
    await expect(watcherPage).toHaveURL(/\/post\/edited-/)

    await authorPage.getByRole('button', { name: 'Delete', exact: true }).click()
    const dialog = authorPage.getByRole('dialog', { name: 'Delete this post?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Delete post' }).click()
    await expect(authorPage).toHaveURL(/\/browse$/)
    await expect(authorPage.getByText('Post deleted')).toBeVisible()
    expect((await request.get(`/api/posts/${post._id}`)).status()).toBe(404)
  } finally {
    await authorContext.close()
    await watcherContext.close()
  }
})

test('a commenter edits their comment, and another browser sees the new text live', async ({
  browser,
  request,
}) => {
  // Two accounts, a post and a comment through the API, then two browsers: on a loaded CI machine the
  // first page load alone outlasted the default wait. The live edit keeps its own 5 s below.
  test.slow()
  const author = await freshContributor(request, 'commented')
  const post = await createPostViaApi(request, author.token)
  const commenter = await signUpViaApi(request, 'remarker')
  const made = await request.post(`/api/comments/${post._id}/`, {
    headers: { Authorization: `Bearer ${commenter.token}` },
    data: { post: post._id, content: 'Works on Debian too.' },
  })
  expect(made.status()).toBe(201)
  const commenterContext = await browser.newContext()
  const watcherContext = await browser.newContext()
  try {
    const mine = await commenterContext.newPage()
    await startSignedIn(mine, commenter)
    const theirs = await watcherContext.newPage()
    await Promise.all([mine.goto(`/post/${post.slug}`), theirs.goto(`/post/${post.slug}`)])
    await expect(theirs.getByText('Works on Debian too.')).toBeVisible({ timeout: 15_000 })
    await waitForLive(theirs)
    // Only the author is offered the edit.
    await expect(theirs.getByRole('button', { name: /^Edit comment by/ })).toHaveCount(0)

    await mine.getByRole('button', { name: `Edit comment by ${commenter.user.username}` }).click()
    const field = mine.getByLabel('Edit your comment')
    await field.fill('Works on Debian and Ubuntu too.')
    await mine.getByRole('button', { name: 'Save edit' }).click()
    await expect(mine.getByText('Works on Debian and Ubuntu too.')).toBeVisible()

    const comment = theirs.getByRole('article', { name: `Comment by ${commenter.user.username}` })
    await expect(comment.getByText('Works on Debian and Ubuntu too.')).toBeVisible({ timeout: 5_000 })
    await expect(comment.getByText('(edited)')).toBeVisible()
  } finally {
    await commenterContext.close()
    await watcherContext.close()
  }
})
