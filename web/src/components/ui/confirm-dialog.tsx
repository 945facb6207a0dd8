import type { ReactNode } from 'react'
import { Button } from './button'
import { Dialog } from './dialog'

export interface ConfirmDialogProps {
  title: string
  /** What the action destroys or changes, read out with the title. */
  description: ReactNode
  /** The danger button's content (a verb: "Delete post", "Revoke all"). */
  confirmLabel: ReactNode
  /** While the action runs: the confirm button spins and the dialog cannot be dismissed. */
  busy: boolean
  onConfirm: () => void
  onClose: () => void
}

/**
 * "Are you sure?" before an action that cannot be undone: Cancel and a danger button. Cancel comes
 * first, so it has the focus when the dialog opens and a stray Enter cancels rather than destroys.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} description={description} busy={busy} onClose={onClose}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
