import type { BlogSummary } from '@bashboard/server/contract'
import { Link } from '@tanstack/react-router'
import { ArrowRight, Calendar, Eye, UserRound } from 'lucide-react'
import { Card } from '../../../components/ui/card'
import { blogExcerpt, formatBlogDate, formatViews } from '../format'
import { BlogImage } from './blog-image'

/**
 * A card of the blog grid: image, date, author, views, title, excerpt and Read More
 * (docs/product-rules.md#blog).
 */
export function BlogCard({ blog }: { blog: BlogSummary }) {
  const title = blog.title || 'Untitled article'
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <BlogImage src={blog.image} alt="" className="aspect-[16/9] w-full border-b border-line" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="size-3.5" />
            <time dateTime={blog.createdAt}>{formatBlogDate(blog.createdAt)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <UserRound aria-hidden="true" className="size-3.5" />
            {blog.author || 'Bashboard'}
          </span>
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden="true" className="size-3.5" />
            {formatViews(blog.viewCount)}
          </span>
        </div>
        <h2 className="text-base leading-snug font-semibold tracking-tight text-fg">
          <Link
            to="/blog/$slug"
            params={{ slug: blog.slug }}
            className="rounded-sm hover:text-accent-text focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            {title}
          </Link>
        </h2>
        <p className="flex-1 text-sm leading-6 text-muted">{blogExcerpt(blog.metadescription)}</p>
        <Link
          to="/blog/$slug"
          params={{ slug: blog.slug }}
          className="inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-accent-text hover:underline hover:underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          Read More
          <span className="sr-only">: {title}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </Card>
  )
}

/** The grey shape of a card while the list loads. */
export function BlogCardSkeleton() {
  return (
    <Card aria-hidden="true" className="flex animate-pulse flex-col overflow-hidden">
      <div className="aspect-[16/9] w-full bg-surface-2" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-3 w-2/3 rounded bg-surface-2" />
        <div className="h-4 w-5/6 rounded bg-surface-3" />
        <div className="h-3 w-full rounded bg-surface-2" />
        <div className="h-3 w-4/5 rounded bg-surface-2" />
      </div>
    </Card>
  )
}
