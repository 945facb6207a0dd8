import { describe, expect, it } from 'vitest'
import { postCard } from '../../test/post-card.ts'
import { createRecentCards } from './recent-cards.ts'

function clock(start = 1_000) {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

describe('recent cards', () => {
  it('gives a kept card back until keepMs have passed since it was kept, then forgets it', () => {
    const time = clock()
    const recent = createRecentCards({ keepMs: 10_000, maxCards: 10, now: time.now })
    const card = postCard('p1')
    recent.keep([card])
    time.advance(10_000)
    expect(recent.get('p1')).toBe(card)
    time.advance(1)
    expect(recent.get('p1')).toBeUndefined()
    expect(recent.size).toBe(0)
  })

  it('counts the time from the last keep, not from a reuse', () => {
    const time = clock()
    const recent = createRecentCards({ keepMs: 10_000, maxCards: 10, now: time.now })
    const card = postCard('p1')
    recent.keep([card])
    time.advance(6_000)
    expect(recent.get('p1')).toBe(card)
    time.advance(6_000)
    expect(recent.get('p1')).toBeUndefined()
    recent.keep([card])
    time.advance(6_000)
    expect(recent.get('p1')).toBe(card)
  })

  it('holds at most maxCards, forgetting the least recently kept first', () => {
    const recent = createRecentCards({ keepMs: 10_000, maxCards: 2 })
    const [a, b, c] = [postCard('a'), postCard('b'), postCard('c')]
    recent.keep([a, b])
    recent.keep([a])
    recent.keep([c])
    expect(recent.size).toBe(2)
    expect(recent.get('b')).toBeUndefined()
    expect(recent.get('a')).toBe(a)
    expect(recent.get('c')).toBe(c)
  })

  it('keeps the newest card of a post', () => {
    const recent = createRecentCards({ keepMs: 10_000, maxCards: 10 })
    const older = postCard('p1')
    const newer = postCard('p1', { title: 'Newer' })
    recent.keep([older])
    recent.keep([newer])
    expect(recent.get('p1')).toBe(newer)
    expect(recent.size).toBe(1)
  })
})
