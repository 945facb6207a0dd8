import type { AdPage, AdSlot, AdsTable, Database } from '@bashboard/db'
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'

/** An ads row plus whether it is showing now (active and inside its schedule). */
export type AdRow = Selectable<AdsTable> & { showing: boolean }

/** The fields a create or update writes. */
export interface AdWrite {
  title: string
  page: AdPage
  slot: AdSlot
  size: string
  url: string
  ad_image: string
  active: boolean
  starts_at: Date | null
  ends_at: Date | null
}

// "Showing" is decided by the database clock, the same one the public query filters with.
const showing = sql<boolean>`(active AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now()))`

/** The page's ads that are active and inside their schedule now, oldest first. */
export function findShowingAds(db: Kysely<Database>, page: AdPage): Promise<AdRow[]> {
  return db
    .selectFrom('ads')
    .selectAll()
    .select(showing.as('showing'))
    .where('page', '=', page)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
}

/** Every ad, newest first (the console). */
export function findAllAds(db: Kysely<Database>): Promise<AdRow[]> {
  return db
    .selectFrom('ads')
    .selectAll()
    .select(showing.as('showing'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** An ad by id, locked for the transaction that changes it. */
export function findAdForUpdate(trx: Transaction<Database>, id: string): Promise<AdRow | undefined> {
  return trx
    .selectFrom('ads')
    .selectAll()
    .select(showing.as('showing'))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
}

/** Whether an ad exists (click tracking answers 404 otherwise). */
export async function adExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('ads').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

/** Inserts an ad. */
export function insertAd(trx: Transaction<Database>, fields: AdWrite): Promise<AdRow> {
  return trx
    .insertInto('ads')
    .values(fields)
    .returningAll()
    .returning(showing.as('showing'))
    .executeTakeFirstOrThrow()
}

/** Updates an ad. */
export function updateAd(trx: Transaction<Database>, id: string, fields: AdWrite): Promise<AdRow> {
  return trx
    .updateTable('ads')
    .set(fields)
    .where('id', '=', id)
    .returningAll()
    .returning(showing.as('showing'))
    .executeTakeFirstOrThrow()
}

/** Deletes an ad (its clicks go with it). */
export async function deleteAd(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('ads').where('id', '=', id).execute()
}

/** How many ads use this stored image name (to know whether its file may be removed). */
export async function countAdsUsingImage(db: Kysely<Database>, image: string): Promise<number> {
  const row = await db
    .selectFrom('ads')
    .where('ad_image', '=', image)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** How long a visitor's click on an ad keeps their next clicks on it from counting. */
export const AD_CLICK_WINDOW_SECONDS = 60

/**
 * Records a click unless this visitor already clicked this ad in the last minute, and bumps the ad's
 * counter only when the click row was inserted. Returns whether the click counted. The minute rolls
 * (a click at :59 and one at :01 are two seconds apart, not in two minutes): a transaction lock on the
 * visitor and ad makes concurrent clicks wait for each other, so only one of them counts; the unique
 * index on (ad_id, visitor_key, minute) still refuses a second row of the same clock minute.
 */
export async function recordAdClick(
  trx: Transaction<Database>,
  click: { adId: string; visitorKey: string; pageName: string; clickedAt: Date },
): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`ad-click:${click.adId}:${click.visitorKey}`}, 0))`.execute(
    trx,
  )
  const recent = await trx
    .selectFrom('ad_clicks')
    .select('id')
    .where('ad_id', '=', click.adId)
    .where('visitor_key', '=', click.visitorKey)
    .where(
      'minute',
      '>=',
      sql<Date>`date_trunc('minute', now() - make_interval(secs => ${AD_CLICK_WINDOW_SECONDS}))`,
    )
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${AD_CLICK_WINDOW_SECONDS})`)
    .executeTakeFirst()
  if (recent) return false
  const inserted = await trx
    .insertInto('ad_clicks')
    .values({
      ad_id: click.adId,
      visitor_key: click.visitorKey,
      page_name: click.pageName,
      clicked_at: click.clickedAt,
      minute: sql<Date>`date_trunc('minute', now())`,
    })
    .onConflict((oc) => oc.columns(['ad_id', 'visitor_key', 'minute']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return false
  await trx
    .updateTable('ads')
    .set({ click_count: sql`click_count + 1` })
    .where('id', '=', click.adId)
    .execute()
  return true
}
