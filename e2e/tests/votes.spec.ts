import { expect, type Locator, type Page, test } from '@playwright/test'
import { createPostViaApi, freshContributor } from '../fixtures/people.ts'
import { pickSeededPost } from '../fixtures/posts.ts'
import { signUpViaApi, startSignedIn } from '../fixtures/session.ts'

// Two browsers and live pushes: more than the default budget on a busy machine.
test.describe.configure({ timeout: 60_000 })

async function waitForLive(page: Page): Promise<void> {
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open')
}

async function counts(votes: Locator): Promise<{ up: number; down: number }> {
  return {
    up: Number(await votes.getByTestId('upvote-count').textContent()),
    down: Number(await votes.getByTestId('downvote-count').textContent()),
  }
}

test('a vote switches from up to down, and another browser sees both counts move', async ({
  browser,
  request,
}) => {
  const post = await pickSeededPost(request, 'upvotes', 7)
  const voter = await signUpViaApi(request, 'switcher')
  const voterContext = await browser.newContext()
  const watcherContext = await browser.newContext()
  try {
    const voterPage = await voterContext.newPage()
    await startSignedIn(voterPage, voter)
    const watcherPage = await watcherContext.newPage()
    await Promise.all([voterPage.goto(`/post/${post.slug}`), watcherPage.goto(`/post/${post.slug}`)])
    await expect(watcherPage.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
    await waitForLive(watcherPage)
    const mine = voterPage.getByRole('group', { name: 'Vote on this command' }).first()
    const theirs = watcherPage.getByRole('group', { name: 'Vote on this command' }).first()
    const before = await counts(theirs)
    const upvote = mine.getByRole('button', { name: /^Upvote/ })
    const downvote = mine.getByRole('button', { name: /^Downvote/ })

    await upvote.click()
    await expect(upvote).toHaveAttribute('aria-pressed', 'true')
    await expect(theirs.getByTestId('upvote-count')).toHaveText(String(before.up + 1), { timeout: 2_000 })
    // The other vote stays available while this one is held.
    await expect(downvote).toBeEnabled()

    await downvote.click()
    await expect(downvote).toHaveAttribute('aria-pressed', 'true')
    await expect(upvote).toHaveAttribute('aria-pressed', 'false')
    await expect(voterPage.getByText('Post downvoted!')).toBeVisible()
    await expect(theirs.getByTestId('upvote-count')).toHaveText(String(before.up), { timeout: 2_000 })
    await expect(theirs.getByTestId('downvote-count')).toHaveText(String(before.down + 1), { timeout: 2_000 })

    // Pressing the held vote again changes nothing, on screen or on the server.
    const votesSent: string[] = []
    voterPage.on('request', (sent) => {
      if (sent.method() === 'POST' && /\/api\/posts\/(up|down)vote\//.test(sent.url()))
        votesSent.push(sent.url())
    })
    await downvote.click()
    await voterPage.waitForTimeout(300)
    expect(votesSent).toEqual([])
    await expect(mine.getByTestId('downvote-count')).toHaveText(String(before.down + 1))

    // The switch is what the server kept: a reload shows it.
    await voterPage.reload()
    await expect(
      voterPage
        .getByRole('group', { name: 'Vote on this command' })
        .first()
        .getByRole('button', { name: /^Downvote/ }),
    ).toHaveAttribute('aria-pressed', 'true')
  } finally {
    await voterContext.close()
    await watcherContext.close()
  }
})

function voteButtons(votes: Locator): { up: Locator; down: Locator } {
  return {
    up: votes.getByRole('button', { name: /^Upvote/ }),
    down: votes.getByRole('button', { name: /^Downvote/ }),
  }
}

/** Resolves once the page's socket has the topic subscribed (the server's `subscribed` answer). */
function subscribedTo(page: Page, topic: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string') return
        const message = JSON.parse(payload) as { type?: string; topics?: string[] }
        if (message.type === 'subscribed' && message.topics?.includes(topic)) resolve()
      })
    })
  })
}

/** The GET requests the page makes from now on to paths starting with `path`. */
function readsOf(page: Page, path: string): string[] {
  const reads: string[] = []
  page.on('request', (sent) => {
    if (sent.method() === 'GET' && new URL(sent.url()).pathname.startsWith(path)) reads.push(sent.url())
  })
  return reads
}

