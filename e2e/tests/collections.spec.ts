import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { type ApiSession, signUpViaApi, startSignedIn } from '../fixtures/session.ts'

// Two browsers, live pushes and a lazy-loaded dialog on a busy shared machine: more than the default budget.
test.describe.configure({ timeout: 60_000 })

interface BrowsedPost {
  _id: string
  slug: string
  title: string
  command: string
  savedCount: number
}

async function waitForLive(page: Page): Promise<void> {
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open')
}

/** Seeded posts of one Browse page (sorted by `sort`). */
async function seededPosts(request: APIRequestContext, sort = 'latest'): Promise<BrowsedPost[]> {
  const response = await request.get(`/api/website/browse?sort=${sort}&page=1`)
  if (!response.ok()) throw new Error(`browse failed: ${response.status()}`)
  return ((await response.json()) as { posts: BrowsedPost[] }).posts
}

const auth = (session: ApiSession) => ({ Authorization: `Bearer ${session.token}` })

/** Creates a collection holding `posts` through the API (set-up, when the form is not under test). */
async function collectionViaApi(
  request: APIRequestContext,
  owner: ApiSession,
  name: string,
  posts: readonly BrowsedPost[],
  isPublic = true,
): Promise<{ _id: string; url: string }> {
  const created = await request.post('/api/collections', {
    headers: auth(owner),
    data: { name, public: isPublic },
  })
  if (created.status() !== 201) throw new Error(`create failed: ${created.status()} ${await created.text()}`)
  const collection = (await created.json()) as { _id: string; url: string }
  for (const post of posts) {
    const added = await request.post(`/api/collections/${collection._id}/posts`, {
      headers: auth(owner),
      data: { postId: post._id },
    })
    if (!added.ok()) throw new Error(`add failed: ${added.status()} ${await added.text()}`)
  }
  return collection
}

function cardTitles(page: Page) {
  return page
    .getByRole('list', { name: 'Commands in this collection' })
    .getByRole('article')
    .getByRole('heading')
    .allTextContents()
}

