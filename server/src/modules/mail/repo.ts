import type {
  Database,
  MailCadence,
  MailKind,
  MailPreferencesTable,
  MailStatus,
  NotificationKind,
} from '@bashboard/db'
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'

type Executor = Kysely<Database> | Transaction<Database>

/** A mail to send: what it is about, and either the member it is for or a fixed address. */
export interface MailIntent {
  kind: MailKind
  userId: string | null
  toAddress?: string | null
  data?: Record<string, unknown>
}

/** Queues a mail inside the caller's transaction: it exists only if the write commits. */
export async function insertMail(db: Executor, intent: MailIntent): Promise<void> {
  await db
    .insertInto('mail_queue')
    .values({
      kind: intent.kind,
      user_id: intent.userId,
      to_address: intent.toAddress ?? null,
      data: JSON.stringify(intent.data ?? {}),
    })
    .execute()
}

/**
 * Queues a notification's mail when its member wants it now: a verified address and the kind's
 * cadence `immediate` (the default). One statement, so a comment's transaction pays one round trip.
 */
export async function insertNotificationMailIfWanted(
  db: Executor,
  input: { userId: string; notificationId: string; kind: 'reply' | 'mention' },
): Promise<void> {
  const cadence = input.kind === 'reply' ? sql.ref('p.replies') : sql.ref('p.mentions')
  await sql`
    INSERT INTO mail_queue (kind, user_id, data)
    SELECT 'notification', u.id, jsonb_build_object('notificationId', ${input.notificationId}::text)
    FROM users u LEFT JOIN mail_preferences p ON p.user_id = u.id
    WHERE u.id = ${input.userId}::uuid AND u.email_verified_at IS NOT NULL
      AND coalesce(${cadence}, 'immediate') = 'immediate'`.execute(db)
}

/** A queued mail as the worker sends it, with its member's current address and name. */
export interface ClaimedMail {
  id: string
  kind: MailKind
  user_id: string | null
  to_address: string | null
  data: Record<string, unknown>
  attempts: number
  username: string | null
  email: string | null
  email_verified_at: Date | null
}

/**
 * Claims up to `limit` due mails for `leaseMs`: rows another instance holds (an unexpired lease) are
 * skipped, and rows whose sender died (an expired lease on `sending`) are taken again.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  limit: number,
  leaseMs: number,
): Promise<ClaimedMail[]> {
  const { rows } = await sql<ClaimedMail>`
    WITH due AS (
      SELECT id FROM mail_queue
      WHERE status IN ('queued', 'sending') AND next_attempt_at <= now()
        AND (locked_until IS NULL OR locked_until < now())
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE mail_queue m
      SET status = 'sending', attempts = m.attempts + 1,
          locked_until = now() + ${leaseMs} * interval '1 millisecond'
      FROM due WHERE m.id = due.id
      RETURNING m.id, m.kind, m.user_id, m.to_address, m.data, m.attempts
    )
    SELECT c.*, u.username, u.email, u.email_verified_at
    FROM claimed c LEFT JOIN users u ON u.id = c.user_id`.execute(db)
  return rows
}

/** Whether any mail is due (one index probe), so an idle worker costs almost nothing. */
export async function hasDueMail(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('mail_queue')
    .select('id')
    .where('status', 'in', ['queued', 'sending'])
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Marks a mail sent (or deliberately not sent), dropping its data: it may hold a link's token. */
export async function finishMail(
  db: Kysely<Database>,
  id: string,
  outcome: { status: Extract<MailStatus, 'sent' | 'skipped' | 'failed'>; subject?: string; error?: string },
): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({
      status: outcome.status,
      subject: outcome.subject ?? null,
      last_error: outcome.error ?? null,
      data: '{}',
      locked_until: null,
      sent_at: outcome.status === 'sent' ? sql<Date>`now()` : null,
    })
    .where('id', '=', id)
    .execute()
}

