import { useQuery } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { accessTokensQueryOptions } from '../tokens-api'
import { NewTokenNotice } from './new-token-notice'
import { TokenCreateForm } from './token-create-form'
import { TokenList } from './token-list'

export interface AccessTokensPanelProps {
  /** Contributors and moderators may give tokens the `post` scope. */
  canPost: boolean
}

/**
 * The Access tokens tab: what tokens are for, the token just created (shown once), the create form and
 * the list with Revoke and Revoke all.
 */
export function AccessTokensPanel({ canPost }: AccessTokensPanelProps) {
  const tokens = useQuery(accessTokensQueryOptions())
  const [fresh, setFresh] = useState<{ token: string; name: string } | null>(null)

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="tokens-heading" className="flex flex-col gap-3">
        <h2 id="tokens-heading" className="text-sm font-semibold text-fg">
          Personal access tokens
        </h2>
        <p className="text-sm text-muted">
          Tokens let your scripts and tools use the API as you. Send one as{' '}
          <span className="font-mono text-fg">Authorization: Bearer bb_pat_…</span>; it can do only what its
          scopes allow. Treat it like a password.
        </p>
        {fresh ? (
          <NewTokenNotice token={fresh.token} name={fresh.name} onDone={() => setFresh(null)} />
        ) : null}
        <TokenCreateForm canPost={canPost} onCreated={(token, name) => setFresh({ token, name })} />
      </section>

      <section aria-labelledby="token-list-heading" className="flex flex-col gap-3 border-t border-line pt-5">
        <h2 id="token-list-heading" className="text-sm font-semibold text-fg">
          Your tokens
        </h2>
        {tokens.isPending ? (
          <Loading label="Loading access tokens..." />
        ) : tokens.isError && !tokens.data ? (
          <LoadFailed
            message="Failed to load access tokens."
            onRetry={() => void tokens.refetch()}
            retrying={tokens.isFetching}
          />
        ) : tokens.data.tokens.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line-strong px-4 py-8 text-center">
            <KeyRound aria-hidden="true" className="size-6 text-muted" />
            <p className="text-sm font-medium text-fg">No access tokens yet</p>
            <p className="text-sm text-muted">Create one above to use Bashboard from a script or the CLI.</p>
          </div>
        ) : (
          <TokenList tokens={tokens.data.tokens} />
        )}
      </section>
    </div>
  )
}
