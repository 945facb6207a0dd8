import type { LiveEventMap } from '@bashboard/server/contract'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { holdsPost, type PostCacheChange, type PostLike } from './post-cache'

/*
 * Post cards by query key. Many features cache post cards under their own keys (browse and detail, home,
 * programs, saved and collections, profiles, moderation) and features never import each other, so each
 * one describes its own post-card queries once, in its live.ts, as `PostCardQueries`:
 *
 * - live events (`post.votes`, `post.views`, `post.saves`, comment counts, `saved.changed`,
 *   `vote.changed`, renames, edits, deletions) reach every feature (live/dispatcher.ts), and each
 *   feature's live.ts writes them into its own queries with `postCardEvents`;
 * - the posts feature's optimistic vote and save write into its own queries and into the other
 *   features' ones, which the app registers here (app/post-cache-patches.ts lists them).
 */

/** One feature's cached queries that show post cards, and how a change is written into their data. */
export interface PostCardQueries<TData = unknown> {
  /** The key (from the feature's key factory) every one of these queries starts with. */
  queryKey: QueryKey
  /** Every post card (or post row) in one query's data. */
  cards(data: TData): readonly PostLike[]
  /** The data with the change written into it: the same object when the change does not concern it. */
  patch(data: TData, change: PostCacheChange): TData
}

const registered: PostCardQueries[] = []

/** Adds features' post-card queries to the ones the posts feature's optimistic updates write into. */
export function registerPostCardQueries(queries: readonly PostCardQueries[]): void {
  for (const entry of queries) if (!registered.includes(entry)) registered.push(entry)
}

/** The post-card queries the app registered. */
export function registeredPostCardQueries(): readonly PostCardQueries[] {
  return registered
}

/** The previous data of every query a write changed, to put back when an optimistic update fails. */
export type CacheSnapshot = ReadonlyArray<readonly [QueryKey, unknown]>

/** Calls `visit` once for every cached query (with data) under the keys of `queries`. */
function eachQuery(
  queryClient: QueryClient,
  queries: readonly PostCardQueries[],
  visit: (entry: PostCardQueries, queryKey: QueryKey, data: unknown) => void,
): void {
  const seen = new Set<string>()
  for (const entry of queries) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: entry.queryKey })) {
      // An empty answer (a profile's `null`) has no cards.
      if (seen.has(query.queryHash) || query.state.data == null) continue
      seen.add(query.queryHash)
      visit(entry, query.queryKey, query.state.data)
    }
  }
}

/** Writes the change into every cached query of `queries` it concerns; returns what it replaced. */
export function writePostChange(
  queryClient: QueryClient,
  queries: readonly PostCardQueries[],
  change: PostCacheChange,
): CacheSnapshot {
  const replaced: Array<readonly [QueryKey, unknown]> = []
  eachQuery(queryClient, queries, (entry, queryKey, data) => {
    const next = entry.patch(data, change)
    if (next === data) return
    replaced.push([queryKey, data])
    queryClient.setQueryData(queryKey, next)
  })
  return replaced
}

/** Puts back what `writePostChange` replaced. */
export function restorePostCards(queryClient: QueryClient, snapshot: CacheSnapshot): void {
  for (const [queryKey, data] of snapshot) queryClient.setQueryData(queryKey, data)
}

/** The keys of the cached queries of `queries` that hold a card of the post. */
function keysHolding(queryClient: QueryClient, queries: readonly PostCardQueries[], postId: string) {
  const keys: QueryKey[] = []
  eachQuery(queryClient, queries, (entry, queryKey, data) => {
    if (holdsPost(entry.cards(data), postId)) keys.push(queryKey)
  })
  return keys
}

/** Cancels the fetches of the queries holding the post, so none lands over an optimistic write. */
export async function cancelPostQueries(
  queryClient: QueryClient,
  queries: readonly PostCardQueries[],
  postId: string,
): Promise<void> {
  const keys = keysHolding(queryClient, queries, postId)
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey, exact: true })))
}

/** Refetches (or marks stale, when not shown) the queries of `queries` holding the post. */
export async function invalidatePostQueries(
  queryClient: QueryClient,
  queries: readonly PostCardQueries[],
  postId: string,
): Promise<void> {
  const keys = keysHolding(queryClient, queries, postId)
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })))
}

