import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './database.ts'
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemoData, wipeDatabase } from './seed/index.ts'
import { TEST_TARGETS, targetTitle } from './test-targets.ts'
import type { TestDatabase } from './testing.ts'

/** A stand-in for argon2 that is fast and lets the test check which password was hashed. */
const fakeHash = (plain: string) => `sha256:${createHash('sha256').update(plain).digest('hex')}`

const DESCRIPTION_TAGS = new Set(['p', 'strong', 'em', 'code', 'ul', 'li', 'pre', 'a'])
const BLOG_TAGS = new Set(['h2', 'p', 'ul', 'li', 'pre', 'code', 'strong', 'em', 'a'])

function tagsUsed(html: string): Set<string> {
  return new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((match) => match[1] ?? ''))
}

async function count(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

for (const target of TEST_TARGETS) {
  describe.skipIf(target.skipReason !== undefined)(`demo seed ${targetTitle(target)}`, () => {
    let handle: TestDatabase
    let db: Kysely<Database>
    const hashed: string[] = []

    beforeAll(async () => {
      handle = await target.create()
      db = handle.db
      expect(await isDatabaseEmpty(db)).toBe(true)
      await seedDemoData(db, {
        hashPassword: async (plain) => {
          hashed.push(plain)
          return fakeHash(plain)
        },
      })
    })
    afterAll(async () => {
      await handle?.close()
    })

    it('creates the three demo accounts with their roles and hashed passwords', async () => {
      for (const account of DEMO_ACCOUNTS) {
        const user = await db
          .selectFrom('users')
          .where('username', '=', account.username)
          .select(['email', 'role', 'password_hash'])
          .executeTakeFirstOrThrow()
        expect(user).toEqual({
          email: account.email,
          role: account.role,
          password_hash: fakeHash(account.password),
        })
      }
      expect(DEMO_ACCOUNTS.map((account) => account.role)).toEqual(['member', 'contributor', 'moderator'])
    })

    it('hashes each distinct password once and gives community users an unpublished one', async () => {
      expect(hashed).toHaveLength(new Set(hashed).size)
      expect(hashed).toHaveLength(DEMO_ACCOUNTS.length + 1)
      const community = await db
        .selectFrom('users')
        .where(
          'username',
          'not in',
          DEMO_ACCOUNTS.map((account) => account.username),
        )
        .select(['username', 'password_hash'])
        .execute()
      expect(community.length).toBeGreaterThanOrEqual(8)
      const published = new Set(DEMO_ACCOUNTS.map((account) => fakeHash(account.password)))
      for (const user of community) expect(published.has(user.password_hash)).toBe(false)
    })

    it('keeps every post counter equal to a recount of its rows', async () => {
      const { rows } = await sql<{ id: string }>`
        SELECT p.id FROM posts p
        WHERE p.uplike_count <> (SELECT count(*) FROM votes v WHERE v.post_id = p.id AND v.value = 1)
           OR p.downlike_count <> (SELECT count(*) FROM votes v WHERE v.post_id = p.id AND v.value = -1)
           OR p.comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id)
           OR p.saved_count <> (SELECT count(*) FROM saves s WHERE s.post_id = p.id)
           OR p.view_count < (SELECT count(*) FROM post_views w WHERE w.post_id = p.id)`.execute(db)
      expect(rows).toEqual([])
      const totals = await db
        .selectFrom('posts')
        .select((eb) => [
          eb.fn.sum<string>('uplike_count').as('up'),
          eb.fn.sum<string>('downlike_count').as('down'),
          eb.fn.sum<string>('comments_count').as('comments'),
        ])
        .executeTakeFirstOrThrow()
      expect(Number(totals.up)).toBeGreaterThan(100)
      expect(Number(totals.down)).toBeGreaterThan(0)
      expect(Number(totals.comments)).toBeGreaterThanOrEqual(40)
    })

    it("seeds a public collection of other people's commands, in order, each saved by its owner", async () => {
      const collection = await db
        .selectFrom('collections as c')
        .innerJoin('users as u', 'u.id', 'c.owner_id')
        .select(['c.id', 'c.slug', 'c.public', 'c.created_at', 'u.id as owner_id', 'u.username'])
        .executeTakeFirstOrThrow()
      // The README's terminal example opens /c/kernel_kate/server-first-aid.
      expect(collection).toMatchObject({ username: 'kernel_kate', slug: 'server-first-aid', public: true })
      const posts = await db
        .selectFrom('collection_posts as cp')
        .innerJoin('posts as p', 'p.id', 'cp.post_id')
        .leftJoin('saves as s', (join) =>
          join.onRef('s.post_id', '=', 'p.id').on('s.user_id', '=', collection.owner_id),
        )
        .select(['p.title', 'p.created_at', 's.user_id as saved_by'])
        .where('cp.collection_id', '=', collection.id)
        .orderBy('cp.position')
        .execute()
      expect(posts.map((post) => post.title)).toEqual([
        'List failed systemd services',
        "Follow a systemd service's logs",
        'Disk space per filesystem, without the noise',
        'Find deleted files that still hold disk space',
        'Memory usage at a glance',
        'List every listening TCP and UDP port with its process',
      ])
      for (const post of posts) {
        expect(post.saved_by).toBe(collection.owner_id)
        expect(post.created_at.getTime()).toBeLessThan(collection.created_at.getTime())
      }
      expect(await count(db, 'saves')).toBe(posts.length)
    })

    it('keeps category and user post counts equal to recounts', async () => {
      const categories = await sql<{ id: string }>`
        SELECT c.id FROM categories c
        WHERE c.post_count <> (SELECT count(*) FROM posts p WHERE p.category_id = c.id)`.execute(db)
      expect(categories.rows).toEqual([])
      const users = await sql<{ id: string }>`
        SELECT u.id FROM users u
        WHERE u.post_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id)`.execute(db)
      expect(users.rows).toEqual([])
    })

    it('sets points to max(0, ledger sum): +10 per post, +2 per upvote, -1 per downvote', async () => {
      const mismatched = await sql<{ id: string }>`
        SELECT u.id FROM users u
        WHERE u.points <> greatest(0, (
          SELECT coalesce(sum(delta), 0) FROM points_ledger l WHERE l.user_id = u.id
        ))`.execute(db)
      expect(mismatched.rows).toEqual([])
      const expected = await sql<{ id: string }>`
        SELECT u.id FROM users u
        WHERE (SELECT coalesce(sum(delta), 0) FROM points_ledger l WHERE l.user_id = u.id) <>
          10 * (SELECT count(*) FROM posts p WHERE p.author_id = u.id)
          + 2 * (SELECT count(*) FROM votes v JOIN posts p ON p.id = v.post_id
                 WHERE p.author_id = u.id AND v.value = 1)
          - (SELECT count(*) FROM votes v JOIN posts p ON p.id = v.post_id
             WHERE p.author_id = u.id AND v.value = -1)`.execute(db)
      expect(expected.rows).toEqual([])
    })

    it('dates ledger entries so the weekly and monthly boards have several users', async () => {
      const gainers = async (days: number) => {
        const { rows } = await sql<{ user_id: string }>`
          SELECT user_id FROM points_ledger
          WHERE created_at >= now() - make_interval(days => ${days})
          GROUP BY user_id HAVING sum(delta) > 0`.execute(db)
        return rows.length
      }
      expect(await gainers(7)).toBeGreaterThanOrEqual(3)
      expect(await gainers(30)).toBeGreaterThanOrEqual(5)
    })

    it('never dates a vote or comment before its post or its author joined, or in the future', async () => {
      const { rows } = await sql<{ kind: string }>`
        SELECT 'vote' AS kind FROM votes v JOIN posts p ON p.id = v.post_id JOIN users u ON u.id = v.user_id
          WHERE v.created_at < p.created_at OR v.created_at < u.created_at OR v.created_at > now()
        UNION ALL
        SELECT 'comment' FROM comments c JOIN posts p ON p.id = c.post_id JOIN users u ON u.id = c.author_id
          WHERE c.created_at < p.created_at OR c.created_at < u.created_at OR c.created_at > now()
        UNION ALL
        SELECT 'post' FROM posts p JOIN users u ON u.id = p.author_id
          WHERE p.created_at < u.created_at OR p.created_at > now()
             OR p.created_at < now() - interval '61 days'`.execute(db)
      expect(rows).toEqual([])
    })

    it('seeds categories with descriptions, each holding posts by contributors or moderators', async () => {
      const categories = await db
        .selectFrom('categories')
        .select(['name', 'description', 'post_count'])
        .execute()
      expect(categories.length).toBeGreaterThanOrEqual(10)
      for (const category of categories) {
        expect(category.description.length).toBeGreaterThan(20)
        expect(category.post_count).toBeGreaterThanOrEqual(3)
      }
      const { rows } = await sql<{ role: string }>`
        SELECT DISTINCT u.role FROM posts p JOIN users u ON u.id = p.author_id`.execute(db)
      expect(rows.map((row) => row.role).sort()).toEqual(['contributor', 'moderator'])
    })

    it('seeds commands with allowed description HTML, plain text and tags from the pipeline', async () => {
      const posts = await db
        .selectFrom('posts')
        .select(['title', 'slug', 'command', 'command_key', 'description', 'description_text', 'tags'])
        .execute()
      expect(posts.length).toBeGreaterThanOrEqual(62)
      for (const post of posts) {
        expect(post.title.length).toBeLessThanOrEqual(100)
        expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        expect(post.command_key).toBe(post.command.trim().replace(/\s+/g, ' '))
        for (const tag of tagsUsed(post.description)) expect(DESCRIPTION_TAGS, post.title).toContain(tag)
        expect(post.description_text).not.toMatch(
          /<\/?(p|strong|em|code|ul|li|pre|a)\b[^>]*>|&(amp|lt|gt|quot);/,
        )
        expect(post.description_text.length).toBeGreaterThanOrEqual(10)
        expect(post.tags.length).toBeGreaterThanOrEqual(1)
        expect(post.tags.length).toBeLessThanOrEqual(5)
        for (const tag of post.tags) {
          expect(['sudo', 'env']).not.toContain(tag)
          expect(post.command, post.title).toContain(tag)
        }
      }
      const comments = await db.selectFrom('comments').select('content').execute()
      expect(new Set(comments.map((comment) => comment.content)).size).toBe(comments.length)
    })

    it('seeds at least 8 published articles and a draft, 300 to 900 words of article HTML each', async () => {
      const blogs = await db
        .selectFrom('blogs')
        .select([
          'slug',
          'title',
          'content',
          'metadescription',
          'author_id',
          'author_name',
          'image',
          'status',
          'published_at',
        ])
        .execute()
      expect(blogs.filter((blog) => blog.status === 'published').length).toBeGreaterThanOrEqual(8)
      expect(blogs.filter((blog) => blog.status === 'draft')).toHaveLength(1)
      for (const blog of blogs) {
        const words = blog.content
          .replace(/<[^>]*>/g, ' ')
          .split(/\s+/)
          .filter(Boolean).length
        expect(words, blog.slug).toBeGreaterThanOrEqual(300)
        expect(words, blog.slug).toBeLessThanOrEqual(900)
        for (const tag of tagsUsed(blog.content)) expect(BLOG_TAGS, blog.slug).toContain(tag)
        expect(blog.content).toContain('<h2>')
        expect(blog.metadescription.length).toBeGreaterThan(50)
        expect(blog.metadescription.length).toBeLessThanOrEqual(160)
        expect(blog.author_id).not.toBeNull()
        // Each article has its bundled cover.
        expect(blog.image).toBe(`/blog-covers/${blog.slug}.png`)
        const cover = fileURLToPath(new URL(`../../web/public${blog.image}`, import.meta.url))
        expect(existsSync(cover), blog.slug).toBe(true)
        // The public list orders by publication date; a draft has none.
        if (blog.status === 'published') expect(blog.published_at, blog.slug).toBeInstanceOf(Date)
        else expect(blog.published_at).toBeNull()
      }
    })

    it('seeds an active house ad in every slot of every page, with a bundled image and a site link', async () => {
      const ads = await db.selectFrom('ads').selectAll().orderBy('created_at').execute()
      const pages = ['Homepage', 'BrowsePage', 'Leaderboard', 'PostDetails', 'Blog']
      for (const page of pages) {
        const slots = [...new Set(ads.filter((ad) => ad.page === page).map((ad) => `${ad.slot}:${ad.size}`))]
        expect(slots.sort(), page).toEqual(['ads1:banner', 'ads2:box', 'ads3:banner', 'ads4:box'])
        // "Become a contributor" is followed in its slot by another campaign, which contributors see.
        for (const slot of ['ads1', 'ads2', 'ads3', 'ads4']) {
          const urls = ads.filter((ad) => ad.page === page && ad.slot === slot).map((ad) => ad.url)
          expect(urls.length, `${page} ${slot}`).toBe(urls[0] === '/contribute' ? 2 : 1)
          if (urls[0] === '/contribute') expect(urls[1], `${page} ${slot}`).not.toBe('/contribute')
        }
      }
      const campaigns = new Set(ads.map((ad) => ad.url))
      expect([...campaigns].sort()).toEqual(['/blog', '/contribute', '/leaderboard'])
      for (const ad of ads) {
        expect(ad.active).toBe(true)
        expect(ad.title.length).toBeGreaterThan(0)
        expect(ad.click_count).toBe(0)
        expect(ad.ad_image).toMatch(/^\/house-ads\/[a-z]+-(banner|box)\.png$/)
        expect(ad.ad_image).toContain(`-${ad.size}.png`)
        const file = fileURLToPath(new URL(`../../web/public${ad.ad_image}`, import.meta.url))
        expect(existsSync(file), file).toBe(true)
        // A page never advertises itself.
        if (ad.page === 'Blog') expect(ad.url).not.toBe('/blog')
        if (ad.page === 'Leaderboard') expect(ad.url).not.toBe('/leaderboard')
      }
    })

    it('finds a seeded post by full-text search, ranking title and command matches first', async () => {
      const { rows } = await sql<{ title: string }>`
        SELECT title FROM posts
        WHERE search @@ websearch_to_tsquery('english', 'compress')
        ORDER BY ts_rank(search, websearch_to_tsquery('english', 'compress')) DESC, created_at DESC`.execute(
        db,
      )
      expect(rows[0]?.title).toBe('Compress a huge file with zstd on every core')
      expect(rows.map((row) => row.title)).toContain('Create a dated, compressed backup tarball')
    })

    it("finds rsync posts by the partial command 'rsyn' through the trigram index", async () => {
      const { rows } = await sql<{ command: string }>`
        SELECT command FROM posts WHERE 'rsyn' <% command
        ORDER BY word_similarity('rsyn', command) DESC`.execute(db)
      expect(rows.length).toBeGreaterThanOrEqual(2)
      for (const row of rows) expect(row.command).toMatch(/^rsync /)
    })

    it("finds the journalctl post by the misspelt 'journalclt' through the trigram index", async () => {
      const { rows } = await sql<{ title: string }>`
        SELECT title FROM posts WHERE 'journalclt' <% command
        ORDER BY word_similarity('journalclt', command) DESC`.execute(db)
      expect(rows.map((row) => row.title)).toEqual(["Follow a systemd service's logs"])
    })

    it('refuses to seed a database that is not empty', async () => {
      expect(await isDatabaseEmpty(db)).toBe(false)
      const before = await count(db, 'posts')
      await seedDemoData(db, { hashPassword: async (plain) => fakeHash(plain) })
      expect(await count(db, 'posts')).toBe(before)
      expect(await count(db, 'users')).toBe(DEMO_ACCOUNTS.length + 8)
    })

    it('wipeDatabase empties every app table and leaves the migrations in place', async () => {
      // Compared with the applied list rather than a number, so a new migration needs no edit here.
      const migrated = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(
        db,
      )
      expect(migrated.rows.length).toBeGreaterThanOrEqual(9)
      await wipeDatabase(db)
      expect(await isDatabaseEmpty(db)).toBe(true)
      for (const table of [
        'users',
        'posts',
        'votes',
        'comments',
        'points_ledger',
        'blogs',
        'blog_views',
        'ads',
        'post_views',
        'search_words',
        'collections',
        'collection_posts',
        'saves',
      ] as const) {
        expect(await count(db, table), table).toBe(0)
      }
      const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(
        db,
      )
      expect(rows).toEqual(migrated.rows)
    })
  })
}
