import type { LiveFeature } from '../../live/types'
import { appendComment, type CommentsData, commentKeys, removeComment, renameCommentAuthor } from './api'
import { replaceComment } from './edit'

/** The post id of a `post:<id>` topic. */
function postIdOf(topic: string): string {
  return topic.slice('post:'.length)
}

/**
 * Comments on `post:<id>`: a new comment joins the open list (once, even when the author's own request
 * already added it; a reply carries `parentId` and shows under its parent), a deleted one leaves it or
 * becomes its "comment deleted" placeholder; both carry the post's absolute comment count. A renamed
 * author (or a new avatar) arrives on `posts` and is written into every cached list, so the comments
 * section holds `posts` too.
 */
export const commentsLive = {
  topicKinds: ['post', 'posts'],
  events: {
    'comment.created': (queryClient, data) => {
      const { commentsCount, ...comment } = data
      queryClient.setQueryData<CommentsData>(commentKeys.list(comment.postId), (current) =>
        appendComment(current, comment, commentsCount),
      )
    },
    // Its author edited it: the new text and "edited" replace the old in place.
    'comment.updated': (queryClient, comment) => {
      queryClient.setQueryData<CommentsData>(commentKeys.list(comment.postId), (current) =>
        replaceComment(current, comment),
      )
    },
    'comment.deleted': (queryClient, data) => {
      queryClient.setQueryData<CommentsData>(commentKeys.list(data.postId), (current) =>
        removeComment(current, data),
      )
    },
    'author.updated': (queryClient, change) => {
      for (const [queryKey, current] of queryClient.getQueriesData<CommentsData>({
        queryKey: commentKeys.all,
      })) {
        const next = renameCommentAuthor(current, change)
        // Lists without their comments keep their identity and are not written (nothing re-renders).
        if (next !== current) queryClient.setQueryData(queryKey, next)
      }
    },
  },
  reset: (queryClient, topic) => {
    // A `posts` reset may have swallowed an `author.updated`, which any cached list may need.
    const queryKey = topic === 'posts' ? commentKeys.all : commentKeys.list(postIdOf(topic))
    void queryClient.invalidateQueries({ queryKey })
  },
} satisfies LiveFeature
