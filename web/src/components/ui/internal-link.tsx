import { useRouter } from '@tanstack/react-router'
import type { ComponentPropsWithRef, MouseEvent } from 'react'

export interface InternalLinkProps extends Omit<ComponentPropsWithRef<'a'>, 'href'> {
  /** A same-origin path such as "/browse" or "/help". */
  href: string
}

/**
 * An in-app link to any path, navigated on the client like the router's <Link>. Used for pages whose
 * routes are not in this build's route tree yet, which <Link>'s typed `to` rightly refuses; they show the
 * not-found screen until their route exists, and then can switch to <Link>.
 */
export function InternalLink({ href, onClick, target, ...rest }: InternalLinkProps) {
  const router = useRouter()
  function handleClick(event: MouseEvent<HTMLAnchorElement>): void {
    onClick?.(event)
    // Let the browser handle new tabs, downloads and modified clicks.
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0
    if (event.defaultPrevented || modified || (target && target !== '_self')) return
    event.preventDefault()
    router.history.push(href)
  }
  return <a href={href} target={target} onClick={handleClick} {...rest} />
}
