import type { ProfileHeader } from '@bashboard/server/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'
import { currentUserKeyRoot } from '../../../lib/current-user'
import { sessionAtom } from '../../../state/session'
import { DeleteAccountDialog } from './delete-account-dialog'
import { ExportSection } from './export-section'

export interface AccountPanelProps {
  user: Pick<ProfileHeader, 'username'>
}

/**
 * The Account tab (docs/product-rules.md#leaving): download everything you made as one JSON file (at
 * once, or prepared in the background and mailed as a link for a large account), and delete the
 * account (in a dialog asking for the password or a second-factor code, and what becomes of your
 * commands).
 */
export function AccountPanel({ user }: AccountPanelProps) {
  const toast = useToast()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const setSession = useSetAtom(sessionAtom)
  const [deleting, setDeleting] = useState(false)

  async function signOutDeleted(): Promise<void> {
    setDeleting(false)
    // Home first: this page sends a signed-out visitor to /login, which a deleted member has no use for.
    await navigate({ to: '/' })
    setSession(null)
    queryClient.removeQueries({ queryKey: currentUserKeyRoot })
    // Every other cached page may hold the member's votes, saves or name: read them again as a guest.
    void queryClient.invalidateQueries()
    toast({
      title: 'Account deleted',
      message: 'Your account is gone and you are signed out everywhere. Thank you for the commands.',
      variant: 'success',
    })
  }

  return (
    <div className="flex flex-col gap-6">
      <ExportSection />
      <section aria-labelledby="delete-heading" className="flex flex-col gap-3 border-t border-line pt-5">
        <h2 id="delete-heading" className="text-sm font-semibold text-danger">
          Delete account
        </h2>
        <p className="text-sm text-muted">
          Deleting your account signs you out everywhere, withdraws your votes and deletes your saved commands
          and collections. You choose whether your commands and comments stay, shown as by “deleted member”,
          or go with you. Download your data first if you want a copy.
        </p>
        <Button variant="danger" className="self-start" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete account...
        </Button>
      </section>
      {deleting ? (
        <DeleteAccountDialog
          username={user.username}
          onClose={() => setDeleting(false)}
          onDeleted={() => void signOutDeleted()}
        />
      ) : null}
    </div>
  )
}
