import { type Static, type TSchema, Type } from 'typebox'
import { CollectionSummary } from './collections.ts'
import { Comment } from './comments.ts'
import { Id, Role } from './common.ts'
import { Notification } from './notifications.ts'
import { Category, PostCard } from './posts.ts'
import { PlatformStats } from './stats.ts'
import type { LEADERBOARD_PERIODS } from './values.ts'

/*
 * The live channel (docs/product-rules.md#live): messages on `GET /ws`, and for every topic kind the events
 * it carries with their payloads. Payloads hold absolute values (counts, not deltas), so a late or repeated
 * event cannot corrupt a client's state. Names here start with `Live` so that the REST contract files can
 * own the plain names (`PostCard`, `Comment`, ...) without clashing in `contract/index.ts`.
 */

/** Limits of the live channel, shared so the web client can stay inside them. */
export const LIVE_LIMITS = {
  /** Largest WebSocket frame the server accepts; a bigger one closes the socket with 1009. */
  maxPayloadBytes: 64 * 1024,
  /** Topics one socket may hold at once. */
  maxTopicsPerSocket: 200,
  /** Longest topic name. */
  maxTopicLength: 100,
  /** Client messages per second a socket may send, sustained (bursts up to twice that). */
  messagesPerSecond: 50,
} as const

/**
 * Close codes the server uses. The client reconnects (with backoff) after any of them and catches
 * up with `since`.
 */
export const LIVE_CLOSE_CODES = {
  /** The server is shutting down. */
  goingAway: 1001,
  /** The socket sent messages faster than allowed. */
  policyViolation: 1008,
  /** A frame exceeded `maxPayloadBytes`. */
  messageTooBig: 1009,
  /** The socket fell more than 1 MB behind in reading what the server sends. */
  tryAgainLater: 1013,
} as const

/** A topic name such as `posts`, `post:<uuid>` or `user:<uuid>`. */
export const LiveTopicName = Type.String({ minLength: 1, maxLength: LIVE_LIMITS.maxTopicLength })

/**
 * An event id: a decimal integer that increases by one with every event of its topic. Compare ids
 * as numbers. `'0'` means "no event yet" (the `liveId` of a topic that never had one).
 */
export const LiveEventId = Type.String({ pattern: '^(0|[1-9][0-9]{0,14})$' })
export type LiveEventId = Static<typeof LiveEventId>

// ---------------------------------------------------------------------------------------------
// Event payloads
// ---------------------------------------------------------------------------------------------

/** The payload of `post.created` on `posts`: the same schema as the REST `PostCard`. */
export const LivePostCard = PostCard
export type LivePostCard = Static<typeof LivePostCard>

/**
 * A new comment (`comment.created` on `post:<id>`): the REST `Comment` plus the post's comment count
 * after it was added, so the client sets the count instead of incrementing it.
 */
export const LiveComment = Type.Object({
  ...Comment.properties,
  commentsCount: Type.Integer({ minimum: 0 }),
})
export type LiveComment = Static<typeof LiveComment>

/** Leaderboard tabs: All Time, This Week, This Month. */
export const LiveLeaderboardPeriod = Type.Union([
  Type.Literal('all'),
  Type.Literal('week'),
  Type.Literal('month'),
])
export type LiveLeaderboardPeriod = Static<typeof LiveLeaderboardPeriod>
type ListedPeriod = (typeof LEADERBOARD_PERIODS)[number]
// values.ts lists the same periods for the web (which must not load TypeBox): the compiler checks both.
const periodsListed: [LiveLeaderboardPeriod] extends [ListedPeriod]
  ? [ListedPeriod] extends [LiveLeaderboardPeriod]
    ? true
    : false
  : false = true
void periodsListed

/**
 * One row of the top 10 (docs/product-rules.md#leaderboard). `badge` is the leaderboard label; "Hot" is
 * not among them, because Hot is only ever the tier badge (150–249 points), so a top weekly gainer is a
 * "Top Gainer".
 */
export const LiveLeaderboardEntry = Type.Object({
  _id: Id,
  username: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  points: Type.Integer({ minimum: 0 }),
  badge: Type.Union([
    Type.Literal('Expert'),
    Type.Literal('Pro'),
    Type.Literal('Advanced'),
    Type.Literal('Top Gainer'),
    Type.Literal('Rising'),
    Type.Literal('None'),
  ]),
})
export type LiveLeaderboardEntry = Static<typeof LiveLeaderboardEntry>

/**
 * The leaderboard page's stats, always all-time (`leaderboard.stats` on `leaderboard`, and the REST
 * `LeaderboardStats`): every user, users with points above 0, users with 1000 points or more, and the
 * sum of every user's points. Defined here, like the entry, so `leaderboard.ts` can alias it without an
 * import cycle.
 */
