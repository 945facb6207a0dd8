import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import {
  AD_MESSAGES,
  AD_TITLE_MAX_LENGTH,
  type AdsResponse,
  type CreateAdBody,
  type DeleteAdResponse,
  type ModAd,
  type ModAdListResponse,
  type TrackClickBody,
  type TrackClickResponse,
  type UpdateAdBody,
} from '../../contract/ads.ts'
import { hasControlCharacters } from '../../contract/limits.ts'
import type { ModerationAction } from '../../contract/moderation-actions.ts'
import type { AuthUser } from '../../lib/access.ts'
import { BadRequestError, InvalidError, NotFoundError } from '../../lib/errors.ts'
import { isUuid } from '../../lib/slug.ts'
import type { FileStore } from '../../lib/storage.ts'
import type { LiveHub } from '../../live/hub.ts'
import { withTransaction } from '../../live/outbox.ts'
import { logModerationAction } from '../audit/log.ts'
import { isUploadedImage, normaliseImageRef } from '../content-images/images.ts'
import { isAdPage, toAdsResponse, toModAd } from './presenter.ts'
import {
  type AdRow,
  type AdWrite,
  adExists,
  countAdsUsingImage,
  deleteAd as deleteAdRow,
  findAdForUpdate,
  findAllAds,
  findShowingAds,
  insertAd,
  recordAdClick,
  updateAd as updateAdRow,
} from './repo.ts'

/**
 * What the ads service needs: the database, the live hub (audit events), the file store and the
 * site's origin (site-relative ad links are sent as absolute URLs).
 */
export interface AdsDeps {
  db: Kysely<Database>
  live: LiveHub
  files: FileStore
  origin: string
}

/**
 * `GET /api/ads/{page}`: the page's active ads inside their schedule, grouped by slot.
 * @throws NotFoundError for a page name outside Homepage, BrowsePage, Leaderboard, PostDetails, Blog.
 */
export async function getAdsForPage(deps: AdsDeps, page: string): Promise<AdsResponse> {
  if (!isAdPage(page)) throw new NotFoundError(AD_MESSAGES.pageNotFound)
  return toAdsResponse(await findShowingAds(deps.db, page), deps.origin)
}

// Epoch milliseconds from 2000 to 2100, as a number or a string of digits; anything else must be ISO-8601.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/
const EPOCH_MIN = Date.UTC(2000, 0, 1)
const EPOCH_MAX = Date.UTC(2100, 0, 1)

/** The click time a client sent (ISO-8601 or epoch ms), or undefined when it is neither. */
export function parseClickTimestamp(value: string | number): Date | undefined {
  let ms: number
  if (typeof value === 'number') ms = value
  else if (/^\d{1,15}$/.test(value.trim())) ms = Number(value.trim())
  else if (ISO_DATE.test(value.trim())) ms = Date.parse(value.trim())
  else return undefined
  if (!Number.isFinite(ms) || !Number.isInteger(ms) || ms < EPOCH_MIN || ms > EPOCH_MAX) return undefined
  return new Date(ms)
}

/**
 * `POST /api/ads/track-click`: counts a click once per visitor (user id, or a hash of IP and user
 * agent) per ad within a rolling minute (repo.ts recordAdClick).
 * @throws BadRequestError (400) for a timestamp that is neither ISO-8601 nor epoch milliseconds.
 * @throws NotFoundError for an unknown ad.
 */
export async function trackClick(
  deps: AdsDeps,
  body: TrackClickBody,
  visitorKey: string,
): Promise<TrackClickResponse> {
  const clickedAt = parseClickTimestamp(body.timestamp)
  if (!clickedAt) throw new BadRequestError(AD_MESSAGES.timestampInvalid)
  const pageName = body.pageName.trim().slice(0, 50)
  if (hasControlCharacters(pageName, false))
    throw new InvalidError(AD_MESSAGES.pageNameCharacters, 'pageName')
  if (!isUuid(body.adId) || !(await adExists(deps.db, body.adId)))
    throw new NotFoundError(AD_MESSAGES.notFound)
  const counted = await deps.db.transaction().execute(async (trx) => {
    // The ad may be deleted between the check and the insert; its foreign key then fails: 404.
    if (!(await adExists(trx, body.adId))) throw new NotFoundError(AD_MESSAGES.notFound)
    return recordAdClick(trx, {
      adId: body.adId,
      visitorKey,
      pageName,
      clickedAt,
    })
  })
  return { counted }
}

/** `GET /api/mod/ads`: every ad for the console, with clicks, schedule and state. */
export async function listAllAds(deps: AdsDeps): Promise<ModAdListResponse> {
  return { ads: (await findAllAds(deps.db)).map(toModAd) }
}

// A path on this site: one leading slash (not protocol-relative), no spaces or backslashes.
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/

/**
 * The stored form of an ad's link: '#' (not clickable) for '#' or empty, a site path such as `/blog`
 * kept as is (sent as an absolute URL on this site), https:// prepended when no scheme is given, and
 * only http(s) URLs with a host accepted. Undefined when unusable.
 */
export function normaliseAdUrl(raw: string): string | undefined {
  const value = raw.trim()
  // A site path is kept as typed, so what a link could hide is refused in every form.
  if (hasControlCharacters(value, false)) return undefined
  if (value === '' || value === '#') return '#'
  if (SITE_PATH.test(value)) return value
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
  try {
    const url = new URL(withScheme)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    return url.hostname === '' ? undefined : url.href
  } catch {
    return undefined
  }
}

type AdFields = Omit<CreateAdBody, 'active' | 'startsAt' | 'endsAt'> & {
  active: boolean
  startsAt: string | null
  endsAt: string | null
}