/** Puts a mail back in the queue after a failed attempt, to be tried again at `retryAt`. */
export async function retryMailLater(
  db: Kysely<Database>,
  id: string,
  retryAt: Date,
  error: string,
): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ status: 'queued', next_attempt_at: retryAt, locked_until: null, last_error: error })
    .where('id', '=', id)
    .execute()
}

/** What the operator's `mail status` prints: counts per status and the mails still waiting or failed. */
export async function mailQueueStatus(db: Kysely<Database>, listed: number) {
  const counts = await db
    .selectFrom('mail_queue')
    .select([
      'status',
      sql<number>`count(*)::int`.as('count'),
      sql<Date | null>`min(created_at)`.as('oldest'),
    ])
    .groupBy('status')
    .execute()
  const stuck = await db
    .selectFrom('mail_queue')
    .leftJoin('users', 'users.id', 'mail_queue.user_id')
    .select([
      'mail_queue.id',
      'mail_queue.kind',
      'mail_queue.status',
      'mail_queue.attempts',
      'mail_queue.next_attempt_at',
      'mail_queue.last_error',
      'mail_queue.created_at',
      sql<string | null>`coalesce(mail_queue.to_address, users.email)`.as('recipient'),
    ])
    .where('mail_queue.status', 'in', ['queued', 'sending', 'failed'])
    .orderBy('mail_queue.created_at')
    .limit(listed)
    .execute()
  return { counts, stuck }
}

