import { randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { createPostViaApi } from '../fixtures/people.ts'
import { logInViaApi, signUpViaApi, startSignedIn } from '../fixtures/session.ts'

// Three pages in two browsers and live pushes on a busy shared machine: more than the default budget.
test.describe.configure({ timeout: 90_000 })

/** The demo contributor (README): on the all-time top 10, so the live board carries their row. */
const AUTHOR = { login: 'demo_contributor', password: 'bashboard-contributor' }

async function waitForLive(page: Page): Promise<void> {
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open')
}

const number = (text: string | null) => Number(text?.replace(/[^0-9]/g, ''))

/** The number a stat tile of the leaderboard page shows. */
async function tileValue(page: Page, name: string): Promise<number> {
  return number(await page.getByRole('group', { name }).getByTestId('leaderboard-stat-value').textContent())
}

test('a member who voted and commented deletes their account; another browser sees the board and the counts stay true', async ({
  browser,
  request,
}) => {
  const author = await logInViaApi(request, AUTHOR.login, AUTHOR.password)
  // A post of this journey's own, so no other journey moves its counts meanwhile.
  const post = await createPostViaApi(request, author.token)
  const member = await signUpViaApi(request, 'leaver')
  const memberContext = await browser.newContext()
  const watcherContext = await browser.newContext()
  try {
    // The member downvotes the post and comments on it, through the page.
    const memberPage = await memberContext.newPage()
    await startSignedIn(memberPage, member)
    await memberPage.goto(`/post/${post.slug}`)
    const memberVotes = memberPage.getByRole('group', { name: 'Vote on this command' }).first()
    await memberVotes.getByRole('button', { name: /^Downvote/ }).click()
    await expect(memberPage.getByText('Post downvoted!')).toBeVisible()
    const said = `Careful, this one lists hidden folders too ${randomBytes(2).toString('hex')}`
    await memberPage.getByPlaceholder('Add your comment...').fill(said)
    await memberPage.getByRole('button', { name: 'Post Comment' }).click()
    await expect(memberPage.getByText('Comment added successfully!')).toBeVisible()

    // Another browser watches the post and the leaderboard.
    const postPage = await watcherContext.newPage()
    await postPage.goto(`/post/${post.slug}`)
    const votes = postPage.getByRole('group', { name: 'Vote on this command' }).first()
    await expect(votes.getByTestId('downvote-count')).toHaveText('1')
    await expect(postPage.getByRole('heading', { name: 'Comments (1)' })).toBeVisible()
    await expect(postPage.getByRole('article', { name: `Comment by ${member.user.username}` })).toContainText(
      said,
    )
    await waitForLive(postPage)

    const board = await watcherContext.newPage()
    await board.goto('/leaderboard')
    const authorPoints = board
      .locator(`[data-testid="leaderboard-row"][data-username="${AUTHOR.login}"]`)
      .getByTestId('leaderboard-points')
    // The downvote's −1 is settled about 100 ms after the vote; read the board once it shows it.
    const settled = await request.get('/api/website/leaderboard?period=all')
    const rows = (await settled.json()) as Array<{ username: string; points: number }>
    const pointsWithVote = rows.find((row) => row.username === AUTHOR.login)?.points ?? 0
    await expect.poll(async () => number(await authorPoints.textContent())).toBe(pointsWithVote)
    await waitForLive(board)
    const usersBefore = await tileValue(board, 'Total Users')

    // The member deletes the account from Settings, removing what they wrote.
    await memberPage.goto('/settings?tab=account')
    await memberPage.getByRole('button', { name: 'Delete account...' }).click()
    const dialog = memberPage.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByRole('radio', { name: 'Remove my commands and comments' }).check()
    await dialog.getByLabel('Password', { exact: true }).fill(member.account.password)
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(memberPage.getByText('Account deleted')).toBeVisible()
    await expect(memberPage).toHaveURL(/\/$/)
    await expect(memberPage.getByRole('link', { name: 'Login' }).first()).toBeVisible()

    // Live, without a reload: the vote and the comment are gone from the counts...
    await expect(votes.getByTestId('downvote-count')).toHaveText('0')
    await expect(postPage.getByRole('heading', { name: 'Comments (0)' })).toBeVisible()
    await expect(postPage.getByRole('article', { name: `Comment by ${member.user.username}` })).toHaveCount(0)
    // ...the author has the downvote's point back (at least: other journeys may vote on their posts),
    // and the member is no longer counted.
    await expect
      .poll(async () => number(await authorPoints.textContent()), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(pointsWithVote + 1)
    await expect.poll(() => tileValue(board, 'Total Users'), { timeout: 5_000 }).toBeLessThan(usersBefore)

    // What the pages show is what the server holds: a reload agrees.
    await postPage.reload()
    await expect(
      postPage.getByRole('group', { name: 'Vote on this command' }).first().getByTestId('downvote-count'),
    ).toHaveText('0')
    await expect(postPage.getByRole('heading', { name: 'Comments (0)' })).toBeVisible()
    const shown = number(await authorPoints.textContent())
    await board.reload()
    await expect.poll(async () => number(await authorPoints.textContent())).toBeGreaterThanOrEqual(shown)

    // The account is gone: its session and its password no longer work.
    const header = await request.get('/api/website/user/profile/header', {
      headers: { Authorization: `Bearer ${member.token}` },
    })
    expect(header.status()).toBe(401)
    const login = await request.post('/api/user/login', {
      data: { emailOrUsername: member.account.username, password: member.account.password },
    })
    expect(login.status()).toBe(401)
  } finally {
    await memberContext.close()
    await watcherContext.close()
  }
})
