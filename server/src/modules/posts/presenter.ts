import { checkCommandSafety } from '../../contract/command-safety.ts'
import { findPlaceholders } from '../../contract/placeholders.ts'
import type { PostCard, ReactedPosts } from '../../contract/posts.ts'
import { badgeForPoints } from '../../lib/badges.ts'
import { excerpt } from '../../lib/sanitize.ts'
import { avatarUrl } from '../accounts/presenter.ts'
import type { PostCardRow } from './repo.ts'

/** A post card row as the API sends it. The safety check is pure and cheap, so it runs per card. */
export function toPostCard(row: PostCardRow): PostCard {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    command: row.command,
    description: row.description,
    excerpt: excerpt(row.excerpt_source),
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at ? row.edited_at.toISOString() : null,
    author: {
      _id: row.author_id,
      username: row.author_username,
      avatar: avatarUrl(row.author_avatar),
      badge: badgeForPoints(row.author_points),
      createdAt: row.author_created_at.toISOString(),
    },
    category:
      row.category_id && row.category_name !== null
        ? { _id: row.category_id, name: row.category_name }
        : null,
    tags: row.tags,
    uplikeCount: row.uplike_count,
    downlikeCount: row.downlike_count,
    viewCount: row.view_count,
    commentsCount: row.comments_count,
    safety: checkCommandSafety(row.command),
    placeholders: findPlaceholders(row.command),
    savedCount: row.saved_count,
    // Cards are shared between callers (page caches, live events); whether this caller saved the
    // post is laid over a copy per request (member-marks.ts).
    isSaved: false,
  }
}

/** The user's votes (post id → +1/−1) as liked and disliked id lists. */
export function toReactedPosts(votes: ReadonlyMap<string, number>): ReactedPosts {
  const likedPosts: string[] = []
  const dislikedPosts: string[] = []
  for (const [postId, value] of votes) (value > 0 ? likedPosts : dislikedPosts).push(postId)
  return { likedPosts, dislikedPosts }
}
