import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

/*
 * Where background exports are kept: DATA_DIR/exports, a private folder (mode 0700, files 0600) that no
 * route serves as it is; a file is only ever read by the download route, for the member it belongs to.
 * Names are 256 random bits, so even a listing of the folder says nothing about whose file is whose.
 */

const NAME = /^[A-Za-z0-9_-]{20,100}\.json$/

/** The exports folder and its files by name. */
export interface ExportFiles {
  readonly dir: string
  /** A new random file name. */
  newName(): string
  /** The absolute path of a file; throws for a name that is not one of ours (no path can escape). */
  pathOf(name: string): string
  /** The part file a job writes before it is complete (renamed to the name when it is). */
  partPathOf(name: string): string
  /** Creates the folder when missing. */
  ensureDir(): Promise<void>
  /** The files in the folder (complete and part files, by their names). */
  list(): Promise<string[]>
  /** Deletes a file and its part file; a file already gone is no error. */
  remove(name: string): Promise<void>
}

/** The exports folder under `dataDir`. */
export function exportFiles(dataDir: string): ExportFiles {
  const dir = join(dataDir, 'exports')
  const pathOf = (name: string) => {
    if (!NAME.test(name)) throw new Error(`not an export file name: ${name}`)
    return join(dir, name)
  }
  return {
    dir,
    newName: () => `${randomBytes(32).toString('base64url')}.json`,
    pathOf,
    partPathOf: (name) => `${pathOf(name)}.part`,
    ensureDir: async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 })
    },
    async list() {
      try {
        return await readdir(dir)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw error
      }
    },
    async remove(name) {
      await Promise.all([rm(pathOf(name), { force: true }), rm(`${pathOf(name)}.part`, { force: true })])
    },
  }
}

/** The export file a folder entry is (its part file counts as it), or undefined for anything else. */
export function exportNameOf(entry: string): string | undefined {
  const name = entry.endsWith('.part') ? entry.slice(0, -'.part'.length) : entry
  return NAME.test(name) ? name : undefined
}
