import { expect, test } from '@playwright/test'
import { DEMO_MODERATOR } from '../fixtures/moderation.ts'
import { logInViaApi, startSignedIn } from '../fixtures/session.ts'

/** A command longer than any phone is wide, with no space to break at for a long stretch. */
const LONG_COMMAND =
  'rsync -avz --delete --exclude=node_modules --exclude=.git ./projects/bashboard/web/src/features/ ' +
  'backup@nas.local:/volume1/backups/laptop/projects/bashboard/web/src/features/with/a/very/long/path/'

test('an article code block wraps on a 360 px screen and its Copy button works from the keyboard', async ({
  page,
  request,
  context,
}) => {
  const { token } = await logInViaApi(request, DEMO_MODERATOR.email, DEMO_MODERATOR.password)
  const title = `Code block article ${Date.now()}`
  const created = await request.post('/api/mod/blogs', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      metadescription: 'An article with a long command in it.',
      content: `<p>Back up the features folder:</p><pre><code>${LONG_COMMAND}</code></pre>`,
      image: null,
      status: 'published',
    },
  })
  expect(created.status()).toBe(201)
  const { blog } = (await created.json()) as { blog: { slug: string } }

  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(`/blog/${blog.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const pre = page.locator('article pre')
  await expect(pre).toContainText('backup@nas.local')
  // The block wraps within its width, and the page never scrolls sideways.
  expect(await pre.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0)
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)

  const copy = page.getByRole('button', { name: 'Copy code' })
  await copy.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Code copied to clipboard.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LONG_COMMAND)
  // The button sits inside the block's frame, clear of the page's edge.
  const box = await copy.boundingBox()
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360)
})

test('a second rich-text editor after a typed link logs no "linkifyjs: already initialized"', async ({
  page,
  request,
}) => {
  const messages: string[] = []
  page.on('console', (message) => messages.push(message.text()))
  const session = await logInViaApi(request, DEMO_MODERATOR.email, DEMO_MODERATOR.password)
  await startSignedIn(page, session)
  await page.goto('/mod/blog')
  await page.getByRole('button', { name: 'New article' }).click()
  const editor = page.getByRole('textbox', { name: 'Article' })
  await editor.click()
  // Autolinking the typed URL is linkify's first use: it builds its scanner then.
  await page.keyboard.type('Read https://example.org for more. ')
  await expect(editor.getByRole('link', { name: 'https://example.org' })).toBeVisible()
  // Switching to another article starts a new editor while the first is still being taken down.
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click()
  await expect(page.getByRole('textbox', { name: 'Article' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Edit “/ })).toBeVisible()
  expect(messages.filter((text) => text.includes('linkifyjs'))).toEqual([])
})
