import { describe, expect, it } from 'vitest'
import { insertMention, mentionAt } from './mention-query'

describe('mentionAt', () => {
  it('finds the name typed before the caret, and the rest of the word after it', () => {
    expect(mentionAt('hi @ad', 6)).toEqual({ start: 3, end: 6, prefix: 'ad' })
    expect(mentionAt('hi @adxx there', 6)).toEqual({ start: 3, end: 8, prefix: 'ad' })
    expect(mentionAt('@a', 2)).toEqual({ start: 0, end: 2, prefix: 'a' })
  })

  it('finds nothing without a name, in an email address, after a space, or in code', () => {
    expect(mentionAt('hi @', 4)).toBeNull()
    expect(mentionAt('me@example', 10)).toBeNull()
    expect(mentionAt('@ada ', 5)).toBeNull()
    expect(mentionAt('see `@ad', 8)).toBeNull()
    expect(mentionAt('```py\n@ad', 9)).toBeNull()
    expect(mentionAt('```py\nx\n```\n@ad', 15)).toEqual({ start: 12, end: 15, prefix: 'ad' })
  })
})

describe('insertMention', () => {
  it('puts `@username ` in place of the typed name and moves the caret after the space', () => {
    expect(insertMention('hi @ad', { start: 3, end: 6, prefix: 'ad' }, 'ada_l')).toEqual({
      text: 'hi @ada_l ',
      caret: 10,
    })
  })

  it('adds no second space before text that starts with one', () => {
    expect(insertMention('@ad there', { start: 0, end: 3, prefix: 'ad' }, 'ada')).toEqual({
      text: '@ada there',
      caret: 5,
    })
  })
})
