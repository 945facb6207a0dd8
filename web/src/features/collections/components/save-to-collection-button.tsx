import { useAtomValue } from 'jotai'
import { FolderPlus } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'
import { useSendToLogin } from '../../../lib/use-sign-in-return'
import { isSignedInAtom } from '../../../state/session'
import type { SaveState } from '../api'

// The dialog, its queries and the form load only when someone opens it.
const SaveToCollectionDialog = lazy(() =>
  import('./save-to-collection-dialog').then((module) => ({ default: module.SaveToCollectionDialog })),
)

export interface SaveToCollectionButtonProps {
  postId: string
  postTitle: string
  /** Adding a post to a collection saves it: the post's bookmark is told the new state. */
  onSaveState?: (state: SaveState) => void
  size?: 'sm' | 'md'
}

/** "Save to collection…": opens the picker of the caller's collections; guests are sent to log in. */
export function SaveToCollectionButton({
  postId,
  postTitle,
  onSaveState,
  size = 'md',
}: SaveToCollectionButtonProps) {
  const signedIn = useAtomValue(isSignedInAtom)
  const toast = useToast()
  const sendToLogin = useSendToLogin()
  const [open, setOpen] = useState(false)

  function press(): void {
    if (!signedIn) {
      toast({
        title: 'Authentication Required',
        message: 'Please log in to keep commands in collections.',
        variant: 'destructive',
      })
      sendToLogin()
      return
    }
    setOpen(true)
  }

  return (
    <>
      <Button variant="secondary" size={size} onClick={press} aria-haspopup="dialog">
        <FolderPlus aria-hidden="true" className="size-4" />
        Save to collection…
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveToCollectionDialog
            postId={postId}
            postTitle={postTitle}
            onSaveState={onSaveState}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  )
}