// Trims and checks a complete set of fields; the messages are the console form's.
function validate(fields: AdFields): AdWrite {
  const title = fields.title.trim()
  if (title.length > AD_TITLE_MAX_LENGTH) throw new InvalidError(AD_MESSAGES.titleTooLong, 'title')
  if (hasControlCharacters(title, false)) throw new InvalidError(AD_MESSAGES.titleCharacters, 'title')
  const url = normaliseAdUrl(fields.url)
  if (url === undefined) throw new InvalidError(AD_MESSAGES.urlInvalid, 'url')
  if (fields.image.trim() === '') throw new InvalidError(AD_MESSAGES.imageRequired, 'image')
  const image = normaliseImageRef('ads', fields.image, { bundled: true })
  if (image === undefined) throw new InvalidError(AD_MESSAGES.imageInvalid, 'image')
  const startsAt = fields.startsAt === null ? null : new Date(fields.startsAt)
  const endsAt = fields.endsAt === null ? null : new Date(fields.endsAt)
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
    throw new InvalidError(AD_MESSAGES.scheduleInvalid, 'endsAt')
  }
  return {
    title,
    page: fields.page,
    slot: fields.slot,
    size: fields.size,
    url,
    ad_image: image,
    active: fields.active,
    starts_at: startsAt,
    ends_at: endsAt,
  }
}

// Removes an uploaded file no ad uses any more (best effort, after commit).
async function removeUnusedImage(deps: AdsDeps, image: string | null): Promise<void> {
  if (!isUploadedImage(image)) return
  if ((await countAdsUsingImage(deps.db, image)) > 0) return
  await deps.files.removePublic('ads', image).catch(() => {})
}

function auditTitle(row: { title: string; page: string; slot: string }): string {
  return `${row.title || 'Untitled ad'} (${row.page} ${row.slot})`
}

/**
 * `POST /api/mod/ads`: creates an ad (active unless told otherwise). Audit-logged as `ad.created`.
 * @throws InvalidError (422) for an unusable link, image or schedule.
 */
export async function createAd(deps: AdsDeps, moderator: AuthUser, body: CreateAdBody): Promise<ModAd> {
  const fields = validate({
    ...body,
    active: body.active ?? true,
    startsAt: body.startsAt ?? null,
    endsAt: body.endsAt ?? null,
  })
  const row = await withTransaction(deps, async (trx, outbox) => {
    const inserted = await insertAd(trx, fields)
    await logModerationAction(trx, outbox, {
      moderatorId: moderator.id,
      moderatorName: moderator.username,
      action: 'ad.created',
      subjectType: 'ad',
      subjectId: inserted.id,
      subjectTitle: auditTitle(inserted),
    })
    return inserted
  })
  return toModAd(row)
}

// Pausing and resuming are named in the audit log; anything else is an edit.
function updateAction(before: AdRow, after: AdWrite): ModerationAction {
  if (before.active !== after.active) return after.active ? 'ad.resumed' : 'ad.paused'
  return 'ad.updated'
}

/**
 * `PUT /api/mod/ads/{id}`: changes the given fields (pause/resume, schedule, link, image, page, slot,
 * size). Audit-logged as `ad.paused`, `ad.resumed` or `ad.updated`.
 * @throws NotFoundError for an unknown id.
 */
export async function updateAd(
  deps: AdsDeps,
  moderator: AuthUser,
  id: string,
  body: UpdateAdBody,
): Promise<ModAd> {
  if (!isUuid(id)) throw new NotFoundError(AD_MESSAGES.notFound)
  const { row, previousImage } = await withTransaction(deps, async (trx, outbox) => {
    const before = await findAdForUpdate(trx, id)
    if (!before) throw new NotFoundError(AD_MESSAGES.notFound)
    const fields = validate({
      title: body.title ?? before.title,
      page: body.page ?? before.page,
      slot: body.slot ?? before.slot,
      size: body.size ?? (before.size === 'banner' ? 'banner' : 'box'),
      url: body.url ?? before.url,
      image: body.image ?? before.ad_image,
      active: body.active ?? before.active,
      startsAt: body.startsAt === undefined ? (before.starts_at?.toISOString() ?? null) : body.startsAt,
      endsAt: body.endsAt === undefined ? (before.ends_at?.toISOString() ?? null) : body.endsAt,
    })
    const updated = await updateAdRow(trx, id, fields)
    await logModerationAction(trx, outbox, {
      moderatorId: moderator.id,
      moderatorName: moderator.username,
      action: updateAction(before, fields),
      subjectType: 'ad',
      subjectId: id,
      subjectTitle: auditTitle(updated),
    })
    return { row: updated, previousImage: before.ad_image === updated.ad_image ? null : before.ad_image }
  })
  await removeUnusedImage(deps, previousImage)
  return toModAd(row)
}

/**
 * `DELETE /api/mod/ads/{id}`: deletes an ad and its clicks; its uploaded image is removed when no
 * other ad uses it. Audit-logged as `ad.deleted`.
 * @throws NotFoundError for an unknown id.
 */
export async function deleteAd(deps: AdsDeps, moderator: AuthUser, id: string): Promise<DeleteAdResponse> {
  if (!isUuid(id)) throw new NotFoundError(AD_MESSAGES.notFound)
  const image = await withTransaction(deps, async (trx, outbox) => {
    const before = await findAdForUpdate(trx, id)
    if (!before) throw new NotFoundError(AD_MESSAGES.notFound)
    await deleteAdRow(trx, id)
    await logModerationAction(trx, outbox, {
      moderatorId: moderator.id,
      moderatorName: moderator.username,
      action: 'ad.deleted',
      subjectType: 'ad',
      subjectId: id,
      subjectTitle: auditTitle(before),
    })
    return before.ad_image
  })
  await removeUnusedImage(deps, image)
  return { adId: id }
}
