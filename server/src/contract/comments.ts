import { type Static, Type } from 'typebox'
import { BadgeName, Id } from './common.ts'

export { COMMENT_MAX_LENGTH } from './limits.ts'

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
  /** When the author last edited the comment; null until the first edit. */
  editedAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  author: CommentAuthor,
  /**
   * The top-level comment this one replies to, or null. One level only: the server attaches a reply to
   * a reply to its thread's top-level comment. Always sent by the server (optional for older clients).
   */
  parentId: Type.Optional(Type.Union([Id, Type.Null()])),
})
export type Comment = Static<typeof Comment>

/**
 * What is left of a deleted comment that has replies: a "comment deleted" placeholder that keeps its
 * place in the thread, without text or author. It goes when its last reply is deleted. Placeholders
 * are not counted in a post's `commentsCount`.
 */
export const DeletedComment = Type.Object({
  _id: Id,
  postId: Id,
  createdAt: Type.String({ format: 'date-time' }),
  parentId: Type.Null(),
  deleted: Type.Literal(true),
})
export type DeletedComment = Static<typeof DeletedComment>

/** One entry of a post's comment list: a comment, or the placeholder of a deleted one with replies. */
export const CommentListItem = Type.Union([Comment, DeletedComment])
export type CommentListItem = Static<typeof CommentListItem>

/** Most `@username` mentions one comment notifies; later ones are shown as links but notify nobody. */
export const MENTIONS_NOTIFIED_MAX = 5

/** Path of `GET /api/comments/{postId}` and `POST /api/comments/{postId}/`. */
export const CommentPostParams = Type.Object({ postId: Type.String({ maxLength: 100 }) })
export type CommentPostParams = Static<typeof CommentPostParams>

/** Path of `DELETE /api/comments/{commentId}`. */
export const CommentIdParams = Type.Object({ commentId: Type.String({ maxLength: 100 }) })
export type CommentIdParams = Static<typeof CommentIdParams>

/**
 * `GET /api/comments/{postId}`: every comment of the post, oldest first. `liveId` is the id of the last
 * event of topic `post:<postId>` the list reflects (read before the query; a cached list's moves with the
 * post's later events), to pass as `since` when subscribing.
 */
export const CommentListResponse = Type.Object({
  comments: Type.Array(CommentListItem),
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
    /**
     * The comment this one answers (optional). 404 when it does not exist, is deleted or belongs to
     * another post; a reply to a reply joins the thread of its top-level comment.
     */
    parentId: Type.Optional(Type.String({ maxLength: 100 })),
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

/**
 * Answer to `DELETE /api/comments/{commentId}` (author or moderator), with the post's new count.
 * `placeholder: true` when the comment had replies and stays as a "comment deleted" placeholder;
 * `removedParentId` names a placeholder that went with it (the reply deleted was its last).
 */
export const DeleteCommentResponse = Type.Object({
  postId: Id,
  commentId: Id,
  commentsCount: Type.Integer({ minimum: 0 }),
  placeholder: Type.Optional(Type.Literal(true)),
  removedParentId: Type.Optional(Id),
})
export type DeleteCommentResponse = Static<typeof DeleteCommentResponse>

export { COMMENT_EDIT_WINDOW_MINUTES } from './values.ts'

/**
 * `PATCH /api/comments/{commentId}` (the comment's author, within `COMMENT_EDIT_WINDOW_MINUTES` of
 * posting): the new text, with the same rules as a new comment (422 when empty or too long).
 */
export const EditCommentBody = Type.Object(
  { content: Type.String({ maxLength: 20_000 }) },
  { additionalProperties: false },
)
export type EditCommentBody = Static<typeof EditCommentBody>

/** Answer to an edited comment: the comment with its new text and `editedAt`. */
export const EditCommentResponse = Type.Object({ comment: Comment })
export type EditCommentResponse = Static<typeof EditCommentResponse>
