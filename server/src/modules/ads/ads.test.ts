import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { authHeader, createUsers, loginAs, type TestUser } from '../../../test/factories.ts'
import { multipartBody, pngBytes } from '../../../test/uploads.ts'
import { AD_MESSAGES, type AdsResponse, type ModAd } from '../../contract/ads.ts'
import type { UploadedImageResponse } from '../../contract/common.ts'
import { normaliseAdUrl, parseClickTimestamp } from './service.ts'

let t: TestApp
let moderator: TestUser
let member: TestUser
const HOUR = 3_600_000

beforeAll(async () => {
  t = await buildTestApp()
  ;[moderator, member] = await createUsers(t.db, 'moderator', 'member')
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await t.db.deleteFrom('ads').execute()
})

/** The ad's stored click counter. */
async function clickCount(adId: string): Promise<number> {
  const row = await t.db
    .selectFrom('ads')
    .select('click_count')
    .where('id', '=', adId)
    .executeTakeFirstOrThrow()
  return row.click_count
}

function adBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Learn awk in a weekend',
    page: 'Blog',
    slot: 'ads2',
    size: 'banner',
    url: 'example.com/awk',
    image: '/house-ads/blog-banner.png',
    ...overrides,
  }
}

async function createAd(overrides: Record<string, unknown> = {}): Promise<ModAd> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mod/ads',
    headers: authHeader(loginAs(t.app, moderator)),
    payload: adBody(overrides),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ ad: ModAd }>().ad
}

function click(adId: string, headers: Record<string, string> = {}, timestamp: unknown = Date.now()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ads/track-click',
    headers: { 'user-agent': 'vitest-visitor-a', ...headers },
    payload: { adId, pageName: 'Blog', timestamp },
  })
}

