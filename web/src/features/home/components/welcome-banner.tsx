import { Link } from '@tanstack/react-router'
import { ArrowRight } from 'lucide-react'
import { buttonClasses } from '../../../components/ui/button-classes'
import { CodeBlock } from '../../../components/ui/code-block'

/** The home page's opening: what Bashboard is, and the way into the command library. */
export function WelcomeBanner() {
  return (
    <section
      aria-labelledby="welcome-heading"
      className="relative overflow-hidden rounded-2xl border border-line bg-surface p-6 shadow-panel sm:p-10"
    >
      {/* A faint grid, like graph paper behind a terminal: texture without a picture. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 opacity-[0.35] [background-image:linear-gradient(var(--bb-line)_1px,transparent_1px),linear-gradient(90deg,var(--bb-line)_1px,transparent_1px)] [background-size:32px_32px] [mask-image:radial-gradient(ellipse_at_top_right,black,transparent_70%)]"
      />
      <div className="relative grid items-center gap-8 lg:grid-cols-[1.1fr_1fr]">
        <div className="flex min-w-0 flex-col gap-5">
          <p className="font-mono text-sm text-accent-text">
            <span aria-hidden="true">~ $ </span>man bashboard
          </p>
          <h1
            id="welcome-heading"
            className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl lg:text-5xl"
          >
            Welcome to <span className="font-mono text-accent-text">Bashboard</span>
          </h1>
          <p className="max-w-xl text-base leading-7 text-muted sm:text-lg">
            The community library of Linux commands: find the one-liner you need, see what developers and
            sysadmins vote up, and share the tricks you use every day.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/browse" className={buttonClasses('primary', 'lg')}>
              Browse Commands
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <p className="font-mono text-xs text-muted"># delete logs older than a week</p>
          <CodeBlock command={"find /var/log -name '*.log' -mtime +7 -delete"} />
          <p className="font-mono text-xs text-muted"># the ten biggest directories here</p>
          <CodeBlock command="du -h --max-depth=1 | sort -rh | head -n 10" />
        </div>
      </div>
    </section>
  )
}
