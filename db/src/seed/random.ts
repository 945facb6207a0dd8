/*
 * A small seeded PRNG (mulberry32): deterministic, unlike Math.random. The demo seed uses it so every
 * seed is the same; the benchmarks' request streams use it so two runs send the same sequence.
 */

/** Returns a function giving numbers in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
