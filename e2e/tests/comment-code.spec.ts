import { expect, type Page, test } from '@playwright/test'
import { pickSeededPost } from '../fixtures/posts.ts'
import { signUpViaApi, startSignedIn } from '../fixtures/session.ts'

// Two browsers and a live push on a busy shared machine: more than the default budget.
test.describe.configure({ timeout: 90_000 })

/** Longer than a 360 px screen is wide, with no space to break at for a long stretch. */
const LONG_LINE =
  'rsync -avz --delete ./projects/bashboard/web/src/features/comments/ backup@nas.local:/volume1/backups/'

async function waitForLive(page: Page): Promise<void> {
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open')
}

test('a comment with inline code, a fenced block and a picked @mention is posted with Ctrl+Enter and shows live', async ({
  browser,
  request,
}) => {
  // Picked by views, not by date: other journeys create (and delete) the newest posts meanwhile.
  const post = await pickSeededPost(request, 'views', 2)
  const [writer, mentioned] = await Promise.all([
    signUpViaApi(request, 'codeW'),
    signUpViaApi(request, 'codeM'),
  ])
  const name = mentioned.user.username

  const writerContext = await browser.newContext()
  // The second browser is a guest on a phone: comments arrive live for anyone, and must fit 360 px.
  const viewerContext = await browser.newContext({ viewport: { width: 360, height: 740 } })
  try {
    await writerContext.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await writerContext.newPage()
    await startSignedIn(page, writer)
    const viewer = await viewerContext.newPage()
    await Promise.all([page.goto(`/post/${post.slug}`), viewer.goto(`/post/${post.slug}`)])
    await Promise.all([waitForLive(page), waitForLive(viewer)])

    const field = page.getByRole('textbox', { name: 'Your comment' })
    await expect(field).toHaveAccessibleDescription(/Ctrl\+Enter or ⌘\+Enter to post/)
    await field.fill(
      `Unpack it with \`tar -xzf\` first:\n\`\`\`bash\ntar -xzf backup.tgz -C /srv\n${LONG_LINE}\n\`\`\``,
    )
    // The name's start, all but its last letter: typed, it brings the member up in the list.
    await field.press('End')
    await page.keyboard.type(`\nThanks @${name.slice(0, -1)}`)
    const option = page.getByRole('option', { name: `@${name}` })
    await expect(page.getByRole('listbox', { name: 'Members to mention' })).toBeVisible()
    await expect(option).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('listbox')).toHaveCount(0)
    await expect(field).toHaveValue(new RegExp(`Thanks @${name} $`))
    await page.keyboard.type('for the idea')
    await page.keyboard.press('Control+Enter')
    await expect(page.getByText('Comment added successfully!')).toBeVisible()
    await expect(field).toHaveValue('')

    for (const shown of [page, viewer]) {
      const comment = shown.getByRole('article', { name: `Comment by ${writer.user.username}` }).last()
      await expect(comment.locator('p code')).toHaveText('tar -xzf')
      await expect(comment.getByText('bash', { exact: true })).toBeVisible()
      await expect(comment.locator('pre')).toContainText('tar -xzf backup.tgz -C /srv')
      await expect(comment.getByRole('button', { name: 'Copy code' })).toBeVisible()
      await expect(comment.getByRole('link', { name: `@${name}` })).toHaveAttribute('href', `/u/${name}`)
      // The backticks are read, not shown.
      await expect(comment).not.toContainText('```')
    }

    // On the phone the long line scrolls inside its block; the page itself never scrolls sideways.
    const viewerComment = viewer.getByRole('article', { name: `Comment by ${writer.user.username}` }).last()
    await viewerComment.scrollIntoViewIfNeeded()
    expect(
      await viewer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await expect(viewerComment.getByRole('group', { name: /^Code \(scroll sideways/ })).toBeVisible()

    // Copy gives the block exactly as written, without the fences or the language.
    await page
      .getByRole('article', { name: `Comment by ${writer.user.username}` })
      .last()
      .getByRole('button', { name: 'Copy code' })
      .click()
    await expect(page.getByText('Code copied to clipboard.')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `tar -xzf backup.tgz -C /srv\n${LONG_LINE}`,
    )
  } finally {
    await Promise.all([writerContext.close(), viewerContext.close()])
  }
})
