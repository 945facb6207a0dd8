import { describe, expect, it } from 'vitest'
import { xssPayloads } from '../../../test/xss-corpus.ts'
import { siteUrl } from './links.ts'
import { MailDataError, renderMail } from './render.ts'
import type { MailContext } from './templates/content.ts'

const ORIGIN = 'https://bash.example.org'
const ctx: MailContext = {
  origin: ORIGIN,
  username: 'ada',
  link: (path, query) => siteUrl(ORIGIN, path, query),
  unsubscribeUrl: (topic) => siteUrl(ORIGIN, '/account/unsubscribe', { token: `u.${topic}.mac` }),
}

/** The tags and attributes of rendered HTML that could run or load anything. */
function dangerousPartsOf(html: string): string[] {
  const found: string[] = []
  for (const [tag] of html.matchAll(/<(script|iframe|object|embed|svg|img|form|input)\b/gi)) found.push(tag)
  for (const [attribute] of html.matchAll(/<[^>]*\s(on\w+|srcdoc|formaction)\s*=/gi)) found.push(attribute)
  for (const [, href] of html.matchAll(/href="([^"]*)"/g))
    if (!href?.startsWith(`${ORIGIN}/`)) found.push(`href ${href}`)
  return found
}

describe('mail rendering', () => {
  it('quotes members’ words as text in every mail that carries them (the XSS corpus)', async () => {
    for (const payload of xssPayloads()) {
      const mails = await Promise.all([
        renderMail('notification', { kind: 'reply', text: payload, link: '/post/x#comment-1' }, ctx),
        renderMail('application_decided', { status: 'rejected', message: payload }, ctx),
        renderMail('daily_digest', { items: [{ text: payload, link: null }] }, ctx),
        renderMail(
          'weekly_digest',
          { posts: [{ title: payload, slug: 'a-post', command: payload, upvotes: 3, author: payload }] },
          { ...ctx, username: payload },
        ),
      ])
      for (const mail of mails) expect(dangerousPartsOf(mail.html), payload).toEqual([])
    }
  })

  it('links only to the site, and marks non-essential mail for one-click unsubscribe', async () => {
    const reset = await renderMail('password_reset', { token: 'tok' }, ctx)
    expect(reset.unsubscribe).toBeUndefined()
    expect(reset.text).toContain(`${ORIGIN}/account/reset-password?token=tok`)
    const weekly = await renderMail(
      'weekly_digest',
      {
        posts: [
          {
            title: 'Find big files',
            slug: 'find-big',
            command: 'find / -size +1G',
            upvotes: 9,
            author: 'bo',
          },
        ],
      },
      ctx,
    )
    expect(weekly.unsubscribe).toBe('weekly_digest')
    expect(weekly.text).toContain('find / -size +1G')
    expect(weekly.html).toContain(`${ORIGIN}/account/unsubscribe?token=u.weekly_digest.mac`)
    expect(dangerousPartsOf(weekly.html)).toEqual([])
    expect(() => siteUrl(ORIGIN, 'https://evil.example/x')).toThrow()
    expect(() => siteUrl(ORIGIN, '//evil.example/x')).toThrow()
  })

  it('refuses data that does not fit the kind, so a bad row fails instead of sending nonsense', async () => {
    await expect(renderMail('notification', { text: 'no kind' }, ctx)).rejects.toBeInstanceOf(MailDataError)
    await expect(renderMail('daily_digest', { items: [] }, ctx)).rejects.toBeInstanceOf(MailDataError)
  })
})
