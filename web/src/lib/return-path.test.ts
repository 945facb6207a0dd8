import { describe, expect, it } from 'vitest'
import { returnPathFrom, safeReturnPath, validateReturnSearch } from './return-path'

describe('safeReturnPath', () => {
  it('keeps a path of this site with its search and hash', () => {
    expect(safeReturnPath('/post/tar-a-folder')).toBe('/post/tar-a-folder')
    expect(safeReturnPath('/browse?search=tar&page=2#results')).toBe('/browse?search=tar&page=2#results')
    expect(safeReturnPath('/post/x#comment-1')).toBe('/post/x#comment-1')
  })

  it.each([
    ['another host, protocol-relative', '//evil.example/steal'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a line break the browser drops', '/\n/evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a script URL', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'post/x'],
    ['a dot path', '../etc'],
    ['the login page', '/login'],
    ['the login page with a search', '/login?redirect=/login'],
    ['the login page in capitals, with a slash', '/LOGIN/'],
    ['the login page through a dot segment', '/post/../login'],
    ['the register page', '/register'],
    ['the page that finishes a GitHub or Google sign-in', '/sign-in/provider?error=state'],
    ['the home page itself', '/'],
    ['an empty string', ''],
    ['a number', 42],
    ['an object', { href: '/post/x' }],
    ['something very long', `/${'a'.repeat(5000)}`],
  ])('refuses %s', (_label, value) => {
    expect(safeReturnPath(value)).toBeUndefined()
  })
})

describe('validateReturnSearch', () => {
  it('keeps a safe redirect and drops a hostile one, which then means the home page', () => {
    expect(validateReturnSearch({ redirect: '/post/x?y=1' })).toEqual({ redirect: '/post/x?y=1' })
    // Present but undefined: it must overwrite the raw value the router merges it over.
    expect(validateReturnSearch({ redirect: '//evil.example' })).toStrictEqual({ redirect: undefined })
    expect(validateReturnSearch({ redirect: 'https://evil.example' })).toStrictEqual({ redirect: undefined })
    expect(validateReturnSearch({})).toStrictEqual({ redirect: undefined })
  })
})

describe('returnPathFrom', () => {
  it('is the page itself, path, search and hash', () => {
    expect(returnPathFrom({ pathname: '/post/x', href: '/post/x?from=home#comments', search: {} })).toBe(
      '/post/x?from=home#comments',
    )
  })

  it('on the sign-in pages is the address they already carry, or none', () => {
    expect(
      returnPathFrom({
        pathname: '/login',
        href: '/login?redirect=%2Fbrowse',
        search: { redirect: '/browse' },
      }),
    ).toBe('/browse')
    expect(returnPathFrom({ pathname: '/register', href: '/register', search: {} })).toBeUndefined()
    expect(
      returnPathFrom({ pathname: '/login', href: '/login', search: { redirect: '//evil.example' } }),
    ).toBeUndefined()
  })
})
