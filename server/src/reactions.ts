import type { ReactionMap } from './events/dispatcher.ts'
import { isContributor } from './lib/access.ts'
import type { LiveHub } from './live/hub.ts'
import { activityItem, excerpt, voteTitle } from './modules/audit/activity.ts'
import type { Leaderboard } from './modules/leaderboard/service.ts'
import type { UpvoteNotifier } from './modules/notifications/service.ts'
import { publishViewCounts } from './modules/posts/views.ts'
import type { VoteSettler } from './modules/posts/vote-settler.ts'
import type { StatsBroadcaster } from './modules/stats/service.ts'
import type { CategoryCountsBroadcaster } from './modules/website/category-counts.ts'

/** What reacts to writes. */
export interface Reactors {
  live: LiveHub
  stats: StatsBroadcaster
  categories: CategoryCountsBroadcaster
  leaderboard: Leaderboard
  voteSettler: VoteSettler
  upvotes: UpvoteNotifier
}

/**
 * What follows every write, in one place: for each domain event (events/catalog.ts), the reactions
 * that run once its write has committed, in order.
 *
 * - `live:` publishes on the live channel (through Redis when set), so every open page and every
 *   instance hears it. The shared page caches (modules/posts/page-caches.ts) and the search index
 *   (modules/website/search-index.ts) of every instance are patched by these live events, not here,
 *   because they must follow other instances' writes too.
 * - `activity:` the moderation console's live activity line.
 * - `stats:` / `categories:` / `leaderboard:` ask for a coalesced recount and push (each is a batch,
 *   lib/batch.ts); `categories:` is the browse sidebar's counts (`categories.updated` on `posts`).
 * - `votes:` wakes the settler of what votes owe their authors (points, ledger, tier and upvote
 *   notifications: modules/posts/vote-settler.ts), which raises `votes.settled` when done.
 * - `notifications:` pushes the upvote notifications a settled batch grew.
 *
 * Reactions never fail the write: one that throws is logged, and the others still run.
 */
