import type { Passkey } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { KeyRound, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { formatDay } from '../../../lib/format-day'
import { browserHasPasskeys } from '../../../lib/webauthn'
import { passkeysQueryOptions } from '../passkeys-api'
import { AddPasskeyDialog, RemovePasskeyDialog, RenamePasskeyDialog } from './passkey-dialogs'
import { lastUsedLabel } from './token-list'

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'rename'; passkey: Passkey }
  | { kind: 'remove'; passkey: Passkey }
  | null

/** One passkey: its name, when it was added and last used, whether it syncs; rename and remove. */
function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey
  onRename: () => void
  onRemove: () => void
}) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="font-medium break-words text-fg">{passkey.name}</span>
          <span className="text-xs text-muted">
            Added <time dateTime={passkey.createdAt}>{formatDay(passkey.createdAt)}</time>
            {' · '}Last used{' '}
            {passkey.lastUsedAt ? (
              <time dateTime={passkey.lastUsedAt}>{lastUsedLabel(passkey.lastUsedAt)}</time>
            ) : (
              'never'
            )}
            {passkey.synced ? ' · Synced across your devices' : ' · On this device or key only'}
          </span>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 self-end sm:self-auto">
        <Button variant="ghost" size="sm" onClick={onRename} aria-label={`Rename passkey ${passkey.name}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Rename
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onRemove}
          aria-label={`Remove passkey ${passkey.name}`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
      </div>
    </li>
  )
}

/**
 * Settings → Security → Passkeys (docs/product-rules.md#passkeys): the member's passkeys with their
 * name, when each was added and last used; add one (named, then the browser's prompt), rename, remove.
 */
export function PasskeysSection() {
  const list = useQuery(passkeysQueryOptions())
  const toast = useToast()
  const [dialog, setDialog] = useState<OpenDialog>(null)

  if (list.isPending) return <Loading label="Loading passkeys..." />
  if (list.isError) {
    return (
      <LoadFailed
        message="Failed to load passkeys"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    )
  }
  const { passkeys } = list.data
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Sign in with your fingerprint, face, screen lock or a security key instead of a password. With
        two-factor authentication on, a passkey can also stand in for the code.
      </p>
      {passkeys.length > 0 ? (
        <ul
          aria-label="Your passkeys"
          className="divide-y divide-line rounded-xl border border-line bg-surface"
        >
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey._id}
              passkey={passkey}
              onRename={() => setDialog({ kind: 'rename', passkey })}
              onRemove={() => setDialog({ kind: 'remove', passkey })}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg">You have no passkeys yet.</p>
      )}
      <Button
        className="self-start"
        onClick={() => {
          if (browserHasPasskeys()) setDialog({ kind: 'add' })
          else
            toast({
              title: 'Passkeys unavailable',
              message: 'This browser cannot make passkeys. Try another browser or device.',
              variant: 'destructive',
            })
        }}
      >
        Add a passkey
      </Button>
      {dialog?.kind === 'add' ? (
        <AddPasskeyDialog
          onClose={() => setDialog(null)}
          onAdded={(passkey) => {
            setDialog(null)
            toast({
              title: 'Passkey added',
              message: `“${passkey.name}” can sign you in now.`,
              variant: 'success',
            })
          }}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <RenamePasskeyDialog
          passkey={dialog.passkey}
          onClose={() => setDialog(null)}
          onRenamed={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemovePasskeyDialog
          passkey={dialog.passkey}
          onClose={() => setDialog(null)}
          onRemoved={() => {
            setDialog(null)
            toast({
              title: 'Passkey removed',
              message: `“${dialog.passkey.name}” no longer signs you in.`,
              variant: 'success',
            })
          }}
        />
      ) : null}
    </div>
  )
}
