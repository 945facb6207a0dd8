import type { LiveFeature } from '../../live/types'
import { appendComment, type CommentsData, commentKeys, removeComment } from './api'

/** The post id of a `post:<id>` topic. */
function postIdOf(topic: string): string {
  return topic.slice('post:'.length)
}

/**
 * Comments on `post:<id>`: a new comment joins the open list (once, even when the author's own request
 * already added it), a deleted one leaves it; both carry the post's absolute comment count.
 */
export const commentsLive = {
  topicKinds: ['post'],
  events: {
    'comment.created': (queryClient, data) => {
      const { commentsCount, ...comment } = data
      queryClient.setQueryData<CommentsData>(commentKeys.list(comment.postId), (current) =>
        appendComment(current, comment, commentsCount),
      )
    },
    'comment.deleted': (queryClient, data) => {
      queryClient.setQueryData<CommentsData>(commentKeys.list(data.postId), (current) =>
        removeComment(current, data.commentId, data.commentsCount),
      )
    },
  },
  reset: (queryClient, topic) => {
    void queryClient.invalidateQueries({ queryKey: commentKeys.list(postIdOf(topic)) })
  },
} satisfies LiveFeature
