import { Outlet } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { lazy, Suspense } from 'react'
import { Toaster } from '../../components/ui/toast'
import { nextTask } from '../../lib/hydration'
import { preloadable } from '../../lib/preloadable'
import { isSignedInAtom } from '../../state/session'
import { useApplyTheme } from '../../state/use-apply-theme'
import { Header } from './header'

// Below the fold on every page, so it loads after the first render instead of in the entry chunk (the
// initial JavaScript budget, scripts/check-web-budget.mjs). It appears under the content, moving nothing.
// Asked for in the task after the first render (lib/hydration.tsx, nextTask), or before the takeover of a
// server page, which draws it (preloadFooter).
const footer = preloadable(() =>
  nextTask()
    .then(() => import('../../components/layout/footer'))
    .then((module) => module.Footer),
)
export const preloadFooter = footer.preload

// A signed-in visit's background work (the session's expiry, the user's live topic), loaded with a session.
const MemberSession = lazy(() =>
  import('../../features/auth/member-session').then((module) => ({ default: module.MemberSession })),
)

/** The page frame around every route: skip link, header, content, footer and toasts. */
export function RootLayout() {
  useApplyTheme()
  const signedIn = useAtomValue(isSignedInAtom)
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-accent focus:px-4 focus:py-2 focus:text-accent-fg"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 sm:px-6 sm:pt-10">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <footer.Component />
      </Suspense>
      <Toaster />
      {signedIn ? (
        <Suspense fallback={null}>
          <MemberSession />
        </Suspense>
      ) : null}
    </div>
  )
}
