import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { recordEvents } from '../../../test/events.ts'
import { createPost, createUser, createUsers, headersFor, type TestUser } from '../../../test/factories.ts'
import type { LiveModActivity } from '../../contract/live.ts'
import type { ModActivityResponse } from '../../contract/moderation.ts'
import {
  MODERATION_ACTION_LABELS,
  type ModerationAction,
  moderationActionLabel,
} from '../../contract/moderation-actions.ts'

/*
 * A moderator's action reaches the console's activity stream in words ("Accepted application: …"),
 * never as the audit log's `domain.verb` name: live, as it happens, and in the history the console
 * loads first, for every action the audit log knows.
 */

const ACTIONS = Object.keys(MODERATION_ACTION_LABELS) as ModerationAction[]
/** Any audit name, `domain.verb`, as it would read if it leaked. */
const RAW_NAME = new RegExp(ACTIONS.map((action) => action.replace('.', '\\.')).join('|'))

let t: TestApp
let moderator: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  ;[moderator] = await createUsers(t.db, 'moderator')
})
afterAll(async () => {
  await t?.close()
})

function request(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: headersFor(t.app, moderator), ...(payload ? { payload } : {}) })
}

describe('moderation action labels', () => {
  it.each(ACTIONS)('%s has a label in words', (action) => {
    const label = moderationActionLabel(action)
    expect(label).toBe(MODERATION_ACTION_LABELS[action])
    expect(label).toMatch(/^[A-Z][a-z]+( [a-z]+)+$/)
    expect(label).not.toMatch(RAW_NAME)
  })

  it('reads a name this build does not write as words too', () => {
    expect(moderationActionLabel('post.restored')).toBe('Post restored')
    expect(moderationActionLabel('user_badge.revoked')).toBe('User badge revoked')
  })
})

describe('the activity stream', () => {
  it('publishes what a moderator did in words', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const post = await createPost(t.db, { authorId: author.id, title: 'Spam spam spam' })
    const member = await createUser(t.db, { username: 'label_member' })
    const { events, stop } = recordEvents(t.bus)
    expect(
      (await request('PUT', `/api/mod/users/${member.id}/role`, { role: 'contributor', reason: 'Helpful' }))
        .statusCode,
    ).toBe(200)
    expect((await request('DELETE', `/api/mod/posts/${post.id}`, { reason: 'Spam' })).statusCode).toBe(200)
    stop()
    const titles = events
      .filter((e) => e.topic === 'mod' && e.event === 'activity')
      .map((e) => (e.data as unknown as LiveModActivity).subject.title)
    expect(titles).toEqual([
      'Changed role: label_member: member → contributor',
      'Deleted post: Spam spam spam',
    ])
  })

  it('loads every action of the audit log in words, none by its name', async () => {
    await t.db
      .insertInto('moderation_log')
      .values(
        ACTIONS.map((action) => ({
          moderator_id: moderator.id,
          moderator_name: moderator.username,
          action,
          subject_type: 'post' as const,
          subject_id: null,
          subject_title: `subject of ${action.replace('.', ' ')}`,
        })),
      )
      .execute()
    const res = await request('GET', '/api/mod/activity?limit=200')
    expect(res.statusCode).toBe(200)
    const items = (res.json() as ModActivityResponse).items.filter((item) => item.kind === 'moderation')
    const titles = items.map((item) => item.subject.title)
    for (const action of ACTIONS)
      expect(titles).toContain(`${MODERATION_ACTION_LABELS[action]}: subject of ${action.replace('.', ' ')}`)
    expect(titles.filter((title) => RAW_NAME.test(title))).toEqual([])
  })
})
