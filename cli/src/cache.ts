import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { MyCollection, PostCard } from '@bashboard/server/contract'
import { cacheRoot, writePrivateFile } from './config.ts'

/*
 * The offline copy: every post the user fetched through `saved`, `collections` or `show` (and `fill`,
 * `copy`), their saved list and their collections, one file per site. Private collections can be in
 * it, so it is written like the config file (0600 in a 0700 directory).
 */

interface CacheFile {
  version: 1
  posts: Record<string, PostCard>
  saved: string[] | null
  collections: MyCollection[] | null
  collectionPosts: Record<string, string[]>
}

function emptyCache(): CacheFile {
  return { version: 1, posts: {}, saved: null, collections: null, collectionPosts: {} }
}

/** One directory name per site, so two sites never mix their posts. */
function siteKey(baseUrl: string): string {
  return baseUrl.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9.-]+/g, '_')
}

export function cacheFile(baseUrl: string): string {
  return join(cacheRoot(), siteKey(baseUrl), 'cache.json')
}

export class OfflineCache {
  private data: CacheFile = emptyCache()
  private dirty = false

  private constructor(private readonly path: string) {}

  static async open(baseUrl: string): Promise<OfflineCache> {
    const cache = new OfflineCache(cacheFile(baseUrl))
    try {
      const parsed = JSON.parse(await readFile(cache.path, 'utf8')) as Partial<CacheFile>
      if (parsed.version === 1 && parsed.posts && typeof parsed.posts === 'object') {
        cache.data = { ...emptyCache(), ...parsed } as CacheFile
      }
    } catch {
      // No cache yet, or a damaged one: start afresh (it is only a copy).
    }
    return cache
  }

  rememberPosts(posts: readonly PostCard[]): void {
    for (const post of posts) this.data.posts[post._id] = post
    this.dirty = true
  }

  setSaved(posts: readonly PostCard[]): void {
    this.rememberPosts(posts)
    this.data.saved = posts.map((post) => post._id)
  }

  setCollections(collections: readonly MyCollection[]): void {
    this.data.collections = [...collections]
    this.dirty = true
  }

  setCollectionPosts(collectionId: string, posts: readonly PostCard[]): void {
    this.rememberPosts(posts)
    this.data.collectionPosts[collectionId] = posts.map((post) => post._id)
  }

  /** Marks a post saved or not in the copy, so `saved` offline agrees with the last save/unsave. */
  markSaved(postId: string, saved: boolean): void {
    const list = this.data.saved
    if (list === null) return
    const without = list.filter((id) => id !== postId)
    this.data.saved = saved ? [postId, ...without] : without
    const post = this.data.posts[postId]
    if (post) post.isSaved = saved
    this.dirty = true
  }

  findPost(idOrSlug: string): PostCard | undefined {
    return this.data.posts[idOrSlug] ?? Object.values(this.data.posts).find((post) => post.slug === idOrSlug)
  }

  saved(): PostCard[] | null {
    if (this.data.saved === null) return null
    return this.data.saved.map((id) => this.data.posts[id]).filter((post): post is PostCard => Boolean(post))
  }

  collections(): MyCollection[] | null {
    return this.data.collections
  }

  collectionPosts(collectionId: string): PostCard[] | null {
    const ids = this.data.collectionPosts[collectionId]
    if (!ids) return null
    return ids.map((id) => this.data.posts[id]).filter((post): post is PostCard => Boolean(post))
  }

  /** Cached posts holding every word (title, command, tags, description), best title matches first. */
  search(words: string): PostCard[] {
    const terms = words.toLowerCase().split(/\s+/).filter(Boolean)
    const haystack = (post: PostCard): string =>
      [post.title, post.command, post.tags.join(' '), post.excerpt, post.description].join('\n').toLowerCase()
    return Object.values(this.data.posts)
      .filter((post) => terms.every((term) => haystack(post).includes(term)))
      .map((post) => ({
        post,
        rank: terms.filter((term) => post.title.toLowerCase().includes(term)).length,
      }))
      .sort((a, b) => b.rank - a.rank || b.post.uplikeCount - a.post.uplikeCount)
      .map(({ post }) => post)
  }

  async flush(): Promise<void> {
    if (!this.dirty) return
    await writePrivateFile(this.path, JSON.stringify(this.data))
    this.dirty = false
  }
}
