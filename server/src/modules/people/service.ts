import type { Database, UserRow } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { ACCOUNT_MESSAGES } from '../../contract/limits.ts'
import type { AvatarCrop, UpdatePasswordBody, UpdateProfileBody, UserProfile } from '../../contract/people.ts'
import { AVATAR_MAX_SIDE } from '../../contract/people.ts'
import type { DomainEvents } from '../../events/dispatcher.ts'
import { checkNewPassword, normalizeEmail, normalizeUsername } from '../../lib/credentials.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { ConflictError, InvalidError, UnauthorizedError } from '../../lib/errors.ts'
import { reencodeImage } from '../../lib/images.ts'
import { hashPassword, verifyPassword } from '../../lib/password.ts'
import type { FileStore } from '../../lib/storage.ts'
import { avatarUrl } from '../accounts/presenter.ts'
import { findUserById, updatePassword } from '../accounts/repo.ts'
import { EMAIL_TAKEN, USERNAME_TAKEN } from '../accounts/service.ts'
import { queueEmailChangeMails, queuePasswordChangedMail } from '../mail/service.ts'
import { repinSession } from '../sessions/repo.ts'
import { toUserProfile } from './presenter.ts'
import {
  findCommentsOf,
  findFavoritesOf,
  findPostsOf,
  findTakenByOthers,
  replaceAvatar,
  updateIdentity,
} from './repo.ts'

export const CURRENT_PASSWORD_INCORRECT = ACCOUNT_MESSAGES.currentPasswordIncorrect

/** A user deleted since their token was checked is signed out. */
function present(user: UserRow | undefined): UserRow {
  if (!user) throw new UnauthorizedError()
  return user
}

/**
 * The signed-in user's profile: header fields, tier progress, and the newest 50 of their posts,
 * upvoted posts (Favorites) and comments. Four queries in parallel, none per row.
 */
export async function getProfile(db: Kysely<Database>, userId: string): Promise<UserProfile> {
  const [user, posts, favorites, comments] = await Promise.all([
    findUserById(db, userId),
    findPostsOf(db, userId),
    findFavoritesOf(db, userId),
    findCommentsOf(db, userId),
  ])
  return toUserProfile(present(user), { posts, favorites, comments })
}

/**
 * Changes the username and email, with the signup rules (422 naming the field) and uniqueness against
 * other users (409 naming the field; the user's own current values are fine). A new address is
 * unverified: in the same transaction a verification link goes to it and a notice to the old one,
 * after `beforeEmailChange` (the route's mail rate limit) lets it.
 */
export async function updateProfile(
  deps: { db: Kysely<Database>; events: DomainEvents; beforeEmailChange?: (email: string) => Promise<void> },
  userId: string,
  body: UpdateProfileBody,
): Promise<UserRow> {
  const { db } = deps
  const username = normalizeUsername(body.username)
  const email = normalizeEmail(body.email)
  const taken = await findTakenByOthers(db, userId, username, email)
  if (taken.username) throw new ConflictError(USERNAME_TAKEN, 'username')
  if (taken.email) throw new ConflictError(EMAIL_TAKEN, 'email')
  try {
    const before = present(await findUserById(db, userId))
    if (email !== before.email) await deps.beforeEmailChange?.(email)
    const user = await db.transaction().execute(async (trx) => {
      const updated = present(await updateIdentity(trx, userId, { username, email }))
      if (email !== before.email) {
        await queueEmailChangeMails(trx, { userId, oldEmail: before.email, newEmail: email })
      }
      return updated
    })
    if (user.username !== before.username) await announceProfile(deps.events, user)
    return user
  } catch (error) {
    // A lost race with another signup or rename gives the same 409 as the pre-check.
    if (isUniqueViolation(error)) {
      if (error.constraint?.includes('email')) throw new ConflictError(EMAIL_TAKEN, 'email')
      throw new ConflictError(USERNAME_TAKEN, 'username')
    }
    throw error
  }
}

/** Raises `user.profile_changed` for a committed change of a user's name or avatar. */
function announceProfile(events: DomainEvents, user: UserRow): Promise<void> {
  return events.emit('user.profile_changed', {
    userId: user.id,
    username: user.username,
    avatar: avatarUrl(user.avatar),
  })
}

/**
 * Changes the password after checking the current one (422 'Current password is incorrect', so the
 * client does not sign out) and the new one's length (422). Bumps token_version: every token issued
 * before, on every device, is refused from now on; the caller issues a fresh one for this session, and
 * the web session `keepSessionId` (the browser asking) is re-pinned to the new version.
 * Raises `user.password_changed`: sockets signed in with an older token lose the user's private topics.
 * @throws InvalidError with field `currentPassword` when the current password is wrong.
 */
export async function changePassword(
  deps: { db: Kysely<Database>; events: DomainEvents },
  userId: string,
  body: UpdatePasswordBody,
  keepSessionId?: string,
): Promise<UserRow> {
  const password = checkNewPassword(body.newPassword)
  const user = present(await findUserById(deps.db, userId))
  if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
    throw new InvalidError(CURRENT_PASSWORD_INCORRECT, 'currentPassword')
  }
  const passwordHash = await hashPassword(password)
  // The notice to the account's address commits with the change; the event follows the commit.
  const updated = await deps.db.transaction().execute(async (trx) => {
    const changed = present(await updatePassword(trx, userId, passwordHash))
    // The browser that made the change stays signed in; every other session ends with the old version.
    if (keepSessionId !== undefined) await repinSession(trx, keepSessionId)
    await queuePasswordChangedMail(trx, userId)
    return changed
  })
  await deps.events.emit('user.password_changed', {
    userId,
    tokenVersion: updated.token_version,
    ...(keepSessionId === undefined ? {} : { keepSessionId }),
  })
  return updated
}

/**
 * Replaces the avatar: the bytes must be a JPEG or PNG by content (415), at most 40 megapixels (422);
 * the member's `crop` (a square inside the upright image, else 422) or the centred square is re-encoded
 * to at most 512 px without metadata and stored under a random name. Nothing is stored before those
 * checks pass. The replaced file is deleted once the row points at the new one; a failed update deletes
 * the new one.
 */
export async function setAvatar(
  deps: { db: Kysely<Database>; files: FileStore; events: DomainEvents },
  userId: string,
  bytes: Uint8Array,
  crop?: AvatarCrop,
): Promise<UserRow> {
  const image = await reencodeImage(bytes, { maxSide: AVATAR_MAX_SIDE, square: true, crop })
  const name = await deps.files.savePublic('avatars', image.data, image.ext)
  let result: Awaited<ReturnType<typeof replaceAvatar>>
  try {
    result = await replaceAvatar(deps.db, userId, name)
  } catch (error) {
    await deps.files.removePublic('avatars', name)
    throw error
  }
  if (!result) {
    await deps.files.removePublic('avatars', name)
    throw new UnauthorizedError()
  }
  if (result.previous && result.previous !== name) await deps.files.removePublic('avatars', result.previous)
  await announceProfile(deps.events, result.user)
  return result.user
}
