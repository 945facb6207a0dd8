import type { Database, Role } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { AppError } from '../lib/errors.ts'
import { insertAccount, prepareAccount, setUserRole } from '../modules/accounts/service.ts'
import { describeMailQueue, retryFailedMail } from '../modules/mail/service.ts'

/** Everything a command touches, so tests can run the commands against a throwaway database. */
export interface AdminContext {
  db: Kysely<Database>
  /** Wipes the app tables and seeds the demo content. */
  reseed(db: Kysely<Database>): Promise<void>
  out(line: string): void
  err(line: string): void
}

/** Exit codes: 0 done, 1 refused (duplicate, invalid value, unknown user), 2 wrong usage. */
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const

const ROLES: readonly Role[] = ['member', 'contributor', 'moderator']

export const USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  create-user <username> <email> <password> [member|contributor|moderator]
      Create an account (default role: member).
  set-role <username> <member|contributor|moderator>
      Change a user's role. Lowering a role signs the user out everywhere.
  reseed
      Delete ALL data and load the demo content again.
  mail status
      Show the outgoing mail queue: counts per status, and what waits or failed with its last error.
  mail retry
      Put every failed mail back in the queue (after fixing SMTP_URL); the server sends it.
  help
      Show this text.

The CLI reads the same environment as the server (DATABASE_URL, DATA_DIR, ...). With the embedded
database, stop the server first.`

function isRole(value: string | undefined): value is Role {
  return ROLES.includes(value as Role)
}

/** Runs one admin command and answers its exit code; messages go through `ctx.out` / `ctx.err`. */
export async function runAdmin(args: readonly string[], ctx: AdminContext): Promise<number> {
  const [command, ...rest] = args
  try {
    switch (command) {
      case 'create-user':
        return await createUser(rest, ctx)
      case 'set-role':
        return await setRole(rest, ctx)
      case 'reseed':
        return await reseed(rest, ctx)
      case 'mail':
        return await mail(rest, ctx)
      case 'help':
      case '--help':
      case '-h':
        ctx.out(USAGE)
        return EXIT.ok
      default:
        ctx.err(command ? `Unknown command: ${command}\n\n${USAGE}` : USAGE)
        return EXIT.usage
    }
  } catch (error) {
    // Rule violations (duplicate name, invalid email, unknown user) are the operator's to fix.
    if (error instanceof AppError && error.statusCode < 500) {
      ctx.err(`Error: ${error.message}`)
      return EXIT.refused
    }
    throw error
  }
}

async function createUser(args: readonly string[], ctx: AdminContext): Promise<number> {
  const [username, email, password, role, ...extra] = args
  if (!username || !email || !password || extra.length > 0 || (role !== undefined && !isRole(role))) {
    ctx.err(`Usage: npm run admin -- create-user <username> <email> <password> [${ROLES.join('|')}]`)
    return EXIT.usage
  }
  const account = await prepareAccount(ctx.db, { username, email, password, role: role ?? 'member' })
  const user = await insertAccount(ctx.db, account)
  ctx.out(`Created ${user.role} ${user.username} <${user.email}> (id ${user.id}).`)
  return EXIT.ok
}

async function setRole(args: readonly string[], ctx: AdminContext): Promise<number> {
  const [username, role, ...extra] = args
  if (!username || !isRole(role) || extra.length > 0) {
    ctx.err(`Usage: npm run admin -- set-role <username> <${ROLES.join('|')}>`)
    return EXIT.usage
  }
  const result = await setUserRole(ctx.db, username, role)
  const change =
    result.previousRole === role ? `is already ${role}` : `is now ${role} (was ${result.previousRole})`
  ctx.out(
    `${result.user.username} ${change}.${result.tokensRevoked ? ' Their sessions were signed out.' : ''}`,
  )
  return EXIT.ok
}

async function reseed(args: readonly string[], ctx: AdminContext): Promise<number> {
  if (args.length > 0) {
    ctx.err('Usage: npm run admin -- reseed')
    return EXIT.usage
  }
  await ctx.reseed(ctx.db)
  ctx.out('The database was wiped and the demo content loaded again.')
  return EXIT.ok
}

async function mail(args: readonly string[], ctx: AdminContext): Promise<number> {
  const [action, ...extra] = args
  if (extra.length > 0 || (action !== 'status' && action !== 'retry')) {
    ctx.err('Usage: npm run admin -- mail <status|retry>')
    return EXIT.usage
  }
  if (action === 'status') {
    for (const line of await describeMailQueue(ctx.db)) ctx.out(line)
    return EXIT.ok
  }
  const count = await retryFailedMail(ctx.db)
  ctx.out(count === 0 ? 'No failed mail to retry.' : `${count} failed mail(s) queued again.`)
  return EXIT.ok
}