/** The post id of a `post:<id>` topic, or null for any other topic. */
export function postIdOfTopic(topic: string): string | null {
  return topic.startsWith('post:') ? topic.slice('post:'.length) : null
}

type PostTopicEvents = LiveEventMap['post']
type PostsTopicEvents = LiveEventMap['posts']

/**
 * The live handlers that keep a feature's post cards current: counters and the caller's own vote and
 * saved mark are written in, a renamed author too; an edited or deleted post refetches the queries
 * holding it (an edit may change anything on the card). A feature spreads them into its `events`, and
 * calls the one it replaces from its own handler of that event.
 */
export function postCardEvents(queries: readonly PostCardQueries[]) {
  return {
    'post.votes': (queryClient: QueryClient, data: PostTopicEvents['post.votes']) => {
      writePostChange(queryClient, queries, {
        postId: data.postId,
        uplikeCount: data.uplikeCount,
        downlikeCount: data.downlikeCount,
      })
    },
    'post.views': (queryClient: QueryClient, data: PostTopicEvents['post.views']) => {
      writePostChange(queryClient, queries, { postId: data.postId, viewCount: data.viewCount })
    },
    'post.saves': (queryClient: QueryClient, data: PostTopicEvents['post.saves']) => {
      writePostChange(queryClient, queries, { postId: data.postId, savedCount: data.savedCount })
    },
    // The caller saved or unsaved the post in another tab (or by adding it to a collection); it comes
    // on their own `user:<id>` topic.
    'saved.changed': (queryClient: QueryClient, data: LiveEventMap['user']['saved.changed']) => {
      writePostChange(queryClient, queries, {
        postId: data.postId,
        saved: data.saved,
        savedCount: data.savedCount,
      })
    },
    // The caller voted or switched their vote in another tab (or from the CLI); it comes on their own
    // `user:<id>` topic, as `post.votes` carries no one's own vote. The counts after that vote come with
    // it, so the highlighted arrow and the counts beside it move together.
    'vote.changed': (queryClient: QueryClient, data: LiveEventMap['user']['vote.changed']) => {
      writePostChange(queryClient, queries, {
        postId: data.postId,
        uplikeCount: data.uplikeCount,
        downlikeCount: data.downlikeCount,
        vote: data.value > 0 ? 'liked' : 'disliked',
      })
    },
    'comment.created': (queryClient: QueryClient, data: PostTopicEvents['comment.created']) => {
      writePostChange(queryClient, queries, { postId: data.postId, commentsCount: data.commentsCount })
    },
    'comment.deleted': (queryClient: QueryClient, data: PostTopicEvents['comment.deleted']) => {
      writePostChange(queryClient, queries, { postId: data.postId, commentsCount: data.commentsCount })
    },
    'author.updated': (queryClient: QueryClient, change: PostsTopicEvents['author.updated']) => {
      writePostChange(queryClient, queries, change)
    },
    'post.updated': (queryClient: QueryClient, post: PostTopicEvents['post.updated']) => {
      void invalidatePostQueries(queryClient, queries, post._id)
    },
    'post.deleted': (queryClient: QueryClient, data: PostsTopicEvents['post.deleted']) => {
      void invalidatePostQueries(queryClient, queries, data.postId)
    },
  }
}

/**
 * A feature's answer to a reset of the topics its post cards follow:
 * - `post:<id>` (missed counters): its queries holding the post refetch;
 * - `user:<id>` (the caller's own `saved.changed` and `vote.changed` missed): all its post-card queries
 *   refetch, since the missed marks may be on any card.
 * Returns false for other topics, which the feature answers itself. A feature calling this lists both
 * kinds in its `topicKinds` (POST_CARD_TOPIC_KINDS).
 */
export function resetPostCards(
  queryClient: QueryClient,
  queries: readonly PostCardQueries[],
  topic: string,
): boolean {
  if (topic.startsWith('user:')) {
    for (const entry of queries) void queryClient.invalidateQueries({ queryKey: entry.queryKey })
    return true
  }
  const postId = postIdOfTopic(topic)
  if (postId === null) return false
  void invalidatePostQueries(queryClient, queries, postId)
  return true
}

/** The topic kinds whose resets `resetPostCards` answers: a feature showing post cards lists them. */
export const POST_CARD_TOPIC_KINDS = ['post', 'user'] as const
