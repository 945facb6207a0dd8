import { type Kysely, type Migration, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './database.ts'
import * as searchWords from './migrations/0009_search_words.ts'
import { TEST_TARGETS, targetTitle } from './test-targets.ts'
import type { TestDatabase } from './testing.ts'

/** The vocabulary as stored, word → posts containing it. */
async function vocabulary(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom('search_words').select(['word', 'doc_count']).orderBy('word').execute()
  return Object.fromEntries(rows.map((row) => [row.word, row.doc_count]))
}

/** The vocabulary recounted from the posts: what the triggers must keep it equal to. */
async function recounted(db: Kysely<Database>): Promise<Record<string, number>> {
  const { rows } = await sql<{ word: string; n: number }>`
    SELECT w AS word, count(*)::int AS n
    FROM posts, unnest(tsvector_to_array(
      to_tsvector('simple', title) || to_tsvector('simple', command)
      || to_tsvector('simple', coalesce(array_to_string(tags, ' '), ''))
    )) AS w
    GROUP BY w ORDER BY w`.execute(db)
  return Object.fromEntries(rows.map((row) => [row.word, row.n]))
}

for (const target of TEST_TARGETS) {
  describe.skipIf(target.skipReason !== undefined)(`search vocabulary ${targetTitle(target)}`, () => {
    let handle: TestDatabase
    let db: Kysely<Database>
    let authorId: string

    beforeAll(async () => {
      handle = await target.create()
      db = handle.db
      const author = await db
        .insertInto('users')
        .values({ username: 'vocab_author', email: 'vocab@example.com', password_hash: 'hash' })
        .returning('id')
        .executeTakeFirstOrThrow()
      authorId = author.id
    })
    afterAll(async () => {
      await handle?.close()
    })

    const post = (n: number, title: string, command: string, tags: string[] = []) => ({
      author_id: authorId,
      title,
      slug: `vocab-${n}`,
      command,
      command_key: `${command} #${n}`,
      description: '<p>Not in the vocabulary: descriptionword</p>',
      description_text: 'Not in the vocabulary: descriptionword',
      tags,
    })

    it('splits commands into the words the search uses, and counts the posts of each', async () => {
      await db
        .insertInto('posts')
        .values([
          post(1, 'Follow Docker logs', 'docker-compose logs -f --tail=100 2>&1', ['docker']),
          post(2, 'Fix permissions', 'chmod -R 755 /var/log', ['permissions']),
          post(3, 'Grep recursively', 'grep --recursive "pattern" .'),
        ])
        .execute()
      const words = await vocabulary(db)
      expect(words).toMatchObject({
        docker: 1,
        'docker-compose': 1,
        compose: 1,
        logs: 1,
        tail: 1,
        '100': 1,
        '2': 1,
        '1': 1,
        r: 1,
        '/var/log': 1,
        recursive: 1,
        recursively: 1,
        permissions: 1,
        fix: 1,
        f: 1,
      })
      // Lower case, and the description is not part of it.
      expect(words).not.toHaveProperty('Docker')
      expect(words).not.toHaveProperty('descriptionword')
      expect(words).toEqual(await recounted(db))
    })

    it('follows a batch insert, an edit, a vote and deletes, dropping words no post has any more', async () => {
      await db
        .insertInto('posts')
        .values(
          Array.from({ length: 30 }, (_, i) => post(100 + i, `Batch post ${i % 3}`, `echo batch-${i % 3}`)),
        )
        .execute()
      expect(await vocabulary(db)).toMatchObject({ batch: 30, post: 30, echo: 30, '0': 10 })

      const edited = await db
        .selectFrom('posts')
        .select('id')
        .where('slug', '=', 'vocab-2')
        .executeTakeFirstOrThrow()
      await db
        .updateTable('posts')
        .set({ title: 'Fix ownership', command: 'chown -R www-data /srv/www', tags: ['ownership'] })
        .where('id', '=', edited.id)
        .execute()
      // A vote or a view touches no word: the row trigger is limited to the word columns.
      await db
        .updateTable('posts')
        .set({ uplike_count: 3, view_count: 40 })
        .where('id', '=', edited.id)
        .execute()
      let words = await vocabulary(db)
      expect(words).not.toHaveProperty('chmod')
      expect(words).not.toHaveProperty('permissions')
      expect(words).toMatchObject({ chown: 1, ownership: 1, 'www-data': 1, fix: 1, r: 1 })
      expect(words).toEqual(await recounted(db))

      await db.deleteFrom('posts').where('title', '=', 'Batch post 1').execute()
      await db.deleteFrom('posts').where('slug', '=', 'vocab-3').execute()
      words = await vocabulary(db)
      // '1' stays for the `2>&1` of the first post; 'batch-1' had only the deleted posts.
      expect(words).toMatchObject({ batch: 20, echo: 20, '1': 1 })
      expect(words).not.toHaveProperty('batch-1')
      expect(words).not.toHaveProperty('grep')
      expect(words).toEqual(await recounted(db))
      const { rows } = await sql<{
        n: string
      }>`SELECT count(*) AS n FROM search_words WHERE doc_count <= 0`.execute(db)
      expect(Number(rows[0]?.n)).toBe(0)
    })

    it('empties with a truncate of posts, and a new migration run backfills it from the posts', async () => {
      const before = await vocabulary(db)
      expect(Object.keys(before).length).toBeGreaterThan(0)
      // Down and up again, as on a database whose posts predate the vocabulary.
      // Through the Migration interface, as the Migrator calls it (its methods take any Kysely).
      const migration: Migration = searchWords
      await migration.down?.(db)
      await migration.up(db)
      expect(await vocabulary(db)).toEqual(before)
      await db
        .transaction()
        .execute(async (trx) => {
          await sql`TRUNCATE posts CASCADE`.execute(trx)
          expect(await vocabulary(trx)).toEqual({})
          throw new RollbackSignal()
        })
        .catch((error: unknown) => {
          if (!(error instanceof RollbackSignal)) throw error
        })
      expect(await vocabulary(db)).toEqual(before)
    })

    it('finds the nearest words of a typo through the trigram index', async () => {
      const { rows } = await sql<{ word: string }>`
        SELECT word FROM search_words WHERE similarity(word, 'ownrship') >= 0.25
        ORDER BY similarity(word, 'ownrship') DESC LIMIT 1`.execute(db)
      expect(rows.map((row) => row.word)).toEqual(['ownership'])
      const { rows: indexes } = await sql<{ indexdef: string }>`
        SELECT indexdef FROM pg_indexes WHERE tablename = 'search_words'`.execute(db)
      expect(indexes.map((row) => row.indexdef).join('\n')).toMatch(/USING gin \(word gin_trgm_ops\)/)
    })
  })
}

/** Thrown to roll a test transaction back. */
class RollbackSignal extends Error {}
