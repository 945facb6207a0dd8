import { useAtomValue } from 'jotai'
import { ThumbsDown, ThumbsUp } from 'lucide-react'
import { useId, useRef } from 'react'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { useCurrentUser } from '../../../lib/use-current-user'
import { useFlashOnChange } from '../../../lib/use-flash'
import { useSendToLogin } from '../../../lib/use-sign-in-return'
import { isSignedInAtom } from '../../../state/session'
import { useVotePost, type VoteDirection } from '../api'
import type { VoteState } from '../cache'

export interface VoteButtonsProps {
  postId: string
  uplikeCount: number
  downlikeCount: number
  /** The signed-in user's vote; 'none' for guests and in search mode (marks hidden). */
  vote: VoteState
  /** The post's author: on their own post the buttons are disabled with the reason shown. */
  authorId?: string
  size?: 'sm' | 'md'
  className?: string
}

/** Why an author's own vote buttons do nothing (the server refuses the vote with the same words). */
export const OWN_POST_VOTE_REASON = 'You cannot vote on your own post'

/**
 * What the held vote's button says on hover and to screen readers: pressing it again changes nothing
 * (docs/product-rules.md#votes), so it reads as a state, not as an action.
 */
export const HELD_VOTE_LABEL = { liked: 'You upvoted this', disliked: 'You downvoted this' } as const

/**
 * Upvote and downvote with their counts: pressing the held vote does nothing, pressing the opposite one
 * switches the vote (counted at once, rolled back if the server refuses), presses during a request are
 * ignored, and guests are sent to log in. On the author's own post both buttons stay focusable but do
 * nothing, and say why on hover and focus, so nobody learns it from an error after a click.
 */
export function VoteButtons({
  postId,
  uplikeCount,
  downlikeCount,
  vote,
  authorId,
  size = 'sm',
  className,
}: VoteButtonsProps) {
  const signedIn = useAtomValue(isSignedInAtom)
  const { user } = useCurrentUser()
  const ownPost = authorId !== undefined && user !== null && user._id === authorId
  const reasonId = useId()
  const toast = useToast()
  const sendToLogin = useSendToLogin()
  const mutation = useVotePost()
  // A ref, not state: two clicks in the same tick must see the first one's guard.
  const inFlight = useRef(false)
  const upFlash = useFlashOnChange(uplikeCount)
  const downFlash = useFlashOnChange(downlikeCount)

  function press(direction: VoteDirection): void {
    if (ownPost) return
    if (!signedIn) {
      toast({
        title: 'Authentication Required',
        message: 'Please log in to vote on posts.',
        variant: 'destructive',
      })
      sendToLogin()
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
    'aria-disabled:cursor-not-allowed aria-disabled:opacity-60'
  // aria-disabled rather than disabled: a disabled button can't take focus, and keyboard users must be able
  // to reach it to hear why it does nothing.
  const ownProps = ownPost ? { 'aria-disabled': true, 'aria-describedby': reasonId } : {}
  // The held button's title is its tooltip and accessible description; it keeps the default cursor and
  // no hover change, because pressing it does nothing.
  const titleOf = (state: 'liked' | 'disliked'): string | undefined =>
    ownPost ? OWN_POST_VOTE_REASON : vote === state ? HELD_VOTE_LABEL[state] : undefined
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; this groups two buttons
    <div
      role="group"
      aria-label="Vote on this command"
      className={cn('group/votes relative flex items-center gap-2', className)}
    >
      <button
        type="button"
        onClick={() => press('upvote')}
        {...ownProps}
        title={titleOf('liked')}
        aria-pressed={vote === 'liked'}
        aria-label={`Upvote (${uplikeCount})`}
        className={cn(
          base,
          height,
          vote === 'liked'
            ? 'cursor-default border-accent/60 bg-accent-soft text-accent-text'
            : 'border-line bg-surface-2 text-muted',
          vote !== 'liked' && !ownPost && 'hover:border-line-strong hover:text-fg',
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
        {...ownProps}
        title={titleOf('disliked')}
        aria-pressed={vote === 'disliked'}
        aria-label={`Downvote (${downlikeCount})`}
        className={cn(
          base,
          height,
          vote === 'disliked'
            ? 'cursor-default border-danger/60 bg-danger-soft text-danger'
            : 'border-line bg-surface-2 text-muted',
          vote !== 'disliked' && !ownPost && 'hover:border-line-strong hover:text-fg',
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
      {ownPost ? (
        // The tooltip: shown while either button is hovered or focused, read as their description.
        <span
          id={reasonId}
          role="tooltip"
          className={cn(
            'pointer-events-none absolute bottom-full left-0 z-20 mb-2 w-max max-w-[16rem] rounded-md border',
            'border-line-strong bg-surface px-2.5 py-1.5 text-xs text-fg shadow-lg',
            'invisible opacity-0 transition-opacity group-focus-within/votes:visible',
            'group-focus-within/votes:opacity-100 group-hover/votes:visible group-hover/votes:opacity-100',
          )}
        >
          {OWN_POST_VOTE_REASON}
        </span>
      ) : null}
    </div>
  )
}
