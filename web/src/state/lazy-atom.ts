import { atom, type PrimitiveAtom } from 'jotai'

/**
 * jotai/utils' `atomWithLazy`: an atom whose initial value is made when a store first reads it, so each
 * store (each test, the server's render) reads storage afresh. Written here in its five lines because
 * importing jotai/utils also keeps its default storage's set-up in the entry chunk (0.45 kB gzip).
 */
export function atomWithLazy<Value>(makeInitial: () => Value): PrimitiveAtom<Value> {
  const lazy = atom(undefined as Value)
  delete (lazy as { init?: Value }).init
  Object.defineProperty(lazy, 'init', { get: makeInitial })
  return lazy
}
