import { BLOG_WORDS_PER_MINUTE, type Blog, type BlogSummary, type ModBlog } from '../../contract/blogs.ts'
import { htmlToText } from '../../lib/sanitize.ts'
import { contentImageUrl } from '../content-images/images.ts'
import type { BlogRow } from './repo.ts'

/** Minutes to read some HTML: its words / 200, rounded up, at least 1. */
export function readingTime(html: string): number {
  const text = htmlToText(html)
  const words = text === '' ? 0 : text.split(' ').length
  return Math.max(1, Math.ceil(words / BLOG_WORDS_PER_MINUTE))
}

// A published row always has published_at; created_at is the fallback for rows written before 0003.
function publishedAt(row: BlogRow): Date {
  return row.published_at ?? row.created_at
}

/** A published article as the list shows it (no content). */
export function toBlogSummary(row: BlogRow): BlogSummary {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author_name,
    image: contentImageUrl('blogs', row.image),
    metadescription: row.metadescription,
    createdAt: publishedAt(row).toISOString(),
    viewCount: row.view_count,
    readingTime: readingTime(row.content),
  }
}

/** A published article with its content. */
export function toBlog(row: BlogRow): Blog {
  return { ...toBlogSummary(row), content: row.content }
}

/** An article as the moderation console shows it, drafts included. */
export function toModBlog(row: BlogRow): ModBlog {
  return {
    ...toBlog(row),
    imageName: row.image,
    status: row.status,
    // The console shows when an article was written; the public list shows when it was published.
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
  }
}
