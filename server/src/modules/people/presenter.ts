import type { UserRow } from '@bashboard/db'
import type {
  ProfileComment,
  ProfileFavorite,
  ProfilePost,
  ProfileTier,
  UserProfile,
} from '../../contract/people.ts'
import { BADGE_TIERS, badgeProgress } from '../../lib/badges.ts'
import { toProfileHeader } from '../accounts/presenter.ts'
import type { FavoriteRow, ProfileCommentRow, ProfilePostRow } from './repo.ts'

function toProfilePost(row: ProfilePostRow): ProfilePost {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    createdAt: row.created_at.toISOString(),
    uplikeCount: row.uplike_count,
    downlikeCount: row.downlike_count,
    commentsCount: row.comments_count,
    viewCount: row.view_count,
  }
}

function toFavorite(row: FavoriteRow): ProfileFavorite {
  return { ...toProfilePost(row), author: { _id: row.author_id, username: row.author_username } }
}

function toProfileComment(row: ProfileCommentRow): ProfileComment {
  return {
    _id: row.id,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    post: { _id: row.post_id, title: row.post_title, slug: row.post_slug },
  }
}

/** Every tier with whether the points reach it, and how far towards it they are (whole percent). */
export function tierRows(points: number): ProfileTier[] {
  const safe = Math.max(0, Math.floor(points))
  return BADGE_TIERS.map((tier) => {
    const earned = safe >= tier.min
    const percent = earned ? 100 : Math.min(99, Math.floor((safe / tier.min) * 100))
    return { name: tier.name, min: tier.min, earned, percent }
  })
}

/** The profile page's data from the user row and its three lists. */
export function toUserProfile(
  user: UserRow,
  lists: { posts: ProfilePostRow[]; favorites: FavoriteRow[]; comments: ProfileCommentRow[] },
): UserProfile {
  return {
    ...toProfileHeader(user),
    badgeProgress: badgeProgress(user.points),
    tiers: tierRows(user.points),
    createdAt: user.created_at.toISOString(),
    totalPosts: user.post_count,
    posts: lists.posts.map(toProfilePost),
    favorites: lists.favorites.map(toFavorite),
    comments: lists.comments.map(toProfileComment),
  }
}