test("one member's two tabs: a vote in one lights the arrow they hold in the other, without a reload", async ({
  browser,
  request,
}) => {
  const post = await pickSeededPost(request, 'upvotes', 3)
  const member = await signUpViaApi(request, 'twotabvoter')
  const context = await browser.newContext()
  try {
    const detail = await context.newPage()
    const list = await context.newPage()
    // Both tabs hold the member's own topic before anyone votes, or the push could pass them by.
    const ownTopic = `user:${member.user._id}`
    const listening = [subscribedTo(detail, ownTopic), subscribedTo(list, ownTopic)]
    for (const page of [detail, list]) await startSignedIn(page, member)
    await Promise.all([detail.goto(`/post/${post.slug}`), list.goto('/browse?sort=upvotes')])
    await Promise.all(listening)
    const onDetail = detail.getByRole('group', { name: 'Vote on this command' }).first()
    const onCard = list
      .getByRole('article', { name: post.title })
      .getByRole('group', { name: 'Vote on this command' })
    const { up: detailUp, down: detailDown } = voteButtons(onDetail)
    const { up: cardUp, down: cardDown } = voteButtons(onCard)
    await expect(cardUp).toHaveAttribute('aria-pressed', 'false')
    // A page that was reloaded, or read its list again, would show the vote without any push: the
    // marker must survive and the list must not be read again.
    await list.evaluate(() => Object.assign(window, { sameDocument: true }))
    const listReads = readsOf(list, '/api/website/browse')
    // A push arrives within moments; waiting longer would let a refetch pass for it.
    const soon = { timeout: 3_000 }

    // Upvoted on the post's page; the voting tab reads its post again after the vote (product rule).
    const detailReloaded = detail.waitForResponse(
      (answer) => answer.request().method() === 'GET' && answer.url().endsWith(`/api/posts/${post.slug}`),
    )
    await detailUp.click()
    await expect(detailUp).toHaveAttribute('aria-pressed', 'true')
    await detailReloaded
    await expect(cardUp).toHaveAttribute('aria-pressed', 'true', soon)
    await expect(cardDown).toHaveAttribute('aria-pressed', 'false')
    const detailReads = readsOf(detail, `/api/posts/${post.slug}`)

    // Switched from the Browse card: the post's page follows.
    await cardDown.click()
    await expect(cardDown).toHaveAttribute('aria-pressed', 'true')
    await expect(detailDown).toHaveAttribute('aria-pressed', 'true', soon)
    await expect(detailUp).toHaveAttribute('aria-pressed', 'false')

    expect(await list.evaluate(() => 'sameDocument' in window)).toBe(true)
    expect(listReads).toEqual([])
    expect(detailReads).toEqual([])
  } finally {
    await context.close()
  }
})

test('a vote switches on a Browse card too', async ({ page, request }) => {
  // Picked by upvotes, not by date: other journeys create (and delete) the newest posts meanwhile.
  const post = await pickSeededPost(request, 'upvotes', 8)
  const voter = await signUpViaApi(request, 'cardvoter')
  await startSignedIn(page, voter)
  await page.goto('/browse?sort=upvotes')
  const card = page.getByRole('article', { name: post.title })
  const votes = card.getByRole('group', { name: 'Vote on this command' })
  const before = await counts(votes)
  await votes.getByRole('button', { name: /^Downvote/ }).click()
  await expect(votes.getByTestId('downvote-count')).toHaveText(String(before.down + 1))
  await votes.getByRole('button', { name: /^Upvote/ }).click()
  await expect(votes.getByTestId('upvote-count')).toHaveText(String(before.up + 1))
  await expect(votes.getByTestId('downvote-count')).toHaveText(String(before.down))
  await expect(page.getByText('Post upvoted!')).toBeVisible()
})

test("an author's own post explains why it can't be voted on, without an error", async ({
  page,
  request,
}) => {
  const author = await freshContributor(request, 'selfvoter')
  const post = await createPostViaApi(request, author.token)
  await startSignedIn(page, author)
  await page.goto(`/post/${post.slug}`)
  const votes = page.getByRole('group', { name: 'Vote on this command' }).first()
  const upvote = votes.getByRole('button', { name: /^Upvote/ })
  await expect(upvote).toHaveAttribute('aria-disabled', 'true')
  await expect(votes.getByRole('button', { name: /^Downvote/ })).toHaveAttribute('aria-disabled', 'true')

  // Reachable by keyboard, and the reason shows on focus.
  const tooltip = votes.getByRole('tooltip')
  await expect(tooltip).toBeHidden()
  await upvote.focus()
  await expect(tooltip).toBeVisible()
  await expect(tooltip).toHaveText('You cannot vote on your own post')
  await expect(upvote).toHaveAccessibleDescription('You cannot vote on your own post')

  await upvote.click({ force: true })
  await page.keyboard.press('Enter')
  await expect(votes.getByTestId('upvote-count')).toHaveText('0')
  await expect(page.getByText('Failed to vote. Please try again.')).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
})
