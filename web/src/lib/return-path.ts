import { isSignInPath, safeReturnPath } from '@bashboard/server/contract/return-path'

/*
 * Where /login and /register send a member once signed in: the page a guest was on when asked to sign
 * in, carried in the `redirect` search param; the rule is the contract's (server/src/contract/return-path.ts).
 */

/** The search param of /login and /register that holds the return address. */
export interface ReturnSearch {
  redirect?: string
}

export { safeReturnPath }

/**
 * The search of /login and /register, validated (their routes' validateSearch). The key is always
 * there: the router merges a route's search over the raw one, so a refused value must be overwritten.
 */
export function validateReturnSearch(search: Record<string, unknown>): ReturnSearch {
  return { redirect: safeReturnPath(search.redirect) }
}

/**
 * The return address for a sign-in asked for at `location`: the page itself, or on the sign-in pages
 * the address they already carry (so going from /login to /register keeps it).
 */
export function returnPathFrom(location: {
  pathname: string
  href: string
  search: unknown
}): string | undefined {
  if (isSignInPath(location.pathname)) {
    const search = location.search as { redirect?: unknown } | null
    return safeReturnPath(search?.redirect)
  }
  return safeReturnPath(location.href)
}

/** The search to give a link or redirect to /login or /register for the return address `redirect`. */
export function returnSearch(redirect: string | undefined): ReturnSearch {
  return redirect === undefined ? {} : { redirect }
}
