import type { AccessToken } from '@bashboard/server/contract'
import { countOf } from '@bashboard/server/contract/plurals'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { formatDay } from '../../../lib/format-day'
import { formatRelativeTime } from '../../../lib/relative-time'
import { useRevokeAccessToken, useRevokeAllAccessTokens } from '../tokens-api'

/** "Never", a relative time within the last week ("3 hours ago", "yesterday"), then the day. */
export function lastUsedLabel(iso: string | null, now: number = Date.now()): string {
  if (iso === null) return 'Never'
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return 'Unknown date'
  return now - time < 7 * 24 * 3600 * 1000 ? formatRelativeTime(iso, now) : formatDay(iso)
}

function ExpiryCell({ token }: { token: AccessToken }) {
  if (token.expiresAt === null) return <span className="text-muted">Never</span>
  if (token.expired)
    return (
      <span className="flex flex-col font-medium text-danger">
        Expired <time dateTime={token.expiresAt}>{formatDay(token.expiresAt)}</time>
      </span>
    )
  return <time dateTime={token.expiresAt}>{formatDay(token.expiresAt)}</time>
}

function ScopePills({ scopes }: { scopes: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Scopes">
      {scopes.map((scope) => (
        <li key={scope} className="rounded bg-surface-3 px-1.5 py-0.5 font-mono text-[11px] text-fg">
          {scope}
        </li>
      ))}
    </ul>
  )
}

const cell = 'md:table-cell md:px-3 md:py-3'
const label = 'text-xs text-muted md:hidden'

export interface TokenListProps {
  tokens: readonly AccessToken[]
}

/**
 * The user's tokens: a table on wider screens, each row stacked into a small card below md. Revoke
 * and Revoke all ask for confirmation first.
 */
export function TokenList({ tokens }: TokenListProps) {
  const [revoking, setRevoking] = useState<AccessToken | null>(null)
  const [revokingAll, setRevokingAll] = useState(false)
  const now = Date.now()
  return (
    <div className="flex flex-col gap-3">
      <div className="rounded-xl border border-line bg-surface">
        <table className="block w-full text-left text-sm md:table">
          <caption className="sr-only">Your access tokens, newest first</caption>
          <thead className="hidden border-b border-line bg-surface-2 text-xs text-muted md:table-header-group">
            <tr>
              {['Name and scopes', 'Created', 'Last used', 'Expires'].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2.5 font-medium whitespace-nowrap">
                  {heading}
                </th>
              ))}
              <th scope="col" className="px-3 py-2.5">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-line md:table-row-group">
            {tokens.map((token) => (
              <tr
                key={token._id}
                className={cn(
                  'grid grid-cols-2 gap-x-3 gap-y-2 px-4 py-3 align-top md:table-row md:p-0',
                  token.expired && 'opacity-80',
                )}
              >
                <th scope="row" className={cn('col-span-2 text-left font-normal md:w-full', cell)}>
                  <span className="block font-medium break-words text-fg">{token.name}</span>
                  <span className="block font-mono text-xs whitespace-nowrap text-muted">
                    bb_pat_…{token.lastFour}
                  </span>
                  <div className="mt-1.5">
                    <ScopePills scopes={token.scopes} />
                  </div>
                </th>
                <td className={cn('flex flex-col', cell, 'md:whitespace-nowrap')}>
                  <span className={label}>Created</span>
                  <time dateTime={token.createdAt}>{formatDay(token.createdAt)}</time>
                </td>
                <td className={cn('flex flex-col', cell, 'md:whitespace-nowrap')}>
                  <span className={label}>Last used</span>
                  {token.lastUsedAt ? (
                    <time dateTime={token.lastUsedAt}>{lastUsedLabel(token.lastUsedAt, now)}</time>
                  ) : (
                    <span className="text-muted">Never</span>
                  )}
                </td>
                <td className={cn('flex flex-col', cell, 'md:whitespace-nowrap')}>
                  <span className={label}>Expires</span>
                  <ExpiryCell token={token} />
                </td>
                <td className={cn('flex items-end justify-end', cell, 'md:text-right')}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setRevoking(token)}
                    aria-label={`Revoke token ${token.name}`}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button variant="ghost" size="sm" className="self-end text-danger" onClick={() => setRevokingAll(true)}>
        Revoke all tokens
      </Button>
      {revoking ? <RevokeDialog token={revoking} onClose={() => setRevoking(null)} /> : null}
      {revokingAll ? <RevokeAllDialog count={tokens.length} onClose={() => setRevokingAll(false)} /> : null}
    </div>
  )
}

function RevokeDialog({ token, onClose }: { token: AccessToken; onClose: () => void }) {
  const revoke = useRevokeAccessToken()
  const toast = useToast()
  return (
    <ConfirmDialog
      title="Revoke this token?"
      description={
        <>
          Scripts using <span className="font-medium break-words text-fg">{token.name}</span> will get
          “revoked” errors from their next request. This cannot be undone.
        </>
      }
      confirmLabel="Revoke token"
      busy={revoke.isPending}
      onClose={onClose}
      onConfirm={() =>
        revoke.mutate(token, {
          onSuccess: () => {
            toast({ title: 'Token revoked', message: token.name, variant: 'success' })
            onClose()
          },
          onError: (error) => {
            toast({ title: 'Revoke failed', message: error.message, variant: 'destructive' })
            onClose()
          },
        })
      }
    />
  )
}

function RevokeAllDialog({ count, onClose }: { count: number; onClose: () => void }) {
  const revokeAll = useRevokeAllAccessTokens()
  const toast = useToast()
  return (
    <ConfirmDialog
      title={count === 1 ? 'Revoke your token?' : `Revoke all ${countOf(count, 'token')}?`}
      description="Every script and CLI using one of your tokens stops working at once. Your sign-in on this site is not affected."
      confirmLabel="Revoke all"
      busy={revokeAll.isPending}
      onClose={onClose}
      onConfirm={() =>
        revokeAll.mutate(undefined, {
          onSuccess: ({ revoked }) => {
            toast({
              title: 'Tokens revoked',
              message: `${countOf(revoked, 'token')} revoked.`,
              variant: 'success',
            })
            onClose()
          },
          onError: (error) => {
            toast({ title: 'Revoke failed', message: error.message, variant: 'destructive' })
            onClose()
          },
        })
      }
    />
  )
}
