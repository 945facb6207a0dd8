import { type ComponentType, type SVGProps, useId } from 'react'
import { GitHubIcon, GoogleIcon } from '../../../components/ui/brand-icons'
import { buttonClasses } from '../../../components/ui/button-classes'
import { cn } from '../../../lib/cn'

interface Provider {
  name: 'GitHub' | 'Google'
  Icon: ComponentType<SVGProps<SVGSVGElement>>
}

const providers: Provider[] = [
  { name: 'GitHub', Icon: GitHubIcon },
  { name: 'Google', Icon: GoogleIcon },
]

function SocialButton({ name, Icon }: Provider) {
  const tooltipId = useId()
  return (
    <div className="group relative flex-1">
      {/*
        aria-disabled rather than disabled: the button stays focusable, so keyboard and screen-reader users
        can reach it and hear why it does nothing.
      */}
      <button
        type="button"
        aria-disabled="true"
        aria-label={`Continue with ${name}`}
        aria-describedby={tooltipId}
        onClick={(event) => event.preventDefault()}
        className={cn(buttonClasses('secondary', 'md'), 'w-full')}
      >
        <Icon className="size-4" />
        {name}
      </button>
      <span
        id={tooltipId}
        role="tooltip"
        className={cn(
          'pointer-events-none absolute bottom-full left-1/2 z-10 mb-2 w-max max-w-56 -translate-x-1/2 rounded-md',
          'border border-line-strong bg-surface-3 px-2.5 py-1.5 text-center text-xs text-fg shadow-panel',
          'opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100',
        )}
      >
        Sign-in with {name} is not offered yet
      </span>
    </div>
  )
}

/** GitHub and Google sign-in, shown but not offered yet (docs/product-rules.md#sign-in). */
export function SocialButtons() {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-line" />
        <span className="font-mono">or continue with</span>
        <span className="h-px flex-1 bg-line" />
      </div>
      <div className="flex gap-3">
        {providers.map((provider) => (
          <SocialButton key={provider.name} {...provider} />
        ))}
      </div>
    </div>
  )
}
