import { describe, expect, it } from 'vitest'
import { commandKey, EMPTY_SLUG, isUuid, slugify } from './slug.ts'

describe('slugify', () => {
  it('lower-cases and folds runs of other characters into one dash', () => {
    expect(slugify('Find Large Files (>1GB)!')).toBe('find-large-files-1gb')
    expect(slugify('  tar   xzf -- archive.tar.gz ')).toBe('tar-xzf-archive-tar-gz')
  })

  it('drops accents instead of the letters', () => {
    expect(slugify('Café Déjà vu')).toBe('cafe-deja-vu')
  })

  it('never returns an empty slug', () => {
    expect(slugify('!!!')).toBe(EMPTY_SLUG)
  })
})

describe('commandKey', () => {
  it('trims and folds whitespace runs, so spacing variants are the same command', () => {
    expect(commandKey('  ls   -la\t/tmp \n')).toBe('ls -la /tmp')
    expect(commandKey('ls -la /tmp')).toBe(commandKey('ls  -la   /tmp'))
  })
})

describe('isUuid', () => {
  it('tells ids from slugs', () => {
    expect(isUuid('3f2c1a9e-8b7d-4c6e-9f01-23456789abcd')).toBe(true)
    expect(isUuid('list-files')).toBe(false)
  })
})
