import { describe, expect, it } from 'vitest'
import { BadRequestError } from '../../lib/errors.ts'
import { browseQuery } from './presenter/browse.ts'
import { parseBrowseQuery, parsePage, parsePeriod, parseSort } from './site-query.ts'

describe('reading the query values people type', () => {
  it('reads pages from 1 to 10000 and refuses anything else with a 400 saying so', () => {
    expect(parsePage(undefined)).toBe(1)
    expect(parsePage('2')).toBe(2)
    expect(parsePage('10000')).toBe(10_000)
    for (const raw of ['', '0', '10001', '1.5', '-1', ' 1', '0x10', '1e3', 'abc']) {
      expect(() => parsePage(raw), raw).toThrow(BadRequestError)
      expect(() => parsePage(raw), raw).toThrow('page must be a whole number from 1 to 10000')
    }
  })

  it('reads the leaderboard tab and the browse sort, naming the known ones when unknown', () => {
    expect(parsePeriod(undefined)).toBe('all')
    expect(parsePeriod('week')).toBe('week')
    expect(() => parsePeriod('Week')).toThrow('Unknown period "Week": use all, week, month')
    expect(parseSort(undefined)).toBe('latest')
    expect(parseSort('views')).toBe('views')
    expect(() => parseSort('best')).toThrow('Unknown sort "best": use latest, trending, upvotes, views')
  })

  it('reads the browse filters, cutting long values in its messages', () => {
    expect(
      parseBrowseQuery({
        search: '  find large ',
        hasPlaceholders: 'true',
        hasWarning: '0',
        minScore: '5',
        from: '2026-01-01',
        tags: ['tar', 'gzip'],
      }),
    ).toEqual({
      page: 1,
      search: 'find large',
      category: '',
      sort: 'latest',
      filters: {
        tags: ['tar', 'gzip'],
        from: '2026-01-01',
        to: undefined,
        hasPlaceholders: true,
        hasWarning: false,
        minScore: 5,
      },
    })
    expect(() => parseBrowseQuery({ minScore: '1000001' })).toThrow('minScore must be a whole number')
    expect(() => parseBrowseQuery({ to: `2026-${'1'.repeat(40)}` })).toThrow(/not "2026-1{15}…"$/)
  })

  it('writes the browse links the web app reads, without defaults', () => {
    expect(browseQuery({ search: 'find large' })).toBe('search=find%20large')
    expect(browseQuery({ sort: 'latest', category: '' })).toBe('')
    expect(
      browseQuery({ category: 'net', sort: 'upvotes', tags: ['a', 'b'], hasWarning: false, minScore: 0 }),
    ).toBe('category=net&sort=upvotes&tags=a%2Cb&hasWarning=false&minScore=0')
  })
})
