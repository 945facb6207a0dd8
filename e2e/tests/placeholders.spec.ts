import { expect, type Page, test } from '@playwright/test'
import { logInViaApi, startSignedIn } from '../fixtures/session.ts'

// A seeded command with a repeated placeholder next to a real redirection (`</dev/null`).
const SLUG = 'show-the-whole-certificate-chain-a-server-sends'
const COMMAND = 'openssl s_client -connect <host>:<port> -servername <host> -showcerts </dev/null'

/** The command as the code block shows it, without the prompt glyph (never copied). */
async function shownCommand(page: Page): Promise<string> {
  return page.locator('pre code').evaluate((code) => {
    const clone = code.cloneNode(true) as HTMLElement
    for (const glyph of clone.querySelectorAll('[aria-hidden="true"]')) glyph.remove()
    return clone.textContent ?? ''
  })
}

test('a reader fills a seeded command’s placeholders and copies the filled command', async ({
  browser,
  request,
}) => {
  const detail = await request.get(`/api/posts/${SLUG}`)
  expect(detail.ok()).toBe(true)
  const { post } = (await detail.json()) as { post: { command: string; placeholders: string[] } }
  expect(post.command).toBe(COMMAND)
  expect(post.placeholders).toEqual(['host', 'port'])

  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  try {
    const page = await context.newPage()
    await page.goto(`/post/${SLUG}`)
    const form = page.getByRole('form', { name: 'Fill placeholders' })
    await expect(form).toBeVisible()
    // A name used twice is one field.
    await expect(form.getByRole('textbox')).toHaveCount(2)
    expect(await shownCommand(page)).toBe(COMMAND)
    await expect(page.locator('pre mark')).toHaveCount(3)

    await form.getByLabel('host', { exact: true }).fill('example.org')
    await form.getByLabel('port', { exact: true }).fill('8443')
    const filled = 'openssl s_client -connect example.org:8443 -servername example.org -showcerts </dev/null'
    await expect.poll(() => shownCommand(page)).toBe(filled)
    await expect(page.locator('pre mark')).toHaveCount(0)
    await expect(form.getByText('2/2')).toBeVisible()

    await page.getByRole('button', { name: 'Copy command', exact: true }).click()
    await expect(page.getByText('Command copied to clipboard.')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(filled)

    // Reset: the command is copied as written again.
    await form.getByRole('button', { name: 'Reset' }).click()
    await expect(form.getByLabel('host', { exact: true })).toHaveValue('')
    await expect(form.getByLabel('host', { exact: true })).toBeFocused()
    await expect.poll(() => shownCommand(page)).toBe(COMMAND)
    await page.getByRole('button', { name: 'Copy Command', exact: true }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(COMMAND)
  } finally {
    await context.close()
  }
})

test('a seeded command without placeholders shows no form', async ({ page }) => {
  await page.goto('/post/keep-a-job-running-after-you-log-out')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Keep a job running after you log out' }),
  ).toBeVisible()
  expect(await shownCommand(page)).toBe('nohup ./long-job.sh > job.log 2>&1 &')
  await expect(page.getByRole('form', { name: 'Fill placeholders' })).toHaveCount(0)
})

test('the create-post page previews the placeholders found as the command is typed', async ({
  page,
  request,
}) => {
  const contributor = await logInViaApi(request, 'demo_contributor', 'bashboard-contributor')
  await startSignedIn(page, contributor)
  await page.goto('/create-post')
  const field = page.getByLabel('Command', { exact: true })
  await expect(field).toBeVisible()
  await expect(page.getByText(/Shell redirections such as sort < in\.txt > out\.txt/)).toBeVisible()
  await expect(page.getByText('none yet')).toBeVisible()

  await field.fill('rsync -avz {{source}}/ <user>@<host>:<dest> 2>&1 | tee <user>.log')
  const found = page.getByRole('list', { name: 'Placeholders found:' })
  await expect(found.getByRole('listitem')).toHaveText(['source', 'user', 'host', 'dest'])

  await field.fill('sort < in.txt > out.txt 2>&1')
  await expect(found).toHaveCount(0)
  await expect(page.getByText('none yet')).toBeVisible()
})
