import { Link } from '@tanstack/react-router'
import { Mail } from 'lucide-react'
import { Logo } from './logo'
import type { SitePath } from './nav-items'

interface FooterGroup {
  title: string
  links: ReadonlyArray<{ label: string; to: SitePath }>
}

/** docs/product-rules.md#header-footer: every footer link, grouped; each path appears once. */
const groups: readonly FooterGroup[] = [
  {
    title: 'Explore',
    links: [
      { label: 'Browse', to: '/browse' },
      { label: 'Leaderboard', to: '/leaderboard' },
      { label: 'Blog', to: '/blog' },
    ],
  },
  {
    title: 'Community',
    links: [
      { label: 'Guidelines', to: '/guidelines' },
      { label: 'Contribute', to: '/contribute' },
      { label: 'Moderators', to: '/moderators' },
      { label: 'Feedback', to: '/feedback' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Help Center', to: '/help' },
      { label: 'API', to: '/api' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
    ],
  },
]

/** The site footer: what Bashboard is, the newsletter, and the site's secondary pages. */
export function Footer() {
  const year = new Date().getFullYear()
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.4fr_2fr]">
        <div className="flex max-w-sm flex-col gap-4">
          <Logo />
          <p className="text-sm leading-6 text-muted">
            A community of developers and sysadmins sharing, voting on and discussing the Linux commands they
            rely on every day.
          </p>
          <div className="flex gap-3 rounded-lg border border-line bg-surface-2 p-3.5">
            <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-text" />
            <p className="text-sm leading-6 text-muted">
              <span className="font-medium text-fg">The Bashboard newsletter</span> rounds up the week&apos;s
              most useful commands and top contributors. Its issues are announced on the blog.
            </p>
          </div>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {groups.map((group) => (
            <div key={group.title}>
              <h2 className="font-mono text-xs font-semibold tracking-wider text-fg uppercase">
                {group.title}
              </h2>
              <ul className="mt-3 flex flex-col gap-2">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="text-sm text-muted underline-offset-4 transition-colors hover:text-fg hover:underline"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-xs text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {year} Bashboard. Built by and for people who live in the terminal.</p>
          <p className="font-mono">
            <span aria-hidden="true" className="text-accent-text">
              ${' '}
            </span>
            exit 0
          </p>
        </div>
      </div>
    </footer>
  )
}
