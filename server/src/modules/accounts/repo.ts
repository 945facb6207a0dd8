import { type Database, fixedStatement, type Role, type UserRow } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'

/** A user as the auth hook needs it: enough to check a token and name the actor. */
export type AuthRow = Pick<UserRow, 'id' | 'username' | 'role' | 'token_version'>

/** The user with this id, or undefined. */
export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * The columns the auth hook checks a token against, or undefined when the user is gone. Every request
 * of a signed-in member runs it, so it is a statement compiled once (@bashboard/db `fixedStatement`).
 */
export async function findAuthRowById(db: Kysely<Database>, id: string): Promise<AuthRow | undefined> {
  const [row] = await authRowStatement(db, id)
  return row
}

const authRowStatement = fixedStatement<[string], AuthRow>(
  'auth_row',
  1,
  (id) => sql`SELECT id, username, role, token_version FROM users WHERE id = ${id}::uuid`,
)

/** The user whose username (case-insensitively) or email equals `login`. */
export function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  const lowered = login.toLowerCase()
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql<string>`lower(username)`, '=', lowered), eb('email', '=', lowered)]))
    .executeTakeFirst()
}

/** The user with this username, compared case-insensitively. */
export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst()
}

/**
 * Whether the username (case-insensitively) or the (lower-cased) email is already used, by anyone
 * or (with `exceptId`) by another user than that one: sign-up and profile edits share the rule.
 */
export async function findTakenFields(
  db: Kysely<Database>,
  username: string,
  email: string,
  exceptId?: string,
): Promise<{ username: boolean; email: boolean }> {
  let query = db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) =>
      eb.or([eb(sql<string>`lower(username)`, '=', username.toLowerCase()), eb('email', '=', email)]),
    )
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
  const rows = await query.execute()
  return {
    username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((row) => row.email === email),
  }
}

/** Inserts a user; the database enforces username and email uniqueness (23505 on a race). */
export function insertUser(
  db: Kysely<Database>,
  user: { username: string; email: string; passwordHash: string; role: Role },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ username: user.username, email: user.email, password_hash: user.passwordHash, role: user.role })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Sets a user's role. `revokeTokens` bumps token_version so tokens issued before the change are
 * refused on their next use.
 */
export function updateUserRole(
  db: Kysely<Database>,
  id: string,
  role: Role,
  revokeTokens: boolean,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set((eb) => ({
      role,
      updated_at: sql<Date>`now()`,
      token_version: revokeTokens ? eb('token_version', '+', 1) : eb.ref('token_version'),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Replaces the password hash and bumps token_version, so every token issued before is refused. */
export function updatePassword(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
  passwordHash: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** The user with this (lower-cased) address, or undefined. */
export function findUserByEmail(
  db: Kysely<Database> | Transaction<Database>,
  email: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
}

/** Whether the member followed the verification link of their current address. */
export async function hasVerifiedEmail(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('email_verified_at')
    .where('id', '=', userId)
    .executeTakeFirst()
  return row?.email_verified_at != null
}
