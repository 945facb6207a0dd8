import { COMMENT_MAX_LENGTH } from '@bashboard/server/contract/limits'
import { MAIL_MESSAGES } from '@bashboard/server/contract/mail-messages'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LogIn, MessageSquare } from 'lucide-react'
import { type FormEvent, Fragment, useEffect, useId, useMemo, useState } from 'react'
import { AdSlot } from '../../../components/ads/ad-slot'
import { Button } from '../../../components/ui/button'
import { buttonClasses } from '../../../components/ui/button-classes'
import { FieldError } from '../../../components/ui/form-error'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ResendVerificationButton } from '../../../components/verify-email-notice'
import { canDeleteAs, useCurrentUser } from '../../../lib/use-current-user'
import { clearGuestDraft, useGuestDraft } from '../../../lib/use-guest-draft'
import { useReturnSearch } from '../../../lib/use-sign-in-return'
import { useLiveTopic } from '../../../live/live-provider'
import { commentsQueryOptions, useAddCommentMutation, useDeleteCommentMutation } from '../api'
import { groupThreads, isDeletedComment } from '../threads'
import { useCommentRefusal } from '../use-comment-refusal'
import { CommentEditor } from './comment-editor'
import { CommentThread } from './comment-thread'

/** From this length on, the form shows how much room is left. */
const COUNTER_FROM = 1500

/** An ad slot follows every third comment, but never the last one (docs/product-rules.md#post-display). */
const AD_EVERY = 3

export interface CommentsSectionProps {
  postId: string
  /** The post's comment count from the post response; shown until the list has loaded. */
  commentsCount: number
  /** The `post:<id>` topic's live id from the post response, so no comment event is lost. */
  liveId?: string | undefined
}

/**
 * The comment box. A guest may type in it too, with a sign-in prompt in place of Post Comment: what they
 * typed is kept while they sign in and is back when they return (lib/use-guest-draft.ts).
 */
function CommentForm({ postId, signedIn }: { postId: string; signedIn: boolean }) {
  const toast = useToast()
  const fieldId = useId()
  const [content, setContent] = useState('')
  const addComment = useAddCommentMutation(postId)
  const refusal = useCommentRefusal({ title: 'Error', message: 'Failed to add comment. Please try again.' })
  const trimmed = content.trim()
  const sending = addComment.isPending
  const draftKey = `comment.${postId}`
  useGuestDraft(draftKey, content, !signedIn, setContent)

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (!signedIn || trimmed === '' || sending) return
    addComment.mutate(trimmed, {
      onSuccess: () => {
        setContent('')
        clearGuestDraft(draftKey)
        toast({ title: 'Comment added successfully!', variant: 'success' })
      },
      // The server's refusal goes under the field; a lost connection is a toast (use-comment-refusal.ts).
      onError: refusal.refuse,
    })
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <label htmlFor={fieldId} className="sr-only">
        Your comment
      </label>
      <CommentEditor
        id={fieldId}
        value={content}
        submitVerb="post"
        onValueChange={(text) => {
          setContent(text)
          refusal.clear()
        }}
        {...refusal.fieldProps}
        placeholder="Add your comment..."
        rows={3}
        maxLength={COMMENT_MAX_LENGTH}
        disabled={sending}
        className="min-h-24 w-full resize-y rounded-md border border-line bg-surface-2 px-3 py-2.5 text-sm text-fg placeholder:text-muted/80 transition-colors hover:border-line-strong focus-visible:border-accent focus-visible:ring-2 focus-visible:ring-accent/40 focus-visible:outline-none disabled:opacity-70"
      />
      {refusal.refusal ? <FieldError id={refusal.errorId}>{refusal.refusal}</FieldError> : null}
      {/* COMMENTS_NEED_VERIFIED_EMAIL: where the refusal is, the way out of it. */}
      {refusal.refusal === MAIL_MESSAGES.verificationRequired ? <ResendVerificationButton size="sm" /> : null}
      {signedIn ? (
        <div className="flex items-center justify-between gap-3">
          {/* The counter appears only near the limit, where it helps. */}
          <span className="font-mono text-xs text-muted">
            {content.length >= COUNTER_FROM ? `${content.length}/${COMMENT_MAX_LENGTH}` : null}
          </span>
          <Button type="submit" disabled={trimmed === '' || sending} aria-busy={sending || undefined}>
            <MessageSquare aria-hidden="true" className="size-4" />
            {sending ? 'Posting...' : 'Post Comment'}
          </Button>
        </div>
      ) : (
        <GuestPrompt />
      )}
    </form>
  )
}

