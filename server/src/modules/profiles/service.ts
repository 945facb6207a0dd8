import {
  PUBLIC_PROFILE_COMMENTS_LIMIT,
  type PublicProfileResponse,
  USER_NOT_FOUND,
} from '../../contract/profiles.ts'
import { USER_SUGGESTION_LIMIT, type UserSuggestResponse } from '../../contract/user-suggestions.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { type CollectionsDeps, listUserCollections } from '../collections/service.ts'
import { findCommentsOf } from '../people/repo.ts'
import { toPublicProfile, toUserSuggestion } from './presenter.ts'
import { countComments, findPostsPage, findPublicUser, findUsersByPrefix } from './repo.ts'

/** What a public profile needs: the collections module's deps, since it lists their public collections. */
export type ProfilesDeps = CollectionsDeps

/**
 * A member's public profile (anyone may read it): who they are, page `page` of their posts, their
 * public collections (through the collections service, so private ones follow its rule) and their
 * latest comments. 404 for an unknown username; a page past the last one has no posts.
 */
export async function getPublicProfile(
  deps: ProfilesDeps,
  username: string,
  page: number,
): Promise<PublicProfileResponse> {
  const user = await findPublicUser(deps.db, username)
  if (!user) throw new NotFoundError(USER_NOT_FOUND)
  const [posts, collections, comments, totalComments] = await Promise.all([
    findPostsPage(deps.db, user.id, page),
    listUserCollections(deps, user.username),
    findCommentsOf(deps.db, user.id, PUBLIC_PROFILE_COMMENTS_LIMIT),
    countComments(deps.db, user.id),
  ])
  return toPublicProfile(user, {
    page,
    posts,
    collections: collections.collections,
    comments,
    totalComments,
  })
}

/**
 * Members whose usernames start with `prefix` (the route's schema keeps it to name characters), for the
 * comment box's `@` suggestions: at most {@link USER_SUGGESTION_LIMIT}, username and avatar only.
 */
export async function suggestUsers(
  deps: Pick<ProfilesDeps, 'db'>,
  prefix: string,
): Promise<UserSuggestResponse> {
  const rows = await findUsersByPrefix(deps.db, prefix, USER_SUGGESTION_LIMIT)
  return { users: rows.map(toUserSuggestion) }
}
