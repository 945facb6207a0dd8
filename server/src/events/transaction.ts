import type { Database } from '@bashboard/db'
import type { Kysely, Transaction } from 'kysely'
import type { LiveHub } from '../live/hub.ts'
import { type Outbox, withTransaction } from '../live/outbox.ts'
import type { DomainEventMap, DomainEventName, RaisedEvent } from './catalog.ts'
import type { DomainEvents } from './dispatcher.ts'

/** The outbox of a write that raises domain events. */
export interface EventOutbox extends Outbox {
  /** Raises a domain event; its reactions run only if the transaction commits. */
  raise<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): void
}

/** What a write that raises domain events needs. */
export interface EventDeps {
  db: Kysely<Database>
  live: LiveHub
  events: DomainEvents
}

/**
 * Runs `fn` in a transaction; after it commits, the live events it queued go out and then the domain
 * events it raised are delivered (reactions.ts). A rolled-back write delivers nothing. Resolves once
 * the reactions have run, so the response follows the live events it caused.
 */
export async function withEvents<T>(
  deps: EventDeps,
  fn: (trx: Transaction<Database>, outbox: EventOutbox) => Promise<T>,
): Promise<T> {
  const raised: RaisedEvent[] = []
  const result = await withTransaction(deps, (trx, outbox) =>
    fn(trx, {
      publish: outbox.publish,
      raise(name, payload) {
        raised.push({ name, payload } as RaisedEvent)
      },
    }),
  )
  await deps.events.deliver(raised)
  return result
}
