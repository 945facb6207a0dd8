import { type Static, Type } from 'typebox'
import { PageNumber } from './common.ts'
import { Pagination, PostCard, ReactedPosts } from './posts.ts'

/**
 * A program's name as it appears in tags and in `/<program>` URLs: a letter or digit, then letters,
 * digits, `+`, `_` or `-` (`tar`, `docker-compose`, `g++`). Names with a dot are left to files
 * (`/robots.txt`), so a program such as `python3.12` is reached through search instead.
 */
export const PROGRAM_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9+_-]*$'
/** Longest program name (the longest tag). */
export const PROGRAM_NAME_MAX_LENGTH = 30
/** Commands per page of a program. */
export const PROGRAM_PAGE_SIZE = 20

/** Path of `GET /api/programs/{program}`. */
export const ProgramParams = Type.Object({
  program: Type.String({ minLength: 1, maxLength: PROGRAM_NAME_MAX_LENGTH, pattern: PROGRAM_NAME_PATTERN }),
})
export type ProgramParams = Static<typeof ProgramParams>

/** Query of `GET /api/programs/{program}`. */
export const ProgramQuery = Type.Object({ page: Type.Optional(PageNumber) })
export type ProgramQuery = Static<typeof ProgramQuery>

/**
 * The community's best commands using one program (posts tagged with it), best first: score
 * (upvotes − downvotes), then upvotes, then newest.
 */
export const ProgramResponse = Type.Object({
  /** The program, lower-cased. */
  program: Type.String(),
  posts: Type.Array(PostCard),
  pagination: Pagination,
  /** The caller's votes among these posts; null for guests. */
  myReactedPosts: Type.Union([ReactedPosts, Type.Null()]),
  /** The id of the last `posts` event the page reflects (a cached page's follows its patches). */
  liveId: Type.String(),
})
export type ProgramResponse = Static<typeof ProgramResponse>

/** A program with how many commands use it. */
export const ProgramSummary = Type.Object({
  name: Type.String(),
  count: Type.Integer({ minimum: 1 }),
})
export type ProgramSummary = Static<typeof ProgramSummary>

/** `GET /api/programs`: every program with commands, the most used first. */
export const ProgramListResponse = Type.Object({ programs: Type.Array(ProgramSummary) })
export type ProgramListResponse = Static<typeof ProgramListResponse>
