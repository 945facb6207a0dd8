import type { Database, Role, UserRow } from '@bashboard/db'
import type { Kysely, Transaction } from 'kysely'
import type { LoginBody, SignupBody } from '../../contract/accounts.ts'
import { ACCOUNT_MESSAGES } from '../../contract/limits.ts'
import type { DomainEvents } from '../../events/dispatcher.ts'
import { hasAccess } from '../../lib/access.ts'
import { checkNewPassword, normalizeEmail, normalizeUsername } from '../../lib/credentials.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts'
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../lib/password.ts'
import { queueVerificationMail } from '../mail/service.ts'
import {
  findTakenFields,
  findUserById,
  findUserByLogin,
  findUserByUsername,
  insertUser,
  updateUserRole,
} from './repo.ts'

/** What a signup needs: the database and the domain events it raises. */
export interface AccountsDeps {
  db: Kysely<Database>
  events: DomainEvents
}

/** A validated, hashed account ready to insert. */
interface PreparedAccount {
  username: string
  email: string
  passwordHash: string
  role: Role
}

export const USERNAME_TAKEN = ACCOUNT_MESSAGES.usernameTaken
export const EMAIL_TAKEN = ACCOUNT_MESSAGES.emailTaken
const INVALID_CREDENTIALS = 'Invalid credentials'

/**
 * Checks the rules (422 naming the field) and uniqueness (409) of a new account, then hashes the
 * password. Shared by signup and the operator CLI so both apply the same rules.
 */
export async function prepareAccount(
  db: Kysely<Database>,
  input: SignupBody & { role?: Role },
): Promise<PreparedAccount> {
  const username = normalizeUsername(input.username)
  const email = normalizeEmail(input.email)
  const password = checkNewPassword(input.password)
  const taken = await findTakenFields(db, username, email)
  if (taken.username) throw new ConflictError(USERNAME_TAKEN, 'username')
  if (taken.email) throw new ConflictError(EMAIL_TAKEN, 'email')
  return { username, email, passwordHash: await hashPassword(password), role: input.role ?? 'member' }
}

/** Inserts a prepared account, turning a lost uniqueness race into the same 409 as the pre-check. */
export async function insertAccount(
  db: Kysely<Database> | Transaction<Database>,
  account: PreparedAccount,
): Promise<UserRow> {
  try {
    return await insertUser(db, account)
  } catch (error) {
    if (isUniqueViolation(error)) {
      if (error.constraint?.includes('email')) throw new ConflictError(EMAIL_TAKEN, 'email')
      throw new ConflictError(USERNAME_TAKEN, 'username')
    }
    throw error
  }
}

/**
 * Registers a member and queues the verification mail of their address in the same transaction;
 * `user.signed_up` is raised once it commits. The member is signed in at once, verified or not.
 */
export async function signUp(deps: AccountsDeps, body: SignupBody): Promise<UserRow> {
  const account = await prepareAccount(deps.db, body)
  const user = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertAccount(trx, account)
    await queueVerificationMail(trx, inserted)
    return inserted
  })
  await deps.events.emit('user.signed_up', {
    user: { id: user.id, username: user.username },
    at: user.created_at,
  })
  return user
}

/**
 * Finds the account by email or username (case-insensitively) and checks the password. Unknown
 * accounts and wrong passwords get the same 401, after the same amount of hashing work.
 */
export async function authenticate(db: Kysely<Database>, body: LoginBody): Promise<UserRow> {
  const user = await findUserByLogin(db, body.emailOrUsername.trim())
  if (!user) {
    await verifyDummyPassword(body.password)
    throw new UnauthorizedError(INVALID_CREDENTIALS)
  }
  if (!(await verifyPassword(user.password_hash, body.password))) {
    throw new UnauthorizedError(INVALID_CREDENTIALS)
  }
  return user
}

/** The signed-in user's row; a user deleted since their token was checked is signed out (401). */
export async function getCurrentUser(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId)
  if (!user) throw new UnauthorizedError()
  return user
}

/**
 * Changes a user's role (operator CLI). Lowering a role bumps the token version, so tokens that
 * carried the old role stop working at once; raising it keeps the user signed in.
 */
export async function setUserRole(
  db: Kysely<Database>,
  username: string,
  role: Role,
): Promise<{ user: UserRow; previousRole: Role; tokensRevoked: boolean }> {
  const user = await findUserByUsername(db, username.trim())
  if (!user) throw new NotFoundError(`No user named ${username.trim()}`)
  const tokensRevoked = !hasAccess(role, user.role)
  const updated = await updateUserRole(db, user.id, role, tokensRevoked)
  return { user: updated, previousRole: user.role, tokensRevoked }
}
