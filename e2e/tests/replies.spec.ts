import { randomBytes } from 'node:crypto'
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { xssPayloads } from '../../server/test/xss-corpus.ts'
import { pickSeededPost } from '../fixtures/posts.ts'
import { type ApiSession, signUpViaApi, startSignedIn } from '../fixtures/session.ts'

// Three browsers and live pushes on a busy shared machine: more than the default budget.
test.describe.configure({ timeout: 90_000 })

const bearer = (session: { token: string }) => ({ authorization: `Bearer ${session.token}` })

async function waitForLive(page: Page): Promise<void> {
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open')
}

async function commentViaApi(
  request: APIRequestContext,
  session: ApiSession,
  postId: string,
  content: string,
  parentId?: string,
): Promise<{ _id: string }> {
  const response = await request.post(`/api/comments/${postId}/`, {
    headers: bearer(session),
    data: { post: postId, content, ...(parentId ? { parentId } : {}) },
  })
  if (!response.ok()) throw new Error(`comment failed: ${response.status()} ${await response.text()}`)
  return ((await response.json()) as { comment: { _id: string } }).comment
}

async function signedInPage(browser: Browser, session: ApiSession, url: string): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await startSignedIn(page, session)
  await page.goto(url)
  return page
}

test('a reply with an @mention reaches the mentioned member and the parent’s page live', async ({
  browser,
  request,
}) => {
  // Picked by upvotes, not by date: other journeys create (and delete) the newest posts meanwhile.
  const post = await pickSeededPost(request, 'upvotes', 5)
  const [a, b, c] = await Promise.all([
    signUpViaApi(request, 'replyA'),
    signUpViaApi(request, 'replyB'),
    signUpViaApi(request, 'replyC'),
  ])
  const parent = await commentViaApi(request, b, post._id, 'Does this work on BSD too?')
  const pages = await Promise.all([
    signedInPage(browser, a, `/post/${post.slug}`),
    signedInPage(browser, b, `/post/${post.slug}`),
    signedInPage(browser, c, '/'),
  ])
  const [pageA, pageB, pageC] = pages
  if (!pageA || !pageB || !pageC) throw new Error('pages missing')
  try {
    await Promise.all(pages.map((page) => waitForLive(page)))
    await expect(pageB.getByRole('article', { name: `Comment by ${b.user.username}` })).toBeVisible()
    await expect(pageC.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()

    // A answers B by keyboard, mentioning C.
    const replyButton = pageA.getByRole('button', { name: `Reply to ${b.user.username}` })
    await replyButton.focus()
    await pageA.keyboard.press('Enter')
    const field = pageA.getByRole('textbox', { name: `Reply to ${b.user.username}` })
    await expect(field).toBeFocused()
    await pageA.keyboard.type(`Yes, ask @${c.user.username} who runs FreeBSD`)
    await pageA.getByRole('button', { name: 'Post Reply' }).click()
    await expect(pageA.getByText('Reply added!')).toBeVisible()
    await expect(replyButton).toBeFocused()

    // B's open page shows the reply under B's comment, with the mention linking to C's profile.
    const replies = pageB.getByRole('list', { name: `Replies to ${b.user.username}` })
    const reply = replies.getByRole('article', { name: `Comment by ${a.user.username}` })
    await expect(reply).toBeVisible()
    await expect(reply.getByRole('link', { name: `@${c.user.username}` })).toHaveAttribute(
      'href',
      `/u/${c.user.username}`,
    )
    // B is told of the reply, C of the mention, both live (nothing on these pages polls, so only a push
    // can show them; the suite's own timeout allows for a loaded CI machine).
    await expect(pageB.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible()
    await expect(pageC.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible()
    await expect(pageC.getByText('You were mentioned')).toBeVisible()

    // C opens the notification and lands on the reply.
    await pageC.getByRole('button', { name: 'Notifications, 1 unread' }).click()
    await pageC.getByRole('link', { name: new RegExp(`${a.user.username} mentioned you`) }).click()
    await expect(pageC).toHaveURL(new RegExp(`/post/${post.slug}#comment-`))
    await expect(pageC.getByRole('article', { name: `Comment by ${a.user.username}` })).toBeInViewport()

    // B deletes the comment: it stays as a placeholder above the reply, in every browser.
    await pageB.getByRole('button', { name: `Delete comment by ${b.user.username}` }).click()
    await pageB.getByRole('button', { name: 'Delete', exact: true }).click()
    for (const page of [pageA, pageB, pageC]) {
      // This comment's placeholder: the post keeps those of earlier runs (a retry, --repeat-each).
      const placeholder = page.locator(`#comment-${parent._id}`)
      await expect(placeholder).toHaveAccessibleName('Deleted comment')
      await expect(placeholder).toBeVisible()
      await expect(page.getByRole('article', { name: `Comment by ${a.user.username}` })).toBeVisible()
    }
    await expect(pageA.getByRole('article', { name: `Comment by ${b.user.username}` })).toHaveCount(0)
    const listed = await request.get(`/api/comments/${post._id}`)
    const body = (await listed.json()) as { comments: Array<{ _id: string; deleted?: boolean }> }
    expect(body.comments.find((item) => item._id === parent._id)?.deleted).toBe(true)
  } finally {
    await Promise.all(pages.map((page) => page.context().close()))
  }
})

test('XSS payloads in replies and around mentions render nothing executable', async ({ page, request }) => {
  const tag = randomBytes(3).toString('hex')
  const post = await pickSeededPost(request, 'upvotes', 6)
  const writers = await Promise.all([signUpViaApi(request, `xr${tag}a`), signUpViaApi(request, `xr${tag}b`)])
  const top = await commentViaApi(request, writers[0], post._id, `Thread ${tag} for @demo_member`)
  // Each payload right after a mention, packed into replies of at most 2,000 characters.
  const replies: string[] = ['']
  for (const payload of xssPayloads()) {
    const piece = `@demo_member${payload} @${payload}`
    if ((replies.at(-1) ?? '').length + piece.length + 1 > 2000) replies.push('')
    replies[replies.length - 1] = `${replies.at(-1)} ${piece}`.trim()
  }
  // Ten comments a minute per member: spread over the two writers.
  expect(replies.length).toBeLessThanOrEqual(18)
  for (const [index, content] of replies.entries()) {
    const writer = writers[index % 2]
    if (!writer) throw new Error('writer missing')
    await commentViaApi(request, writer, post._id, content, top._id)
  }

  await page.addInitScript(() => {
    const fired: number[] = []
    Object.assign(window, { __fired: fired, __xss: (n: number) => fired.push(n) })
  })
  await page.goto(`/post/${post.slug}`)
  await expect(page.getByRole('list', { name: `Replies to ${writers[0].user.username}` })).toBeVisible()
  await page.waitForTimeout(500)
  await page.mouse.move(400, 400)
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
  const traces = await page.evaluate(() => {
    const markup: string[] = []
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        const value = element.getAttribute(attribute) ?? ''
        if (/^on/i.test(attribute)) markup.push(`<${element.localName} ${attribute}>`)
        if (
          /^\s*(javascript|vbscript|data):/i.test(value) &&
          /^(href|src|action|formaction|data)$/i.test(attribute)
        )
          markup.push(`<${element.localName} ${attribute}="${value.slice(0, 40)}">`)
      }
      // The site's own scripts: the build's modules, the starter of a server-rendered page, and that
      // page's data block, which is never run.
      const src = element.getAttribute('src') ?? ''
      const data = element.getAttribute('type') === 'application/json'
      if (element.localName === 'script' && !data && !/^\/(assets\/|boot\.js$)/.test(src))
        markup.push(`<script> ${src || 'inline'}`)
      if (['iframe', 'object', 'embed'].includes(element.localName)) markup.push(`<${element.localName}>`)
    }
    return { fired: [...(window as unknown as { __fired: number[] }).__fired], markup }
  })
  expect(traces.fired).toEqual([])
  expect(traces.markup).toEqual([])
  // Mentions became links, to profile paths only; the payloads show as text.
  const hrefs = await page
    .locator('[aria-label^="Replies to"] a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  expect(hrefs.length).toBeGreaterThan(0)
  for (const href of hrefs) expect(href).toMatch(/^\/u\/[A-Za-z0-9_-]{3,30}$/)
  await expect(page.getByText(/<script>__xss\(1\)<\/script>/).first()).toBeVisible()
})
