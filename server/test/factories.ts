import { randomUUID } from 'node:crypto'
import type { CategoryRow, CommentRow, Database, PostRow, Role, UserRow } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { App } from '../src/app.ts'
import type { CreatePostBody, PostCard } from '../src/contract/posts.ts'
import { hashPassword } from '../src/lib/password.ts'

/** A created user with the plain password it was given, for login tests. */
export type TestUser = UserRow & { password: string }

export interface UserOverrides {
  role?: Role
  username?: string
  email?: string
  password?: string
  points?: number
  avatar?: string | null
  tokenVersion?: number
  /** Whether the address is verified (default true: most tests act as an established member). */
  emailVerified?: boolean
}

// Argon2 is deliberately slow: hash each distinct test password once per worker.
const hashes = new Map<string, Promise<string>>()
let sequence = 0

/** Inserts a user directly (no HTTP, no rate limits). Unique username and email unless given. */
export async function createUser(db: Kysely<Database>, overrides: UserOverrides = {}): Promise<TestUser> {
  sequence += 1
  const tag = `${sequence}_${randomUUID().slice(0, 8)}`
  const password = overrides.password ?? 'password123'
  let hash = hashes.get(password)
  if (!hash) {
    hash = hashPassword(password)
    hashes.set(password, hash)
  }
  const row = await db
    .insertInto('users')
    .values({
      username: overrides.username ?? `user_${tag}`,
      email: overrides.email ?? `user_${tag}@example.test`,
      password_hash: await hash,
      role: overrides.role ?? 'member',
      points: overrides.points ?? 0,
      avatar: overrides.avatar ?? null,
      token_version: overrides.tokenVersion ?? 0,
      email_verified_at: overrides.emailVerified === false ? null : new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { ...row, password }
}

/** A valid one-hour token for the user, signed the way the login endpoint signs it. */
export function loginAs(app: App, user: Pick<UserRow, 'id' | 'role' | 'token_version'>): string {
  return app.issueToken(user).token
}

/** The Authorization header for a token. */
export function authHeader(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` }
}

/** Inserts a category with a unique name and slug unless given. */
export function createCategory(
  db: Kysely<Database>,
  overrides: { name?: string; slug?: string } = {},
): Promise<CategoryRow> {
  sequence += 1
  const name = overrides.name ?? `Category ${sequence} ${randomUUID().slice(0, 6)}`
  const slug = overrides.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  return db.insertInto('categories').values({ name, slug }).returningAll().executeTakeFirstOrThrow()
}

/**
 * Inserts a post row directly (no points, no counters on the author or category): for tests that
 * need posts to exist, not for testing post creation.
 */
export function createPost(
  db: Kysely<Database>,
  fields: {
    authorId: string
    categoryId?: string | null
    title?: string
    command?: string
    createdAt?: Date
  },
): Promise<PostRow> {
  sequence += 1
  const tag = `${sequence}-${randomUUID().slice(0, 8)}`
  const title = fields.title ?? `Test post ${tag}`
  const command = fields.command ?? `echo test-${tag}`
  return db
    .insertInto('posts')
    .values({
      author_id: fields.authorId,
      category_id: fields.categoryId ?? null,
      title,
      slug: title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
      command,
      command_key: command.trim().replace(/\s+/g, ' '),
      description: '<p>A test post description.</p>',
      description_text: 'A test post description.',
      ...(fields.createdAt ? { created_at: fields.createdAt, updated_at: fields.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * A post created through the API by `author` (so its events, flags and search entry are as in
 * production), answered 201; `fields` are the create body's. Returns the post as the API gives it.
 */
export async function createPostViaApi(
  app: App,
  author: Pick<UserRow, 'id' | 'role' | 'token_version'>,
  fields: CreatePostBody,
): Promise<PostCard> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/posts/create',
    headers: authHeader(loginAs(app, author)),
    payload: fields,
  })
  if (res.statusCode !== 201) throw new Error(`creating a post answered ${res.statusCode}: ${res.body}`)
  return res.json().post
}

/** Inserts a comment row directly. */
export function createComment(
  db: Kysely<Database>,
  fields: { postId: string; authorId: string; content?: string; createdAt?: Date },
): Promise<CommentRow> {
  return db
    .insertInto('comments')
    .values({
      post_id: fields.postId,
      author_id: fields.authorId,
      content: fields.content ?? 'A test comment',
      ...(fields.createdAt ? { created_at: fields.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Inserts a vote row directly (the post's counters are left alone). */
export async function createVote(
  db: Kysely<Database>,
  fields: { postId: string; userId: string; value?: 1 | -1; at?: Date },
): Promise<void> {
  await db
    .insertInto('votes')
    .values({
      post_id: fields.postId,
      user_id: fields.userId,
      value: fields.value ?? 1,
      ...(fields.at ? { created_at: fields.at, updated_at: fields.at } : {}),
    })
    .execute()
}

/** One user per role given, created in parallel, e.g. `createUsers(db, 'moderator', 'member')`. */
export function createUsers<const R extends readonly Role[]>(
  db: Kysely<Database>,
  ...roles: R
): Promise<{ -readonly [K in keyof R]: TestUser }> {
  return Promise.all(roles.map((role) => createUser(db, { role }))) as Promise<{
    -readonly [K in keyof R]: TestUser
  }>
}

/** The Authorization header of a signed-in user, or no header at all for a guest (null). */
export function headersFor(
  app: App,
  user: Pick<UserRow, 'id' | 'role' | 'token_version'> | null,
): { authorization?: string } {
  return user ? authHeader(loginAs(app, user)) : {}
}
