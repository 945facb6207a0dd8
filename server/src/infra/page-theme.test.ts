import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { THEME_COOKIE } from '../contract/values.ts'
import { cookieValue } from './cookies.ts'
import { themeOfRequest, withDocumentTheme } from './page-theme.ts'

const withCookie = (cookie?: string) =>
  ({ headers: cookie === undefined ? {} : { cookie } }) as FastifyRequest

describe('cookieValue', () => {
  it('finds a cookie by its exact name among others, and nothing otherwise', () => {
    expect(cookieValue(withCookie('a=1; bashboard_member=1;b=2'), 'bashboard_member')).toBe('1')
    expect(cookieValue(withCookie('xbashboard_member=1'), 'bashboard_member')).toBeNull()
    expect(cookieValue(withCookie('bashboard_member'), 'bashboard_member')).toBeNull()
    expect(cookieValue(withCookie(), 'bashboard_member')).toBeNull()
    expect(cookieValue(withCookie('t=a=b'), 't')).toBe('a=b')
  })
})

describe('themeOfRequest', () => {
  it('reads dark or light from the theme cookie and ignores anything else', () => {
    expect(themeOfRequest(withCookie(`${THEME_COOKIE}=dark`))).toBe('dark')
    expect(themeOfRequest(withCookie(`x=1; ${THEME_COOKIE}=light`))).toBe('light')
    expect(themeOfRequest(withCookie(`${THEME_COOKIE}=system`))).toBeNull()
    expect(themeOfRequest(withCookie(`${THEME_COOKIE}="><script>`))).toBeNull()
    expect(themeOfRequest(withCookie())).toBeNull()
  })
})

describe('withDocumentTheme', () => {
  it('adds data-theme to the html element only, keeping its attributes', () => {
    const page = '<!doctype html>\n<html lang="en">\n<body><p>html</p></body></html>'
    expect(withDocumentTheme(page, 'light')).toBe(
      '<!doctype html>\n<html lang="en" data-theme="light">\n<body><p>html</p></body></html>',
    )
    expect(withDocumentTheme(page, null)).toBe(page)
  })
})
