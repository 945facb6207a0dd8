import { describe, expect, it } from 'vitest'
import { findMentions, splitMentions } from '../contract/mentions.ts'

describe('splitMentions', () => {
  it('splits text into plain parts and mentions that join back to the input', () => {
    const text = 'thanks @ada_l, and @Grace-H: see above'
    const parts = splitMentions(text)
    expect(parts).toEqual([
      { kind: 'text', text: 'thanks ' },
      { kind: 'mention', text: '@ada_l', username: 'ada_l' },
      { kind: 'text', text: ', and ' },
      { kind: 'mention', text: '@Grace-H', username: 'Grace-H' },
      { kind: 'text', text: ': see above' },
    ])
    expect(parts.map((part) => part.text).join('')).toBe(text)
  })

  it('reads a mention at the start, after punctuation or a line break, and before punctuation', () => {
    expect(findMentions('@abc\n(@def) "@ghi". @jkl!')).toEqual(['abc', 'def', 'ghi', 'jkl'])
  })

  it('ignores emails, URLs, names too short or too long, and a doubled @', () => {
    const long = 'x'.repeat(31)
    expect(findMentions(`mail me@example.com, x.com/@someone, @ab, @${long}, @@double, a.@dot`)).toEqual([])
    expect(findMentions(`@${'y'.repeat(30)}`)).toEqual(['y'.repeat(30)])
  })

  it('keeps markup as plain text, never as a name', () => {
    expect(splitMentions('<img src=x onerror=alert(1)>@bob')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
      { kind: 'mention', text: '@bob', username: 'bob' },
    ])
  })
})

describe('findMentions', () => {
  it('lists each name once, ignoring case, in order of first mention', () => {
    expect(findMentions('@Bob @alice @bob @ALICE @carol')).toEqual(['Bob', 'alice', 'carol'])
  })

  it('answers nothing for text without mentions', () => {
    expect(findMentions('no one here')).toEqual([])
    expect(splitMentions('')).toEqual([])
  })
})
