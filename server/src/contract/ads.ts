import { type Static, Type } from 'typebox'
import { Id, IdParams, NullableDateTime } from './common.ts'
import { AD_TITLE_MAX_LENGTH } from './limits.ts'

export { AD_TITLE_MAX_LENGTH } from './limits.ts'

/*
 * Advertisement slots (docs/product-rules.md#ads): the ads a page shows,
 * click tracking, and the moderators' ad desk in the console.
 */

/** Page names of `GET /api/ads/{page}`. */
export const AD_PAGES = [
  'Homepage',
  'BrowsePage',
  'Leaderboard',
  'PostDetails',
  'Blog',
] as const satisfies readonly AdPage[]
/** Slot groups of a page. Detail and blog pages use ads2, ads3 and ads4. */
export const AD_SLOTS = ['ads1', 'ads2', 'ads3', 'ads4'] as const satisfies readonly AdSlotName[]
/** Ad formats: a banner (at most 728×90) or a box (300×250). */
export const AD_SIZES = ['banner', 'box'] as const satisfies readonly AdSize[]
/** Seconds clients and caches may keep a `GET /api/ads/{page}` answer. */
export const ADS_MAX_AGE_SECONDS = 60

/** Messages of the ad endpoints (shown to people as is). */
export const AD_MESSAGES = {
  pageNotFound: 'Unknown ad page',
  notFound: 'Ad not found',
  urlInvalid: "The ad's link must be '#', a path on this site or an http(s) URL.",
  imageRequired: 'Please upload an image or enter a full https URL.',
  imageInvalid: 'The image must be an uploaded image name or a full https URL.',
  titleTooLong: `The title must be at most ${AD_TITLE_MAX_LENGTH} characters.`,
  titleCharacters: 'The title cannot contain control characters or text-direction marks.',
  pageNameCharacters: 'pageName cannot contain control characters or text-direction marks',
  scheduleInvalid: 'The end of the schedule must be after its start.',
  timestampInvalid: 'timestamp must be an ISO-8601 date or epoch milliseconds',
} as const

/** A page that shows ads. */
export const AdPage = Type.Union([
  Type.Literal('Homepage'),
  Type.Literal('BrowsePage'),
  Type.Literal('Leaderboard'),
  Type.Literal('PostDetails'),
  Type.Literal('Blog'),
])
export type AdPage = Static<typeof AdPage>

/** A slot group of a page. */
export const AdSlotName = Type.Union([
  Type.Literal('ads1'),
  Type.Literal('ads2'),
  Type.Literal('ads3'),
  Type.Literal('ads4'),
])
export type AdSlotName = Static<typeof AdSlotName>

/** An ad's format. */
export const AdSize = Type.Union([Type.Literal('banner'), Type.Literal('box')])
export type AdSize = Static<typeof AdSize>

/**
 * An ad as a page shows it. `adImage` is a URL ready for `<img src>` (`/uploads/ads/<file>`,
 * `/house-ads/<file>` or a full URL kept as is). `url` is '#' (not clickable) or an absolute http(s)
 * URL (a house ad's site path is sent as an absolute URL on this site); clients still apply the click
 * rule ('#' or empty → not clickable, no scheme → https://, invalid → not opened). `title` is the alt text.
 */
export const Ad = Type.Object({
  _id: Id,
  url: Type.String(),
  adImage: Type.String(),
  size: AdSize,
  title: Type.String(),
  /**
   * Only on a house ad (one that links to a page of this site): that page's path, such as `/blog`.
   * This site's pages follow it in the same tab, whatever host name the visitor used; `url` keeps the
   * absolute address for other clients.
   */
  sitePath: Type.Optional(Type.String()),
})
export type Ad = Static<typeof Ad>

/** Path of `GET /api/ads/{page}`; a name outside {@link AD_PAGES} is 404. */
export const AdsPageParams = Type.Object({ page: Type.String({ minLength: 1, maxLength: 50 }) })
export type AdsPageParams = Static<typeof AdsPageParams>

