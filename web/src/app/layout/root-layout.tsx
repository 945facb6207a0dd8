import { Outlet } from '@tanstack/react-router'
import { Suspense } from 'react'
import { Toaster } from '../../components/ui/toast'
import { useSessionExpiry } from '../../features/auth/use-session-expiry'
import { useUserTopic } from '../../features/auth/use-user-topic'
import { nextTask } from '../../lib/hydration'
import { preloadable } from '../../lib/preloadable'
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

/** The page frame around every route: skip link, header, content, footer and toasts. */
export function RootLayout() {
  useApplyTheme()
  useSessionExpiry()
  useUserTopic()
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
    </div>
  )
}
