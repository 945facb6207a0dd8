import { AD_MESSAGES, type AdPage, type AdSize, type AdSlotName } from '@bashboard/server/contract'
import { adClickTarget } from '../../components/ads/ad-rules'
import type { ImageValue } from '../../components/ui/image-field'
import type { FieldMessages } from '../../lib/form-failure'
import { fromLocalInput } from './schedule'

/** What the console's ad editor holds; the schedule is in `datetime-local` form. */
export interface AdDraft {
  title: string
  page: AdPage
  slot: AdSlotName
  size: AdSize
  url: string
  image: ImageValue | null
  startsAt: string
  endsAt: string
  active: boolean
}

/** The fields an ad can be refused for; a schedule that ends too early is the end's fault. */
export type AdField = 'title' | 'url' | 'image' | 'endsAt'

/** The first problem of an ad draft, or null. '#' is allowed: it makes an ad that is not clickable. */
export function adDraftProblem(draft: AdDraft): { field: AdField; message: string } | null {
  const url = draft.url.trim()
  if (url === '') return { field: 'url', message: 'Please enter the URL the ad links to.' }
  if (url !== '#' && adClickTarget(url) === null)
    return { field: 'url', message: "The ad's link must be '#' or an http(s) URL." }
  if (!draft.image) return { field: 'image', message: AD_MESSAGES.imageRequired }
  const start = fromLocalInput(draft.startsAt)
  const end = fromLocalInput(draft.endsAt)
  if (start && end && Date.parse(end) <= Date.parse(start))
    return { field: 'endsAt', message: AD_MESSAGES.scheduleInvalid }
  return null
}

/** The server's refusals of an ad, by the field they go under (server/src/modules/ads/service.ts). */
export const AD_FIELD_MESSAGES: FieldMessages<AdField> = {
  title: [AD_MESSAGES.titleTooLong, AD_MESSAGES.titleCharacters],
  url: [AD_MESSAGES.urlInvalid],
  image: [AD_MESSAGES.imageRequired, AD_MESSAGES.imageInvalid],
  endsAt: [AD_MESSAGES.scheduleInvalid],
}
