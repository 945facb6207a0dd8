import { collectionsPostCards } from '../features/collections/live'
import { homePostCards } from '../features/home/live'
import { moderationPostCards } from '../features/moderation/live'
import { publicProfilePostCards } from '../features/people-public/live'
import { profilePostCards } from '../features/profile/live'
import { programsPostCards } from '../features/programs/live'
import { registerPostCardQueries } from '../lib/post-cache-registry'

/**
 * Every feature's post-card queries besides the posts feature's own, so its optimistic vote and save
 * reach them too (lib/post-cache-registry.ts). A feature that caches post cards under its own keys adds
 * its `PostCardQueries` here. Imported by ./live-registry.ts: the descriptions live in the features'
 * live.ts, which load there after the first paint, long before anyone can press Upvote or Save.
 */
export const postCachePatches = [
  ...homePostCards,
  ...programsPostCards,
  ...collectionsPostCards,
  ...publicProfilePostCards,
  ...profilePostCards,
  ...moderationPostCards,
]

registerPostCardQueries(postCachePatches)
