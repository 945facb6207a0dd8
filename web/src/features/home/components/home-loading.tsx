import { Loading } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'

/** The spec's home loading text: the product name and an ellipsis. */
export const HOME_LOADING_TEXT = 'Loading Bashboard...'

/**
 * Shown while the home route or one of its sections loads. Its own module: the route's pendingComponent
 * stays in the entry chunk, and importing it from home-page.tsx would pull the whole page in with it.
 * `reserve` keeps at least a screen's height free for what replaces it, so the footer is not painted in
 * view first and then pushed down (a layout shift) when the content arrives.
 */
export function HomeLoading({ reserve = false }: { reserve?: boolean }) {
  return <Loading label={HOME_LOADING_TEXT} className={cn('py-24', reserve && 'min-h-dvh items-start')} />
}

/** The route's pending state: the whole page is still to come. */
export function HomePending() {
  return <HomeLoading reserve />
}
