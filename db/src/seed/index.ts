/**
 * Demo content for a fresh install: users, categories, commands, votes, comments, a points ledger, blog
 * posts and house ads, so a newcomer sees a living site. The text lives in `content/`; this file turns it
 * into rows.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { AdPage, AdSlot, Database, Role } from '../database.ts'
import { CAMPAIGNS, HOUSE_ADS, houseAdImage } from './content/ads.ts'
import { BLOGS } from './content/blogs.ts'
import { CATEGORIES } from './content/categories.ts'
import { COLLECTIONS } from './content/collections.ts'
import { COMMANDS } from './content/commands.ts'
import { COMMUNITY_USERS, DEMO_ACCOUNTS, DEMO_JOINED_DAYS_AGO } from './content/users.ts'
import { seededRandom } from './random.ts'

export { DEMO_ACCOUNTS, type DemoAccount } from './content/users.ts'

/** What the seed needs from the app: the same password hashing the login uses. */
export interface SeedOptions {
  hashPassword: (plain: string) => Promise<string>
}

/** Every app table, i.e. everything but Kysely's migration bookkeeping. */
const APP_TABLES = [
  'web_sessions',
  'identity_pending',
  'identity_states',
  'user_identities',
  'passkey_challenges',
  'passkeys',
  'second_factor_challenges',
  'recovery_codes',
  'totp_credentials',
  'mail_queue',
  'export_jobs',
  'email_tokens',
  'mail_preferences',
  'access_tokens',
  'collection_posts',
  'collections',
  'saves',
  'notifications',
  'moderation_log',
  'ad_clicks',
  'ads',
  'blog_views',
  'blogs',
  'applications',
  'points_daily',
  'points_ledger',
  'post_views',
  'comments',
  'vote_effects',
  'post_command_flags',
  'post_old_slugs',
  'post_revisions',
  'votes',
  'posts',
  'categories',
  'users',
] as const satisfies readonly (keyof Database)[]

/** Arbitrary constant: the advisory lock that keeps two instances from seeding at the same moment. */
const SEED_LOCK_KEY = 7_420_142_001

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Points per ledger reason (docs/product-rules.md#points). */
const POINTS = { post: 10, upvote: 2, downvote: -1 } as const

/**
 * True when the database holds no users, categories, posts or blogs: a fresh install that may be seeded.
 */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ empty: boolean }>`
    SELECT NOT (
      EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM categories)
      OR EXISTS (SELECT 1 FROM posts) OR EXISTS (SELECT 1 FROM blogs)
    ) AS empty`.execute(db)
  return rows[0]?.empty === true
}

/**
 * Empties every app table (the migration history stays). Tables are listed explicitly, without CASCADE,
 * so a table added later makes this fail loudly until it is listed here too.
 */
export async function wipeDatabase(db: Kysely<Database>): Promise<void> {
  await sql`TRUNCATE ${sql.join(APP_TABLES.map((table) => sql.table(table)))}`.execute(db)
}

/**
 * Fills an empty database with the demo site, in one transaction: the three {@link DEMO_ACCOUNTS}, community
 * users (random, unpublished password), categories, commands, votes, comments, views, the points ledger,
 * a public collection (its posts saved by its owner), blog posts (one a draft) and house ads, dated
 * relative to now. Every counter equals a recount of its rows.
 *
 * Does nothing when the database is not empty (checked under an advisory lock, so two instances starting
 * together seed once); use {@link wipeDatabase} first to reseed.
 */
