import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { DELETED_MEMBER_ID } from '../../lib/deleted-member.ts'
import { postsWithAuthorAndCategory } from '../posts/repo.ts'

/** A page the sitemap lists: its slug and when it last changed. */
export interface SitemapEntry {
  slug: string
  updated_at: Date
}

/** Every post's slug and last change, newest first, one sitemap file's slice of them. */
export function findPostSlugs(db: Kysely<Database>, offset: number, limit: number): Promise<SitemapEntry[]> {
  return db
    .selectFrom('posts')
    .select(['slug', 'updated_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute()
}

/** How many posts the sitemap lists. */
export async function countPosts(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Every published article's slug and last change, newest first (the sitemap). */
export function findPublishedBlogSlugs(db: Kysely<Database>): Promise<SitemapEntry[]> {
  return db
    .selectFrom('blogs')
    .select(['slug', 'updated_at'])
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .execute()
}

/**
 * Members with a public profile worth listing: those who have shared a command (not the deleted-member
 * account, lib/deleted-member.ts, which holds the commands of members who left).
 */
function profilesListed(db: Kysely<Database>) {
  return db.selectFrom('users').where('post_count', '>', 0).where('id', '<>', DELETED_MEMBER_ID)
}

/** One sitemap file's slice of the public profiles, by username. */
export function findProfileUsernames(
  db: Kysely<Database>,
  offset: number,
  limit: number,
): Promise<{ username: string }[]> {
  return profilesListed(db).select('username').orderBy('username').offset(offset).limit(limit).execute()
}

/** How many profiles the sitemap lists. */
export async function countProfiles(db: Kysely<Database>): Promise<number> {
  const row = await profilesListed(db)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** A public collection the sitemap lists: its owner, slug and last change. */
export interface CollectionSitemapEntry extends SitemapEntry {
  owner: string
}

/** Public collections holding at least one post (an empty one is no page worth finding). */
function collectionsListed(db: Kysely<Database>) {
  return db
    .selectFrom('collections as c')
    .innerJoin('users as u', 'u.id', 'c.owner_id')
    .where('c.public', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('collection_posts as cp')
          .select('cp.post_id')
          .whereRef('cp.collection_id', '=', 'c.id'),
      ),
    )
}

/** One sitemap file's slice of the listed collections, by owner and slug. */
export function findPublicCollectionPaths(
  db: Kysely<Database>,
  offset: number,
  limit: number,
): Promise<CollectionSitemapEntry[]> {
  return collectionsListed(db)
    .select(['u.username as owner', 'c.slug', 'c.updated_at'])
    .orderBy('u.username')
    .orderBy('c.slug')
    .offset(offset)
    .limit(limit)
    .execute()
}

/** How many collections the sitemap lists. */
export async function countPublicCollections(db: Kysely<Database>): Promise<number> {
  const row = await collectionsListed(db)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** What a post's feed item and page metadata show. */
export interface PostMetaRow {
  title: string
  slug: string
  command: string
  description_text: string
  tags: string[]
  created_at: Date
  author_username: string
  category_name: string | null
}

function postMetaQuery(db: Kysely<Database>) {
  return postsWithAuthorAndCategory(db).select([
    'p.title',
    'p.slug',
    'p.command',
    'p.description_text',
    'p.tags',
    'p.created_at',
    'u.username as author_username',
    'c.name as category_name',
  ])
}

/** The latest posts, newest first (the commands feed). */
export function findLatestPostsMeta(db: Kysely<Database>, limit: number): Promise<PostMetaRow[]> {
  return postMetaQuery(db).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute()
}

/** A post's metadata by slug, or undefined. */
export function findPostMetaBySlug(db: Kysely<Database>, slug: string): Promise<PostMetaRow | undefined> {
  return postMetaQuery(db).where('p.slug', '=', slug).executeTakeFirst()
}

/** What an article's feed item and page metadata show. */
export interface BlogMetaRow {
  title: string
  slug: string
  metadescription: string
  author_name: string
  image: string | null
  published_at: Date | null
  created_at: Date
}

function blogMetaQuery(db: Kysely<Database>) {
  return db
    .selectFrom('blogs')
    .select(['title', 'slug', 'metadescription', 'author_name', 'image', 'published_at', 'created_at'])
    .where('status', '=', 'published')
}

/** The latest published articles, newest first (the blog feed). */
export function findLatestBlogsMeta(db: Kysely<Database>, limit: number): Promise<BlogMetaRow[]> {
  return blogMetaQuery(db).orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
}

/** A published article's metadata by slug, or undefined (drafts are not public). */
export function findBlogMetaBySlug(db: Kysely<Database>, slug: string): Promise<BlogMetaRow | undefined> {
  return blogMetaQuery(db).where('slug', '=', slug).executeTakeFirst()
}
