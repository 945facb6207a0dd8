import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { ThumbsDown, ThumbsUp } from 'lucide-react'
import { useRef } from 'react'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { useFlashOnChange } from '../../../lib/use-flash'
import { isSignedInAtom } from '../../../state/session'
import { useVotePost, type VoteDirection } from '../api'
import type { VoteState } from '../cache'

export interface VoteButtonsProps {
  postId: string
  uplikeCount: number
  downlikeCount: number
  /** The signed-in user's vote; 'none' for guests and in search mode (marks hidden). */
  vote: VoteState
  size?: 'sm' | 'md'
  className?: string
}

/**
 * Upvote and downvote with their counts (SEED-SPEC §4): pressing the held vote does nothing, the opposite
 * button is disabled while a vote is held, presses during a request are ignored, and guests are sent to
 * log in.
 */
export function VoteButtons({
  postId,
  uplikeCount,
  downlikeCount,
  vote,
  size = 'sm',
  className,
}: VoteButtonsProps) {
  const signedIn = useAtomValue(isSignedInAtom)
  const toast = useToast()
  const navigate = useNavigate()
  const mutation = useVotePost()
  // A ref, not state: two clicks in the same tick must see the first one's guard.
  const inFlight = useRef(false)
  const upFlash = useFlashOnChange(uplikeCount)
  const downFlash = useFlashOnChange(downlikeCount)

  function press(direction: VoteDirection): void {
    if (!signedIn) {
      toast({
        title: 'Authentication Required',
        message: 'Please log in to vote on posts.',
        variant: 'destructive',
      })
      void navigate({ to: '/login' })
      return
    }
    const held = direction === 'upvote' ? 'liked' : 'disliked'
    if (vote === held || inFlight.current) return
    inFlight.current = true
    mutation.mutate(
      { postId, direction, current: { uplikeCount, downlikeCount, vote } },
      {
        onSettled: () => {
          inFlight.current = false
        },
      },
    )
  }

  const height = size === 'sm' ? 'h-8 px-2.5 text-sm' : 'h-10 px-3.5 text-sm'
  const base =
    'inline-flex items-center gap-1.5 rounded-md border font-medium tabular-nums transition-colors ' +
    'disabled:cursor-not-allowed disabled:opacity-45'
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; this groups two buttons
    <div role="group" aria-label="Vote on this command" className={cn('flex items-center gap-2', className)}>
      <button
        type="button"
        onClick={() => press('upvote')}
        disabled={vote === 'disliked'}
        aria-pressed={vote === 'liked'}
        aria-label={`Upvote (${uplikeCount})`}
        className={cn(
          base,
          height,
          vote === 'liked'
            ? 'border-accent/60 bg-accent-soft text-accent-text'
            : 'border-line bg-surface-2 text-muted hover:border-line-strong hover:text-fg',
        )}
      >
        <ThumbsUp aria-hidden="true" className="size-4" fill={vote === 'liked' ? 'currentColor' : 'none'} />
        <span data-testid="upvote-count" className={cn('rounded px-0.5', upFlash && 'animate-flash')}>
          {uplikeCount}
        </span>
      </button>
      <button
        type="button"
        onClick={() => press('downvote')}
        disabled={vote === 'liked'}
        aria-pressed={vote === 'disliked'}
        aria-label={`Downvote (${downlikeCount})`}
        className={cn(
          base,
          height,
          vote === 'disliked'
            ? 'border-danger/60 bg-danger-soft text-danger'
            : 'border-line bg-surface-2 text-muted hover:border-line-strong hover:text-fg',
        )}
      >
        <ThumbsDown
          aria-hidden="true"
          className="size-4"
          fill={vote === 'disliked' ? 'currentColor' : 'none'}
        />
        <span data-testid="downvote-count" className={cn('rounded px-0.5', downFlash && 'animate-flash')}>
          {downlikeCount}
        </span>
      </button>
    </div>
  )
}