export const LiveLeaderboardStats = Type.Object({
  totalUsers: Type.Integer({ minimum: 0 }),
  activeUsers: Type.Integer({ minimum: 0 }),
  experts: Type.Integer({ minimum: 0 }),
  totalPoints: Type.Integer({ minimum: 0 }),
})
export type LiveLeaderboardStats = Static<typeof LiveLeaderboardStats>

/**
 * A new or grown notification (`notification` on `user:<id>`). The server always sends the whole
 * `Notification` (kind, text, link, reason when it has one, _id, count, read, createdAt, updatedAt)
 * and `unreadCount`, the user's unread total after it; the fields past kind/text/link are optional
 * only so that bare `{kind, text, link}` test events stay valid.
 */
export const LiveNotification = Type.Object({
  kind: Type.String({ maxLength: 50 }),
  text: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  reason: Notification.properties.reason,
  _id: Type.Optional(Notification.properties._id),
  count: Type.Optional(Notification.properties.count),
  read: Type.Optional(Notification.properties.read),
  createdAt: Type.Optional(Notification.properties.createdAt),
  updatedAt: Type.Optional(Notification.properties.updatedAt),
  unreadCount: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type LiveNotification = Static<typeof LiveNotification>

/** A contributor application's state, as the applicant sees it. */
export const LiveApplicationStatus = Type.Union([
  Type.Literal('reviewing'),
  Type.Literal('accepted'),
  Type.Literal('rejected'),
])

/** What a `mod` activity item is about (the console filters by it). */
export const LiveActivityKind = Type.Union([
  Type.Literal('signup'),
  Type.Literal('post'),
  Type.Literal('comment'),
  Type.Literal('vote'),
  Type.Literal('application'),
  Type.Literal('moderation'),
])
export type LiveActivityKind = Static<typeof LiveActivityKind>

/**
 * One thing that happened on the site (`activity` on `mod`, and the items of `GET /api/mod/activity`).
 * `actor` is null when the account is gone; `subject.type` is user, post, comment, vote, application,
 * blog or ad; `subject.title` is a short human text (post title, comment excerpt, "+1 on <title>"…).
 */
export const LiveModActivity = Type.Object({
  kind: LiveActivityKind,
  actor: Type.Union([Type.Object({ _id: Id, username: Type.String() }), Type.Null()]),
  subject: Type.Object({ type: Type.String(), _id: Type.String(), title: Type.String() }),
  at: Type.String({ format: 'date-time' }),
})
export type LiveModActivity = Static<typeof LiveModActivity>

/** A save or unsave by the user (`saved.changed` on `user:<id>`): the post's state after it. */
export const LiveSavedChanged = Type.Object({
  postId: Id,
  saved: Type.Boolean(),
  savedCount: Type.Integer({ minimum: 0 }),
})
export type LiveSavedChanged = Static<typeof LiveSavedChanged>

/**
 * A vote cast or switched by the user (`vote.changed` on `user:<id>`): their vote after it (1 up, −1
 * down; a vote is never withdrawn, docs/product-rules.md#votes) and the post's counts after it, so
 * another tab sets the highlighted arrow and both counts in one step.
 */
export const LiveVoteChanged = Type.Object({
  postId: Id,
  value: Type.Union([Type.Literal(1), Type.Literal(-1)]),
  uplikeCount: Type.Integer({ minimum: 0 }),
  downlikeCount: Type.Integer({ minimum: 0 }),
})
export type LiveVoteChanged = Static<typeof LiveVoteChanged>

/**
 * A change to one of the user's collections (`collection.changed` on `user:<id>`): the collection
 * after it, what happened, and the post concerned (null for created/updated/reordered).
 */
export const LiveCollectionChanged = Type.Object({
  collection: CollectionSummary,
  change: Type.Union([
    Type.Literal('created'),
    Type.Literal('updated'),
    Type.Literal('reordered'),
    Type.Literal('post.added'),
    Type.Literal('post.removed'),
  ]),
  postId: Type.Union([Id, Type.Null()]),
})
export type LiveCollectionChanged = Static<typeof LiveCollectionChanged>

/**
 * Every topic kind, its events and their payload schemas (docs/product-rules.md#live). `publish(topic, event,
 * data)` is type-checked against this map, and the web client types its handlers from it.
 */
export const LiveEvents = {
  posts: {
    'post.created': LivePostCard,
    'post.deleted': Type.Object({ postId: Id }),
    /** A user changed their username or avatar: every card of theirs shows the new one. */
    'author.updated': Type.Object({
      userId: Id,
      username: Type.String(),
      avatar: Type.Union([Type.String(), Type.Null()]),
    }),
    /**
     * Every category with its number of posts, in the browse sidebar's order (most posts first), after
     * posts were created, moved or deleted: a burst of writes sends one.
     */
    'categories.updated': Type.Object({ categories: Type.Array(Category) }),
  },
  post: {
    'post.votes': Type.Object({
      postId: Id,
      uplikeCount: Type.Integer({ minimum: 0 }),
      downlikeCount: Type.Integer({ minimum: 0 }),
    }),
    'post.views': Type.Object({ postId: Id, viewCount: Type.Integer({ minimum: 0 }) }),
    /** Someone saved or unsaved the post: how many people have it saved now. */
    'post.saves': Type.Object({ postId: Id, savedCount: Type.Integer({ minimum: 0 }) }),
    /** The post after its author or a moderator edited it. */
    'post.updated': LivePostCard,
    'comment.created': LiveComment,
    /** A comment's author edited it: the comment with its new text and `editedAt`. */
    'comment.updated': Comment,
    /**
     * A comment was deleted. `placeholder: true`: it had replies and stays in the list as a "comment
     * deleted" placeholder. `removedParentId`: a placeholder that went with it (its last reply).
     */
    'comment.deleted': Type.Object({
      postId: Id,
      commentId: Id,
      commentsCount: Type.Integer({ minimum: 0 }),
      placeholder: Type.Optional(Type.Literal(true)),
      removedParentId: Type.Optional(Id),
    }),
  },
  leaderboard: {
    /** One period's new top 10 (sent only for the periods whose top 10 changed). */
    'leaderboard.updated': Type.Object({
      period: LiveLeaderboardPeriod,
      entries: Type.Array(LiveLeaderboardEntry, { maxItems: 10 }),
    }),
    /**
     * The all-time stats after a change (points, a sign-up), sent only when they differ from the last
     * ones sent; the same for every period, so clients patch every cached board.
     */
    'leaderboard.stats': Type.Object({ stats: LiveLeaderboardStats }),
  },
  stats: {
    'stats.updated': PlatformStats,
  },
  user: {
    'application.status': Type.Object({ status: LiveApplicationStatus, message: Type.String() }),
    'role.changed': Type.Object({ role: Role, contributor: Type.Boolean() }),
    notification: LiveNotification,
    /**
     * Sessions of this user ended, on every instance at once: sockets signed in with an older token or
     * session (version below `tokenVersion`: a password change, "sign out everywhere else") or with one
     * of `sessionIds` (a sign-out) lose this user's private topics. The socket of `keepSessionId`, the
     * browser that made the change, stays signed in.
     */
    'session.revoked': Type.Object({
      tokenVersion: Type.Optional(Type.Integer({ minimum: 0 })),
      sessionIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
      keepSessionId: Type.Optional(Id),
    }),
    /** The user saved or unsaved a post (in any tab, or by adding it to a collection). */
    'saved.changed': LiveSavedChanged,
    /** The user voted on a post or switched their vote (in any tab, or with a token). */
    'vote.changed': LiveVoteChanged,
    /** One of the user's collections was created, edited, reordered, or had a post added or removed. */
    'collection.changed': LiveCollectionChanged,
    /** One of the user's collections was deleted. */
    'collection.deleted': Type.Object({ collectionId: Id }),
  },
  mod: {
    activity: LiveModActivity,
    'application.submitted': Type.Object({
      _id: Id,
      userId: Id,
      username: Type.String(),
      docCategory: Type.String(),
      submittedAt: Type.String({ format: 'date-time' }),
    }),
    /** An application left the queue (accepted or rejected), so other moderators drop it live. */
    'application.reviewed': Type.Object({ _id: Id, status: LiveApplicationStatus }),
  },
} as const

type LiveEventSchemas = typeof LiveEvents

/** The kinds of topic: `post` stands for `post:<id>`, `user` for `user:<id>`. */
export type LiveTopicKind = keyof LiveEventSchemas

/** Topic kind → event name → payload type. */
export type LiveEventMap = {
  [K in LiveTopicKind]: {
    [E in keyof LiveEventSchemas[K]]: LiveEventSchemas[K][E] extends TSchema
      ? Static<LiveEventSchemas[K][E]>
      : never
  }
}

/** Every topic name the server knows. */
export type LiveTopic = 'posts' | `post:${string}` | 'leaderboard' | 'stats' | `user:${string}` | 'mod'

/** The kind of a topic name (`post:abc` → `post`). */
export type LiveTopicKindOf<T extends LiveTopic> = T extends `post:${string}`
  ? 'post'
  : T extends `user:${string}`
    ? 'user'
    : T extends LiveTopicKind
      ? T
      : never

/** The event names a topic carries. */
export type LiveEventName<T extends LiveTopic> = keyof LiveEventMap[LiveTopicKindOf<T>] & string

/** The payload of event `E` on topic `T`. */
export type LiveEventData<
  T extends LiveTopic,
  E extends LiveEventName<T>,
> = LiveEventMap[LiveTopicKindOf<T>][E]

// ---------------------------------------------------------------------------------------------
// Client → server
// ---------------------------------------------------------------------------------------------

/**
 * Authenticates the socket (any time; again to switch or refresh the token). Without `token`, by the
 * session cookie the browser sent when it opened the socket (docs/product-rules.md#sessions).
 */
export const LiveAuthMessage = Type.Object({
  type: Type.Literal('auth'),
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
})

/**
 * Subscribes to topics. `since` maps a topic to the last event id the client saw (or the `liveId`
 * of the REST response it rendered): the server replays the later events in order, or answers
 * `reset` for that topic when they are no longer kept.
 */
export const LiveSubscribeMessage = Type.Object({
  type: Type.Literal('subscribe'),
  topics: Type.Array(LiveTopicName, { minItems: 1, maxItems: LIVE_LIMITS.maxTopicsPerSocket }),
  since: Type.Optional(
    Type.Record(Type.String({ maxLength: LIVE_LIMITS.maxTopicLength }), LiveEventId, {
      maxProperties: LIVE_LIMITS.maxTopicsPerSocket,
    }),
  ),
})

/** Stops receiving topics; unknown or not-subscribed topics are ignored. */
export const LiveUnsubscribeMessage = Type.Object({
  type: Type.Literal('unsubscribe'),
  topics: Type.Array(LiveTopicName, { minItems: 1, maxItems: LIVE_LIMITS.maxTopicsPerSocket }),
})

/** Application-level keep-alive; the server answers `pong`. */
export const LivePingMessage = Type.Object({ type: Type.Literal('ping') })

/** Any message a client may send. */
export const LiveClientMessage = Type.Union([
  LiveAuthMessage,
  LiveSubscribeMessage,
  LiveUnsubscribeMessage,
  LivePingMessage,
])
export type LiveClientMessage = Static<typeof LiveClientMessage>

// ---------------------------------------------------------------------------------------------
// Server → client
// ---------------------------------------------------------------------------------------------

/** Answer to a good `auth` message. */
export const LiveAuthedMessage = Type.Object({ type: Type.Literal('authed'), userId: Id, role: Role })
export type LiveAuthedMessage = Static<typeof LiveAuthedMessage>

/** One event of a topic; `data` has the type `LiveEventData<topic, event>`. */
export const LiveEventMessage = Type.Object({
  type: Type.Literal('event'),
  topic: LiveTopicName,
  event: Type.String(),
  id: LiveEventId,
  data: Type.Unknown(),
})
export type LiveEventMessage = Static<typeof LiveEventMessage>

/** Answer to `subscribe`: the topics now subscribed (refused ones get an `error` each instead). */
export const LiveSubscribedMessage = Type.Object({
  type: Type.Literal('subscribed'),
  topics: Type.Array(LiveTopicName),
})
export type LiveSubscribedMessage = Static<typeof LiveSubscribedMessage>

/**
 * The events since the client's id are gone (or may have been missed): the client refetches the
 * topic's data over REST and takes that response's `liveId` as its last seen id.
 */
export const LiveResetMessage = Type.Object({ type: Type.Literal('reset'), topic: LiveTopicName })
export type LiveResetMessage = Static<typeof LiveResetMessage>

/** Why the server refused or dropped something. */
export const LiveErrorCode = Type.Union([
  /** Not JSON, not one of the client messages, or a binary frame. */
  Type.Literal('bad_message'),
  /** The token in an `auth` message was refused; the socket stays as it was. */
  Type.Literal('unauthorized'),
  /** The token expired while connected; its private topics were dropped. */
  Type.Literal('token_expired'),
  /** The topic needs another user or role (`user:<id>` of someone else, `mod` without moderator). */
  Type.Literal('forbidden'),
  /** The topic name is not one the server knows. */
  Type.Literal('unknown_topic'),
  /** The socket already holds the most topics it may. */
  Type.Literal('too_many_topics'),
  /** The server could not check the token right now (e.g. the database is restarting); try again. */
  Type.Literal('unavailable'),
])
export type LiveErrorCode = Static<typeof LiveErrorCode>

/** A refusal; `topic` names the topic it concerns, when there is one. */
export const LiveErrorMessage = Type.Object({
  type: Type.Literal('error'),
  code: LiveErrorCode,
  message: Type.String(),
  topic: Type.Optional(LiveTopicName),
})
export type LiveErrorMessage = Static<typeof LiveErrorMessage>

/** Answer to `ping`. */
export const LivePongMessage = Type.Object({ type: Type.Literal('pong') })

/** Any message the server sends. */
export const LiveServerMessage = Type.Union([
  LiveAuthedMessage,
  LiveEventMessage,
  LiveSubscribedMessage,
  LiveResetMessage,
  LiveErrorMessage,
  LivePongMessage,
])
export type LiveServerMessage = Static<typeof LiveServerMessage>