describe('GET /api/ads/:page', () => {
  it('groups the active ads inside their schedule by slot, cacheable for a minute', async () => {
    const banner = await createAd()
    const box = await createAd({
      slot: 'ads3',
      size: 'box',
      title: 'Box',
      image: 'https://cdn.example.com/b.png',
    })
    await createAd({ title: 'Paused', active: false })
    await createAd({ title: 'Future', startsAt: new Date(Date.now() + HOUR).toISOString() })
    await createAd({ title: 'Ended', endsAt: new Date(Date.now() - HOUR).toISOString(), startsAt: null })
    const running = await createAd({
      title: 'Running',
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
    })
    await createAd({ page: 'Homepage', title: 'Elsewhere' })

    const res = await t.app.inject({ url: '/api/ads/Blog' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=60')
    const ads = res.json<AdsResponse>()
    expect(ads.ads1).toEqual([])
    expect(ads.ads4).toEqual([])
    expect(ads.ads2.map((ad) => ad.title)).toEqual(['Learn awk in a weekend', 'Running'])
    expect(ads.ads2[0]).toEqual({
      _id: banner._id,
      url: 'https://example.com/awk',
      adImage: '/house-ads/blog-banner.png',
      size: 'banner',
      title: 'Learn awk in a weekend',
    })
    expect(ads.ads3).toEqual([
      {
        _id: box._id,
        url: 'https://example.com/awk',
        adImage: 'https://cdn.example.com/b.png',
        size: 'box',
        title: 'Box',
      },
    ])
    expect(running.showing).toBe(true)
    const house = await createAd({ page: 'Leaderboard', url: '/application' })
    expect(house.url).toBe('/application')
    const leaderboard = (await t.app.inject({ url: '/api/ads/Leaderboard' })).json<AdsResponse>()
    expect(leaderboard.ads2[0]?.url).toBe('http://localhost:3000/application')
    // A house ad also names its page, so this site opens it in the same tab; an advertiser's does not.
    expect(leaderboard.ads2[0]?.sitePath).toBe('/application')
    expect(ads.ads2[0]).not.toHaveProperty('sitePath')
  })

  it('hides a paused ad and shows it again when resumed', async () => {
    const ad = await createAd()
    const headers = authHeader(loginAs(t.app, moderator))
    const pause = await t.app.inject({
      method: 'PUT',
      url: `/api/mod/ads/${ad._id}`,
      headers,
      payload: { active: false },
    })
    expect(pause.json<{ ad: ModAd }>().ad).toMatchObject({ active: false, showing: false })
    expect((await t.app.inject({ url: '/api/ads/Blog' })).json<AdsResponse>().ads2).toEqual([])
    await t.app.inject({ method: 'PUT', url: `/api/mod/ads/${ad._id}`, headers, payload: { active: true } })
    expect((await t.app.inject({ url: '/api/ads/Blog' })).json<AdsResponse>().ads2).toHaveLength(1)
  })

  it('answers 404 for a page that shows no ads', async () => {
    const res = await t.app.inject({ url: '/api/ads/Settings' })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(AD_MESSAGES.pageNotFound)
  })
})

describe('POST /api/ads/track-click', () => {
  it('counts a visitor once per ad per minute, and another visitor separately', async () => {
    const ad = await createAd()
    expect((await click(ad._id)).json()).toEqual({ counted: true })
    expect((await click(ad._id)).json()).toEqual({ counted: false })
    expect((await click(ad._id, { 'user-agent': 'vitest-visitor-b' })).json()).toEqual({ counted: true })
    const signedIn = await click(ad._id, authHeader(loginAs(t.app, member)))
    expect(signedIn.json()).toEqual({ counted: true })

    const clicks = await t.db.selectFrom('ad_clicks').selectAll().where('ad_id', '=', ad._id).execute()
    expect(await clickCount(ad._id)).toBe(3)
    expect(clicks).toHaveLength(3)
    expect(clicks.every((c) => c.page_name === 'Blog')).toBe(true)
  })

  it('rolls the minute: a click 30 s after one of the previous clock minute does not count, one 61 s after does', async () => {
    const ad = await createAd()
    expect((await click(ad._id, { 'user-agent': 'roller' })).json()).toEqual({ counted: true })
    const backdate = (seconds: number) =>
      t.db
        .updateTable('ad_clicks')
        .set({
          created_at: sql<Date>`now() - make_interval(secs => ${seconds})`,
          minute: sql<Date>`date_trunc('minute', now() - make_interval(secs => ${seconds}))`,
        })
        .where('ad_id', '=', ad._id)
        .execute()
    // Whatever the clock's second now, 30 s ago may be in the previous minute: the window still holds.
    await backdate(30)
    expect((await click(ad._id, { 'user-agent': 'roller' })).json()).toEqual({ counted: false })
    await backdate(61)
    expect((await click(ad._id, { 'user-agent': 'roller' })).json()).toEqual({ counted: true })
    expect(await clickCount(ad._id)).toBe(2)
  })

  it('counts concurrent clicks of one visitor once', async () => {
    const ad = await createAd()
    const results = await Promise.all(
      Array.from({ length: 8 }, () => click(ad._id, { 'user-agent': 'racer' })),
    )
    expect(results.map((res) => res.statusCode)).toEqual(Array(8).fill(200))
    expect(results.filter((res) => res.json().counted === true)).toHaveLength(1)
    expect(await clickCount(ad._id)).toBe(1)
  })

  it('accepts ISO-8601 and epoch-millisecond timestamps', async () => {
    const ad = await createAd()
    expect((await click(ad._id, { 'user-agent': 'iso' }, new Date().toISOString())).statusCode).toBe(200)
    expect((await click(ad._id, { 'user-agent': 'epoch' }, Date.now())).statusCode).toBe(200)
    expect((await click(ad._id, { 'user-agent': 'epoch-text' }, String(Date.now()))).statusCode).toBe(200)
  })

  it('answers 404 for an unknown ad and 400 for a malformed body', async () => {
    const unknown = await click(randomUUID())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(AD_MESSAGES.notFound)
    expect((await click('not-an-id')).statusCode).toBe(404)

    const ad = await createAd()
    expect((await click(ad._id, {}, 'yesterday')).statusCode).toBe(400)
    expect((await click(ad._id, {}, true)).statusCode).toBe(400)
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/ads/track-click',
      payload: { adId: ad._id },
    })
    expect(missing.statusCode).toBe(400)
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/ads/track-click',
      payload: { adId: ad._id, pageName: 'Blog', timestamp: Date.now(), clicks: 100 },
    })
    expect(extra.statusCode).toBe(400)
    expect(await clickCount(ad._id)).toBe(0)
  })
})

