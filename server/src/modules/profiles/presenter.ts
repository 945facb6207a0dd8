import type { CollectionSummary } from '../../contract/collections.ts'
import type { PublicProfileResponse } from '../../contract/profiles.ts'
import { PUBLIC_PROFILE_POSTS_PAGE_SIZE } from '../../contract/profiles.ts'
import type { UserSuggestion } from '../../contract/user-suggestions.ts'
import { badgeForPoints } from '../../lib/badges.ts'
import { avatarUrl } from '../accounts/presenter.ts'
import type { ProfileCommentRow } from '../people/repo.ts'
import type { PublicPostRow, PublicUserRow, SuggestedUserRow } from './repo.ts'

/** A public profile from the user row, one page of posts, their public collections and comments. */
export function toPublicProfile(
  user: PublicUserRow,
  lists: {
    page: number
    posts: PublicPostRow[]
    collections: CollectionSummary[]
    comments: ProfileCommentRow[]
    totalComments: number
  },
): PublicProfileResponse {
  return {
    user: {
      _id: user.id,
      username: user.username,
      avatar: avatarUrl(user.avatar),
      badge: badgeForPoints(user.points),
      points: user.points,
      createdAt: user.created_at.toISOString(),
      totalPosts: user.post_count,
      totalComments: lists.totalComments,
    },
    posts: lists.posts.map((row) => ({
      _id: row.id,
      title: row.title,
      slug: row.slug,
      command: row.command,
      createdAt: row.created_at.toISOString(),
      uplikeCount: row.uplike_count,
      downlikeCount: row.downlike_count,
      commentsCount: row.comments_count,
      viewCount: row.view_count,
    })),
    postsPage: {
      page: lists.page,
      pageSize: PUBLIC_PROFILE_POSTS_PAGE_SIZE,
      totalPosts: user.post_count,
      totalPages: Math.ceil(user.post_count / PUBLIC_PROFILE_POSTS_PAGE_SIZE),
    },
    collections: lists.collections,
    comments: lists.comments.map((row) => ({
      _id: row.id,
      content: row.content,
      createdAt: row.created_at.toISOString(),
      post: { _id: row.post_id, title: row.post_title, slug: row.post_slug },
    })),
  }
}

/** A member suggested for an `@mention`: the name and avatar URL every comment shows already. */
export function toUserSuggestion(row: SuggestedUserRow): UserSuggestion {
  return { username: row.username, avatar: avatarUrl(row.avatar) }
}
