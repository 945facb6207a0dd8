import { useEffect } from 'react'
import { formatTitle } from './use-document-title'

/** Meta tags a page sets: name (or `og:` property) → content. */
export type PageMeta = Record<string, string>

function metaElement(key: string): HTMLMetaElement {
  const attribute = key.startsWith('og:') || key.startsWith('article:') ? 'property' : 'name'
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attribute, key)
    document.head.append(element)
  }
  return element
}

/**
 * Sets the document title and meta tags while the page is shown, and puts back what was there before
 * (or removes tags it added) when it leaves, so the next page does not inherit a post's or article's
 * description. The server already sends these tags in the HTML for crawlers; this keeps them right
 * after client navigation.
 */
export function usePageMeta(title: string | null, meta: PageMeta): void {
  const serialized = JSON.stringify(meta)
  useEffect(() => {
    if (title === null) return
    const previousTitle = document.title
    document.title = formatTitle(title)
    const restore: Array<() => void> = []
    for (const [key, content] of Object.entries(JSON.parse(serialized) as PageMeta)) {
      const existed = document.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`) !== null
      const element = metaElement(key)
      const previous = element.getAttribute('content')
      element.setAttribute('content', content)
      restore.push(() => {
        if (existed && previous !== null) element.setAttribute('content', previous)
        else element.remove()
      })
    }
    return () => {
      document.title = previousTitle
      for (const undo of restore) undo()
    }
  }, [title, serialized])
}