describe('moderator ad desk', () => {
  it('refuses guests (401) and members (403)', async () => {
    const routes = [
      { method: 'GET', url: '/api/mod/ads' },
      { method: 'POST', url: '/api/mod/ads', payload: adBody() },
      { method: 'PUT', url: `/api/mod/ads/${randomUUID()}`, payload: { active: false } },
      { method: 'DELETE', url: `/api/mod/ads/${randomUUID()}` },
      { method: 'POST', url: '/api/mod/ads/image' },
    ] as const
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode, route.url).toBe(401)
      const res = await t.app.inject({ ...route, headers: authHeader(loginAs(t.app, member)) })
      expect(res.statusCode, route.url).toBe(403)
    }
  })

  it('lists ads with clicks and schedule, edits, deletes, and audit-logs each change', async () => {
    const ad = await createAd({ startsAt: '2026-01-01T00:00:00.000Z', endsAt: null })
    await click(ad._id)
    const headers = authHeader(loginAs(t.app, moderator))
    const list = (await t.app.inject({ url: '/api/mod/ads', headers })).json<{ ads: ModAd[] }>().ads
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({
      _id: ad._id,
      clickCount: 1,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      active: true,
      page: 'Blog',
      slot: 'ads2',
      imageName: '/house-ads/blog-banner.png',
    })

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/mod/ads/${ad._id}`,
      headers,
      payload: { url: '#', page: 'Leaderboard', slot: 'ads1', size: 'box' },
    })
    expect(edited.json<{ ad: ModAd }>().ad).toMatchObject({
      url: '#',
      page: 'Leaderboard',
      slot: 'ads1',
      size: 'box',
    })
    await t.app.inject({ method: 'PUT', url: `/api/mod/ads/${ad._id}`, headers, payload: { active: false } })
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/mod/ads/${ad._id}`, headers })
    expect(removed.json()).toEqual({ adId: ad._id })
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/mod/ads/${ad._id}`, headers })).statusCode,
    ).toBe(404)

    const actions = await t.db
      .selectFrom('moderation_log')
      .select('action')
      .where('subject_id', '=', ad._id)
      .orderBy('created_at')
      .execute()
    expect(actions.map((row) => row.action)).toEqual(['ad.created', 'ad.updated', 'ad.paused', 'ad.deleted'])
  })

  it('answers 422 for an unusable link, image or schedule and 400 for unknown fields', async () => {
    const headers = authHeader(loginAs(t.app, moderator))
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'javascript:alert(1)' }, AD_MESSAGES.urlInvalid],
      [{ image: 'javascript:alert(1)' }, AD_MESSAGES.imageInvalid],
      [{ image: '/etc/passwd' }, AD_MESSAGES.imageInvalid],
      [{ image: '' }, AD_MESSAGES.imageRequired],
      [{ title: 'x'.repeat(101) }, AD_MESSAGES.titleTooLong],
      [
        { startsAt: '2026-02-01T00:00:00.000Z', endsAt: '2026-01-01T00:00:00.000Z' },
        AD_MESSAGES.scheduleInvalid,
      ],
    ]
    for (const [overrides, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/mod/ads',
        headers,
        payload: adBody(overrides),
      })
      expect(res.statusCode, message).toBe(422)
      expect(res.json().message).toBe(message)
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/mod/ads',
      headers,
      payload: adBody({ clickCount: 1000 }),
    })
    expect(extra.statusCode).toBe(400)
  })

  it('uploads an ad image to /uploads/ads and refuses a non-image (415)', async () => {
    const headers = authHeader(loginAs(t.app, moderator))
    const body = multipartBody('image', 'banner.png', 'image/png', await pngBytes(728, 90))
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mod/ads/image',
      headers: { ...body.headers, ...headers },
      payload: body.payload,
    })
    expect(res.statusCode, res.body).toBe(201)
    const { image, url } = res.json<UploadedImageResponse>()
    expect(url).toBe(`/uploads/ads/${image}`)
    const ad = await createAd({ image })
    expect(ad.adImage).toBe(url)

    const html = multipartBody('image', 'a.png', 'image/png', Buffer.from('<html><script>1</script></html>'))
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/mod/ads/image',
      headers: { ...html.headers, ...headers },
      payload: html.payload,
    })
    expect(refused.statusCode).toBe(415)
  })
})

describe('click rule helpers', () => {
  it('normalises ad links: # or empty is not clickable, a missing scheme gets https://', () => {
    expect(normaliseAdUrl('')).toBe('#')
    expect(normaliseAdUrl(' # ')).toBe('#')
    expect(normaliseAdUrl('example.com/x')).toBe('https://example.com/x')
    expect(normaliseAdUrl('http://example.com')).toBe('http://example.com/')
    expect(normaliseAdUrl('mailto:a@b.c')).toBeUndefined()
    expect(normaliseAdUrl('https://')).toBeUndefined()
    expect(normaliseAdUrl('/blog')).toBe('/blog')
    expect(normaliseAdUrl('//evil.example.com')).toBe('https://evil.example.com/')
  })

  it('parses ISO-8601 and epoch-millisecond click times and refuses the rest', () => {
    expect(parseClickTimestamp('2026-03-04T05:06:07.000Z')?.toISOString()).toBe('2026-03-04T05:06:07.000Z')
    expect(parseClickTimestamp(1_772_600_767_000)?.getTime()).toBe(1_772_600_767_000)
    expect(parseClickTimestamp('1772600767000')?.getTime()).toBe(1_772_600_767_000)
    expect(parseClickTimestamp('March 4')).toBeUndefined()
    expect(parseClickTimestamp(1.5)).toBeUndefined()
    expect(parseClickTimestamp(-1)).toBeUndefined()
  })
})
