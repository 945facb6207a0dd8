import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { Config } from '../../config.ts'
import type { LiveLogger } from '../../live/bus.ts'
import { startMailDigests } from './digests.ts'
import { type UnsubscribeSigner, unsubscribeSigner } from './links.ts'
import { createMailTransport } from './transport.ts'
import { type MailWorker, startMailWorker } from './worker.ts'

/** The instance's mail machinery: the queue's sender, the digest job and the unsubscribe signer. */
export interface Mailer {
  worker: MailWorker
  unsubscribe: UnsubscribeSigner
  close(): Promise<void>
}

/** Starts sending the queue and queueing digests (every instance may: rows are claimed). */
export function createMailer(deps: { db: Kysely<Database>; config: Config; log: LiveLogger }): Mailer {
  const unsubscribe = unsubscribeSigner(deps.config.jwtSecret)
  const transport = createMailTransport(deps.config, deps.log)
  const worker = startMailWorker({ ...deps, transport, unsubscribe })
  const digests = startMailDigests({ db: deps.db, log: deps.log, queued: () => worker.poke() })
  return {
    worker,
    unsubscribe,
    async close() {
      await digests.close()
      await worker.close()
    },
  }
}
