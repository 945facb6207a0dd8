import { afterEach, describe, expect, it, vi } from 'vitest'
import { writeCookie } from './cookie'

/** What the page writes to document.cookie (jsdom keeps no attributes for reading back). */
function written(write: () => void): string[] {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')
  const lines: string[] = []
  vi.spyOn(document, 'cookie', 'set').mockImplementation((line: string) => {
    lines.push(line)
    descriptor?.set?.call(document, line)
  })
  write()
  return lines
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('writeCookie', () => {
  it('sets a site-wide Lax cookie for the session, or for as long as asked', () => {
    expect(written(() => writeCookie('hint', '1'))).toEqual(['hint=1; Path=/; SameSite=Lax'])
    expect(written(() => writeCookie('pick', 'light', 31_536_000))).toEqual([
      'pick=light; Path=/; Max-Age=31536000; SameSite=Lax',
    ])
  })

  it('clears a cookie with null, whatever lifetime it was set with', () => {
    expect(written(() => writeCookie('pick', null, 31_536_000))).toEqual([
      'pick=; Path=/; Max-Age=0; SameSite=Lax',
    ])
    expect(document.cookie).not.toContain('pick=')
  })
})
