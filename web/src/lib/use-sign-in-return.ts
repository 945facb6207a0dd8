import { useLocation, useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { type ReturnSearch, returnPathFrom, returnSearch } from './return-path'

/** The search for a link to /login or /register that brings the visitor back to this page. */
export function useReturnSearch(): ReturnSearch {
  return returnSearch(useLocation({ select: returnPathFrom }))
}

/**
 * Sends a guest to /login, to come back to this page (path, search and hash) once signed in. The page's
 * location is read at the press, so a button in every card of a list does not redraw at each navigation.
 */
export function useSendToLogin(): () => void {
  const router = useRouter()
  return useCallback(() => {
    void router.navigate({ to: '/login', search: returnSearch(returnPathFrom(router.state.location)) })
  }, [router])
}
