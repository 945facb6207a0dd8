import { type Static, Type } from 'typebox'

/*
 * Members suggested while typing an `@mention` in a comment box (issue 48): who starts with what was
 * typed. Only what every comment already shows of its author: the username and the avatar.
 */

/** At most this many suggestions per answer. */
export const USER_SUGGESTION_LIMIT = 10

/** Requests per client address per minute: one per typing pause, so a fast typist stays well under. */
export const USER_SUGGESTIONS_PER_MINUTE = 120

/**
 * Query of `GET /api/users/suggest`: the start of a username, as a mention writes it (1–30 letters,
 * digits, `_` or `-`; usernames are made of nothing else, see contract/mentions.ts). Matched without case.
 */
export const UserSuggestQuery = Type.Object(
  { prefix: Type.String({ minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
)
export type UserSuggestQuery = Static<typeof UserSuggestQuery>

/** One suggested member: nothing private (no id, email, role or points). */
export const UserSuggestion = Type.Object(
  {
    username: Type.String(),
    /** The avatar's URL, or null for the initials. */
    avatar: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
)
export type UserSuggestion = Static<typeof UserSuggestion>

/**
 * `GET /api/users/suggest?prefix=ad` (anyone, token scope `read`): members whose usernames start with
 * the prefix, ignoring case, in code-point order of the lower-cased names (`ada`, `adam`, `adam_2`, `adb`).
 */
export const UserSuggestResponse = Type.Object({
  users: Type.Array(UserSuggestion, { maxItems: USER_SUGGESTION_LIMIT }),
})
export type UserSuggestResponse = Static<typeof UserSuggestResponse>