export async function seedDemoData(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  // Hash before the transaction (argon2 is slow) and once per distinct password.
  const communityPassword = randomBytes(24).toString('base64url')
  const hashes = new Map<string, string>()
  for (const password of [...DEMO_ACCOUNTS.map((account) => account.password), communityPassword]) {
    if (!hashes.has(password)) hashes.set(password, await options.hashPassword(password))
  }
  const hashOf = (password: string) => required(hashes.get(password), 'password hash')

  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx)
    if (!(await isDatabaseEmpty(trx))) return

    const rows = buildSeedRows(Date.now(), hashOf, communityPassword)
    await trx.insertInto('users').values(rows.users).execute()
    await trx.insertInto('categories').values(rows.categories).execute()
    await trx.insertInto('posts').values(rows.posts).execute()
    await trx.insertInto('votes').values(rows.votes).execute()
    await trx.insertInto('comments').values(rows.comments).execute()
    await trx.insertInto('post_views').values(rows.postViews).execute()
    await trx.insertInto('points_ledger').values(rows.ledger).execute()
    await trx.insertInto('collections').values(rows.collections).execute()
    await trx.insertInto('collection_posts').values(rows.collectionPosts).execute()
    await trx.insertInto('saves').values(rows.saves).execute()
    await trx.insertInto('blogs').values(rows.blogs).execute()
    await trx.insertInto('ads').values(rows.ads).execute()

    // Counters are derived from the rows just written, so they equal a recount by construction.
    await sql`
      UPDATE posts SET
        uplike_count = (SELECT count(*) FROM votes v WHERE v.post_id = posts.id AND v.value = 1),
        downlike_count = (SELECT count(*) FROM votes v WHERE v.post_id = posts.id AND v.value = -1),
        comments_count = (SELECT count(*) FROM comments c WHERE c.post_id = posts.id),
        saved_count = (SELECT count(*) FROM saves s WHERE s.post_id = posts.id)`.execute(trx)
    await sql`
      UPDATE categories SET
        post_count = (SELECT count(*) FROM posts p WHERE p.category_id = categories.id)`.execute(trx)
    await sql`
      UPDATE users SET
        post_count = (SELECT count(*) FROM posts p WHERE p.author_id = users.id),
        points = greatest(0, (
          SELECT coalesce(sum(l.delta), 0) FROM points_ledger l WHERE l.user_id = users.id
        ))`.execute(trx)
  })
}

interface SeedRows {
  users: {
    id: string
    username: string
    email: string
    password_hash: string
    role: Role
    email_verified_at: Date | null
    created_at: Date
    updated_at: Date
  }[]
  categories: { id: string; name: string; slug: string; description: string; created_at: Date }[]
  posts: {
    id: string
    author_id: string
    category_id: string
    title: string
    slug: string
    command: string
    command_key: string
    description: string
    description_text: string
    tags: string[]
    view_count: number
    created_at: Date
    updated_at: Date
  }[]
  votes: { user_id: string; post_id: string; value: number; created_at: Date; updated_at: Date }[]
  comments: { id: string; post_id: string; author_id: string; content: string; created_at: Date }[]
  postViews: { post_id: string; viewer_key: string; bucket: Date }[]
  ledger: {
    user_id: string
    delta: number
    reason: 'post_created' | 'upvote_received' | 'downvote_received'
    subject_id: string
    actor_id: string | null
    created_at: Date
  }[]
  collections: {
    id: string
    owner_id: string
    name: string
    slug: string
    description: string
    public: boolean
    created_at: Date
    updated_at: Date
  }[]
  collectionPosts: { collection_id: string; post_id: string; position: number; added_at: Date }[]
  saves: { user_id: string; post_id: string; created_at: Date }[]
  blogs: {
    id: string
    slug: string
    title: string
    author_id: string
    author_name: string
    /** A bundled cover under web/public (`/blog-covers/<slug>.png`). */
    image: string
    metadescription: string
    content: string
    view_count: number
    status: 'draft' | 'published'
    published_at: Date | null
    created_at: Date
    updated_at: Date
  }[]
  ads: {
    title: string
    page: AdPage
    slot: AdSlot
    size: string
    url: string
    ad_image: string
    created_at: Date
  }[]
}

