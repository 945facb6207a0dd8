import type { CollectionSummary } from '../contract/collections.ts'
import type { Comment } from '../contract/comments.ts'
import type { Role } from '../contract/common.ts'
import type { LiveCollectionChanged } from '../contract/live.ts'
import type { PostCard } from '../contract/posts.ts'

/** Who made a change: enough to name them in an activity line. */
export interface Actor {
  id: string
  username: string
}

/**
 * Everything the site reacts to after a write, by name, with what each event carries. Services raise
 * these inside their transaction (`withEvents`, events/transaction.ts) or right after a write that is a
 * single statement (`events.emit`); they are delivered only once the write has committed. Who reacts
 * to each one is listed in one place: server/src/reactions.ts.
 *
 * Rows a write owes (the ledger, notifications, audit entries) are written inside its own transaction,
 * not here: an event is what happens *because* of a committed change.
 */
export interface DomainEventMap {
  /** A contributor published a post. */
  'post.created': { post: PostCard; actor: Actor }
  /** A post's title, command, description or category changed (by its author or a moderator). */
  'post.edited': { post: PostCard; actor: Actor }
  /** A post was deleted, with its votes, comments and views. */
  'post.deleted': { postId: string; title: string; authorId: string; actor: Actor; byModerator: boolean }
  /** A vote was cast, or switched to the other direction; the counts are the post's after it. */
  'vote.cast': {
    postId: string
    postTitle: string
    value: 1 | -1
    uplikeCount: number
    downlikeCount: number
    votedAt: Date
    voter: Actor
  }
  /** A member commented on a post; `commentsCount` is the post's count after it. */
  'comment.added': { comment: Comment; postId: string; commentsCount: number; author: Actor }
  /** A comment's author changed its text (within the edit window). */
  'comment.edited': { comment: Comment; postId: string; author: Actor }
  /** A comment was deleted (by its author or a moderator). */
  'comment.removed': {
    postId: string
    commentId: string
    commentsCount: number
    /** The comment had replies and stays as a "comment deleted" placeholder. */
    placeholder?: true
    /** A placeholder parent removed with it (the deleted reply was its last). */
    removedParentId?: string
    actor: Actor
    byModerator: boolean
  }
  /** Someone signed up. */
  'user.signed_up': { user: Actor; at: Date }
  /** A user's name or avatar changed; `avatar` is its public URL. */
  'user.profile_changed': { userId: string; username: string; avatar: string | null }
  /** A user's role changed (by a moderator, or by an accepted application). */
  'user.role_changed': { userId: string; role: Role }
  /** A user's password changed: every session signed in before it has ended. */
  'user.password_changed': { userId: string; tokenVersion: number; keepSessionId?: string }
  /** A web session ended: its browser signed out, or the member signed it out from Settings. */
  'session.ended': { userId: string; sessionId: string }
  /** "Sign out everywhere else": every session and bearer login below `tokenVersion` ended. */
  'sessions.ended_elsewhere': { userId: string; tokenVersion: number; keepSessionId: string }
  /** A member applied to become a contributor. */
  'application.submitted': { applicationId: string; applicant: Actor; docCategory: string; submittedAt: Date }
  /** A moderator accepted or rejected an application. */
  'application.decided': {
    applicationId: string
    applicantId: string
    status: 'accepted' | 'rejected'
    message: string
    /** The applicant's role after the decision (a moderator stays moderator). */
    role: Role
  }
  /** A member saved or unsaved a post; `savedCount` is the post's count after it. */
  'post.save_changed': { userId: string; postId: string; saved: boolean; savedCount: number }
  /** One of a member's collections was created or changed (its posts, order, name or visibility). */
  'collection.changed': {
    ownerId: string
    collection: CollectionSummary
    change: LiveCollectionChanged['change']
    postId: string | null
  }
  /** A member deleted one of their collections. */
  'collection.deleted': { ownerId: string; collectionId: string }
  /** A batch of post views was written; the counts are the posts' totals after it. */
  'views.counted': { posts: ReadonlyArray<{ postId: string; viewCount: number }> }
  /** A batch of vote effects was settled: authors' points moved, upvote notifications grew. */
  'votes.settled': { pointsChanged: boolean; upvoteNoticeIds: readonly string[] }
  /**
   * A member deleted their account (modules/leaving): every count below is the post's after it. Their
   * votes were withdrawn (and the points they had given taken back), their saves removed, their
   * comments removed or turned into placeholders, their posts removed or, like what they kept, now
   * shown under `keptUnder`'s name.
   */
  'account.deleted': {
    user: Actor
    /** The token version the deletion ended (no session of the user survives it). */
    tokenVersion: number
    /** The account whose name kept posts and comments show now. */
    keptUnder: Actor
    votes: ReadonlyArray<{ postId: string; uplikeCount: number; downlikeCount: number }>
    saves: ReadonlyArray<{ postId: string; savedCount: number }>
    comments: ReadonlyArray<{
      postId: string
      commentId: string
      commentsCount: number
      placeholder?: true
      removedParentId?: string
    }>
    removedPosts: ReadonlyArray<{ postId: string; title: string }>
  }
}

export type DomainEventName = keyof DomainEventMap

/** One raised event, as queued and delivered. */
export type RaisedEvent = { [N in DomainEventName]: { name: N; payload: DomainEventMap[N] } }[DomainEventName]
