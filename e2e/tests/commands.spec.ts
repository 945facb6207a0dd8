import { randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { pickSeededPost } from '../fixtures/posts.ts'
import { logInViaApi, signUpViaApi, startSignedIn } from '../fixtures/session.ts'
import { appStarted } from '../fixtures/started.ts'

// Two browsers, a lazy-loaded editor and live pushes: more than the default budget on a busy 2-core machine.
test.describe.configure({ timeout: 60_000 })

async function waitForLive(page: Page): Promise<void> {
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open')
}

test('a vote in one browser updates the counts in another within a second', async ({ browser, request }) => {
  const post = await pickSeededPost(request, 'views', 1)
  const voter = await signUpViaApi(request, 'voter')
  const voterContext = await browser.newContext()
  const watcherContext = await browser.newContext()
  try {
    const voterPage = await voterContext.newPage()
    await startSignedIn(voterPage, voter)
    const watcherPage = await watcherContext.newPage()
    await Promise.all([voterPage.goto(`/post/${post.slug}`), watcherPage.goto(`/post/${post.slug}`)])
    await expect(watcherPage.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
    await waitForLive(watcherPage)
    const watcherVotes = watcherPage.getByRole('group', { name: 'Vote on this command' }).first()
    const before = Number(await watcherVotes.getByTestId('upvote-count').textContent())

    await voterPage
      .getByRole('button', { name: /^Upvote/ })
      .first()
      .click()
    await expect(watcherVotes.getByTestId('upvote-count')).toHaveText(String(before + 1), { timeout: 1_000 })
    await expect(voterPage.getByText('Post upvoted!')).toBeVisible()
    // The opposite button stays enabled while the upvote is held: pressing it switches the vote.
    await expect(voterPage.getByRole('button', { name: /^Downvote/ }).first()).toBeEnabled()
  } finally {
    await voterContext.close()
    await watcherContext.close()
  }
})

test('a comment appears live in another browser, and disappears when deleted', async ({
  browser,
  request,
}) => {
  const post = await pickSeededPost(request, 'upvotes', 2)
  const author = await signUpViaApi(request, 'talker')
  const authorContext = await browser.newContext()
  const watcherContext = await browser.newContext()
  try {
    const authorPage = await authorContext.newPage()
    await startSignedIn(authorPage, author)
    const watcherPage = await watcherContext.newPage()
    await Promise.all([authorPage.goto(`/post/${post.slug}`), watcherPage.goto(`/post/${post.slug}`)])
    await waitForLive(watcherPage)
    await expect(watcherPage.getByText('You need to be logged in to add comments')).toBeVisible()

    const text = `Live comment ${randomBytes(3).toString('hex')}: works on my box too.`
    await authorPage.getByPlaceholder('Add your comment...').fill(text)
    await authorPage.getByRole('button', { name: 'Post Comment' }).click()
    await expect(authorPage.getByText('Comment added successfully!')).toBeVisible()
    await expect(watcherPage.getByText(text)).toBeVisible({ timeout: 2_000 })
    // Guests get no delete buttons.
    await expect(watcherPage.getByRole('button', { name: /Delete comment/ })).toHaveCount(0)

    await authorPage.getByRole('button', { name: `Delete comment by ${author.user.username}` }).click()
    await authorPage.getByRole('button', { name: /^Delete$/ }).click()
    await expect(authorPage.getByText('Comment deleted successfully!')).toBeVisible()
    await expect(watcherPage.getByText(text)).toHaveCount(0, { timeout: 2_000 })
  } finally {
    await authorContext.close()
    await watcherContext.close()
  }
})

test('a guest who votes is told to log in and sent to /login', async ({ page, request }) => {
  const post = await pickSeededPost(request)
  await page.goto(`/post/${post.slug}`)
  await page
    .getByRole('button', { name: /^Upvote/ })
    .first()
    .click()
  await expect(page.getByText('Authentication Required')).toBeVisible()
  await expect(page.getByText('Please log in to vote on posts.')).toBeVisible()
  // With the way back to the post (return-after-sign-in.spec.ts follows it).
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirect') === `/post/${post.slug}`,
  )
})

test('a contributor shares a command and another browser on Browse sees it arrive live', async ({
  browser,
  request,
}) => {
  const contributor = await logInViaApi(request, 'demo_contributor', 'bashboard-contributor')
  const readerContext = await browser.newContext()
  const writerContext = await browser.newContext()
  try {
    const reader = await readerContext.newPage()
    await reader.goto('/browse')
    await expect(reader.getByRole('heading', { name: 'Browse Commands' })).toBeVisible()
    await waitForLive(reader)

    const writer = await writerContext.newPage()
    await startSignedIn(writer, contributor)
    await writer.goto('/create-post')
    const suffix = randomBytes(3).toString('hex')
    const title = `Count lines in every tracked file ${suffix}`
    await writer.getByLabel('Title').fill(title)
    await writer
      .getByLabel('Command')
      .fill(`git ls-files -z | xargs -0 wc -l | sort -n | tail -n 5 # ${suffix}`)
    await writer.getByLabel('Category').selectOption({ label: 'Git & Dev Tools' })
    const editor = writer.getByRole('textbox', { name: 'Description' })
    await editor.click()
    await editor.pressSequentially('Lists the five longest files under version control, biggest last.')
    await writer.getByRole('button', { name: 'Create Post' }).click()
    await expect(writer.getByText('Post Created Successfully!')).toBeVisible()
    await expect(writer).toHaveURL(/\/$/)

    const banner = reader.getByRole('button', { name: /1 new command/ })
    await expect(banner).toBeVisible({ timeout: 5_000 })
    await banner.click()
    await expect(reader.getByRole('heading', { name: title })).toBeVisible()
  } finally {
    await readerContext.close()
    await writerContext.close()
  }
})

test('a member who is not a contributor is sent from /create-post to /application', async ({
  page,
  request,
}) => {
  const member = await signUpViaApi(request, 'member')
  await startSignedIn(page, member)
  await page.goto('/create-post')
  await expect(page).toHaveURL(/\/application$/)
})

test('search mode finds commands by a typo and Clear returns to browsing', async ({ page }) => {
  await page.goto('/browse')
  await expect(page.getByRole('heading', { name: 'Browse Commands' })).toBeVisible()
  await appStarted(page)
  await page.keyboard.press('/')
  const search = page.getByRole('searchbox')
  await expect(search).toBeFocused()
  await search.fill('permisions')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible()
  await expect(page).toHaveURL(/search=permisions/)
  await expect(page.getByRole('link', { name: /View Details/ }).first()).toBeVisible()

  await search.fill('zzqqxxnothingmatches')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText(/No commands found for .*zzqqxxnothingmatches/)).toBeVisible()

  await page.getByRole('button', { name: 'Clear', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Browse Commands' })).toBeVisible()
  await expect(page).not.toHaveURL(/search=/)
})
