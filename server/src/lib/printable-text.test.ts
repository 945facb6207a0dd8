import { describe, expect, it } from 'vitest'
import {
  hasControlCharacters,
  hasTextDirectionControls,
  isTextDirectionControl,
  normalizeLineBreaks,
} from '../contract/limits.ts'
import { printableText } from './printable-text.ts'

describe('text-direction controls', () => {
  it('are exactly Unicode’s Bidi_Control characters', () => {
    const bidi = /^\p{Bidi_Control}$/u
    const differing: string[] = []
    for (let code = 0; code <= 0xffff; code += 1) {
      if (isTextDirectionControl(code) !== bidi.test(String.fromCharCode(code)))
        differing.push(code.toString(16))
    }
    expect(differing).toEqual([])
  })

  it('are found in HTML, and nothing else is', () => {
    expect(hasTextDirectionControls('<p>plain</p>\r\n<p>\ttext</p>')).toBe(false)
    expect(hasTextDirectionControls('<p>abc\u202Edef</p>')).toBe(true)
    expect(hasTextDirectionControls('<a href="x\u2066">y</a>')).toBe(true)
  })
})

describe('hasControlCharacters', () => {
  it('allows tab, LF and CRLF in multi-line text, and refuses a lone CR', () => {
    expect(hasControlCharacters('a\tb\nc\r\nd', true)).toBe(false)
    expect(hasControlCharacters('echo safe\rrm -rf ~', true)).toBe(true)
    expect(hasControlCharacters('ends with a CR\r', true)).toBe(true)
    expect(hasControlCharacters('a\r\r\nb', true)).toBe(true)
    expect(hasControlCharacters('a\n\rb', true)).toBe(true)
  })

  it('refuses every line break and tab in one-line text', () => {
    for (const text of ['a\tb', 'a\nb', 'a\r\nb', 'a\rb'])
      expect(hasControlCharacters(text, false), text).toBe(true)
  })

  it('refuses escapes, DEL, C1 and text-direction controls in both', () => {
    for (const text of [
      '\u001b[2J',
      'a\u007fb',
      'a\u009bb',
      'a\u202Eb',
      'a\u2069b',
      'a\u200Eb',
      'a\u061Cb',
    ]) {
      expect(hasControlCharacters(text, true), JSON.stringify(text)).toBe(true)
      expect(hasControlCharacters(text, false), JSON.stringify(text)).toBe(true)
    }
    expect(hasControlCharacters('ordinary text, «quoted», עברית, العربية', false)).toBe(false)
  })
})

describe('normalizeLineBreaks', () => {
  it('turns CRLF into LF and leaves the rest', () => {
    expect(normalizeLineBreaks('a\r\nb\r\n\r\nc\nd')).toBe('a\nb\n\nc\nd')
  })
})

describe('printableText', () => {
  it('drops escape sequences, controls but tab and LF, every CR and text-direction controls', () => {
    expect(printableText('a\u001b[31mred\u001b[0m\tb\nc')).toBe('ared\tb\nc')
    expect(printableText('echo safe\rrm -rf ~\r\nls')).toBe('echo saferm -rf ~\nls')
    expect(printableText('x\u202Eyz\u202C \u2066i\u2069 \u200E\u200F\u061C.')).toBe('xyz i .')
    expect(printableText('a\u0000b\u0085c\u007f')).toBe('abc')
  })
})
