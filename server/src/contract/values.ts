/*
 * Plain values of the contract that the web client needs at runtime (page sizes, lists, form field names).
 * This module imports nothing: the schema modules build TypeBox values when they load, so a web import of
 * one constant from them puts the TypeBox runtime and every schema into the bundle. The web imports these
 * from `@bashboard/server/contract/values`; the schema modules re-export them. The app shell loads this
 * module up front, so the rules' limits and texts, which only forms need, are in limits.ts instead.
 */

/** The leaderboard's periods (`?period=`), All Time first. */
export const LEADERBOARD_PERIODS = ['all', 'week', 'month'] as const

/** Default page size of `GET /api/blogs`: the blog list shows six posts a page. */
export const BLOG_PAGE_SIZE = 6

/**
 * Longest search, in characters: `search` of `GET /api/website/browse` and `/api/posts/v1/search`, the
 * words of the terminal's `/~<words>` and `/browse?search=`. Longer ones are refused with 400, never cut.
 */
export const SEARCH_MAX_LENGTH = 200

/**
 * A search's matches are counted up to this many (`pagination.totalPosts`): past it the count stops, so
 * a common word costs no more than a rare one. A count equal to it reads "1,000+".
 */
export const SEARCH_COUNT_CAP = 1000

/** How many notifications `GET /api/notifications` returns at most. */
export const NOTIFICATIONS_PAGE_SIZE = 30

/** The multipart field names of `POST /api/applications/create`. */
export const APPLICATION_FORM_FIELDS = {
  document: 'document',
  coverLetter: 'coverLetter',
  docCategory: 'docCategory',
} as const

/** Posts per page of `GET /api/users/me/saved`. */
export const SAVED_PAGE_SIZE = 20

/** The file formats of the collection and saved-posts exports. */
export const EXPORT_FORMATS = ['navi', 'tldr', 'json'] as const

/**
 * The scopes a personal access token may carry, the one list the server, the web client and the
 * tests share. `read` reads posts, people and the caller's own lists; `vote` votes; `save` saves posts
 * and manages collections; `post` writes posts and comments (contributors and moderators only).
 */
export const TOKEN_SCOPES = ['read', 'vote', 'save', 'post'] as const

/** The lifetimes a personal access token may be given, in days (absent: it never expires). */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const

/** How long after posting a comment its author may still edit it, in minutes (deleting has no limit). */
export const COMMENT_EDIT_WINDOW_MINUTES = 15

/** The readable cookie beside the session cookie: its expiry in epoch seconds, no credential. */
export const MEMBER_HINT_COOKIE = 'bashboard_member'

/** The HttpOnly cookie holding a web session's secret (docs/product-rules.md#sessions). */
export const SESSION_COOKIE = 'bashboard_session'

/** The readable cookie holding the session's CSRF token, copied into {@link CSRF_HEADER} on writes. */
export const CSRF_COOKIE = 'bashboard_csrf'

/** The request header a cookie-authenticated write must carry, holding {@link CSRF_COOKIE}'s value. */
export const CSRF_HEADER = 'x-csrf-token'

/**
 * The cookie holding a visitor's explicit theme (`dark` or `light`; absent: follow the system), set by
 * the web client beside the choice it keeps in localStorage. The server writes it into the page's
 * `<html data-theme>` (server/src/infra/page-theme.ts), so the first paint already has the right palette.
 */
export const THEME_COOKIE = 'bashboard_theme'
