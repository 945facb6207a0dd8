import type { CommentListItem } from '../../contract/comments.ts'
import type { LiveEventMap } from '../../contract/live.ts'
import { createLivePositions } from '../../lib/live-positions.ts'
import { createReadCache, type ReadCache } from '../../lib/read-cache.ts'
import type { LiveHub } from '../../live/hub.ts'

/**
 * A post's comment list as every visitor reads it, with the `post:<id>` live id read before it; served
 * with the id of the post's last event since (lib/live-positions.ts): the post's other events (votes,
 * views, saves, an edit of the post) leave the list as it is, and a comment's drops it.
 */
export interface CommentListPage {
  postId: string
  comments: CommentListItem[]
  liveId: string
}

/**
 * Comment lists are fresh this long. Comments themselves are followed by their events at once; the
 * time bounds only what no event of the post announces: an author's badge moving to another tier
 * with their points.
 */
export const COMMENT_LIST_FRESH_MS = 10_000
/** Past fresh, a list is still served this long while one refresh runs. */
export const COMMENT_LIST_STALE_MS = 20_000
/** Posts whose comment lists are kept; the least recently read go first. */
export const COMMENT_LISTS_KEPT = 2000

type PostsEvents = LiveEventMap['posts']

/**
 * Each post's comment list, read once for all visitors (the post page asks for it on every load)
 * and kept true by the live events of every instance: a comment added, edited or deleted drops its
 * post's list, a deleted post its list, a renamed author (or lost events) every list. Built only
 * with PAGE_CACHE, like the post pages (posts/page-caches.ts).
 */
export function createCommentListCache(live: LiveHub): {
  lists: ReadCache<CommentListPage>
  close(): void
} {
  const positions = createLivePositions()
  const lists = createReadCache<CommentListPage>({
    freshMs: COMMENT_LIST_FRESH_MS,
    staleMs: COMMENT_LIST_STALE_MS,
    maxEntries: COMMENT_LISTS_KEPT,
    serving: positions.serving(
      (page) => ({ topic: `post:${page.postId}`, liveId: page.liveId }),
      (page, liveId) => ({ ...page, liveId }),
    ),
  })
  const dropListOf = (postId: string) => lists.invalidateWhere((page) => page.postId === postId)
  const close = live.watch({
    event(watched) {
      if (watched.topic.startsWith('post:')) {
        positions.hear(watched.topic, watched.id)
        const { event } = watched
        // A reset marker (null): the post's events were lost.
        if (
          event === 'comment.created' ||
          event === 'comment.updated' ||
          event === 'comment.deleted' ||
          event === null
        ) {
          dropListOf(watched.topic.slice('post:'.length))
        }
      } else if (watched.topic === 'posts') {
        if (watched.event === 'post.deleted')
          dropListOf((watched.data() as PostsEvents['post.deleted']).postId)
        else if (watched.event === 'author.updated' || watched.event === null) lists.invalidate()
      }
    },
    resumed() {
      positions.forget()
      lists.invalidate()
    },
  })
  return { lists, close }
}
