import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Card } from '../../../components/ui/card'
import { cn } from '../../../lib/cn'
import { useDocumentTitle } from '../../../lib/use-document-title'

/** The site's secondary pages, as the side navigation of every content page lists them. */
const contentLinks = [
  { to: '/help', label: 'Help Center' },
  { to: '/guidelines', label: 'Guidelines' },
  { to: '/contribute', label: 'Contribute' },
  { to: '/moderators', label: 'Moderators' },
  { to: '/feedback', label: 'Feedback' },
  { to: '/api', label: 'API' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
] as const

/** Typography of the page body: plain elements, styled here once for every content page. */
const proseClasses =
  'flex flex-col gap-4 text-sm leading-7 text-fg [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:tracking-tight ' +
  '[&_h3]:mt-2 [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-1 ' +
  '[&_a]:text-accent-text [&_a]:underline [&_a]:underline-offset-4 [&_code]:rounded [&_code]:bg-surface-2 ' +
  '[&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] [&_strong]:font-semibold [&>*:first-child]:mt-0'

export interface ContentPageProps {
  /** The heading and the document title ("Help Center | Bashboard"). */
  title: string
  /** A shell-flavoured line above the heading, e.g. "$ man bashboard". */
  prompt: string
  /** One or two sentences under the heading. */
  lead: string
  /** When the text last changed, for policies ("November 2026"). */
  updated?: string
  children: ReactNode
}

/** The shared layout of the footer's pages: heading, lead, body, and a side list of the other pages. */
export function ContentPage({ title, prompt, lead, updated, children }: ContentPageProps) {
  useDocumentTitle(title)
  return (
    <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-[minmax(0,1fr)_14rem]">
      <article aria-labelledby="content-title" className="flex min-w-0 flex-col gap-5">
        <header className="flex flex-col gap-2">
          <p className="font-mono text-xs text-accent-text">{prompt}</p>
          <h1 id="content-title" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
            {title}
          </h1>
          <p className="max-w-2xl text-base leading-7 text-muted">{lead}</p>
          {updated ? <p className="text-xs text-muted">Last updated {updated}</p> : null}
        </header>
        <Card className={cn('p-5 sm:p-7', proseClasses)}>{children}</Card>
      </article>
      <nav aria-label="Site pages" className="flex flex-col gap-1 self-start lg:sticky lg:top-24">
        <h2 className="px-3 pb-1 font-mono text-xs font-semibold tracking-wider text-muted uppercase">
          Pages
        </h2>
        {contentLinks.map((link) => (
          <Link
            key={link.to}
            to={link.to}
            className="rounded-md px-3 py-1.5 text-sm text-muted transition-colors hover:bg-surface-2 hover:text-fg"
            activeProps={{ className: 'bg-surface-2 text-fg font-medium', 'aria-current': 'page' }}
          >
            {link.label}
          </Link>
        ))}
      </nav>
    </div>
  )
}
