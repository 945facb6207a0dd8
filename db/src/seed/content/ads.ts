import type { AdPage, AdSlot } from '../../database.ts'

/**
 * House ads: Bashboard advertising itself (the blog, the leaderboard, becoming a contributor) so every
 * ad slot shows something real on a fresh install. Images are bundled with the web app under
 * web/public/house-ads (banners 728×90, boxes 300×250); links are paths on this site, which the ads
 * API sends as absolute URLs.
 */

export interface SeedAd {
  page: AdPage
  slot: AdSlot
  size: 'banner' | 'box'
  campaign: keyof typeof CAMPAIGNS
}

/** What each house campaign links to and is called in the moderation console. */
export const CAMPAIGNS = {
  blog: { title: 'Bashboard blog', url: '/blog' },
  leaderboard: { title: 'Leaderboard', url: '/leaderboard' },
  contribute: { title: 'Become a contributor', url: '/contribute' },
} as const

// Slots 1 and 3 are banners, 2 and 4 boxes; a page never advertises itself.
const LAYOUT: Record<
  AdPage,
  [keyof typeof CAMPAIGNS, keyof typeof CAMPAIGNS, keyof typeof CAMPAIGNS, keyof typeof CAMPAIGNS]
> = {
  Homepage: ['contribute', 'blog', 'leaderboard', 'contribute'],
  BrowsePage: ['blog', 'leaderboard', 'contribute', 'blog'],
  Leaderboard: ['contribute', 'blog', 'blog', 'contribute'],
  PostDetails: ['leaderboard', 'contribute', 'blog', 'leaderboard'],
  Blog: ['leaderboard', 'contribute', 'leaderboard', 'contribute'],
}

const SLOTS: readonly { slot: AdSlot; size: 'banner' | 'box' }[] = [
  { slot: 'ads1', size: 'banner' },
  { slot: 'ads2', size: 'box' },
  { slot: 'ads3', size: 'banner' },
  { slot: 'ads4', size: 'box' },
]

/**
 * A contributor has no use for "Become a contributor": a slot of that campaign lists a second house ad
 * after it, which the web shows them instead (one house ad per slot: the first the reader can use).
 */
function alternateFor(page: AdPage): keyof typeof CAMPAIGNS {
  return page === 'Blog' ? 'leaderboard' : 'blog'
}

/** One house ad per page and slot, and an alternate after each "Become a contributor". */
export const HOUSE_ADS: readonly SeedAd[] = (Object.keys(LAYOUT) as AdPage[]).flatMap((page) =>
  SLOTS.flatMap(({ slot, size }, index) => {
    const campaign = LAYOUT[page][index] ?? 'blog'
    const ad = { page, slot, size, campaign }
    return campaign === 'contribute' ? [ad, { ...ad, campaign: alternateFor(page) }] : [ad]
  }),
)

/** The bundled image of a campaign in a size: `/house-ads/<campaign>-<size>.png`. */
export function houseAdImage(campaign: keyof typeof CAMPAIGNS, size: 'banner' | 'box'): string {
  return `/house-ads/${campaign}-${size}.png`
}
