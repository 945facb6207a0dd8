import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { xssPayloads } from '../../server/test/xss-corpus.ts'
import { logInViaApi, signUpViaApi } from '../fixtures/session.ts'

/*
 * docs/product-rules.md#security: several hundred known XSS payloads, posted as post descriptions, comments
 * and a blog article, render nothing executable in a real browser. Every payload calls `window.__xss(n)` if
 * it ever runs; the pages record those calls, and the rendered user content must also hold no event-handler
 * attribute and no script URL (so the test does not lean on the Content-Security-Policy alone).
 */

test.describe.configure({ timeout: 120_000 })

const payloads = xssPayloads()
const BATCH = 60
const batches: string[][] = []
for (let i = 0; i < payloads.length; i += BATCH) batches.push(payloads.slice(i, i + BATCH))

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`)
  return (await response.json()) as T
}

/** Records any payload that runs, before the page's own scripts start. */
async function watchForScripts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const fired: number[] = []
    Object.assign(window, { __fired: fired, __xss: (n: number) => fired.push(n) })
  })
}

/** What ran, and what executable markup the page's DOM holds. */
async function executableTraces(page: Page): Promise<{ fired: number[]; markup: string[] }> {
  return page.evaluate(() => {
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
}

test('several hundred XSS payloads in posts, comments and a blog article render nothing executable', async ({
  page,
  request,
}) => {
  const tag = randomBytes(4).toString('hex')
  const contributor = await logInViaApi(request, 'demo_contributor', 'bashboard-contributor')
  const moderator = await logInViaApi(request, 'demo_moderator', 'bashboard-moderator')
  const member = await signUpViaApi(request, 'xss')
  const { categories } = await ok<{ categories: { _id: string }[] }>(
    await request.get('/api/website'),
    'home',
  )
  const category = categories[0]?._id
  if (!category) throw new Error('no categories seeded')

  const slugs: string[] = []
  const postIds: string[] = []
  for (const [index, batch] of batches.entries()) {
    const { post } = await ok<{ post: { _id: string; slug: string } }>(
      await request.post('/api/posts/create', {
        headers: bearer(contributor.token),
        data: {
          title: `XSS corpus ${tag} batch ${index + 1}`,
          command: `echo xss-corpus-${tag}-${index + 1}`,
          description: `<p>Batch ${index + 1} of the XSS corpus.</p>${batch.join('')}`,
          category,
        },
      }),
      'create post',
    )
    slugs.push(post.slug)
    postIds.push(post._id)
  }
  // Comments are plain text of at most 2,000 characters (and 10 a minute per member): the whole corpus
  // packed into as few comments as fit, spread over the posts.
  const comments: string[] = ['']
  for (const payload of payloads) {
    if ((comments.at(-1) ?? '').length + payload.length + 1 > 2000) comments.push('')
    comments[comments.length - 1] = `${comments.at(-1)} ${payload}`.trim()
  }
  expect(comments.length).toBeLessThanOrEqual(10)
  for (const [index, content] of comments.entries()) {
    const postId = postIds[index % postIds.length]
    await ok(
      await request.post(`/api/comments/${postId}/`, {
        headers: bearer(member.token),
        data: { post: postId, content },
      }),
      'comment',
    )
  }
  const { blog } = await ok<{ blog: { slug: string } }>(
    await request.post('/api/mod/blogs', {
      headers: bearer(moderator.token),
      data: {
        title: `The XSS corpus ${tag}`,
        metadescription: 'Every payload of the corpus in one article, to prove none of them runs.',
        content: `<h2>Payloads</h2>${payloads.map((payload) => `<p>${payload}</p>`).join('')}`,
        image: null,
        status: 'published',
      },
    }),
    'create blog',
  )

  await watchForScripts(page)
  const visits = [
    ...slugs.map((slug) => ({ url: `/post/${slug}`, ready: page.getByRole('heading', { level: 1 }) })),
    { url: '/browse', ready: page.getByText(`XSS corpus ${tag} batch 1`, { exact: true }) },
    { url: `/blog/${blog.slug}`, ready: page.getByRole('heading', { name: 'Payloads' }) },
  ]
  for (const visit of visits) {
    await page.goto(visit.url)
    await expect(visit.ready.first()).toBeVisible()
    // Let images fail, media error out and autofocus happen, then hover and tab through the content.
    await page.waitForTimeout(500)
    await page.mouse.move(400, 400)
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
    const traces = await executableTraces(page)
    expect(traces.fired, `payloads that ran on ${visit.url}`).toEqual([])
    expect(traces.markup, `executable markup on ${visit.url}`).toEqual([])
  }
  // The comments are on the post pages above; make sure they rendered as text, payloads visible.
  await page.goto(`/post/${slugs[0]}`)
  await expect(page.getByText(/<script>__xss\(1\)<\/script>/).first()).toBeVisible()
})

test('XSS payloads as collection names and descriptions render nothing executable on the public page', async ({
  page,
  request,
}) => {
  const member = await signUpViaApi(request, 'xssc')
  // Descriptions are plain text of at most 500 characters: the corpus packed into as few as fit; each
  // collection is also named after the start of one of its payloads (names hold at most 60).
  const descriptions: string[] = ['']
  for (const payload of payloads) {
    if (payload.length > 500) continue
    if ((descriptions.at(-1) ?? '').length + payload.length + 1 > 500) descriptions.push('')
    descriptions[descriptions.length - 1] = `${descriptions.at(-1)}\n${payload}`.trim()
  }
  expect(descriptions.length).toBeLessThanOrEqual(100)
  const urls: string[] = []
  for (const [index, description] of descriptions.entries()) {
    const first = description.split('\n')[0] ?? ''
    const name = `${index + 1} ${Array.from(first).slice(0, 50).join('')}`.replace(/\p{Cc}/gu, ' ')
    const collection = await ok<{ url: string }>(
      await request.post('/api/collections', {
        headers: bearer(member.token),
        data: { name, description, public: true },
      }),
      'create collection',
    )
    urls.push(collection.url)
  }

  await watchForScripts(page)
  for (const url of urls) {
    await page.goto(url)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await page.waitForTimeout(300)
    await page.mouse.move(400, 400)
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
    const traces = await executableTraces(page)
    expect(traces.fired, `payloads that ran on ${url}`).toEqual([])
    expect(traces.markup, `executable markup on ${url}`).toEqual([])
  }
  // Shown as text: the first payload of the first collection is on its page, literally.
  await page.goto(urls[0] ?? '/')
  await expect(page.getByText(/__xss\(/).first()).toBeVisible()
})
