import { groupDigits } from '@bashboard/server/contract/plurals'

/**
 * 1234 → "1,234", the same text as `value.toLocaleString('en-US')`, written without Intl for whole numbers
 * (by the contract's `groupDigits`, the grouping the text pages and the CLI print counts with too).
 * A page's first Intl call loads ICU's locale data on the main thread (50–200 ms in a fresh Chromium 156
 * tab, before Lighthouse's ×4 CPU slowdown), and the home page paid it inside the first render of its
 * stat tiles and cards. Other numbers (fractions, NaN, ±Infinity, -0, beyond 2^53) still use Intl.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('en-US')
  return groupDigits(value)
}
