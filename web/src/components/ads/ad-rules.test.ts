import { describe, expect, it } from 'vitest'
import { adClickTarget, adImageSource, adSitePath, adsForReader } from './ad-rules'

describe('adSitePath (house ads stay on the site)', () => {
  const origin = 'http://127.0.0.1:3303'
  it('takes the path the server names, whatever host the absolute url was built for', () => {
    expect(adSitePath({ url: 'http://localhost:3000/blog', sitePath: '/blog' }, origin)).toBe('/blog')
  })
  it('treats an absolute link on the visitor’s own origin as a page of the site', () => {
    expect(adSitePath({ url: 'http://127.0.0.1:3303/application?x=1#top' }, origin)).toBe(
      '/application?x=1#top',
    )
  })
  it('leaves advertisers’ links and unsafe paths to the click rule', () => {
    expect(adSitePath({ url: 'https://example.com/awk' }, origin)).toBeNull()
    expect(adSitePath({ url: 'http://localhost:3000/blog' }, origin)).toBeNull()
    expect(adSitePath({ url: '#' }, origin)).toBeNull()
    expect(adSitePath({ url: 'https://example.com', sitePath: '//evil.example' }, origin)).toBeNull()
    expect(adSitePath({ url: 'https://example.com', sitePath: '/\\evil.example' }, origin)).toBeNull()
  })
})

describe('adClickTarget (the click rule)', () => {
  it('makes "#" and empty URLs not clickable', () => {
    expect(adClickTarget('#')).toBeNull()
    expect(adClickTarget('')).toBeNull()
    expect(adClickTarget('   ')).toBeNull()
    expect(adClickTarget(null)).toBeNull()
    expect(adClickTarget(undefined)).toBeNull()
  })

  it('keeps http and https URLs', () => {
    expect(adClickTarget('https://example.com/landing?x=1')).toBe('https://example.com/landing?x=1')
    expect(adClickTarget('http://example.com')).toBe('http://example.com/')
    expect(adClickTarget('HTTPS://Example.com/a')).toBe('https://example.com/a')
  })

  it('prepends https:// to a URL without an http or https scheme', () => {
    expect(adClickTarget('example.com/deal')).toBe('https://example.com/deal')
    expect(adClickTarget('  www.example.org  ')).toBe('https://www.example.org/')
  })

  it('refuses what is not a valid URL, script schemes included', () => {
    expect(adClickTarget('not a url')).toBeNull()
    expect(adClickTarget('javascript:alert(1)')).toBeNull()
    expect(adClickTarget('http://')).toBeNull()
    expect(adClickTarget('https://exa mple.com')).toBeNull()
  })
})

describe('adImageSource', () => {
  it('accepts same-origin paths and http(s) URLs only', () => {
    expect(adImageSource('/house-ads/blog-banner.png')).toBe('/house-ads/blog-banner.png')
    expect(adImageSource('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
    expect(adImageSource('//evil.example/a.png')).toBeNull()
    expect(adImageSource('javascript:alert(1)')).toBeNull()
    expect(adImageSource('data:image/png;base64,AAAA')).toBeNull()
    expect(adImageSource('')).toBeNull()
  })
})

describe('adsForReader (one house ad per slot, the first its reader can use)', () => {
  const origin = 'https://bashboard.example'
  const apply = { url: '/contribute', sitePath: '/contribute' }
  const blog = { url: '/blog', sitePath: '/blog' }
  const leaderboard = { url: `${origin}/leaderboard` }
  const advertiser = { url: 'https://vendor.example/offer' }

  it('shows guests and members the first house ad and every advertiser', () => {
    for (const role of [null, 'member']) {
      expect(adsForReader([apply, advertiser, blog, leaderboard], role, origin)).toEqual([apply, advertiser])
    }
  })

  it('never asks contributors or moderators to apply: they get the next house ad', () => {
    for (const role of ['contributor', 'moderator']) {
      expect(adsForReader([apply, blog, advertiser], role, origin)).toEqual([blog, advertiser])
      expect(
        adsForReader(
          [{ url: '/application?from=ad', sitePath: '/application?from=ad' }, leaderboard],
          role,
          origin,
        ),
      ).toEqual([leaderboard])
      expect(adsForReader([apply], role, origin)).toEqual([])
    }
  })

  it('counts an absolute link to this site as a house ad', () => {
    expect(adsForReader([leaderboard, blog], null, origin)).toEqual([leaderboard])
  })
})
