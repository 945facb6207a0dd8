import { type Kysely, type Migration, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './database.ts'
import { migrateToLatest } from './migrate.ts'
import * as initial from './migrations/0001_initial.ts'
import * as community from './migrations/0003_community.ts'
import * as people from './migrations/0004_people.ts'
import * as content from './migrations/0005_content.ts'
import * as voteEffects from './migrations/0007_vote_effects.ts'
import * as dailyRollup from './migrations/0008_daily_rollup_per_statement.ts'
import * as searchWords from './migrations/0009_search_words.ts'
import * as savedCollections from './migrations/0011_saved_collections.ts'
import * as accessTokens from './migrations/0012_access_tokens.ts'
import * as browseFilters from './migrations/0013_browse_filters.ts'
import * as editedAt from './migrations/0014_edited_at.ts'
import * as commentReplies from './migrations/0015_comment_replies.ts'
import * as trendingInputs from './migrations/0016_trending_inputs.ts'
import * as leaderboardSums from './migrations/0017_leaderboard_sums.ts'
import * as postOldSlugs from './migrations/0018_post_old_slugs.ts'
import * as removalNotifications from './migrations/0019_removal_notifications.ts'
import * as postRevisions from './migrations/0020_post_revisions.ts'
import * as mail from './migrations/0022_mail.ts'
import * as secondFactor from './migrations/0024_second_factor.ts'
import * as identities from './migrations/0025_identities.ts'
import * as passkeys from './migrations/0026_passkeys.ts'
import * as exportJobs from './migrations/0027_export_jobs.ts'
import * as webSessions from './migrations/0028_web_sessions.ts'
import { sqlState, TEST_TARGETS, targetTitle } from './test-targets.ts'
import type { TestDatabase } from './testing.ts'

const APP_TABLES = [
  'access_tokens',
  'ad_clicks',
  'ads',
  'applications',
  'blog_views',
  'blogs',
  'categories',
  'collection_posts',
  'collections',
  'comments',
  'email_tokens',
  'export_jobs',
  'identity_pending',
  'identity_states',
  'mail_preferences',
  'mail_queue',
  'moderation_log',
  'notifications',
  'passkey_challenges',
  'passkeys',
  'points_daily',
  'points_ledger',
  'post_command_flags',
  'post_old_slugs',
  'post_revisions',
  'post_views',
  'posts',
  'recovery_codes',
  'saves',
  'search_words',
  'second_factor_challenges',
  'totp_credentials',
  'user_identities',
  'users',
  'vote_effects',
  'votes',
  'web_sessions',
]

async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name`.execute(db)
  return rows.map((row) => row.table_name)
}

let userCounter = 0
async function insertUser(db: Kysely<Database>, username = `user_${++userCounter}`) {
  return db
    .insertInto('users')
    .values({ username, email: `${username.toLowerCase()}@example.com`, password_hash: 'hash' })
    .returning('id')
    .executeTakeFirstOrThrow()
}

async function insertPost(db: Kysely<Database>, authorId: string, title: string, command: string) {
  return db
    .insertInto('posts')
    .values({
      author_id: authorId,
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      command,
      command_key: command,
      description: `<p>${title}</p>`,
      description_text: title,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

function applicationFor(userId: string) {
  return {
    user_id: userId,
    cover_letter: 'I have been writing shell scripts for ten years and would like to share what I know.',
    doc_category: 'Passport',
    document_key: `applications/${userId}.pdf`,
    document_name: 'passport.pdf',
    document_mime: 'application/pdf',
    document_size: 1024,
  }
}

for (const target of TEST_TARGETS) {
  describe.skipIf(target.skipReason !== undefined)(`schema ${targetTitle(target)}`, () => {
    let handle: TestDatabase
    let db: Kysely<Database>

    beforeAll(async () => {
      handle = await target.create()
      db = handle.db
    })
    afterAll(async () => {
      await handle?.close()
    })

    it('creates every app table and the pg_trgm extension', async () => {
      expect(await tableNames(db)).toEqual(APP_TABLES)
      const { rows } = await sql<{ extname: string }>`SELECT extname FROM pg_extension`.execute(db)
      expect(rows.map((row) => row.extname)).toContain('pg_trgm')
    })

    it('treats a second migrateToLatest as a no-op', async () => {
      await migrateToLatest(db)
      const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db)
      expect(rows.map((row) => row.name)).toEqual([
        '0001_initial',
        '0002_read_paths',
        '0003_community',
        '0004_people',
        '0005_content',
        '0006_post_ranks',
        '0007_vote_effects',
        '0008_daily_rollup_per_statement',
        '0009_search_words',
        '0010_precomputed_reads',
        '0011_saved_collections',
        '0012_access_tokens',
        '0013_browse_filters',
        '0014_edited_at',
        '0015_comment_replies',
        '0016_trending_inputs',
        '0017_leaderboard_sums',
        '0018_post_old_slugs',
        '0019_removal_notifications',
        '0020_post_revisions',
        '0021_username_prefix',
        '0022_mail',
        '0023_account_deletion',
        '0024_second_factor',
        '0025_identities',
        '0026_passkeys',
        '0027_export_jobs',
        '0028_web_sessions',
      ])
    })

    it('fills ids, defaults and counters on insert', async () => {
      const user = await db
        .insertInto('users')
        .values({ username: 'Defaults', email: 'defaults@example.com', password_hash: 'hash' })
        .returningAll()
        .executeTakeFirstOrThrow()
      expect(user.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(user).toMatchObject({ role: 'member', points: 0, post_count: 0, token_version: 0, avatar: null })
      expect(user.created_at).toBeInstanceOf(Date)
    })

    it('rejects a username that differs from an existing one only in case', async () => {
      await insertUser(db, 'CaseUser')
      expect(
        await sqlState(
          db
            .insertInto('users')
            .values({ username: 'caseuser', email: 'other@example.com', password_hash: 'hash' })
            .execute(),
        ),
      ).toBe('23505')
    })

    it('rejects a duplicate email and an email with capitals', async () => {
      await insertUser(db, 'mail_owner')
      const again = db
        .insertInto('users')
        .values({ username: 'mail_thief', email: 'mail_owner@example.com', password_hash: 'hash' })
        .execute()
      expect(await sqlState(again)).toBe('23505')
      const capitals = db
        .insertInto('users')
        .values({ username: 'shouty', email: 'Shouty@Example.com', password_hash: 'hash' })
        .execute()
      expect(await sqlState(capitals)).toBe('23514')
    })

    it('rejects an unknown role and negative points', async () => {
      const user = await insertUser(db)
      const role = sql`UPDATE users SET role = 'admin' WHERE id = ${user.id}`.execute(db)
      expect(await sqlState(role)).toBe('23514')
      const points = db.updateTable('users').set({ points: -1 }).where('id', '=', user.id).execute()
      expect(await sqlState(points)).toBe('23514')
    })

    it('rejects a vote value of 2 and a second vote by the same user on the same post', async () => {
      const author = await insertUser(db)
      const voter = await insertUser(db)
      const post = await insertPost(db, author.id, 'Vote target', 'echo vote')
      const two = db.insertInto('votes').values({ user_id: voter.id, post_id: post.id, value: 2 }).execute()
      expect(await sqlState(two)).toBe('23514')
      await db.insertInto('votes').values({ user_id: voter.id, post_id: post.id, value: 1 }).execute()
      const again = db
        .insertInto('votes')
        .values({ user_id: voter.id, post_id: post.id, value: -1 })
        .execute()
      expect(await sqlState(again)).toBe('23505')
    })

    it('rejects negative counters on posts', async () => {
      const author = await insertUser(db)
      const post = await insertPost(db, author.id, 'Counter target', 'echo counter')
      const update = db.updateTable('posts').set({ uplike_count: -1 }).where('id', '=', post.id).execute()
      expect(await sqlState(update)).toBe('23514')
    })

    it('keeps comment text 1–2000 characters unless the comment is a deleted placeholder, which holds none', async () => {
      const author = await insertUser(db)
      const post = await insertPost(db, author.id, 'Reply target', 'echo reply')
      const parent = await db
        .insertInto('comments')
        .values({ post_id: post.id, author_id: author.id, content: 'parent' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db
        .insertInto('comments')
        .values({ post_id: post.id, author_id: author.id, content: 'reply', parent_id: parent.id })
        .execute()
      const emptyLive = db.updateTable('comments').set({ content: '' }).where('id', '=', parent.id).execute()
      expect(await sqlState(emptyLive)).toBe('23514')
      const textKept = db
        .updateTable('comments')
        .set({ deleted_at: new Date() })
        .where('id', '=', parent.id)
        .execute()
      expect(await sqlState(textKept)).toBe('23514')
      await db
        .updateTable('comments')
        .set({ content: '', deleted_at: new Date() })
        .where('id', '=', parent.id)
        .execute()
      const self = sql`UPDATE comments SET parent_id = id WHERE id = ${parent.id}`.execute(db)
      expect(await sqlState(self)).toBe('23514')
      // Removing the placeholder takes its replies with it.
      await db.deleteFrom('comments').where('id', '=', parent.id).execute()
      const left = await db.selectFrom('comments').select('id').where('post_id', '=', post.id).execute()
      expect(left).toEqual([])
    })

    it('accepts the reply and mention notification kinds', async () => {
      const user = await insertUser(db)
      for (const kind of ['reply', 'mention'] as const) {
        await db
          .insertInto('notifications')
          .values({ user_id: user.id, kind, text: kind, link: null })
          .execute()
      }
      const unknown =
        sql`INSERT INTO notifications (user_id, kind, text) VALUES (${user.id}, 'poke', 'x')`.execute(db)
      expect(await sqlState(unknown)).toBe('23514')
    })

    it("keeps a removal's reason of 1–500 characters, and 0019's down() drops removals and the column", async () => {
      const user = await insertUser(db)
      const removal = { user_id: user.id, kind: 'removal' as const, text: 'removed', link: '/guidelines' }
      await db
        .insertInto('notifications')
        .values({ ...removal, reason: 'Spam' })
        .execute()
      await db
        .insertInto('notifications')
        .values({ ...removal, reason: null })
        .execute()
      for (const reason of ['', 'x'.repeat(501)]) {
        expect(
          await sqlState(
            db
              .insertInto('notifications')
              .values({ ...removal, reason })
              .execute(),
          ),
        ).toBe('23514')
      }
      await db.insertInto('notifications').values({ user_id: user.id, kind: 'role', text: 'kept' }).execute()
      const migration: Migration = removalNotifications
      await migration.down?.(db)
      const left = await sql<{
        kind: string
      }>`SELECT kind FROM notifications WHERE user_id = ${user.id}`.execute(db)
      expect(left.rows).toEqual([{ kind: 'role' }])
      await migration.up(db)
      await db
        .insertInto('notifications')
        .values({ ...removal, reason: 'Back' })
        .execute()
    })

    it('rejects a duplicate slug or command_key', async () => {
      const author = await insertUser(db)
      await insertPost(db, author.id, 'Unique title', 'ls -la')
      expect(await sqlState(insertPost(db, author.id, 'Unique title', 'ls -lah'))).toBe('23505')
      expect(await sqlState(insertPost(db, author.id, 'Another title', 'ls -la'))).toBe('23505')
    })

    it("keeps each old slug for one post only, and drops a deleted post's old slugs with it (0018)", async () => {
      const author = await insertUser(db)
      const post = await insertPost(db, author.id, 'Renamed twice', 'echo renamed-twice')
      const other = await insertPost(db, author.id, 'Someone else', 'echo someone-else')
      await db
        .insertInto('post_old_slugs')
        .values([
          { slug: 'first-name', post_id: post.id },
          { slug: 'second-name', post_id: post.id },
        ])
        .execute()
      const taken = db
        .insertInto('post_old_slugs')
        .values({ slug: 'first-name', post_id: other.id })
        .execute()
      expect(await sqlState(taken)).toBe('23505')
      const empty = db.insertInto('post_old_slugs').values({ slug: '', post_id: other.id }).execute()
      expect(await sqlState(empty)).toBe('23514')

      await db.deleteFrom('posts').where('id', '=', post.id).execute()
      const left = await db
        .selectFrom('post_old_slugs')
        .select('slug')
        .where('slug', 'like', '%-name')
        .execute()
      expect(left).toEqual([])
    })

    it("keeps a post's revisions valid, drops them with the post and keeps them past their editor (0020)", async () => {
      const author = await insertUser(db)
      const editor = await insertUser(db)
      const post = await insertPost(db, author.id, 'Revised post', 'echo revised-post')
      const version = {
        post_id: post.id,
        title: 'First title',
        command: 'echo first',
        description: '<p>First text</p>',
        description_text: 'First text',
        replaced_by: editor.id,
      }
      const kept = await db
        .insertInto('post_revisions')
        .values(version)
        .returning(['id', 'change', 'tags', 'replaced_at'])
        .executeTakeFirstOrThrow()
      expect(kept).toMatchObject({ change: 'edit', tags: [] })
      expect(kept.replaced_at).toBeInstanceOf(Date)

      const refused = [
        { ...version, title: '' },
        { ...version, title: 'x'.repeat(101) },
        { ...version, command: '' },
      ]
      for (const values of refused) {
        expect(await sqlState(db.insertInto('post_revisions').values(values).execute())).toBe('23514')
      }
      const badChange =
        sql`INSERT INTO post_revisions (post_id, title, command, description, description_text, change)
        VALUES (${post.id}, 't', 'c', '', '', 'restore')`.execute(db)
      expect(await sqlState(badChange)).toBe('23514')
      const noPost = db
        .insertInto('post_revisions')
        .values({ ...version, post_id: '00000000-0000-4000-8000-000000000000' })
        .execute()
      expect(await sqlState(noPost)).toBe('23503')

      await db.deleteFrom('users').where('id', '=', editor.id).execute()
      const orphaned = await db
        .selectFrom('post_revisions')
        .select('replaced_by')
        .where('id', '=', kept.id)
        .executeTakeFirstOrThrow()
      expect(orphaned.replaced_by).toBeNull()

      await db.deleteFrom('posts').where('id', '=', post.id).execute()
      const left = await db.selectFrom('post_revisions').select('id').where('post_id', '=', post.id).execute()
      expect(left).toEqual([])
    })

    it('allows only one open application per user, and a new one once it is decided', async () => {
      const user = await insertUser(db)
      const first = await db
        .insertInto('applications')
        .values(applicationFor(user.id))
        .returning(['id', 'status'])
        .executeTakeFirstOrThrow()
      expect(first.status).toBe('reviewing')
      expect(await sqlState(db.insertInto('applications').values(applicationFor(user.id)).execute())).toBe(
        '23505',
      )
      await db.updateTable('applications').set({ status: 'rejected' }).where('id', '=', first.id).execute()
      await db.insertInto('applications').values(applicationFor(user.id)).execute()
      const status = sql`UPDATE applications SET status = 'pending' WHERE id = ${first.id}`.execute(db)
      expect(await sqlState(status)).toBe('23514')
    })

    it('rejects an ad slot outside ads1..ads4 and cascades clicks with their ad', async () => {
      const bad = sql`INSERT INTO ads (page, slot, url, ad_image, size)
        VALUES ('Homepage', 'ads5', '#', 'x.png', 'banner')`.execute(db)
      expect(await sqlState(bad)).toBe('23514')
      const ad = await db
        .insertInto('ads')
        .values({ page: 'Homepage', slot: 'ads1', url: '#', ad_image: 'x.png', size: 'banner' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db
        .insertInto('ad_clicks')
        .values({ ad_id: ad.id, page_name: 'Homepage', clicked_at: new Date() })
        .execute()
      await db.deleteFrom('ads').where('id', '=', ad.id).execute()
      const clicks = await db.selectFrom('ad_clicks').where('ad_id', '=', ad.id).select('id').execute()
      expect(clicks).toEqual([])
    })

    it("cascades a user's deletion to their posts, votes, comments, views and ledger", async () => {
      const author = await insertUser(db)
      const voter = await insertUser(db)
      const post = await insertPost(db, author.id, 'Cascade target', 'echo cascade')
      await db.insertInto('votes').values({ user_id: voter.id, post_id: post.id, value: 1 }).execute()
      await db
        .insertInto('comments')
        .values({ post_id: post.id, author_id: voter.id, content: 'Nice' })
        .execute()
      await db
        .insertInto('points_ledger')
        .values({ user_id: author.id, delta: 10, reason: 'post_created', subject_id: post.id })
        .execute()
      await db
        .insertInto('post_views')
        .values({ post_id: post.id, viewer_key: voter.id, bucket: new Date('2026-01-01T10:00:00Z') })
        .execute()

      await db.deleteFrom('users').where('id', '=', author.id).execute()

      const left = await sql<{ n: number }>`
        SELECT (SELECT count(*) FROM posts WHERE id = ${post.id})
          + (SELECT count(*) FROM votes WHERE post_id = ${post.id})
          + (SELECT count(*) FROM comments WHERE post_id = ${post.id})
          + (SELECT count(*) FROM post_views WHERE post_id = ${post.id})
          + (SELECT count(*) FROM points_ledger WHERE user_id = ${author.id}) AS n`.execute(db)
      expect(Number(left.rows[0]?.n)).toBe(0)
    })

    it('cascades a deleted post out of saves and collections, and keeps collection names unique per owner', async () => {
      const owner = await insertUser(db)
      const other = await insertUser(db)
      const post = await insertPost(db, other.id, 'Saved then deleted', 'echo saved-deleted')
      const kept = await insertPost(db, other.id, 'Saved and kept', 'echo saved-kept')
      await db
        .insertInto('saves')
        .values([
          { user_id: owner.id, post_id: post.id },
          { user_id: owner.id, post_id: kept.id },
        ])
        .execute()
      const collection = await db
        .insertInto('collections')
        .values({ owner_id: owner.id, name: 'Keepers', slug: 'keepers' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db
        .insertInto('collection_posts')
        .values([
          { collection_id: collection.id, post_id: post.id, position: 0 },
          { collection_id: collection.id, post_id: kept.id, position: 1 },
        ])
        .execute()
      // Same name in another case: refused for the owner, allowed for someone else.
      const duplicate = db
        .insertInto('collections')
        .values({ owner_id: owner.id, name: 'KEEPERS', slug: 'keepers-2' })
        .execute()
      expect(await sqlState(duplicate)).toBe('23505')
      await db
        .insertInto('collections')
        .values({ owner_id: other.id, name: 'Keepers', slug: 'keepers' })
        .execute()
      expect(
        await sqlState(
          db
            .insertInto('collections')
            .values({ owner_id: other.id, name: 'Bad slug', slug: 'Bad Slug' })
            .execute(),
        ),
      ).toBe('23514')
      expect(
        await sqlState(db.updateTable('posts').set({ saved_count: -1 }).where('id', '=', post.id).execute()),
      ).toBe('23514')

      await db.deleteFrom('posts').where('id', '=', post.id).execute()

      const saves = await db.selectFrom('saves').select('post_id').where('user_id', '=', owner.id).execute()
      expect(saves).toEqual([{ post_id: kept.id }])
      const entries = await db
        .selectFrom('collection_posts')
        .select('post_id')
        .where('collection_id', '=', collection.id)
        .execute()
      expect(entries).toEqual([{ post_id: kept.id }])

      // Deleting the collection takes its entries, never the posts or the saves.
      await db.deleteFrom('collections').where('id', '=', collection.id).execute()
      const left = await sql<{ entries: number; saves: number; posts: number }>`
        SELECT (SELECT count(*)::int FROM collection_posts WHERE collection_id = ${collection.id}) AS entries,
          (SELECT count(*)::int FROM saves WHERE user_id = ${owner.id}) AS saves,
          (SELECT count(*)::int FROM posts WHERE id = ${kept.id}) AS posts`.execute(db)
      expect(left.rows[0]).toEqual({ entries: 0, saves: 1, posts: 1 })
    })

    it('keeps the posts of a deleted category, uncategorised', async () => {
      const author = await insertUser(db)
      const category = await db
        .insertInto('categories')
        .values({ name: 'Doomed', slug: 'doomed' })
        .returning('id')
        .executeTakeFirstOrThrow()
      const post = await insertPost(db, author.id, 'Survivor', 'echo survivor')
      await db.updateTable('posts').set({ category_id: category.id }).where('id', '=', post.id).execute()
      await db.deleteFrom('categories').where('id', '=', category.id).execute()
      const kept = await db.selectFrom('posts').where('id', '=', post.id).select('category_id').execute()
      expect(kept).toEqual([{ category_id: null }])
    })

    it('maintains posts.search from title, command, tags and description text', async () => {
      const author = await insertUser(db)
      const post = await insertPost(db, author.id, 'Inspect sockets quickly', 'ss -s')
      const matches = async (query: string) => {
        const { rows } = await sql<{ id: string }>`
          SELECT id FROM posts
          WHERE id = ${post.id} AND search @@ websearch_to_tsquery('english', ${query})`.execute(db)
        return rows.length === 1
      }
      expect(await matches('sockets')).toBe(true)
      expect(await matches('zebrafish')).toBe(false)
      await db
        .updateTable('posts')
        .set({ description_text: 'Counts zebrafish per tank', tags: ['aquarium'] })
        .where('id', '=', post.id)
        .execute()
      expect(await matches('zebrafish')).toBe(true)
      expect(await matches('aquarium')).toBe(true)
      const { rows } = await sql<{
        weights: string
      }>`SELECT search::text AS weights FROM posts WHERE id = ${post.id}`.execute(db)
      expect(rows[0]?.weights).toMatch(/'socket':\d+A/)
      expect(rows[0]?.weights).toMatch(/'aquarium':\d+B/)
      expect(rows[0]?.weights).toMatch(/'zebrafish':\d+C/)
    })

    it('rolls ledger entries up per user and UTC day, for a many-row insert and a later one', async () => {
      const [first, second] = [await insertUser(db), await insertUser(db)]
      const at = (iso: string) => new Date(iso)
      // One statement, as the vote settler writes a batch: several entries per user and day, and one
      // just before midnight UTC that belongs to the earlier day.
      await db
        .insertInto('points_ledger')
        .values([
          { user_id: first.id, delta: 10, reason: 'upvote_received', created_at: at('2026-03-01T08:00:00Z') },
          { user_id: second.id, delta: 15, reason: 'post_created', created_at: at('2026-03-01T09:00:00Z') },
          {
            user_id: first.id,
            delta: -2,
            reason: 'downvote_received',
            created_at: at('2026-03-01T23:59:59Z'),
          },
          { user_id: first.id, delta: 1, reason: 'upvote_received', created_at: at('2026-03-02T00:00:00Z') },
          { user_id: first.id, delta: 5, reason: 'upvote_received', created_at: at('2026-03-02T10:00:00Z') },
        ])
        .execute()
      // A later statement adds to a day that already has a row.
      await db
        .insertInto('points_ledger')
        .values({
          user_id: first.id,
          delta: 3,
          reason: 'upvote_received',
          created_at: at('2026-03-01T12:00:00Z'),
        })
        .execute()
      const rows = await db
        .selectFrom('points_daily')
        .select(['user_id', sql<string>`day::text`.as('day'), 'delta'])
        .where('user_id', 'in', [first.id, second.id])
        .orderBy('user_id')
        .orderBy('day')
        .execute()
      const expected = [
        { user_id: first.id, day: '2026-03-01', delta: 11 },
        { user_id: first.id, day: '2026-03-02', delta: 6 },
        { user_id: second.id, day: '2026-03-01', delta: 15 },
      ].sort((a, b) =>
        a.user_id === b.user_id ? a.day.localeCompare(b.day) : a.user_id < b.user_id ? -1 : 1,
      )
      expect(rows).toEqual(expected)
    })

    it("keeps every trending input in counters.post_ranks, and 0016's down() and up() round-trip it", async () => {
      const author = await db
        .insertInto('users')
        .values({ username: 'RankedAuthor', email: 'ranked@example.com', password_hash: 'hash' })
        .returning('id')
        .executeTakeFirstOrThrow()
      const post = await insertPost(db, author.id, 'Ranked inputs', 'ls -la /ranked')
      const ranks = async () => {
        const { rows } = await sql<Record<string, number>>`
          SELECT uplike_count, downlike_count, comments_count, view_count
          FROM counters.post_ranks WHERE post_id = ${post.id}`.execute(db)
        return rows[0]
      }
      const counts = { uplike_count: 0, downlike_count: 0, comments_count: 0, view_count: 0 }
      expect(await ranks()).toEqual(counts)
      // A vote, a comment or a view changes one counter at a time; each reaches the copy.
      for (const [column, value] of [
        ['downlike_count', 3],
        ['comments_count', 2],
        ['uplike_count', 7],
        ['view_count', 40],
      ] as const) {
        await db
          .updateTable('posts')
          .set({ [column]: value })
          .where('id', '=', post.id)
          .execute()
        counts[column] = value
        expect(await ranks()).toEqual(counts)
      }

      // Through the Migration interface, as the Migrator calls it (its methods take any Kysely).
      const migration: Migration = trendingInputs
      await migration.down?.(db)
      const { rows: columns } = await sql<{ column_name: string }>`
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = 'counters' AND table_name = 'post_ranks' ORDER BY column_name`.execute(db)
      expect(columns.map((row) => row.column_name)).toEqual([
        'category_id',
        'created_at',
        'post_id',
        'uplike_count',
        'view_count',
      ])
      await db
        .updateTable('posts')
        .set({ uplike_count: 8, downlike_count: 4 })
        .where('id', '=', post.id)
        .execute()
      await migration.up(db)
      expect(await ranks()).toEqual({ ...counts, uplike_count: 8, downlike_count: 4 })
    })

    it("keeps the leaderboard's window sums and points totals (0017), and down() and up() round-trip them", async () => {
      const a = await insertUser(db)
      const b = await insertUser(db)
      const ids = [a.id, b.id]
      const day = 86_400_000
      const earn = (userId: string, delta: number, daysAgo: number) =>
        db
          .insertInto('points_ledger')
          .values({
            user_id: userId,
            delta,
            reason: 'adjustment',
            subject_id: null,
            actor_id: null,
            created_at: new Date(Date.now() - daysAgo * day),
          })
          .execute()
      const gains = async () => {
        const { rows } = await sql<{ user_id: string; week: number; month: number }>`
          SELECT user_id, week, month FROM counters.window_gains WHERE user_id = ANY(${ids}::uuid[])
          ORDER BY user_id`.execute(db)
        return Object.fromEntries(rows.map((row) => [row.user_id, [row.week, row.month]]))
      }
      // The windows are the last 7 and 30 UTC days, today included: 6 days ago is in the week, 7 is not.
      await earn(a.id, 10, 0)
      await earn(a.id, 5, 6)
      await earn(a.id, 7, 7)
      await earn(a.id, 20, 29)
      await earn(a.id, 100, 30)
      await earn(b.id, -3, 1)
      const expected = { [a.id]: [15, 42], [b.id]: [-3, -3] }
      expect(await gains()).toEqual(expected)

      // A new day: the first reader rebuilds the sums from the daily rollup, once.
      await sql`UPDATE counters.window_gains SET week = 999 WHERE user_id = ${a.id}`.execute(db)
      await sql`SELECT counters.window_gains_current()`.execute(db)
      expect((await gains())[a.id]).toEqual([999, 42])
      await sql`UPDATE counters.window_gains_day SET day = day - 1`.execute(db)
      await sql`SELECT counters.window_gains_current()`.execute(db)
      expect(await gains()).toEqual(expected)

      // The totals follow every insert, update and delete of users, as a recount over users gives them.
      const totals = async () => {
        const { rows } = await sql<Record<string, string>>`
          SELECT t.active, t.experts, t.total,
            r.active AS recount_active, r.experts AS recount_experts, r.total AS recount_total
          FROM counters.points_totals t, (SELECT count(*) FILTER (WHERE points > 0) AS active,
            count(*) FILTER (WHERE points >= 1000) AS experts, coalesce(sum(points), 0) AS total FROM users) r`.execute(
          db,
        )
        const row = rows[0] ?? {}
        expect([row.active, row.experts, row.total]).toEqual([
          row.recount_active,
          row.recount_experts,
          row.recount_total,
        ])
        return { active: Number(row.active), experts: Number(row.experts), total: Number(row.total) }
      }
      const { active, experts, total } = await totals()
      const expert = await db
        .insertInto('users')
        .values({
          username: 'TotalsExpert',
          email: 'totals@example.com',
          password_hash: 'hash',
          points: 1500,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      expect(await totals()).toEqual({ active: active + 1, experts: experts + 1, total: total + 1500 })
      await db.updateTable('users').set({ points: 40 }).where('id', 'in', [expert.id, a.id]).execute()
      expect(await totals()).toEqual({ active: active + 2, experts, total: total + 80 })
      await db.updateTable('users').set({ avatar: 'no-points-moved.png' }).where('id', '=', b.id).execute()
      expect(await totals()).toEqual({ active: active + 2, experts, total: total + 80 })
      await db.deleteFrom('users').where('id', '=', expert.id).execute()
      expect(await totals()).toEqual({ active: active + 1, experts, total: total + 40 })

      // A deleted user's sums go with their ledger.
      await db.deleteFrom('users').where('id', '=', b.id).execute()
      expect(await gains()).toEqual({ [a.id]: [15, 42] })

      const migration: Migration = leaderboardSums
      await migration.down?.(db)
      const { rows: left } = await sql<{ table_name: string }>`
        SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'counters' AND table_name IN ('window_gains', 'window_gains_day', 'points_totals')`.execute(
        db,
      )
      expect(left).toEqual([])
      await earn(a.id, 1, 0)
      await migration.up(db)
      expect(await gains()).toEqual({ [a.id]: [16, 43] })
      await totals()
    })

    it('down() removes every app table and up() restores them, latest first', async () => {
      // Through the Migration interface, as the Migrator calls it (its methods take any Kysely).
      // Later migrations reference the first one's tables, so they go first and come back last.
      const migrations: Migration[] = [
        initial,
        community,
        people,
        content,
        voteEffects,
        dailyRollup,
        searchWords,
        savedCollections,
        accessTokens,
        browseFilters,
        editedAt,
        commentReplies,
        postOldSlugs,
        removalNotifications,
        postRevisions,
        mail,
        secondFactor,
        identities,
        passkeys,
        exportJobs,
        webSessions,
      ]
      for (const migration of [...migrations].reverse()) await migration.down?.(db)
      expect(await tableNames(db)).toEqual([])
      for (const migration of migrations) await migration.up(db)
      expect(await tableNames(db)).toEqual(APP_TABLES)
    })
  })
}
