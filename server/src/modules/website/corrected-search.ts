/**
 * The search as it was run after spelling corrections: each corrected word (a lexeme of the simple
 * configuration, lowercase) replaced where it stands as a whole word, whatever its case, by the word
 * searched in its place. Null when nothing was corrected, so a page says "Showing results for" only
 * when its results are not for the words as typed.
 */
export function correctedSearchOf(
  search: string,
  corrections: ReadonlyArray<readonly [string, string]>,
): string | null {
  let corrected = search
  for (const [word, correction] of corrections) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    // Letters and digits around it would make it part of another word (`gerpx`), not this one.
    corrected = corrected.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'),
      correction,
    )
  }
  return corrected === search ? null : corrected
}
