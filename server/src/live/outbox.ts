import type { Database } from '@bashboard/db'
import type { Kysely, Transaction } from 'kysely'
import type { LiveEventData, LiveEventName, LiveTopic } from '../contract/live.ts'
import type { LiveHub } from './hub.ts'

/** An event's payload, or a function computing it after commit (e.g. presenting the committed row). */
export type OutboxData<T> = T | (() => T | Promise<T>)

/** Collects the live events of one transaction; they go out only if it commits. */
export interface Outbox {
  /** Queues an event; published, in queue order, after the transaction commits. */
  publish<T extends LiveTopic, E extends LiveEventName<T>>(
    topic: T,
    event: E,
    data: OutboxData<LiveEventData<T, E>>,
  ): void
}

interface Queued {
  topic: LiveTopic
  event: string
  data: unknown
}

/**
 * Runs `fn` in a transaction and publishes the events it queued once the transaction has committed,
 * so a failed write emits nothing (CONVENTIONS rule 4). Thunks are evaluated after commit, in order.
 * Publishing never fails the caller: the hub logs and drops what it cannot publish, and a thunk that
 * throws is logged and skipped. The result is returned once the events are out (or dropped), which
 * takes at most about 500 ms even when Redis hangs.
 */
export async function withTransaction<T>(
  deps: { db: Kysely<Database>; live: LiveHub },
  fn: (trx: Transaction<Database>, outbox: Outbox) => Promise<T>,
): Promise<T> {
  const queued: Queued[] = []
  const outbox: Outbox = {
    publish(topic, event, data) {
      queued.push({ topic, event, data })
    },
  }
  const result = await deps.db.transaction().execute((trx) => fn(trx, outbox))
  await publishQueued(deps.live, queued)
  return result
}

async function publishQueued(live: LiveHub, queued: readonly Queued[]): Promise<void> {
  if (queued.length === 0) return
  const ready: Queued[] = []
  for (const item of queued) {
    if (typeof item.data !== 'function') {
      ready.push(item)
      continue
    }
    try {
      ready.push({ ...item, data: await (item.data as () => unknown)() })
    } catch (error) {
      live.log.error(
        { err: error, topic: item.topic, event: item.event },
        'live event payload failed; event skipped',
      )
    }
  }
  // Started together (one bounded wait in all) but in queue order: the bus assigns ids as calls arrive.
  await Promise.all(ready.map((item) => publishUnchecked(live, item)))
}

/** The queue holds payloads checked when they were queued; the generic signature can't see that here. */
function publishUnchecked(live: LiveHub, item: Queued): Promise<void> {
  const publish = live.publish as (topic: LiveTopic, event: string, data: unknown) => Promise<void>
  // The hub never rejects; this guard keeps that promise even if a replacement hub does.
  return publish
    .call(live, item.topic, item.event, item.data)
    .catch((error: unknown) => live.log.error({ err: error, topic: item.topic }, 'live publish failed'))
}