/**
 * Notification links point at a comment (`#comment-<id>`), which exists only once the list has loaded:
 * then it is scrolled into view and focused, once per page.
 */
function useScrollToCommentAnchor(loaded: boolean): void {
  const [done, setDone] = useState(false)
  useEffect(() => {
    if (!loaded || done) return
    setDone(true)
    const hash = window.location.hash
    if (!hash.startsWith('#comment-')) return
    const target = document.getElementById(decodeURIComponent(hash.slice(1)))
    if (!target) return
    target.setAttribute('tabindex', '-1')
    target.scrollIntoView({ block: 'center' })
    target.focus({ preventScroll: true })
  }, [loaded, done])
}

/** In a guest's comment box: Sign In, which comes back to this post (and the draft) afterwards. */
function GuestPrompt() {
  const loginSearch = useReturnSearch()
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-line bg-surface-2/60 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted">You need to be logged in to add comments</p>
      <Link to="/login" search={loginSearch} className={buttonClasses('primary', 'sm')}>
        <LogIn aria-hidden="true" className="size-4" />
        Sign In
      </Link>
    </div>
  )
}

/**
 * A post's comments: the heading with the count, the comment form (with a sign-in prompt for guests),
 * and the list with an ad slot after every third comment. New and deleted comments arrive live on the
 * post's topic, renamed commenters (and new avatars) on `posts`.
 */
export function CommentsSection({ postId, commentsCount, liveId }: CommentsSectionProps) {
  const toast = useToast()
  const headingId = useId()
  const { signedIn, user } = useCurrentUser()
  const comments = useQuery(commentsQueryOptions(postId))
  const deleteComment = useDeleteCommentMutation(postId)
  // Ref-counted: the post page holds the same topic; the post response's id covers both views.
  useLiveTopic(`post:${postId}`, liveId)
  // `author.updated` (a commenter renamed, or a new avatar) is site-wide, on `posts`. No REST response
  // here carries that topic's id, so a rename between the list's fetch and this subscribe is only
  // picked up by the next refetch; renames are rare and cosmetic.
  useLiveTopic('posts')

  const list = comments.data?.comments
  const threads = useMemo(() => (list ? groupThreads(list) : []), [list])
  useScrollToCommentAnchor(list !== undefined)
  // Placeholders of deleted comments are not counted, as on the server.
  const count = comments.data
    ? (comments.data.commentsCount ?? comments.data.comments.filter((item) => !isDeletedComment(item)).length)
    : commentsCount

  function remove(commentId: string): void {
    deleteComment.mutate(commentId, {
      onSuccess: () => toast({ title: 'Comment deleted successfully!', variant: 'success' }),
      onError: () =>
        toast({
          title: 'Error',
          message: 'Failed to delete comment. Please try again.',
          variant: 'destructive',
        }),
    })
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold tracking-tight text-fg">
        <MessageSquare aria-hidden="true" className="size-5 text-accent-text" />
        Comments ({count})
      </h2>

      {/* Keyed: a draft belongs to its post, and a related post opened from here starts empty. */}
      <CommentForm key={postId} postId={postId} signedIn={signedIn} />

      {comments.isPending ? (
        <Loading label="Loading comments..." className="py-6" />
      ) : comments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
          Failed to load comments.
          <Button variant="secondary" size="sm" onClick={() => void comments.refetch()}>
            Try Again
          </Button>
        </div>
      ) : threads.length > 0 ? (
        <ol aria-label="Comments" className="flex flex-col divide-y divide-line">
          {threads.map((thread, index) => (
            <Fragment key={thread.comment._id}>
              <li>
                <CommentThread
                  postId={postId}
                  thread={thread}
                  canReply={signedIn}
                  canDelete={(authorId) => canDeleteAs(user, authorId)}
                  deletingId={deleteComment.isPending ? deleteComment.variables : undefined}
                  onDelete={remove}
                />
              </li>
              {(index + 1) % AD_EVERY === 0 && index < threads.length - 1 ? (
                <li className="py-4">
                  <AdSlot page="PostDetails" slot="ads3" />
                </li>
              ) : null}
            </Fragment>
          ))}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed border-line py-8 text-center text-sm text-muted">
          No comments yet. Be the first to comment!
        </p>
      )}
    </section>
  )
}
