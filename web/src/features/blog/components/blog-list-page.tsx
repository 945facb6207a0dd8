import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BookOpen, Newspaper } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { AdSlot } from '../../../components/ads/ad-slot'
import { Card } from '../../../components/ui/card'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Pagination } from '../../../components/ui/pagination'
import { useToast } from '../../../components/ui/toast'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { blogPageSummary, formatBlogDate } from '../format'
import { blogListQueryOptions } from '../queries'
import { BlogCard, BlogCardSkeleton } from './blog-card'

/** docs/product-rules.md#blog: the Recent Posts card lists the first 3 articles. */
export const RECENT_POSTS_COUNT = 3

export interface BlogListPageProps {
  page: number
  onPageChange: (page: number) => void
}

function SideCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-tight text-fg">
        {icon}
        {title}
      </h2>
      {children}
    </Card>
  )
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="font-mono font-medium text-fg tabular-nums">{value}</dd>
    </div>
  )
}

/** Recent Posts: the newest three articles, whatever page the list is on. */
function RecentPosts() {
  const recent = useQuery(blogListQueryOptions(1))
  const blogs = recent.data?.blogs.slice(0, RECENT_POSTS_COUNT) ?? []
  return (
    <SideCard
      title="Recent Posts"
      icon={<Newspaper aria-hidden="true" className="size-4 text-accent-text" />}
    >
      {recent.isPending ? (
        <div aria-hidden="true" className="flex animate-pulse flex-col gap-3">
          <div className="h-4 rounded bg-surface-2" />
          <div className="h-4 rounded bg-surface-2" />
          <div className="h-4 rounded bg-surface-2" />
        </div>
      ) : blogs.length === 0 ? (
        <p className="text-sm text-muted">No articles yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {blogs.map((blog) => (
            <li key={blog._id} className="flex flex-col gap-0.5">
              <Link
                to="/blog/$slug"
                params={{ slug: blog.slug }}
                className="text-sm font-medium text-fg hover:text-accent-text hover:underline hover:underline-offset-4"
              >
                {blog.title || 'Untitled article'}
              </Link>
              <time dateTime={blog.createdAt} className="text-xs text-muted">
                {formatBlogDate(blog.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </SideCard>
  )
}

/**
 * The blog list (docs/product-rules.md#blog): stats and Recent Posts on the left, the card grid with
 * pagination in the middle, ads on the right. The page number lives in `?page`.
 */
export function BlogListPage({ page, onPageChange }: BlogListPageProps) {
  useDocumentTitle(page > 1 ? `Blog, page ${page}` : 'Blog')
  const list = useQuery(blogListQueryOptions(page))
  const toast = useToast()
  const failed = list.isError && !list.data

  useEffect(() => {
    if (failed)
      toast({ title: 'Error', message: 'Failed to load blogs. Please try again.', variant: 'destructive' })
  }, [failed, toast])

  const data = list.data
  const blogs = data?.blogs ?? []

  return (
    <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)_15rem]">
      <aside aria-label="About the blog" className="flex min-w-0 flex-col gap-4">
        <SideCard
          title="Blog Stats"
          icon={<BookOpen aria-hidden="true" className="size-4 text-accent-text" />}
        >
          <dl className="divide-y divide-line" data-testid="blog-stats">
            <Stat label="Total articles" value={data ? data.totalBlogs : '–'} />
            <Stat label="Current page" value={page} />
            <Stat label="Total pages" value={data ? data.totalPages : '–'} />
          </dl>
        </SideCard>
        <RecentPosts />
        <AdSlot page="Blog" slot="ads2" variant="box" className="hidden lg:block" />
      </aside>

      <section
        aria-labelledby="blog-heading"
        className="order-first flex min-w-0 flex-col gap-5 lg:order-none"
      >
        <header className="flex flex-col gap-1.5">
          <p className="font-mono text-xs text-accent-text">$ ls ~/blog</p>
          <h1 id="blog-heading" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
            Bashboard Blog
          </h1>
          <p className="text-sm text-muted">
            Guides, deep dives and habits from people who live on the command line.
          </p>
        </header>

        {list.isPending ? (
          <div role="status" aria-label="Loading articles" className="grid gap-4 sm:grid-cols-2">
            {Array.from({ length: 4 }, (_, index) => (
              // The skeletons are identical placeholders.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <BlogCardSkeleton key={index} />
            ))}
          </div>
        ) : failed ? (
          <LoadFailed
            message="Failed to load blogs. Please try again."
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : blogs.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
            <BookOpen aria-hidden="true" className="size-9 text-muted" />
            <p className="text-lg font-semibold text-fg">No blog posts found</p>
            {page > 1 ? (
              <button
                type="button"
                onClick={() => onPageChange(1)}
                className="text-sm text-accent-text underline underline-offset-4"
              >
                Go to the first page
              </button>
            ) : (
              <p className="text-sm text-muted">New articles appear here as soon as they are published.</p>
            )}
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2" aria-label="Articles">
            {blogs.map((blog) => (
              <li key={blog._id} className="flex">
                <BlogCard blog={blog} />
              </li>
            ))}
          </ul>
        )}

        {data && data.totalPages > 0 ? (
          <div className="flex flex-col items-center gap-3">
            <Pagination
              label="Blog pages"
              page={page}
              totalPages={data.totalPages}
              onPageChange={onPageChange}
            />
            <p className="font-mono text-xs text-muted" aria-live="polite">
              {blogPageSummary(page, data.totalPages, data.totalBlogs)}
            </p>
          </div>
        ) : null}
        <AdSlot page="Blog" slot="ads3" />
      </section>

      <aside aria-label="Sponsored" className="flex min-w-0 flex-col gap-4">
        <AdSlot page="Blog" slot="ads4" variant="box" />
      </aside>
    </div>
  )
}
