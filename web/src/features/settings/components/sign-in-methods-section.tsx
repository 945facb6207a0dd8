import type { IdentityProvider, LinkedIdentity } from '@bashboard/server/contract'
import { PROVIDER_LABELS } from '@bashboard/server/contract/identity-messages'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { GitHubIcon, GoogleIcon } from '../../../components/ui/brand-icons'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form-error'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { linkedIdentitiesQueryOptions, useLinkProvider, useUnlinkProvider } from '../identity-api'

const ICONS = { github: GitHubIcon, google: GoogleIcon } as const

/**
 * Settings → Security → Sign-in methods: each provider the site offers (or the member linked), linked
 * or not, with Link / Unlink. The server refuses to unlink the last way in, and its words are shown.
 */
export function SignInMethodsSection() {
  const linked = useQuery(linkedIdentitiesQueryOptions())
  const link = useLinkProvider()
  const unlink = useUnlinkProvider()
  const [problem, setProblem] = useState<string | null>(null)

  if (linked.isError) {
    return (
      <LoadFailed
        message="Failed to load your sign-in methods"
        onRetry={() => void linked.refetch()}
        retrying={linked.isFetching}
      />
    )
  }
  if (!linked.data) return <Loading label="Loading sign-in methods..." />
  const { identities, available, hasPassword } = linked.data
  const byProvider = new Map<IdentityProvider, LinkedIdentity>(
    identities.map((entry) => [entry.provider, entry]),
  )
  const providers = [...new Set<IdentityProvider>([...available, ...byProvider.keys()])]
  if (providers.length === 0 && hasPassword) {
    return <p className="text-sm text-muted">You sign in with your password.</p>
  }

  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-line rounded-md border border-line">
        {providers.map((provider) => {
          const Icon = ICONS[provider]
          const identity = byProvider.get(provider)
          const label = PROVIDER_LABELS[provider]
          return (
            <li key={provider} className="flex flex-wrap items-center gap-3 px-3 py-3 sm:px-4">
              <Icon className="size-5 shrink-0 text-fg" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-fg">{label}</p>
                <p className="truncate text-xs text-muted">
                  {identity
                    ? `Linked${identity.login ? ` as ${identity.login}` : ''} · ${identity.email}`
                    : 'Not linked'}
                </p>
              </div>
              {identity ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Unlink ${label}`}
                  loading={unlink.isPending && unlink.variables === provider}
                  onClick={() => {
                    setProblem(null)
                    unlink.mutate(provider, { onError: (error) => setProblem(error.message) })
                  }}
                >
                  Unlink
                </Button>
              ) : available.includes(provider) ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Link ${label}`}
                  loading={link.isPending && link.variables === provider}
                  onClick={() => {
                    setProblem(null)
                    link.mutate(provider, { onError: (error) => setProblem(error.message) })
                  }}
                >
                  Link
                </Button>
              ) : null}
            </li>
          )
        })}
      </ul>
      {problem ? <FormError>{problem}</FormError> : null}
    </div>
  )
}
