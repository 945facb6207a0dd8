import type { CategoryRow } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  POST_LIMITS,
  POST_RULE_MESSAGES,
  TOKEN_LIMITS,
  TOKEN_NAME_MESSAGES,
} from '../src/contract/limits.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { authHeader, createCategory, createUser, loginAs, type TestUser } from './factories.ts'

/*
 * A limit is written once, in src/contract/values.ts, and reaches both sides: for each rule kept by the
 * server and by a web form, the API answers one past the limit with a 422 whose message is the form's
 * inline error for the same value, and neither refuses the limit itself. The forms' validators are
 * loaded by path: the server's TypeScript project does not include web/, and the web may import nothing
 * of the server but its contract (scripts/check-fences.mjs), so only a test here sees both.
 */

type Problem = { field: string; message: string } | null
type FieldErrors = Partial<Record<string, string>>

interface CreatePostValidation {
  validateCreatePost(values: {
    title: string
    command: string
    description: string
    category: string
  }): Problem
}
interface CollectionValidation {
  validateCollectionForm(values: { name: string; description: string; public: boolean }): FieldErrors
}
interface TokenValidation {
  validateTokenForm(values: { name: string; scopes: string[]; expiry: number | 'never' }): FieldErrors
}
interface SettingsValidation {
  validatePasswordForm(values: {
    currentPassword: string
    newPassword: string
    confirmPassword: string
  }): Problem
}

async function webModule<T>(path: string): Promise<T> {
  const url = new URL(`../../web/src/features/${path}`, import.meta.url)
  return (await import(/* @vite-ignore */ url.pathname)) as T
}

let t: TestApp
let contributor: TestUser
let category: CategoryRow
let sequence = 0

beforeAll(async () => {
  t = await buildTestApp()
  contributor = await createUser(t.db, { role: 'contributor' })
  category = await createCategory(t.db)
})
afterAll(async () => {
  await t?.close()
})

function send(user: TestUser, method: 'POST' | 'PUT', url: string, payload: object) {
  return t.app.inject({ method, url, headers: authHeader(loginAs(t.app, user)), payload })
}

/** A string of `length` characters, different on every call (titles and names must be unique). */
function text(length: number): string {
  sequence += 1
  return `${sequence}-`.padEnd(length, 'x')
}

describe('limits shared by the API and the web forms', () => {
  it('post title: at most POST_LIMITS.titleMaxLength characters', async () => {
    const { validateCreatePost } = await webModule<CreatePostValidation>('create-post/validation.ts')
    const limit = POST_LIMITS.titleMaxLength
    const post = (title: string) => ({
      title,
      command: `du -sh /srv/${sequence}`,
      description: '<p>Shows how much space a directory takes.</p>',
      category: category.id,
    })

    const tooLong = post(text(limit + 1))
    const refused = await send(contributor, 'POST', '/api/posts/create', tooLong)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toBe(POST_RULE_MESSAGES.titleTooLong)
    expect(validateCreatePost(tooLong)).toEqual({ field: 'title', message: POST_RULE_MESSAGES.titleTooLong })

    const longest = post(text(limit))
    expect(validateCreatePost(longest)).toBeNull()
    expect((await send(contributor, 'POST', '/api/posts/create', longest)).statusCode).toBe(201)
  })

  it('post description: at least POST_LIMITS.descriptionMinLength plain characters', async () => {
    const { validateCreatePost } = await webModule<CreatePostValidation>('create-post/validation.ts')
    const limit = POST_LIMITS.descriptionMinLength
    const post = (plain: string) => ({
      title: text(20),
      command: `ls -la /opt/${sequence}`,
      description: `<p><strong>${plain}</strong></p>`,
      category: category.id,
    })

    const tooShort = post('d'.repeat(limit - 1))
    const refused = await send(contributor, 'POST', '/api/posts/create', tooShort)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toBe(POST_RULE_MESSAGES.descriptionTooShort)
    expect(validateCreatePost(tooShort)).toEqual({
      field: 'description',
      message: POST_RULE_MESSAGES.descriptionTooShort,
    })

    const shortest = post('d'.repeat(limit))
    expect(validateCreatePost(shortest)).toBeNull()
    expect((await send(contributor, 'POST', '/api/posts/create', shortest)).statusCode).toBe(201)
  })

  it('collection name: at most COLLECTION_LIMITS.nameMaxLength characters', async () => {
    const { validateCollectionForm } = await webModule<CollectionValidation>('collections/validation.ts')
    const limit = COLLECTION_LIMITS.nameMaxLength
    const tooLong = { name: text(limit + 1), description: '', public: true }

    const refused = await send(contributor, 'POST', '/api/collections', tooLong)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toBe(COLLECTION_MESSAGES.nameTooLong)
    expect(validateCollectionForm(tooLong)).toEqual({ name: COLLECTION_MESSAGES.nameTooLong })

    const longest = { name: text(limit), description: '', public: true }
    expect(validateCollectionForm(longest)).toEqual({})
    expect((await send(contributor, 'POST', '/api/collections', longest)).statusCode).toBe(201)
  })

  it('token name: at most TOKEN_LIMITS.nameMaxLength characters', async () => {
    const { validateTokenForm } = await webModule<TokenValidation>('settings/token-validation.ts')
    const limit = TOKEN_LIMITS.nameMaxLength
    const tooLong = { name: text(limit + 1), scopes: ['read'] }

    const refused = await send(contributor, 'POST', '/api/tokens', tooLong)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toBe(TOKEN_NAME_MESSAGES.nameTooLong)
    expect(validateTokenForm({ ...tooLong, expiry: 'never' })).toEqual({
      name: TOKEN_NAME_MESSAGES.nameTooLong,
    })

    const longest = { name: text(limit), scopes: ['read'] }
    expect(validateTokenForm({ ...longest, expiry: 'never' })).toEqual({})
    expect((await send(contributor, 'POST', '/api/tokens', longest)).statusCode).toBe(201)
  })

  it('new password: at least ACCOUNT_LIMITS.passwordMinLength characters', async () => {
    const { validatePasswordForm } = await webModule<SettingsValidation>('settings/validation.ts')
    const me = await createUser(t.db)
    const limit = ACCOUNT_LIMITS.passwordMinLength
    const change = (newPassword: string) => ({ currentPassword: me.password, newPassword })

    const tooShort = 'p'.repeat(limit - 1)
    const refused = await send(me, 'PUT', '/api/users', change(tooShort))
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.passwordTooShort)
    expect(validatePasswordForm({ ...change(tooShort), confirmPassword: tooShort })).toEqual({
      field: 'newPassword',
      message: ACCOUNT_MESSAGES.passwordTooShort,
    })

    const shortest = 'p'.repeat(limit)
    expect(validatePasswordForm({ ...change(shortest), confirmPassword: shortest })).toBeNull()
    expect((await send(me, 'PUT', '/api/users', change(shortest))).statusCode).toBe(200)
  })
})