export function reactionMap(r: Reactors): ReactionMap {
  const activity = (...item: Parameters<typeof activityItem>) =>
    r.live.publish('mod', 'activity', activityItem(...item))
  const recountStats = { name: 'stats: recount totals', react: () => r.stats.recount() }
  const recountLeaderboard = { name: 'leaderboard: recount boards', react: () => r.leaderboard.recount() }
  const recountCategories = {
    name: 'categories: recount posts per category',
    react: () => r.categories.recount(),
  }

  return {
    'post.created': [
      { name: 'live: post.created on posts', react: (e) => r.live.publish('posts', 'post.created', e.post) },
      {
        name: 'activity: new post',
        react: (e) =>
          activity(
            'post',
            e.actor,
            { type: 'post', id: e.post._id, title: e.post.title },
            new Date(e.post.createdAt),
          ),
      },
      recountStats,
      recountCategories,
      recountLeaderboard,
    ],
    'post.edited': [
      {
        name: 'live: post.updated on post:<id>',
        react: (e) => r.live.publish(`post:${e.post._id}`, 'post.updated', e.post),
      },
      // An edit may move the post to another category.
      recountCategories,
    ],
    'post.deleted': [
      {
        name: 'live: post.deleted on posts',
        react: (e) => r.live.publish('posts', 'post.deleted', { postId: e.postId }),
      },
      {
        // A moderator's deletion reaches the console through its audit entry instead.
        name: 'activity: author deleted a post',
        react: (e) =>
          e.byModerator
            ? undefined
            : activity('post', e.actor, { type: 'post', id: e.postId, title: `Deleted: ${e.title}` }),
      },
      recountStats,
      recountCategories,
      recountLeaderboard,
    ],
    'vote.cast': [
      {
        name: 'live: post.votes on post:<id>',
        react: (e) =>
          r.live.publish(`post:${e.postId}`, 'post.votes', {
            postId: e.postId,
            uplikeCount: e.uplikeCount,
            downlikeCount: e.downlikeCount,
          }),
      },
      {
        // The voter's other tabs: their own arrow is not in `post.votes`, which every reader gets.
        name: 'live: vote.changed on user:<id>',
        react: (e) =>
          r.live.publish(`user:${e.voter.id}`, 'vote.changed', {
            postId: e.postId,
            value: e.value,
            uplikeCount: e.uplikeCount,
            downlikeCount: e.downlikeCount,
          }),
      },
      {
        name: 'activity: vote',
        react: (e) =>
          activity(
            'vote',
            e.voter,
            { type: 'post', id: e.postId, title: voteTitle(e.value, e.postTitle) },
            e.votedAt,
          ),
      },
      { name: 'votes: settle what the vote owes the author', react: () => r.voteSettler.settleSoon() },
      { name: 'stats: count the voter active today', react: (e) => r.stats.countActive(e.voter.id) },
    ],
    'votes.settled': [
      {
        name: 'leaderboard: recount boards when points moved',
        react: (e) => (e.pointsChanged ? r.leaderboard.recount() : undefined),
      },
      {
        name: 'notifications: push grown upvote notifications',
        react: (e) => {
          for (const id of e.upvoteNoticeIds) r.upvotes.pushSoon(id)
        },
      },
    ],
    'comment.added': [
      {
        name: 'live: comment.created on post:<id>',
        react: (e) =>
          r.live.publish(`post:${e.postId}`, 'comment.created', {
            ...e.comment,
            commentsCount: e.commentsCount,
          }),
      },
      {
        name: 'activity: comment',
        react: (e) =>
          activity(
            'comment',
            e.author,
            { type: 'comment', id: e.comment._id, title: excerpt(e.comment.content) },
            new Date(e.comment.createdAt),
          ),
      },
      { name: 'stats: count the commenter active today', react: (e) => r.stats.countActive(e.author.id) },
    ],
    'comment.edited': [
      {
        name: 'live: comment.updated on post:<id>',
        react: (e) => r.live.publish(`post:${e.postId}`, 'comment.updated', e.comment),
      },
    ],
    'comment.removed': [
      {
        name: 'live: comment.deleted on post:<id>',
        react: (e) =>
          r.live.publish(`post:${e.postId}`, 'comment.deleted', {
            postId: e.postId,
            commentId: e.commentId,
            commentsCount: e.commentsCount,
            ...(e.placeholder ? { placeholder: e.placeholder } : {}),
            ...(e.removedParentId ? { removedParentId: e.removedParentId } : {}),
          }),
      },
      {
        // A moderator's deletion reaches the console through its audit entry instead.
        name: 'activity: author deleted a comment',
        react: (e) =>
          e.byModerator
            ? undefined
            : activity('comment', e.actor, { type: 'comment', id: e.commentId, title: 'Deleted a comment' }),
      },
      recountStats,
    ],
    'user.signed_up': [
      {
        name: 'activity: sign-up',
        react: (e) =>
          activity('signup', e.user, { type: 'user', id: e.user.id, title: e.user.username }, e.at),
      },
      recountStats,
      recountLeaderboard,
    ],
    'user.profile_changed': [
      {
        name: 'live: author.updated on posts',
        react: (e) =>
          r.live.publish('posts', 'author.updated', {
            userId: e.userId,
            username: e.username,
            avatar: e.avatar,
          }),
      },
    ],
    'user.role_changed': [
      {
        // The header swaps its buttons without a reload.
        name: 'live: role.changed on user:<id>',
        react: (e) =>
          r.live.publish(`user:${e.userId}`, 'role.changed', {
            role: e.role,
            contributor: isContributor(e.role),
          }),
      },
    ],
    'user.password_changed': [
      {
        // Sockets signed in with an older token lose the user's private topics at once.
        name: 'live: session.revoked on user:<id>',
        react: (e) =>
          r.live.publish(`user:${e.userId}`, 'session.revoked', {
            tokenVersion: e.tokenVersion,
            ...(e.keepSessionId === undefined ? {} : { keepSessionId: e.keepSessionId }),
          }),
      },
    ],
    'session.ended': [
      {
        // The signed-out browser's sockets (and every instance's kept copy of the session) let go.
        name: 'live: session.revoked on user:<id>',
        react: (e) => r.live.publish(`user:${e.userId}`, 'session.revoked', { sessionIds: [e.sessionId] }),
      },
    ],
    'sessions.ended_elsewhere': [
      {
        name: 'live: session.revoked on user:<id>',
        react: (e) =>
          r.live.publish(`user:${e.userId}`, 'session.revoked', {
            tokenVersion: e.tokenVersion,
            keepSessionId: e.keepSessionId,
          }),
      },
    ],
    'application.submitted': [
      {
        name: 'live: application.submitted on mod',
        react: (e) =>
          r.live.publish('mod', 'application.submitted', {
            _id: e.applicationId,
            userId: e.applicant.id,
            username: e.applicant.username,
            docCategory: e.docCategory,
            submittedAt: e.submittedAt.toISOString(),
          }),
      },
      {
        name: 'activity: application',
        react: (e) =>
          activity(
            'application',
            e.applicant,
            {
              type: 'application',
              id: e.applicationId,
              title: `Applied to become a contributor (${e.docCategory})`,
            },
            e.submittedAt,
          ),
      },
    ],
    'application.decided': [
      {
        name: 'live: application.status (and role.changed on accept) on user:<id>',
        react: async (e) => {
          await r.live.publish(`user:${e.applicantId}`, 'application.status', {
            status: e.status,
            message: e.message,
          })
          if (e.status === 'accepted') {
            await r.live.publish(`user:${e.applicantId}`, 'role.changed', {
              role: e.role,
              contributor: isContributor(e.role),
            })
          }
        },
      },
      {
        name: 'live: application.reviewed on mod',
        react: (e) =>
          r.live.publish('mod', 'application.reviewed', { _id: e.applicationId, status: e.status }),
      },
    ],
    'post.save_changed': [
      {
        // Every page showing the post, and the page caches of every instance.
        name: 'live: post.saves on post:<id>',
        react: (e) =>
          r.live.publish(`post:${e.postId}`, 'post.saves', { postId: e.postId, savedCount: e.savedCount }),
      },
      {
        // The saver's other tabs.
        name: 'live: saved.changed on user:<id>',
        react: (e) =>
          r.live.publish(`user:${e.userId}`, 'saved.changed', {
            postId: e.postId,
            saved: e.saved,
            savedCount: e.savedCount,
          }),
      },
    ],
    'collection.changed': [
      {
        name: "live: collection.changed on the owner's user:<id>",
        react: (e) =>
          r.live.publish(`user:${e.ownerId}`, 'collection.changed', {
            collection: e.collection,
            change: e.change,
            postId: e.postId,
          }),
      },
    ],
    'collection.deleted': [
      {
        name: "live: collection.deleted on the owner's user:<id>",
        react: (e) =>
          r.live.publish(`user:${e.ownerId}`, 'collection.deleted', { collectionId: e.collectionId }),
      },
    ],
    'views.counted': [
      { name: 'live: post.views on post:<id>', react: (e) => publishViewCounts(r.live, e.posts) },
    ],
    'account.deleted': [
      {
        // The member's other tabs and sockets lose their private topics; every instance forgets the
        // member's kept session row (modules/accounts/session-users.ts).
        name: 'live: session.revoked on user:<id>',
        react: (e) =>
          r.live.publish(`user:${e.user.id}`, 'session.revoked', { tokenVersion: e.tokenVersion }),
      },
      {
        // Kept posts and comments (and cached cards of any kind) show the deleted member's name now.
        name: 'live: author.updated on posts',
        react: (e) =>
          r.live.publish('posts', 'author.updated', {
            userId: e.user.id,
            username: e.keptUnder.username,
            avatar: null,
          }),
      },
      {
        name: 'live: post.votes on post:<id> for each vote withdrawn',
        react: async (e) => {
          for (const { postId, uplikeCount, downlikeCount } of e.votes) {
            await r.live.publish(`post:${postId}`, 'post.votes', { postId, uplikeCount, downlikeCount })
          }
        },
      },
      {
        name: 'live: post.saves on post:<id> for each save removed',
        react: async (e) => {
          for (const { postId, savedCount } of e.saves) {
            await r.live.publish(`post:${postId}`, 'post.saves', { postId, savedCount })
          }
        },
      },
      {
        name: 'live: comment.deleted on post:<id> for each comment removed',
        react: async (e) => {
          for (const comment of e.comments) {
            await r.live.publish(`post:${comment.postId}`, 'comment.deleted', {
              postId: comment.postId,
              commentId: comment.commentId,
              commentsCount: comment.commentsCount,
              ...(comment.placeholder ? { placeholder: comment.placeholder } : {}),
              ...(comment.removedParentId ? { removedParentId: comment.removedParentId } : {}),
            })
          }
        },
      },
      {
        name: 'live: post.deleted on posts for each post removed',
        react: async (e) => {
          for (const { postId } of e.removedPosts) await r.live.publish('posts', 'post.deleted', { postId })
        },
      },
      recountStats,
      recountCategories,
      // The member leaves the boards, and the points their votes had given others are taken back.
      recountLeaderboard,
    ],
  }
}
