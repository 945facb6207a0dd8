import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { PostDetailResponse, SearchResponse } from '../../contract/posts.ts'
import {
  PROGRAM_NAME_MAX_LENGTH,
  PROGRAM_NAME_PATTERN,
  PROGRAM_PAGE_SIZE,
  type ProgramResponse,
  type ProgramSummary,
} from '../../contract/programs.ts'
import type { AuthUser } from '../../lib/access.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { readThrough } from '../../lib/read-cache.ts'
import type { LiveHub } from '../../live/hub.ts'
import { withMemberMarks } from '../posts/member-marks.ts'
import type { MemberMarksReader } from '../posts/member-marks-reader.ts'
import { type PostPageCaches, startLoad } from '../posts/page-caches.ts'
import { toPostCard, toReactedPosts } from '../posts/presenter.ts'
import { getPostAtAddress, type PostMoved, type PostsDeps } from '../posts/service.ts'
import { search, type WebsiteDeps } from '../website/service.ts'
import type { ProgramCaches, ProgramPage } from './caches.ts'
import { findProgramPosts, listProgramCounts } from './repo.ts'

/** What the terminal service needs: the site's own read paths and caches, and its own. */
export interface TerminalDeps {
  db: Kysely<Database>
  live: LiveHub
  /** The shared cards (votes and views patch them in place); null when PAGE_CACHE=false. */
  pageCaches: Pick<PostPageCaches, 'cards'> | null
  /** Program pages and the program list; null when PAGE_CACHE=false. */
  programCaches: ProgramCaches | null
  /** The site's search (its cache and spelling corrections). */
  website: WebsiteDeps
  /** The site's post pages (their cache and view counting). */
  posts: PostsDeps
  /** A member's votes and saves among a page's posts, kept per member with PAGE_CACHE (member-marks-reader.ts). */
  memberMarks: MemberMarksReader
}

/** Results of a search shown as text. */
export const TEXT_SEARCH_LIMIT = 10
/** Suggestions offered for an unknown program. */
export const SUGGESTION_LIMIT = 5

const PROGRAM_NAME = new RegExp(PROGRAM_NAME_PATTERN)

/** Whether `name` can be a program's name in a URL (see PROGRAM_NAME_PATTERN). */
export function isProgramName(name: string): boolean {
  return name.length <= PROGRAM_NAME_MAX_LENGTH && PROGRAM_NAME.test(name)
}

/** The message of an unknown program, with suggestions when there are any. */
export function unknownProgramMessage(program: string, suggestions: readonly string[]): string {
  const base = `No commands use "${program}" yet.`
  return suggestions.length > 0 ? `${base} Did you mean: ${suggestions.join(', ')}?` : base
}

/** Every program that has commands, with their counts, the most used first. */
export async function listPrograms(deps: TerminalDeps): Promise<ProgramSummary[]> {
  return readThrough(deps.programCaches?.list, 'all', () => listProgramCounts(deps.db))
}

/**
 * One page of a program's commands as every reader sees it (program lower-cased), or null when no
 * command uses it.
 */
export async function readProgramPage(
  deps: TerminalDeps,
  rawProgram: string,
  page = 1,
): Promise<ProgramPage | null> {
  const program = rawProgram.toLowerCase()
  const load = async (): Promise<ProgramPage> => {
    const share = startLoad(deps.pageCaches)
    const liveId = await deps.live.currentId('posts')
    const { rows, total } = await findProgramPosts(deps.db, program, {
      limit: PROGRAM_PAGE_SIZE,
      offset: (page - 1) * PROGRAM_PAGE_SIZE,
    })
    return { program, posts: share(rows.map(toPostCard)), total, liveId }
  }
  const result = await readThrough(deps.programCaches?.pages, JSON.stringify([program, page]), load)
  return result.total === 0 ? null : result
}

/**
 * `GET /api/programs/{program}`: a page of the program's commands with the caller's votes and saves.
 * An unknown program is a 404 whose message suggests the nearest known ones.
 */
export async function getProgram(
  deps: TerminalDeps,
  auth: AuthUser | null,
  rawProgram: string,
  page = 1,
): Promise<ProgramResponse> {
  const found = await readProgramPage(deps, rawProgram, page)
  if (!found) {
    const program = rawProgram.toLowerCase()
    throw new NotFoundError(unknownProgramMessage(program, await suggestPrograms(deps, program)))
  }
  // The cached cards are shared: the caller's saves are laid over copies.
  const {
    lists: [posts],
    votes,
  } = await withMemberMarks(deps.memberMarks, auth, found.posts)
  return {
    program: found.program,
    posts,
    pagination: {
      page,
      pageSize: PROGRAM_PAGE_SIZE,
      totalPosts: found.total,
      totalPages: Math.ceil(found.total / PROGRAM_PAGE_SIZE),
    },
    myReactedPosts: votes ? toReactedPosts(votes) : null,
    liveId: found.liveId,
  }
}

/**
 * Damerau–Levenshtein distance of two short words (one transposition of neighbours counts as one
 * edit), stopping early past `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      const row = rows[i] as number[]
      const above = rows[i - 1] as number[]
      let value = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1)
      }
      row[j] = value
      best = Math.min(best, value)
    }
    if (best > max) return max + 1
  }
  return (rows[a.length] as number[])[b.length] as number
}

/**
 * Known programs close to `name`, the closest and most used first: one edit away for short names
 * (`tra` → `tar`), two for longer ones (`dokcer-compsoe`), or starting with it (`dock` → `docker`).
 */
export async function suggestPrograms(deps: TerminalDeps, name: string): Promise<string[]> {
  const word = name.toLowerCase()
  const max = word.length <= 4 ? 1 : 2
  const scored: Array<{ name: string; score: number; count: number }> = []
  for (const program of await listPrograms(deps)) {
    if (program.name === word) continue
    const distance = editDistance(word, program.name, max)
    if (distance <= max) scored.push({ name: program.name, score: distance, count: program.count })
    else if (word.length >= 2 && program.name.startsWith(word))
      scored.push({ name: program.name, score: max + 1, count: program.count })
  }
  scored.sort((a, b) => a.score - b.score || b.count - a.count || a.name.localeCompare(b.name))
  return scored.slice(0, SUGGESTION_LIMIT).map((entry) => entry.name)
}

/** The first page of the site's search for `words` (ranked, typo-tolerant, cached like the site's). */
export async function searchCommands(
  deps: TerminalDeps,
  words: string,
  auth: AuthUser | null,
): Promise<SearchResponse> {
  return search(deps.website, { search: words, page: 1, limit: TEXT_SEARCH_LIMIT }, auth)
}

/**
 * A post by slug or id, as its page on the site reads it (the read counts as a view), or, for one of
 * its old slugs, its current slug to redirect to.
 */
export async function readPost(
  deps: TerminalDeps,
  auth: AuthUser | null,
  slug: string,
  viewer: string,
): Promise<PostDetailResponse | PostMoved> {
  return getPostAtAddress(deps.posts, auth, slug, viewer)
}
