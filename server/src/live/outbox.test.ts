import type { Database } from '@bashboard/db'
import { createTestDatabase, type TestDatabase } from '@bashboard/db/testing'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Bus, type BusMessage, createMemoryBus, type LiveLogger } from './bus.ts'
import { createLiveHub, type Hub } from './hub.ts'
import { withTransaction } from './outbox.ts'

const POST_ID = '0b6a3c1e-1f0d-4c9a-9a57-5b1f0e3d2c10'

let testDb: TestDatabase
let db: Kysely<Database>
beforeAll(async () => {
  testDb = await createTestDatabase()
  db = testDb.db
})
afterAll(async () => {
  await testDb?.close()
})

function recordingHub(bus: Bus = createMemoryBus()): { hub: Hub; published: BusMessage[]; errors: string[] } {
  const errors: string[] = []
  const log: LiveLogger = {
    debug() {},
    info() {},
    warn: (_obj, msg) => errors.push(msg ?? ''),
    error: (_obj, msg) => errors.push(msg ?? ''),
  }
  const published: BusMessage[] = []
  bus.subscribe({ message: (message) => published.push(message), resumed: () => {} })
  return { hub: createLiveHub({ bus, log }), published, errors }
}

const countCategories = async (slug: string) =>
  Number(
    (
      await db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('withTransaction', () => {
  it('publishes the queued events after commit, in the order they were queued', async () => {
    const { hub, published } = recordingHub()
    let seenInside = -1
    const result = await withTransaction({ db, live: hub }, async (trx, outbox) => {
      await trx.insertInto('categories').values({ name: 'Networking', slug: 'networking' }).execute()
      outbox.publish(`post:${POST_ID}`, 'post.views', { postId: POST_ID, viewCount: 1 })
      outbox.publish('posts', 'post.deleted', { postId: POST_ID })
      outbox.publish(`post:${POST_ID}`, 'post.views', { postId: POST_ID, viewCount: 2 })
      seenInside = published.length
      return 'done'
    })
    expect(result).toBe('done')
    expect(seenInside).toBe(0)
    expect(published.map((message) => [message.topic, message.event])).toEqual([
      [`post:${POST_ID}`, 'post.views'],
      ['posts', 'post.deleted'],
      [`post:${POST_ID}`, 'post.views'],
    ])
    await hub.close()
  })

  it('publishes nothing and rethrows when the transaction rolls back', async () => {
    const { hub, published } = recordingHub()
    await expect(
      withTransaction({ db, live: hub }, async (trx, outbox) => {
        await trx.insertInto('categories').values({ name: 'Rolled back', slug: 'rolled-back' }).execute()
        outbox.publish('posts', 'post.deleted', { postId: POST_ID })
        throw new Error('conflict')
      }),
    ).rejects.toThrow('conflict')
    expect(await countCategories('rolled-back')).toBe(0)
    expect(published).toEqual([])
    await hub.close()
  })

  it('evaluates payload thunks after commit, so they read the committed rows', async () => {
    const { hub, published } = recordingHub()
    await withTransaction({ db, live: hub }, async (trx, outbox) => {
      await trx.insertInto('categories').values({ name: 'Files', slug: 'files' }).execute()
      outbox.publish(`post:${POST_ID}`, 'post.views', async () => ({
        postId: POST_ID,
        // Read outside the transaction: only a committed row is visible here.
        viewCount: await countCategories('files'),
      }))
    })
    expect(JSON.parse(published[0]?.frame ?? '{}').data).toEqual({ postId: POST_ID, viewCount: 1 })
    await hub.close()
  })

  it('skips an event whose thunk fails, still publishes the others and returns the result', async () => {
    const { hub, published, errors } = recordingHub()
    const result = await withTransaction({ db, live: hub }, async (_trx, outbox) => {
      outbox.publish('posts', 'post.deleted', () => {
        throw new Error('presenter broke')
      })
      outbox.publish('posts', 'post.deleted', { postId: POST_ID })
      return 42
    })
    expect(result).toBe(42)
    expect(published).toHaveLength(1)
    expect(errors).toEqual(['live event payload failed; event skipped'])
    await hub.close()
  })

  it('returns the result when the bus cannot publish, logging the dropped events', async () => {
    const failing = createMemoryBus()
    failing.publish = async () => {
      throw new Error('redis is down')
    }
    const { hub, errors } = recordingHub(failing)
    const result = await withTransaction({ db, live: hub }, async (trx, outbox) => {
      await trx.insertInto('categories').values({ name: 'Kept', slug: 'kept' }).execute()
      outbox.publish('posts', 'post.deleted', { postId: POST_ID })
      return 'saved'
    })
    expect(result).toBe('saved')
    expect(await countCategories('kept')).toBe(1)
    expect(errors).toEqual(['live event dropped'])
    await hub.close()
  })
})
