import type { DomainEventMap, DomainEventName, RaisedEvent } from './catalog.ts'

/**
 * The name of the plugin that builds the dispatcher and its reactors (server/src/after-writes.ts).
 * Modules whose writes raise events list it in their plugin's dependencies.
 */
export const AFTER_WRITES_PLUGIN = 'bashboard-after-writes'

/** Something done after an event: named, so a failure in the log says which reaction failed. */
export interface Reaction<N extends DomainEventName> {
  name: string
  react(payload: DomainEventMap[N]): void | Promise<void>
}

/** Every event's reactions, in the order they run. */
export type ReactionMap = { [N in DomainEventName]: ReadonlyArray<Reaction<N>> }

/** Delivers committed domain events to their reactions. */
export interface DomainEvents {
  /**
   * Sets the reaction map, once, at boot. The map's reactors may themselves raise events (the vote
   * settler raises `votes.settled`), so they are built with the dispatcher first and handed over here.
   */
  use(reactions: ReactionMap): void
  /**
   * Runs the reactions of each event, event by event in the order raised, and resolves when every
   * one has finished. Reactions start in order (so live events keep it); a reaction that throws is
   * logged and never stops the others or fails the write that raised it.
   */
  deliver(events: readonly RaisedEvent[]): Promise<void>
  /** Delivers one event of a write that has already committed (a single statement, a batch). */
  emit<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): Promise<void>
  /** The names of an event's reactions (tests and the docs check the map). */
  reactionsTo(name: DomainEventName): string[]
  /** Watches every delivered event (tests); returns a function that stops watching. */
  observe(listener: (event: RaisedEvent) => void): () => void
}

interface Logger {
  error(details: Record<string, unknown>, message: string): void
}

/** A dispatcher; it delivers nothing until its reaction map is set with `use`. */
export function createDomainEvents(log: Logger): DomainEvents {
  const observers = new Set<(event: RaisedEvent) => void>()
  let map: ReactionMap | undefined
  const reactionsOf = <N extends DomainEventName>(name: N): ReadonlyArray<Reaction<N>> => {
    // A write delivered before boot finished would silently skip everything that follows it.
    if (!map) throw new Error(`domain event '${name}' raised before the reactions were set`)
    return map[name] as ReadonlyArray<Reaction<N>>
  }

  const start = (event: RaisedEvent): Array<Promise<void>> => {
    for (const observer of observers) observer(event)
    return reactionsOf(event.name).map((reaction) => {
      const failed = (error: unknown) =>
        log.error(
          { err: error, event: event.name, reaction: reaction.name },
          'reaction to a domain event failed',
        )
      try {
        return Promise.resolve(reaction.react(event.payload as never)).catch(failed)
      } catch (error) {
        failed(error)
        return Promise.resolve()
      }
    })
  }

  const deliver = async (events: readonly RaisedEvent[]) => {
    if (events.length === 0) return
    await Promise.all(events.flatMap(start))
  }

  return {
    use(reactions) {
      if (map) throw new Error('the reaction map is already set')
      map = reactions
    },
    deliver,
    emit: (name, payload) => deliver([{ name, payload } as RaisedEvent]),
    reactionsTo: (name) => reactionsOf(name).map((reaction) => reaction.name),
    observe(listener) {
      observers.add(listener)
      return () => observers.delete(listener)
    },
  }
}
