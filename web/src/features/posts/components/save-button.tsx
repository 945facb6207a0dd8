import { countOf } from '@bashboard/server/contract/plurals'
import { useAtomValue } from 'jotai'
import { Bookmark } from 'lucide-react'
import { useId, useRef } from 'react'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { useFlashOnChange } from '../../../lib/use-flash'
import { useSendToLogin } from '../../../lib/use-sign-in-return'
import { isSignedInAtom } from '../../../state/session'
import { formatCount } from '../format'
import { useSavePost } from '../saves'

export interface SaveButtonProps {
  postId: string
  savedCount: number
  /** Whether the signed-in user has the post saved (always false for guests). */
  saved: boolean
  size?: 'sm' | 'md'
  className?: string
}

/**
 * The bookmark toggle with the post's saved count. Guests are sent to log in; the mark and the count
 * change at once and go back if the server refuses; presses during a request are ignored.
 */
export function SaveButton({ postId, savedCount, saved, size = 'sm', className }: SaveButtonProps) {
  const signedIn = useAtomValue(isSignedInAtom)
  const toast = useToast()
  const sendToLogin = useSendToLogin()
  const mutation = useSavePost()
  // A ref, not state: two clicks in the same tick must see the first one's guard.
  const inFlight = useRef(false)
  const flash = useFlashOnChange(savedCount)
  const countId = useId()

  function press(): void {
    if (!signedIn) {
      toast({
        title: 'Authentication Required',
        message: 'Please log in to save commands.',
        variant: 'destructive',
      })
      sendToLogin()
      return
    }
    if (inFlight.current) return
    inFlight.current = true
    const save = !saved
    mutation.mutate(
      { postId, save, savedCount },
      {
        onSuccess: () =>
          toast(
            save
              ? { title: 'Saved!', message: 'Find it in your profile under Saved.', variant: 'success' }
              : { title: 'Removed from saved', variant: 'success' },
          ),
        onSettled: () => {
          inFlight.current = false
        },
      },
    )
  }

  return (
    <button
      type="button"
      onClick={press}
      aria-pressed={saved}
      aria-label={saved ? 'Unsave' : 'Save'}
      aria-describedby={countId}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md border font-medium tabular-nums transition-colors',
        size === 'sm' ? 'h-8 px-2.5 text-sm' : 'h-10 px-3.5 text-sm',
        saved
          ? 'border-accent/60 bg-accent-soft text-accent-text'
          : 'border-line bg-surface-2 text-muted hover:border-line-strong hover:text-fg',
        className,
      )}
    >
      <Bookmark aria-hidden="true" className="size-4" fill={saved ? 'currentColor' : 'none'} />
      <span data-testid="saved-count" className={cn('rounded px-0.5', flash && 'animate-flash')}>
        {formatCount(savedCount)}
      </span>
      <span id={countId} className="sr-only">
        {`Saved by ${countOf(savedCount, 'person')}`}
      </span>
    </button>
  )
}