test('a member saves a command into a new public collection; a guest sees it until it is made private', async ({
  browser,
  request,
}) => {
  const [post] = await seededPosts(request, 'upvotes')
  if (!post) throw new Error('no seeded posts')
  const member = await signUpViaApi(request, 'keeper')
  const name = `Release helpers ${randomBytes(3).toString('hex')}`
  const memberContext = await browser.newContext()
  const guestContext = await browser.newContext()
  try {
    const owner = await memberContext.newPage()
    await startSignedIn(owner, member)
    await owner.goto(`/post/${post.slug}`)
    await expect(owner.getByRole('heading', { level: 1, name: post.title })).toBeVisible()

    await owner.getByRole('button', { name: 'Save to collection…' }).click()
    const dialog = owner.getByRole('dialog', { name: 'Save to collection' })
    await expect(dialog.getByText('No collections yet. Create your first one below.')).toBeVisible()
    await dialog.getByRole('button', { name: 'New collection' }).click()
    await dialog.getByLabel('Name', { exact: true }).fill(name)
    await dialog.getByRole('checkbox', { name: /Public/ }).check()
    await dialog.getByRole('button', { name: 'Create and add' }).click()
    await expect(owner.getByText(`Added to ${name}`)).toBeVisible()
    await expect(dialog.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toHaveCount(0)
    // Keeping a command in a collection saves it.
    await expect(owner.getByRole('button', { name: 'Unsave' })).toHaveAttribute('aria-pressed', 'true')

    await owner.goto('/profile?tab=saved')
    await expect(owner.getByRole('list', { name: 'Saved commands' }).getByText(post.title)).toBeVisible()
    await owner.getByRole('tab', { name: 'Collections' }).click()
    await owner.getByRole('list', { name: 'Your collections' }).getByRole('link', { name }).click()
    await expect(owner.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(owner).toHaveURL(new RegExp(`/c/${member.user.username}/`))
    expect(await cardTitles(owner)).toEqual([post.title])
    const address = new URL(owner.url()).pathname

    const guest = await guestContext.newPage()
    await guest.goto(address)
    await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(guest.getByText(member.user.username, { exact: true })).toBeVisible()
    await expect(guest.getByRole('article', { name: post.title })).toBeVisible()
    await expect(guest.getByRole('button', { name: 'Edit details' })).toHaveCount(0)

    await owner.getByRole('button', { name: 'Make private' }).click()
    await expect(owner.getByText('Collection is now private')).toBeVisible()
    await expect(owner.getByRole('button', { name: 'Make public' })).toBeVisible()

    await guest.reload()
    await expect(guest.getByRole('heading', { level: 1, name: 'Collection not found' })).toBeVisible()
    await expect(guest.getByText(post.title)).toHaveCount(0)
  } finally {
    await memberContext.close()
    await guestContext.close()
  }
})

test('a save in one browser moves the saved count in another within a second or two', async ({
  browser,
  request,
}) => {
  const posts = await seededPosts(request, 'views')
  const post = posts[2] ?? posts[0]
  if (!post) throw new Error('no seeded posts')
  const saver = await signUpViaApi(request, 'saver')
  const saverContext = await browser.newContext()
  const watcherContext = await browser.newContext()
  try {
    const saverPage = await saverContext.newPage()
    await startSignedIn(saverPage, saver)
    const watcherPage = await watcherContext.newPage()
    await Promise.all([saverPage.goto(`/post/${post.slug}`), watcherPage.goto(`/post/${post.slug}`)])
    await expect(watcherPage.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
    await waitForLive(watcherPage)
    const watcherCount = watcherPage
      .getByRole('button', { name: 'Save', exact: true })
      .getByTestId('saved-count')
    const before = Number(await watcherCount.textContent())

    await saverPage.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(saverPage.getByText('Saved!')).toBeVisible()
    await expect(watcherCount).toHaveText(String(before + 1), { timeout: 2_000 })

    await saverPage.getByRole('button', { name: 'Unsave' }).click()
    await expect(watcherCount).toHaveText(String(before), { timeout: 2_000 })
  } finally {
    await saverContext.close()
    await watcherContext.close()
  }
})

test('Export downloads a navi cheatsheet holding the command', async ({ page, request }) => {
  // A command without placeholders or angle brackets reads the same in navi's syntax.
  const post = (await seededPosts(request)).find((item) => !/[<>{}]/.test(item.command))
  if (!post) throw new Error('no plain seeded command')
  const owner = await signUpViaApi(request, 'exporter')
  const name = `Export me ${randomBytes(3).toString('hex')}`
  // Private: the download must carry the owner's token, which a plain link could not.
  const collection = await collectionViaApi(request, owner, name, [post], false)
  await startSignedIn(page, owner)
  await page.goto(collection.url)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: /navi/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.cheat$/)
  const path = await download.path()
  const text = await readFile(path, 'utf8')
  expect(text).toContain(post.command.split('\n')[0] ?? post.command)
  await expect(page.getByText('Export ready')).toBeVisible()
})

test('the owner reorders a collection by keyboard, and the order is kept', async ({ page, request }) => {
  const [first, second, third] = await seededPosts(request, 'upvotes')
  if (!first || !second || !third) throw new Error('not enough seeded posts')
  const owner = await signUpViaApi(request, 'sorter')
  const name = `Order matters ${randomBytes(3).toString('hex')}`
  const collection = await collectionViaApi(request, owner, name, [first, second, third])
  await startSignedIn(page, owner)
  await page.goto(collection.url)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  expect(await cardTitles(page)).toEqual([first.title, second.title, third.title])

  await page.getByRole('button', { name: `Move ${first.title} down` }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => cardTitles(page)).toEqual([second.title, first.title, third.title])
  // Focus stayed on the moved command: pressing again moves it once more.
  await expect(page.getByRole('button', { name: `Move ${first.title} down` })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(() => cardTitles(page)).toEqual([second.title, third.title, first.title])
  await expect(page.getByRole('button', { name: `Move ${first.title} up` })).toBeFocused()
  await page.keyboard.press('Space')
  await expect.poll(() => cardTitles(page)).toEqual([second.title, first.title, third.title])

  // The server kept it.
  await expect
    .poll(async () => {
      const response = await request.get(`/api/collections/${collection._id}`, { headers: auth(owner) })
      return ((await response.json()) as { posts: { _id: string }[] }).posts.map((post) => post._id)
    })
    .toEqual([second._id, first._id, third._id])
  await page.reload()
  await expect.poll(() => cardTitles(page)).toEqual([second.title, first.title, third.title])
})

test("two tabs of one member stay in step: a save in one appears in the other's Saved tab", async ({
  browser,
  request,
}) => {
  const posts = await seededPosts(request, 'latest')
  const post = posts[3] ?? posts[0]
  if (!post) throw new Error('no seeded posts')
  const member = await signUpViaApi(request, 'twotabs')
  const context = await browser.newContext()
  try {
    const list = await context.newPage()
    await startSignedIn(list, member)
    await list.goto('/profile?tab=saved')
    await expect(list.getByText(/No saved commands yet/)).toBeVisible()
    await waitForLive(list)

    const detail = await context.newPage()
    await detail.goto(`/post/${post.slug}`)
    await detail.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(detail.getByText('Saved!')).toBeVisible()

    const saved = list.getByRole('list', { name: 'Saved commands' })
    await expect(saved.getByRole('article', { name: post.title })).toBeVisible({ timeout: 3_000 })
    // Unsaving from the list takes it off in place.
    await saved.getByRole('button', { name: 'Unsave' }).click()
    await expect(list.getByText(/No saved commands yet/)).toBeVisible({ timeout: 3_000 })
    await expect(detail.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
      { timeout: 3_000 },
    )
  } finally {
    await context.close()
  }
})
