import { open } from 'node:fs/promises'
import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { ACCOUNT_EXPORT_FORMAT, type AccountExport } from '../../contract/leaving.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import {
  collectionItemPages,
  commentPages,
  findExportApplications,
  findExportProfile,
  findExportTokens,
  type Pages,
  postPages,
  savePages,
  votePages,
} from './export-repo.ts'
import {
  type ExportCollectionRow,
  toExportApplication,
  toExportCollection,
  toExportCollectionItem,
  toExportComment,
  toExportPost,
  toExportProfile,
  toExportSave,
  toExportToken,
  toExportVote,
} from './presenter.ts'

/*
 * A member's data as one JSON document (contract/leaving.ts `AccountExport`), written piece by piece to
 * a sink: the request streams it from a file, and a background job (a large member's export mailed as
 * a link) can write it wherever it keeps files. It is read in one REPEATABLE READ, READ ONLY
 * transaction, so the file is one moment of the account (a vote cast meanwhile is in every list or in
 * none), and each list through a cursor, so only one page of rows is in memory at a time.
 */

/** Rows read (and written) at a time per list. */
export const EXPORT_PAGE_SIZE = 500

/** What producing an export needs. */
export interface ExportDeps {
  db: Kysely<Database>
  /** The site's public address (PUBLIC_ORIGIN), which every URL in the file starts with. */
  origin: string
}

/** Whose export, and whether the address goes in (not for a personal access token: product rules). */
export interface ExportRequest {
  userId: string
  includeEmail: boolean
}

/** What was written: the name to give the file, and when it was read. */
export interface ExportWritten {
  filename: string
  username: string
  exportedAt: Date
}

/** Takes each piece of the document in order; may be slow (a file, a socket), it is awaited. */
export type ExportSink = (chunk: string) => Promise<unknown>

/** `bashboard-<username>-<YYYY-MM-DD>.json` (usernames are letters, digits, `_` and `-`). */
export function exportFilename(username: string, at: Date): string {
  return `bashboard-${username.replace(/[^A-Za-z0-9_-]/g, '_')}-${at.toISOString().slice(0, 10)}.json`
}

/** Writes `"key":[…]` from a cursor's pages: one sink write per page. */
async function writeList<R>(
  sink: ExportSink,
  key: keyof AccountExport,
  pages: Pages<R>,
  present: (row: R) => unknown,
): Promise<void> {
  await sink(`,\n${JSON.stringify(key)}:[`)
  let first = true
  for await (const rows of pages) {
    const items = rows.map((row) => JSON.stringify(present(row)))
    await sink(`${first ? '\n' : ',\n'}${items.join(',\n')}`)
    first = false
  }
  await sink(']')
}

/**
 * Writes the member's export to `sink` (see the file comment) and answers its file name.
 * @throws UnauthorizedError when the member no longer exists (deleted since their token was checked).
 */
export async function produceAccountExport(
  deps: ExportDeps,
  request: ExportRequest,
  sink: ExportSink,
): Promise<ExportWritten> {
  const { origin } = deps
  return deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const exportedAt = new Date()
      const profile = await findExportProfile(trx, request.userId)
      if (!profile) throw new UnauthorizedError()
      const head = {
        format: ACCOUNT_EXPORT_FORMAT,
        version: 1,
        exportedAt: exportedAt.toISOString(),
        site: origin,
        profile: toExportProfile(profile, origin, request.includeEmail),
      } satisfies Partial<AccountExport>
      // The head without its closing brace; each list follows as `,"key":[…]`.
      await sink(JSON.stringify(head).slice(0, -1))
      const size = EXPORT_PAGE_SIZE
      await writeList(sink, 'posts', postPages(trx, request.userId, size), (row) => toExportPost(row, origin))
      await writeList(sink, 'comments', commentPages(trx, request.userId, size), (row) =>
        toExportComment(row, origin),
      )
      await writeList(sink, 'votes', votePages(trx, request.userId, size), (row) => toExportVote(row, origin))
      await writeList(sink, 'saves', savePages(trx, request.userId, size), (row) => toExportSave(row, origin))
      await writeList(
        sink,
        'collections',
        collectionsOf(collectionItemPages(trx, request.userId, size), origin, profile.username),
        (collection) => collection,
      )
      const tokens = await findExportTokens(trx, request.userId)
      await sink(`,\n"accessTokens":${JSON.stringify(tokens.map(toExportToken))}`)
      const applications = await findExportApplications(trx, request.userId)
      await sink(`,\n"applications":${JSON.stringify(applications.map(toExportApplication))}\n}\n`)
      return {
        filename: exportFilename(profile.username, exportedAt),
        username: profile.username,
        exportedAt,
      }
    })
}

/**
 * The collections of a cursor over their items (one row per post, collections in order): each
 * collection is yielded once its rows are all read, so at most one collection (500 posts) is held
 * beyond the page.
 */
async function* collectionsOf(
  pages: Pages<ExportCollectionRow>,
  origin: string,
  owner: string,
): Pages<ReturnType<typeof toExportCollection>> {
  let current: ReturnType<typeof toExportCollection> | null = null
  for await (const rows of pages) {
    const done: Array<ReturnType<typeof toExportCollection>> = []
    for (const row of rows) {
      if (current?._id !== row.id) {
        if (current) done.push(current)
        current = toExportCollection(row, origin, owner)
      }
      const item = toExportCollectionItem(row, origin)
      if (item) current.items.push(item)
    }
    if (done.length > 0) yield done
  }
  if (current) yield [current]
}

/**
 * Writes the member's export to the file at `path` (created, or truncated) and answers its name and
 * size. The writes go through one file handle; the file is complete once this resolves.
 */
export async function writeAccountExportFile(
  deps: ExportDeps,
  request: ExportRequest,
  path: string,
): Promise<ExportWritten & { bytes: number }> {
  const file = await open(path, 'w', 0o600)
  let bytes = 0
  try {
    const written = await produceAccountExport(deps, request, async (chunk) => {
      const data = Buffer.from(chunk, 'utf8')
      bytes += data.length
      await file.write(data)
    })
    return { ...written, bytes }
  } finally {
    await file.close()
  }
}
