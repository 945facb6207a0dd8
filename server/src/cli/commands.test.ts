import type { Database } from '@bashboard/db'
import { createTestDatabase, type TestDatabase } from '@bashboard/db/testing'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '../../test/factories.ts'
import { verifyPassword } from '../lib/password.ts'
import { type AdminContext, EXIT, runAdmin } from './commands.ts'

let testDb: TestDatabase
let out: string[]
let err: string[]
let reseeds: number

function context(): AdminContext {
  return {
    db: testDb.db,
    reseed: async () => {
      reseeds += 1
    },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  }
}

function findUser(db: Kysely<Database>, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst()
}

beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => {
  await testDb?.close()
})
beforeEach(() => {
  out = []
  err = []
  reseeds = 0
})

describe('admin create-user', () => {
  it('creates a member by default, with the email lower-cased and the password hashed', async () => {
    const code = await runAdmin(['create-user', 'cli_member', 'CLI@Example.com', 'cli-password'], context())
    expect(code).toBe(EXIT.ok)
    const user = await findUser(testDb.db, 'cli_member')
    expect(user).toMatchObject({ role: 'member', email: 'cli@example.com' })
    expect(await verifyPassword(user?.password_hash ?? '', 'cli-password')).toBe(true)
    expect(out.join('\n')).toContain('Created member cli_member')
  })

  it('creates a user with the given role', async () => {
    expect(
      await runAdmin(['create-user', 'cli_mod', 'mod@example.com', 'cli-password', 'moderator'], context()),
    ).toBe(EXIT.ok)
    expect((await findUser(testDb.db, 'cli_mod'))?.role).toBe('moderator')
  })

  it('refuses a taken username with the same message as signup (exit 1)', async () => {
    await createUser(testDb.db, { username: 'cli_taken' })
    const code = await runAdmin(['create-user', 'CLI_TAKEN', 'other@example.com', 'cli-password'], context())
    expect(code).toBe(EXIT.refused)
    expect(err).toEqual(['Error: Username is already taken'])
  })

  it('applies the signup rules to every field (exit 1)', async () => {
    expect(await runAdmin(['create-user', 'ab', 'ok@example.com', 'cli-password'], context())).toBe(
      EXIT.refused,
    )
    expect(await runAdmin(['create-user', 'cli_ok', 'not-email', 'cli-password'], context())).toBe(
      EXIT.refused,
    )
    expect(await runAdmin(['create-user', 'cli_ok', 'ok@example.com', '123'], context())).toBe(EXIT.refused)
    expect(err.map((line) => line.split(' ')[1])).toEqual(['Username', 'Please', 'Password'])
    expect(await findUser(testDb.db, 'cli_ok')).toBeUndefined()
  })

  it('prints usage for missing arguments or an unknown role (exit 2)', async () => {
    expect(await runAdmin(['create-user', 'only_name'], context())).toBe(EXIT.usage)
    expect(await runAdmin(['create-user', 'n_ame', 'e@example.com', 'password', 'admin'], context())).toBe(
      EXIT.usage,
    )
    expect(err.every((line) => line.startsWith('Usage: npm run admin -- create-user'))).toBe(true)
  })
})

describe('admin set-role', () => {
  it('raises a role without signing the user out', async () => {
    const user = await createUser(testDb.db, { role: 'member' })
    expect(await runAdmin(['set-role', user.username, 'contributor'], context())).toBe(EXIT.ok)
    const after = await findUser(testDb.db, user.username)
    expect(after).toMatchObject({ role: 'contributor', token_version: user.token_version })
    expect(out[0]).toBe(`${user.username} is now contributor (was member).`)
  })

  it('lowers a role and bumps the token version so old tokens stop working', async () => {
    const user = await createUser(testDb.db, { role: 'moderator' })
    expect(await runAdmin(['set-role', user.username.toUpperCase(), 'member'], context())).toBe(EXIT.ok)
    const after = await findUser(testDb.db, user.username)
    expect(after).toMatchObject({ role: 'member', token_version: user.token_version + 1 })
    expect(out[0]).toContain('Their sessions were signed out.')
  })

  it('answers exit 1 for an unknown user and exit 2 for an unknown role', async () => {
    expect(await runAdmin(['set-role', 'nobody_at_all', 'member'], context())).toBe(EXIT.refused)
    expect(err[0]).toBe('Error: No user named nobody_at_all')
    expect(await runAdmin(['set-role', 'nobody_at_all', 'root'], context())).toBe(EXIT.usage)
  })
})

describe('admin reseed and usage', () => {
  it('runs the reseed once', async () => {
    expect(await runAdmin(['reseed'], context())).toBe(EXIT.ok)
    expect(reseeds).toBe(1)
    expect(await runAdmin(['reseed', 'now'], context())).toBe(EXIT.usage)
    expect(reseeds).toBe(1)
  })

  it('prints usage for help (exit 0) and for an unknown command (exit 2)', async () => {
    expect(await runAdmin(['help'], context())).toBe(EXIT.ok)
    expect(out[0]).toContain('create-user <username> <email> <password>')
    expect(await runAdmin(['drop-everything'], context())).toBe(EXIT.usage)
    expect(err[0]).toContain('Unknown command: drop-everything')
  })
})

describe('admin mail', () => {
  it('shows what waits and what failed, and puts failed mail back in the queue', async () => {
    expect(await runAdmin(['mail', 'status'], context())).toBe(EXIT.ok)
    expect(out).toEqual(['The mail queue is empty.'])

    const user = await createUser(testDb.db, { email: 'stuck@example.test' })
    await testDb.db
      .insertInto('mail_queue')
      .values([
        {
          kind: 'password_changed',
          user_id: user.id,
          status: 'failed',
          attempts: 8,
          last_error: '535 auth failed',
        },
        { kind: 'verify_email', user_id: user.id, to_address: 'new@example.test', attempts: 2 },
        { kind: 'password_changed', user_id: user.id, status: 'sent', attempts: 1 },
      ])
      .execute()
    out = []
    expect(await runAdmin(['mail', 'status'], context())).toBe(EXIT.ok)
    const text = out.join('\n')
    expect(text).toMatch(/failed\s+1/)
    expect(text).toMatch(/queued\s+1/)
    expect(text).toMatch(/sent\s+1/)
    expect(text).toContain('password_changed to stuck@example.test  failed, 8 attempt(s), gave up')
    expect(text).toContain('last error: 535 auth failed')
    expect(text).toContain('verify_email to new@example.test  queued, 2 attempt(s), next try')

    out = []
    expect(await runAdmin(['mail', 'retry'], context())).toBe(EXIT.ok)
    expect(out).toEqual(['1 failed mail(s) queued again.'])
    const statuses = await testDb.db
      .selectFrom('mail_queue')
      .select('status')
      .where('user_id', '=', user.id)
      .execute()
    expect(statuses.map((row) => row.status).sort()).toEqual(['queued', 'queued', 'sent'])
    expect(await runAdmin(['mail', 'send'], context())).toBe(EXIT.usage)
  })
})
