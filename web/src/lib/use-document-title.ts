import { useEffect } from 'react'

export const SITE_NAME = 'Bashboard'

/** Formats a page title with the product name as its suffix ("Login | Bashboard"). */
export function formatTitle(title: string): string {
  return `${title} | ${SITE_NAME}`
}

/** Sets the document title for as long as the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = formatTitle(title)
  }, [title])
}
