/*
 * The search of /sign-in/provider. The route's code sits in the entry chunk, so it checks only the
 * shape; the page (a lazy chunk) reads the words of each error code.
 */

/** Why a provider sign-in failed (a code of IDENTITY_ERRORS), and whether it came from Settings. */
export interface ProviderFinishSearch {
  error?: string
  from?: 'settings'
}

export function validateProviderFinishSearch(search: Record<string, unknown>): ProviderFinishSearch {
  const error =
    typeof search.error === 'string' && /^[a-z]{1,20}$/.test(search.error) ? search.error : undefined
  return {
    ...(error === undefined ? {} : { error }),
    ...(search.from === 'settings' ? { from: 'settings' as const } : {}),
  }
}