/** Turns the data files into rows. Pure apart from ids; the same `now` gives the same content and dates. */
function buildSeedRows(
  now: number,
  hashOf: (password: string) => string,
  communityPassword: string,
): SeedRows {
  // A fixed seed: votes and view counts look organic but are identical on every install.
  const random = seededRandom(0x5eed)
  const at = (ms: number) => new Date(Math.min(ms, now - MINUTE))

  const users: SeedRows['users'] = [
    ...DEMO_ACCOUNTS.map((account) => ({
      username: account.username,
      email: account.email,
      role: account.role,
      password: account.password,
      joinedDaysAgo: required(DEMO_JOINED_DAYS_AGO[account.username], `join date of ${account.username}`),
      // The accounts a newcomer signs in as have verified addresses; the community's are made up.
      verified: true,
    })),
    ...COMMUNITY_USERS.map((user) => ({ ...user, password: communityPassword, verified: false })),
  ].map((user) => {
    const created = new Date(now - user.joinedDaysAgo * DAY)
    return {
      id: randomUUID(),
      username: user.username,
      email: user.email,
      password_hash: hashOf(user.password),
      role: user.role,
      email_verified_at: user.verified ? created : null,
      created_at: created,
      updated_at: created,
    }
  })
  const userByName = new Map(users.map((user) => [user.username, user]))
  const userNamed = (username: string) => required(userByName.get(username), `user ${username}`)

  const categories: SeedRows['categories'] = CATEGORIES.map((category, index) => ({
    id: randomUUID(),
    name: category.name,
    slug: category.slug,
    description: category.description,
    created_at: new Date(now - 95 * DAY + index * MINUTE),
  }))
  const categoryBySlug = new Map(categories.map((category) => [category.slug, category]))

  const posts: SeedRows['posts'] = []
  const votes: SeedRows['votes'] = []
  const comments: SeedRows['comments'] = []
  const postViews: SeedRows['postViews'] = []
  const ledger: SeedRows['ledger'] = []

  COMMANDS.forEach((command, index) => {
    const author = userNamed(command.author)
    const category = required(categoryBySlug.get(command.category), `category ${command.category}`)
    // Posts without an explicit hour land at varied times of day rather than all at midnight.
    const created = now - command.daysAgo * DAY - (command.hoursAgo ?? 1 + ((index * 7) % 13)) * HOUR
    const postId = randomUUID()
    ledger.push({
      user_id: author.id,
      delta: POINTS.post,
      reason: 'post_created',
      subject_id: postId,
      actor_id: null,
      created_at: new Date(created),
    })

    const appeal = 0.25 + random() * 0.45
    const voters: { id: string; time: number }[] = []
    let upvotes = 0
    for (const voter of users) {
      const roll = random()
      const timing = random()
      if (voter.id === author.id) continue
      const from = Math.max(created, voter.created_at.getTime()) + 10 * MINUTE
      if (from >= now - 2 * MINUTE) continue
      const value = roll < appeal ? 1 : roll < appeal + 0.06 ? -1 : 0
      if (value === 0) continue
      // Squaring the fraction crowds votes into the first hours after a post, as on a real site.
      const time = from + (now - 2 * MINUTE - from) * timing * timing
      votes.push({
        user_id: voter.id,
        post_id: postId,
        value,
        created_at: new Date(time),
        updated_at: new Date(time),
      })
      ledger.push({
        user_id: author.id,
        delta: value === 1 ? POINTS.upvote : POINTS.downvote,
        reason: value === 1 ? 'upvote_received' : 'downvote_received',
        subject_id: postId,
        actor_id: voter.id,
        created_at: new Date(time),
      })
      voters.push({ id: voter.id, time })
      if (value === 1) upvotes++
    }

    for (const comment of command.comments ?? []) {
      const commenter = userNamed(comment.author)
      const time = Math.max(created + comment.after * HOUR, commenter.created_at.getTime() + HOUR)
      comments.push({
        id: randomUUID(),
        post_id: postId,
        author_id: commenter.id,
        content: comment.text,
        created_at: at(time),
      })
    }

    // A few recent view buckets, as the view counter leaves them behind.
    const views: SeedRows['postViews'] = []
    if (command.daysAgo <= 7) {
      for (const voter of voters)
        views.push({ post_id: postId, viewer_key: voter.id, bucket: hourOf(voter.time) })
      for (let guest = 0; guest < 2; guest++) {
        views.push({
          post_id: postId,
          viewer_key: guestKey(index, guest),
          bucket: hourOf(created + (guest + 1) * HOUR),
        })
      }
    }
    postViews.push(...views.filter((view) => view.bucket.getTime() <= now))

    const ageDays = (now - created) / DAY
    const viewCount =
      12 +
      upvotes * 23 +
      (command.comments?.length ?? 0) * 11 +
      Math.floor(random() * 120) +
      Math.floor(ageDays * 3)

    posts.push({
      id: postId,
      author_id: author.id,
      category_id: category.id,
      title: command.title,
      slug: slugify(command.title),
      command: command.command,
      command_key: commandKey(command.command),
      description: command.description,
      description_text: htmlToText(command.description),
      tags: command.tags,
      view_count: Math.max(viewCount, views.length),
      created_at: new Date(created),
      updated_at: new Date(created),
    })
  })

  // Each collection is made after the newest of its posts, which are added (and saved) a minute apart.
  const postByTitle = new Map(posts.map((post) => [post.title, post]))
  const collections: SeedRows['collections'] = []
  const collectionPosts: SeedRows['collectionPosts'] = []
  const saves: SeedRows['saves'] = []
  for (const collection of COLLECTIONS) {
    const owner = userNamed(collection.owner)
    const members = collection.posts.map((title) => required(postByTitle.get(title), `post "${title}"`))
    const created = at(Math.max(...members.map((post) => post.created_at.getTime())) + HOUR)
    const id = randomUUID()
    members.forEach((post, position) => {
      const added = at(created.getTime() + (position + 1) * MINUTE)
      collectionPosts.push({ collection_id: id, post_id: post.id, position, added_at: added })
      saves.push({ user_id: owner.id, post_id: post.id, created_at: added })
    })
    const updated = at(created.getTime() + (members.length + 1) * MINUTE)
    collections.push({
      id,
      owner_id: owner.id,
      name: collection.name,
      slug: slugify(collection.name),
      description: collection.description,
      public: true,
      created_at: created,
      updated_at: updated,
    })
  }

  const blogs: SeedRows['blogs'] = BLOGS.map((blog) => {
    const author = userNamed(blog.author)
    const created = new Date(now - blog.daysAgo * DAY - 9 * HOUR)
    return {
      id: randomUUID(),
      slug: blog.slug,
      title: blog.title,
      author_id: author.id,
      author_name: author.username,
      // Covers are bundled with the web app (scripts/blog-covers.mjs renders them).
      image: `/blog-covers/${blog.slug}.png`,
      metadescription: blog.metadescription,
      content: blog.content,
      view_count: blog.viewCount,
      status: blog.draft ? 'draft' : 'published',
      // The public list orders by publication; a draft has none yet.
      published_at: blog.draft ? null : created,
      created_at: created,
      updated_at: created,
    }
  })

  // House ads, all active and unscheduled; created in order so each slot lists them predictably.
  const ads: SeedRows['ads'] = HOUSE_ADS.map((ad, index) => ({
    title: CAMPAIGNS[ad.campaign].title,
    page: ad.page,
    slot: ad.slot,
    size: ad.size,
    url: CAMPAIGNS[ad.campaign].url,
    ad_image: houseAdImage(ad.campaign, ad.size),
    created_at: new Date(now - 30 * DAY + index * MINUTE),
  }))

  return {
    users,
    categories,
    posts,
    votes,
    comments,
    postViews,
    ledger,
    collections,
    collectionPosts,
    saves,
    blogs,
    ads,
  }
}

/** docs/product-rules.md#posts: lowercase, runs of non-alphanumerics become one '-', trimmed of '-'. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** docs/product-rules.md#posts: the trimmed command with whitespace runs folded to one space. */
export function commandKey(command: string): string {
  return command.trim().replace(/\s+/g, ' ')
}

/** Plain text of the seed's own (trusted, simple) HTML, for search and excerpts. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|li|pre|h[1-6])>|<br\s*\/?>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim()
}

function hourOf(ms: number): Date {
  return new Date(Math.floor(ms / HOUR) * HOUR)
}

/** Guests are counted by a hash of IP and user agent; these stand in for two such visitors. */
function guestKey(post: number, guest: number): string {
  return createHash('sha256').update(`seed-guest-${post}-${guest}`).digest('hex')
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Seed data is inconsistent: missing ${what}`)
  return value
}
