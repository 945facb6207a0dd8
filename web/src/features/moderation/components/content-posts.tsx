import type { ModPost } from '@bashboard/server/contract'
import { countOf } from '@bashboard/server/contract/plurals'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ContentSearch, modPostsQueryOptions, useModDeletePost } from '../api'
import { relativeTime } from '../format'
import { ContentPanel } from './content-panel'

/** The posts search, shaped as the panel's results. */
function usePostResults(search: ContentSearch) {
  return useQuery({
    ...modPostsQueryOptions(search),
    select: (data) => ({ items: data.posts, pagination: data.pagination }),
  })
}

/** Posts found by text or author, each deletable with a reason. */
export function ContentPosts() {
  return (
    <ContentPanel<ModPost>
      noun="post"
      textLabel="Title or command"
      useResults={usePostResults}
      useRemove={useModDeletePost}
      renderItem={(post, now) => (
        <>
          <Link
            to="/post/$slug"
            params={{ slug: post.slug }}
            className="font-medium break-words text-fg hover:text-accent-text"
          >
            {post.title}
          </Link>
          <p className="mt-1 truncate rounded bg-terminal px-2 py-1 font-mono text-xs text-[#d8f5e3]">
            <span aria-hidden="true" className="mr-2 text-[#4ade80]">
              $
            </span>
            {post.command}
          </p>
          <p className="mt-1 text-xs text-muted">
            by {post.author?.username ?? 'deleted user'} · {relativeTime(post.createdAt, now)} · ▲{' '}
            {post.uplikeCount} ▼ {post.downlikeCount} · {countOf(post.commentsCount, 'comment')}
          </p>
        </>
      )}
      deleteLabel={(post) => `Delete post ${post.title}`}
      dialog={(post) => ({
        title: 'Delete this post?',
        description: (
          <>
            <span className="font-medium text-fg">{post.title}</span> will be removed with its comments and
            votes, and its author loses the points it earned.
          </>
        ),
        confirmLabel: 'Delete post',
      })}
      deletedMessage={(post) => `“${post.title}” was removed.`}
    />
  )
}