/**
 * `GET /api/ads/{page}`: the page's active ads inside their schedule, grouped by slot (oldest first).
 * Sent with `Cache-Control: public, max-age=60`.
 */
export const AdsResponse = Type.Object({
  ads1: Type.Array(Ad),
  ads2: Type.Array(Ad),
  ads3: Type.Array(Ad),
  ads4: Type.Array(Ad),
})
export type AdsResponse = Static<typeof AdsResponse>

/**
 * `POST /api/ads/track-click`. `timestamp` is ISO-8601 or epoch milliseconds (when the visitor
 * clicked; the server de-duplicates by its own clock). An unknown `adId` is 404.
 */
export const TrackClickBody = Type.Object(
  {
    adId: Type.String({ minLength: 1, maxLength: 100 }),
    pageName: Type.String({ maxLength: 50 }),
    timestamp: Type.Union([Type.String({ minLength: 1, maxLength: 40 }), Type.Number()]),
  },
  { additionalProperties: false },
)
export type TrackClickBody = Static<typeof TrackClickBody>

/** Answer to a click: `counted` is false when this visitor already clicked this ad this minute. */
export const TrackClickResponse = Type.Object({ counted: Type.Boolean() })
export type TrackClickResponse = Static<typeof TrackClickResponse>

// ---------------------------------------------------------------------------------------------
// Moderation console: /api/mod/ads (moderators only)
// ---------------------------------------------------------------------------------------------

/**
 * An ad as the console shows it. `imageName` is the stored value to send back on update (an upload
 * name, a `/house-ads/…` path or a full URL); `adImage` is its URL. `startsAt`/`endsAt` bound the
 * schedule (null = open). `showing` is true when the ad is active and inside its schedule now.
 */
export const ModAd = Type.Object({
  _id: Id,
  title: Type.String(),
  page: AdPage,
  slot: AdSlotName,
  size: AdSize,
  url: Type.String(),
  adImage: Type.String(),
  imageName: Type.String(),
  active: Type.Boolean(),
  startsAt: NullableDateTime,
  endsAt: NullableDateTime,
  showing: Type.Boolean(),
  clickCount: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
})
export type ModAd = Static<typeof ModAd>

/** `GET /api/mod/ads`: every ad, newest first. */
export const ModAdListResponse = Type.Object({ ads: Type.Array(ModAd) })
export type ModAdListResponse = Static<typeof ModAdListResponse>

/**
 * `POST /api/mod/ads`. `url` is '#' (or empty: not clickable), a path on this site such as `/blog`,
 * or an http(s) URL (a bare host gets https://). `image` is a name
 * returned by `POST /api/mod/ads/image`, a `/house-ads/<file>.png` path or a full `https://` URL.
 * `startsAt`/`endsAt` are ISO-8601 or null (open-ended); `active` defaults to true.
 */
export const CreateAdBody = Type.Object(
  {
    title: Type.String({ maxLength: 1000 }),
    page: AdPage,
    slot: AdSlotName,
    size: AdSize,
    url: Type.String({ maxLength: 2000 }),
    image: Type.String({ maxLength: 2000 }),
    active: Type.Optional(Type.Boolean()),
    startsAt: Type.Optional(NullableDateTime),
    endsAt: Type.Optional(NullableDateTime),
  },
  { additionalProperties: false },
)
export type CreateAdBody = Static<typeof CreateAdBody>

/** `PUT /api/mod/ads/{id}`: the fields to change, e.g. `{active: false}` to pause. */
export const UpdateAdBody = Type.Partial(CreateAdBody, { additionalProperties: false })
export type UpdateAdBody = Static<typeof UpdateAdBody>

/** Path of `PUT` and `DELETE /api/mod/ads/{id}`. */
export const AdIdParams = IdParams
export type AdIdParams = IdParams

/** Answer to create (201) and update. */
export const ModAdResponse = Type.Object({ ad: ModAd })
export type ModAdResponse = Static<typeof ModAdResponse>

/** Answer to `DELETE /api/mod/ads/{id}`. */
export const DeleteAdResponse = Type.Object({ adId: Id })
export type DeleteAdResponse = Static<typeof DeleteAdResponse>
