import { createContext, useContext } from 'react'

/** What a render needs of the page's address: its origin and full URL. */
export interface PageLocation {
  origin: string
  href: string
}

/**
 * The address of the page being rendered. Left unset in the browser, where it is the window's location;
 * the server's render of a page (src/entry-server.tsx), which has no window, provides the request's.
 */
export const PageLocationContext = createContext<PageLocation | null>(null)

/** The page's origin and URL, in the browser and in the server's render alike. */
export function usePageLocation(): PageLocation {
  return useContext(PageLocationContext) ?? window.location
}
