import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { createFileStore, type FileStore } from '../lib/storage.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are written and private documents kept (DATA_DIR). */
    files: FileStore
  }
}

/** The largest file any endpoint accepts (application documents, 10 MB); routes set tighter limits. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/**
 * Multipart parsing, bounded in parts and sizes (docs/product-rules.md#uploads), and the file store. Each
 * upload route reads its parts with `request.parts()` / `request.file()` and passes its own
 * `limits.fileSize`; a file over the limit is truncated by busboy, which the route turns into a 413.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    await app.register(multipart, {
      limits: {
        files: 1,
        parts: 10,
        fields: 8,
        fieldNameSize: 100,
        fieldSize: 64 * 1024,
        headerPairs: 200,
        fileSize: MAX_UPLOAD_BYTES,
      },
    })
    app.decorate('files', createFileStore(opts.config.dataDir))
  },
  { name: 'bashboard-uploads' },
)
