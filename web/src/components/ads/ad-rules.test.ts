import { describe, expect, it } from 'vitest'
import { adClickTarget, adImageSource, adSitePath } from './ad-rules'

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
