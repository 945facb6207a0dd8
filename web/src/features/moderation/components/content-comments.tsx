import type { ModComment } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ContentSearch, modCommentsQueryOptions, useModDeleteComment } from '../api'
import { relativeTime } from '../format'
import { ContentPanel } from './content-panel'

/** A comment shortened for the confirmation dialog. */
function excerpt(text: string, length = 120): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text
}

/** The comments search, shaped as the panel's results. */
function useCommentResults(search: ContentSearch) {
  return useQuery({
    ...modCommentsQueryOptions(search),
    select: (data) => ({ items: data.comments, pagination: data.pagination }),
  })
}

/** Comments found by text or author, each deletable with a reason. */
export function ContentComments() {
  return (
    <ContentPanel<ModComment>
      noun="comment"
      textLabel="Comment text"
      useResults={useCommentResults}
      useRemove={useModDeleteComment}
      renderItem={(comment, now) => (
        <>
          <p className="text-sm break-words whitespace-pre-wrap text-fg">{comment.content}</p>
          <p className="mt-1 text-xs text-muted">
            by {comment.author?.username ?? 'deleted user'} · {relativeTime(comment.createdAt, now)} · on{' '}
            <Link
              to="/post/$slug"
              params={{ slug: comment.post.slug }}
              className="text-accent-text underline-offset-2 hover:underline"
            >
              {comment.post.title}
            </Link>
          </p>
        </>
      )}
      deleteLabel={(comment) => `Delete comment by ${comment.author?.username ?? 'deleted user'}`}
      dialog={(comment) => ({
        title: 'Delete this comment?',
        description: <q className="text-fg">{excerpt(comment.content)}</q>,
        confirmLabel: 'Delete comment',
      })}
      deletedMessage={() => 'The comment was removed.'}
    />
  )
}
