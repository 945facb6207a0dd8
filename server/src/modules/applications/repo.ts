import type { ApplicationRow, ApplicationStatus, Database, Role } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'

type Executor = Kysely<Database> | Transaction<Database>

/** What a new application row holds. */
export interface NewApplication {
  userId: string
  coverLetter: string
  docCategory: string
  documentKey: string
  documentName: string
  documentMime: string
  documentSize: number
}

/** Inserts an application under review; the partial unique index refuses a second open one. */
export function insertApplication(
  trx: Transaction<Database>,
  input: NewApplication,
): Promise<ApplicationRow> {
  return trx
    .insertInto('applications')
    .values({
      user_id: input.userId,
      cover_letter: input.coverLetter,
      doc_category: input.docCategory,
      document_key: input.documentKey,
      document_name: input.documentName,
      document_mime: input.documentMime,
      document_size: input.documentSize,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The user's latest application, or undefined. */
export function findLatestApplicationOf(db: Executor, userId: string): Promise<ApplicationRow | undefined> {
  return db
    .selectFrom('applications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** Whether the user has an application under review. */
export async function hasOpenApplication(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('applications')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'reviewing')
    .executeTakeFirst()
  return row !== undefined
}

/** One application by id (`lock` holds it until the transaction ends, so two decisions serialise). */
export function findApplicationById(
  db: Executor,
  id: string,
  lock = false,
): Promise<ApplicationRow | undefined> {
  const query = db.selectFrom('applications').selectAll().where('id', '=', id)
  return (lock ? query.forUpdate() : query).executeTakeFirst()
}

/** An application joined with what a moderator sees of its applicant and reviewer. */
export type ModApplicationRow = ApplicationRow & {
  applicant_username: string
  applicant_email: string
  applicant_points: number
  applicant_role: Role
  reviewer_username: string | null
}

function selectModApplications(db: Executor) {
  return db
    .selectFrom('applications')
    .innerJoin('users as applicant', 'applicant.id', 'applications.user_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'applications.reviewed_by')
    .selectAll('applications')
    .select([
      'applicant.username as applicant_username',
      'applicant.email as applicant_email',
      'applicant.points as applicant_points',
      'applicant.role as applicant_role',
      'reviewer.username as reviewer_username',
    ])
}

/** One application as a moderator sees it. */
export function findModApplication(db: Executor, id: string): Promise<ModApplicationRow | undefined> {
  return selectModApplications(db).where('applications.id', '=', id).executeTakeFirst()
}

/**
 * A page of applications for the moderators' queue: under review first (oldest first, so nobody
 * waits forever), then the decided ones, latest decision first.
 */
export async function listModApplications(
  db: Executor,
  filter: { status?: ApplicationStatus; limit: number; offset: number },
): Promise<{ rows: ModApplicationRow[]; total: number }> {
  let rowsQuery = selectModApplications(db)
  let countQuery = db.selectFrom('applications').select((eb) => eb.fn.countAll<string>().as('total'))
  if (filter.status) {
    rowsQuery = rowsQuery.where('applications.status', '=', filter.status)
    countQuery = countQuery.where('status', '=', filter.status)
  }
  const [rows, count] = await Promise.all([
    rowsQuery
      .orderBy(sql`case when applications.status = 'reviewing' then 0 else 1 end`)
      .orderBy(sql`case when applications.status = 'reviewing' then applications.created_at end`, 'asc')
      .orderBy('applications.reviewed_at', 'desc')
      .orderBy('applications.created_at', 'desc')
      .orderBy('applications.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    countQuery.executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/** Records a decision on an application. */
export async function updateApplicationDecision(
  trx: Transaction<Database>,
  id: string,
  decision: { status: 'accepted' | 'rejected'; message: string | null; reviewerId: string },
): Promise<void> {
  await trx
    .updateTable('applications')
    .set({
      status: decision.status,
      review_message: decision.message,
      reviewed_by: decision.reviewerId,
      reviewed_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute()
}

/** The applicant's role and name, locked so a concurrent role change waits for the decision. */
export function lockApplicant(
  trx: Transaction<Database>,
  userId: string,
): Promise<{ id: string; username: string; role: Role } | undefined> {
  return trx
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst()
}

/** Makes the applicant a contributor. */
export async function promoteToContributor(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ role: 'contributor', updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute()
}
