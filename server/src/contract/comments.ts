import { type Static, Type } from 'typebox'
import { BadgeName, Id } from './common.ts'

/** Longest comment, counted after trimming (SEED-SPEC §5). */
export const COMMENT_MAX_LENGTH = 2000

/** The author of a comment, as shown next to it. `avatar` is a URL path under /uploads/avatars, or null. */
export const CommentAuthor = Type.Object({
  _id: Id,
  username: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  badge: BadgeName,
})
export type CommentAuthor = Static<typeof CommentAuthor>

/**
 * A comment on a post. `content` is plain text (never HTML): clients render it as text, keeping its
 * line breaks.
 */
export const Comment = Type.Object({
  _id: Id,
  postId: Id,
  content: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  author: CommentAuthor,
})
export type Comment = Static<typeof Comment>

/** Path of `GET /api/comments/{postId}` and `POST /api/comments/{postId}/`. */
export const CommentPostParams = Type.Object({ postId: Type.String({ maxLength: 100 }) })
export type CommentPostParams = Static<typeof CommentPostParams>

/** Path of `DELETE /api/comments/{commentId}`. */
export const CommentIdParams = Type.Object({ commentId: Type.String({ maxLength: 100 }) })
export type CommentIdParams = Static<typeof CommentIdParams>

/**
 * `GET /api/comments/{postId}`: every comment of the post, oldest first. `liveId` is the last event id
 * of topic `post:<postId>` read before the query, to pass as `since` when subscribing.
 */
export const CommentListResponse = Type.Object({
  comments: Type.Array(Comment),
  liveId: Type.String(),
})
export type CommentListResponse = Static<typeof CommentListResponse>

/**
 * `POST /api/comments/{postId}/` (members). `post` repeats the path's post id and must equal it.
 * The schema only bounds the shape (a missing or mistyped field is a 400); the service trims
 * `content` and answers 422 when it is empty or longer than `COMMENT_MAX_LENGTH`.
 */
export const CreateCommentBody = Type.Object(
  {
    post: Type.String({ maxLength: 100 }),
    content: Type.String({ maxLength: 20_000 }),
  },
  { additionalProperties: false },
)
export type CreateCommentBody = Static<typeof CreateCommentBody>

/** Answer to a created comment (201), with the post's comment count after it. */
export const CreateCommentResponse = Type.Object({
  comment: Comment,
  commentsCount: Type.Integer({ minimum: 0 }),
})
export type CreateCommentResponse = Static<typeof CreateCommentResponse>

/** Answer to `DELETE /api/comments/{commentId}` (author or moderator), with the post's new count. */
export const DeleteCommentResponse = Type.Object({
  postId: Id,
  commentId: Id,
  commentsCount: Type.Integer({ minimum: 0 }),
})
export type DeleteCommentResponse = Static<typeof DeleteCommentResponse>
