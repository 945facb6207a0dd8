import { PROVIDER_LABELS, providerStartPath } from '@bashboard/server/contract/identity-messages'
import { useQuery } from '@tanstack/react-query'
import { GitHubIcon, GoogleIcon } from '../../../components/ui/brand-icons'
import { buttonClasses } from '../../../components/ui/button-classes'
import { providersQueryOptions } from '../identity-api'

const ICONS = { github: GitHubIcon, google: GoogleIcon } as const

/**
 * "Continue with GitHub" / "Continue with Google" for the providers this site offers, and nothing at
 * all for the others (nor while the list loads). Plain links: the sign-in is a full-page trip to the
 * provider, coming back to `redirect`.
 */
export function ProviderButtons({ redirect }: { redirect: string | undefined }) {
  const providers = useQuery(providersQueryOptions()).data?.providers ?? []
  if (providers.length === 0) return null
  return (
    <div className="flex flex-col gap-3">
      {providers.map((provider) => {
        const Icon = ICONS[provider]
        return (
          <a
            key={provider}
            href={providerStartPath(provider, redirect)}
            className={`${buttonClasses('secondary', 'lg')} w-full`}
          >
            <Icon className="size-5" />
            Continue with {PROVIDER_LABELS[provider]}
          </a>
        )
      })}
      <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </p>
    </div>
  )
}
