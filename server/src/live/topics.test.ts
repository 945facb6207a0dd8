import { describe, expect, it } from 'vitest'
import { canSubscribe, isPrivateTopic, type ParsedTopic, parseTopic } from './topics.ts'

const POST_ID = '0b6a3c1e-1f0d-4c9a-9a57-5b1f0e3d2c10'
const USER_ID = '7e0f5b2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b'
const OTHER_ID = '11111111-2222-4333-8444-555555555555'

function topic(name: string): ParsedTopic {
  const parsed = parseTopic(name)
  if (!parsed) throw new Error(`expected ${name} to parse`)
  return parsed
}

describe('parseTopic', () => {
  it('knows every topic in the topic table of docs/product-rules.md#live', () => {
    expect(parseTopic('posts')).toEqual({ name: 'posts', kind: 'posts' })
    expect(parseTopic('leaderboard')).toEqual({ name: 'leaderboard', kind: 'leaderboard' })
    expect(parseTopic('stats')).toEqual({ name: 'stats', kind: 'stats' })
    expect(parseTopic('mod')).toEqual({ name: 'mod', kind: 'mod' })
    expect(parseTopic(`post:${POST_ID}`)).toEqual({ name: `post:${POST_ID}`, kind: 'post', id: POST_ID })
    expect(parseTopic(`user:${USER_ID}`)).toEqual({ name: `user:${USER_ID}`, kind: 'user', id: USER_ID })
  })

  it('refuses unknown kinds, ids that are not lowercase UUIDs, and ids on singleton topics', () => {
    for (const name of [
      'comments',
      'post',
      'post:',
      'post:42',
      `post:${POST_ID.toUpperCase()}`,
      `post:${POST_ID}:x`,
      `posts:${POST_ID}`,
      `stats:${POST_ID}`,
      `admin:${USER_ID}`,
      '',
      'user:\n',
    ]) {
      expect(parseTopic(name), name).toBeNull()
    }
  })
})

describe('canSubscribe', () => {
  const member = { id: USER_ID, role: 'member' as const }
  const moderator = { id: OTHER_ID, role: 'moderator' as const }

  it('lets anyone, signed in or not, hold the public topics', () => {
    for (const name of ['posts', 'leaderboard', 'stats', `post:${POST_ID}`]) {
      expect(canSubscribe(topic(name), null), name).toBe(true)
      expect(canSubscribe(topic(name), member), name).toBe(true)
      expect(isPrivateTopic(topic(name)), name).toBe(false)
    }
  })

  it('gives user:<id> to that user only, not to anonymous sockets, other users or moderators', () => {
    const own = topic(`user:${USER_ID}`)
    expect(isPrivateTopic(own)).toBe(true)
    expect(canSubscribe(own, member)).toBe(true)
    expect(canSubscribe(own, null)).toBe(false)
    expect(canSubscribe(own, { id: OTHER_ID, role: 'member' })).toBe(false)
    expect(canSubscribe(own, moderator)).toBe(false)
  })

  it('gives mod to moderators only', () => {
    const mod = topic('mod')
    expect(isPrivateTopic(mod)).toBe(true)
    expect(canSubscribe(mod, moderator)).toBe(true)
    expect(canSubscribe(mod, null)).toBe(false)
    expect(canSubscribe(mod, member)).toBe(false)
    expect(canSubscribe(mod, { id: USER_ID, role: 'contributor' })).toBe(false)
  })
})