/** Puts failed mails back in the queue (the operator fixed the SMTP server); returns how many. */
export async function requeueFailedMail(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable('mail_queue')
    .set({ status: 'queued', attempts: 0, next_attempt_at: sql<Date>`now()`, last_error: null })
    .where('status', '=', 'failed')
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

// Email tokens: the single-use links of verification and reset.

/** Stores a link's token (as its hash), valid until `expiresAt`. */
export async function insertEmailToken(
  db: Executor,
  token: { userId: string; purpose: 'verify' | 'reset'; tokenHash: string; email: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('email_tokens')
    .values({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      email: token.email,
      expires_at: token.expiresAt,
    })
    .execute()
}

/**
 * Uses a link's token once: marks it used and answers its row when it was unused, unexpired and of
 * `purpose`; undefined otherwise. Two requests with one token cannot both get it (one UPDATE).
 */
export async function consumeEmailToken(db: Executor, purpose: 'verify' | 'reset', tokenHash: string) {
  return db
    .updateTable('email_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'email'])
    .executeTakeFirst()
}

/** Ends a member's other unused links of `purpose` (a reset ends the other reset links). */
export async function expireEmailTokens(
  db: Executor,
  userId: string,
  purpose: 'verify' | 'reset',
): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute()
}

// Preferences.

export type MailPreferencesRow = Selectable<MailPreferencesTable>

/** A member's mail choices, or undefined when they kept the defaults. */
export function findMailPreferences(db: Executor, userId: string): Promise<MailPreferencesRow | undefined> {
  return db.selectFrom('mail_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** What a member may change; omitted fields keep their value. */
export interface MailPreferenceChanges {
  replies?: MailCadence
  mentions?: MailCadence
  applications?: boolean
  weeklyDigest?: boolean
}

/** Writes a member's choices (creating their row with the defaults for the rest). */
export async function upsertMailPreferences(
  db: Executor,
  userId: string,
  changes: MailPreferenceChanges,
): Promise<MailPreferencesRow> {
  const set = {
    ...(changes.replies ? { replies: changes.replies } : {}),
    ...(changes.mentions ? { mentions: changes.mentions } : {}),
    ...(changes.applications !== undefined ? { applications: changes.applications } : {}),
    ...(changes.weeklyDigest !== undefined ? { weekly_digest: changes.weeklyDigest } : {}),
  }
  return db
    .insertInto('mail_preferences')
    .values({ user_id: userId, ...set })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...set, updated_at: sql<Date>`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow()
}

// What mails read.

/** A notification as its mail quotes it; undefined once it is gone or read. */
export function findUnreadNotification(db: Executor, id: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'text', 'link', 'created_at'])
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .executeTakeFirst()
}

/**
 * Claims the members whose daily digest of replies and mentions is due (none in the last 23 hours)
 * by stamping it, so each instance that runs the job takes different members and none twice.
 */
export async function claimDailyDigestMembers(db: Kysely<Database>, limit: number) {
  const { rows } = await sql<{ user_id: string; since: Date | null }>`
    WITH due AS (
      SELECT p.user_id FROM mail_preferences p JOIN users u ON u.id = p.user_id
      WHERE (p.replies = 'daily' OR p.mentions = 'daily') AND u.email_verified_at IS NOT NULL
        AND (p.last_daily_digest_at IS NULL OR p.last_daily_digest_at < now() - interval '23 hours')
      LIMIT ${limit}
      FOR UPDATE OF p SKIP LOCKED
    ), old AS (
      SELECT p.user_id, p.last_daily_digest_at FROM mail_preferences p JOIN due ON due.user_id = p.user_id
    )
    UPDATE mail_preferences p SET last_daily_digest_at = now()
    FROM old WHERE p.user_id = old.user_id
    RETURNING p.user_id, old.last_daily_digest_at AS since`.execute(db)
  return rows
}

/** The unread notifications of `kinds` a member got since `since` (the last digest), newest first. */
export function listUnreadNotificationsSince(
  db: Executor,
  userId: string,
  kinds: readonly NotificationKind[],
  since: Date,
  limit: number,
) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'text', 'link', 'created_at'])
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('read_at', 'is', null)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute()
}

/** Claims the members whose weekly digest is due (opted in, none in the last 6.5 days), as above. */
export async function claimWeeklyDigestMembers(db: Kysely<Database>, limit: number) {
  const { rows } = await sql<{ user_id: string }>`
    WITH due AS (
      SELECT p.user_id FROM mail_preferences p JOIN users u ON u.id = p.user_id
      WHERE p.weekly_digest AND u.email_verified_at IS NOT NULL
        AND (p.last_weekly_digest_at IS NULL OR p.last_weekly_digest_at < now() - interval '156 hours')
      LIMIT ${limit}
      FOR UPDATE OF p SKIP LOCKED
    )
    UPDATE mail_preferences p SET last_weekly_digest_at = now()
    FROM due WHERE p.user_id = due.user_id
    RETURNING p.user_id`.execute(db)
  return rows
}

/** The week's best commands: most upvoted among those posted in the last 7 days. */
export function listTopPostsSince(db: Executor, since: Date, limit: number) {
  return db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .select(['posts.title', 'posts.slug', 'posts.command', 'posts.uplike_count', 'users.username'])
    .where('posts.created_at', '>', since)
    .orderBy('posts.uplike_count', 'desc')
    .orderBy('posts.created_at', 'desc')
    .limit(limit)
    .execute()
}

/** Sets or clears a member's verified address mark (clearing when the address changed). */
export async function markEmailVerified(db: Executor, userId: string, email: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Sets a member's unsubscribe choice for one kind (one-click unsubscribe). */
export async function turnOffMailKind(
  db: Executor,
  userId: string,
  topic: 'replies' | 'mentions' | 'applications' | 'weekly_digest' | 'activity_digest',
): Promise<void> {
  const changes: MailPreferenceChanges =
    topic === 'replies'
      ? { replies: 'off' }
      : topic === 'mentions'
        ? { mentions: 'off' }
        : topic === 'applications'
          ? { applications: false }
          : topic === 'weekly_digest'
            ? { weeklyDigest: false }
            : { replies: 'off', mentions: 'off' }
  await upsertMailPreferences(db, userId, changes)
}

/** Whether the user exists (an unsubscribe link may outlive its account). */
export async function userExists(db: Executor, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
}

/** The address fields of a member, for their mail settings. */
export function findMailUser(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst()
}
