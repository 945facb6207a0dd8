/**
 * The first index in [0, `count`) for which `isBelow` is false, given that it is true for every index
 * before some point and false from there on (a sorted sequence searched for the first item not below a
 * value); `count` when it is true for all. A binary search: about log2(count) calls of `isBelow`.
 */
export function lowerBound(count: number, isBelow: (index: number) => boolean): number {
  let low = 0
  let high = count
  while (low < high) {
    const mid = (low + high) >>> 1
    if (isBelow(mid)) low = mid + 1
    else high = mid
  }
  return low
}
