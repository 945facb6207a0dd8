import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Public upload folders under DATA_DIR/uploads, served at /uploads/<folder>/<file>. */
export type PublicFolder = 'avatars' | 'blogs' | 'ads'

// Names we generate: random hex plus a known extension. Anything else is never read or deleted.
const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|pdf)$/

/** A fresh random file name with the given extension (jpg, png or pdf). */
export function randomFileName(ext: 'jpg' | 'png' | 'pdf'): string {
  return `${randomBytes(16).toString('hex')}.${ext}`
}

/** Whether `name` is a file name this module generated (so it is safe to join to a folder). */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name)
}

/**
 * Files on disk under DATA_DIR: public uploads (served by the web-app plugin with nosniff) and private
 * documents under DATA_DIR/private, which no static route serves (docs/product-rules.md#applications).
 */
export interface FileStore {
  /** Writes a public file under a random name and returns that name. */
  savePublic(folder: PublicFolder, data: Uint8Array, ext: 'jpg' | 'png'): Promise<string>
  /** Deletes a public file this store wrote; other names are ignored. */
  removePublic(folder: PublicFolder, name: string): Promise<void>
  /** Writes a private document under a random name and returns its key. */
  savePrivate(data: Uint8Array, ext: 'jpg' | 'png' | 'pdf'): Promise<string>
  /** Reads a private document by key; rejects for a key this store did not write. */
  readPrivate(key: string): Promise<Buffer>
  /** Deletes a private document; other keys are ignored. */
  removePrivate(key: string): Promise<void>
}

/** A file store rooted at `dataDir`. Folders are created on first write. */
export function createFileStore(dataDir: string): FileStore {
  const publicDir = (folder: PublicFolder) => join(dataDir, 'uploads', folder)
  const privateDir = join(dataDir, 'private', 'documents')
  return {
    async savePublic(folder, data, ext) {
      const name = randomFileName(ext)
      await mkdir(publicDir(folder), { recursive: true })
      await writeFile(join(publicDir(folder), name), data, { flag: 'wx' })
      return name
    },
    async removePublic(folder, name) {
      if (isStoredName(name)) await rm(join(publicDir(folder), name), { force: true })
    },
    async savePrivate(data, ext) {
      const key = randomFileName(ext)
      await mkdir(privateDir, { recursive: true, mode: 0o700 })
      await writeFile(join(privateDir, key), data, { flag: 'wx', mode: 0o600 })
      return key
    },
    async readPrivate(key) {
      if (!isStoredName(key)) throw new Error(`not a stored document key: ${key}`)
      return readFile(join(privateDir, key))
    },
    async removePrivate(key) {
      if (isStoredName(key)) await rm(join(privateDir, key), { force: true })
    },
  }
}
