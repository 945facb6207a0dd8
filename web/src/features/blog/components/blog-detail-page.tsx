import type { Blog } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft, BookOpen, Calendar, Clock, Eye, Share2, Terminal, UserRound } from 'lucide-react'
import { useEffect } from 'react'
import { AdSlot } from '../../../components/ads/ad-slot'
import { Button } from '../../../components/ui/button'
import { buttonClasses } from '../../../components/ui/button-classes'
import { Card } from '../../../components/ui/card'
import { DetailRow } from '../../../components/ui/detail-row'
import { NotFoundCard } from '../../../components/ui/not-found-card'
import { useToast } from '../../../components/ui/toast'
import { useSharePage } from '../../../components/ui/use-share-page'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { usePageLocation } from '../../../lib/page-location'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { usePageMeta } from '../../../lib/use-page-meta'
import { formatBlogDate, formatReadingTime, formatViews } from '../format'
import { blogDetailQueryOptions } from '../queries'
import { BlogContent } from './blog-content'
import { BlogDetailLoading } from './blog-detail-loading'
import { BlogImage } from './blog-image'

const LOAD_FAILED = 'Failed to load blog post. Please try again.'

/** Shares the article with the device's share sheet, else copies its link ('Link copied!'). */
function useShareArticle(blog: Blog): () => Promise<void> {
  const share = useSharePage()
  return () =>
    share({
      title: blog.title,
      text: blog.metadescription,
      copiedTitle: 'Link copied!',
      copiedMessage: 'Article URL copied to clipboard.',
    })
}

function BlogNotFound() {
  useDocumentTitle('Blog post not found')
  return (
    <NotFoundCard
      title="Blog post not found"
      message="The article you're looking for doesn't exist or is no longer published."
      action={
        <Link to="/blog" className={buttonClasses('primary', 'md')}>
          Back to Blog
        </Link>
      }
    />
  )
}

function BlogArticle({ blog }: { blog: Blog }) {
  const share = useShareArticle(blog)
  const location = usePageLocation()
  const title = blog.title || 'Untitled article'
  const author = blog.author || 'Bashboard'

  usePageMeta(title, {
    description: blog.metadescription,
    author,
    'og:title': title,
    'og:description': blog.metadescription,
    'og:type': 'article',
    'og:url': location.href,
    ...(blog.image ? { 'og:image': new URL(blog.image, location.origin).href } : {}),
  })

  return (
    <div className="flex flex-col gap-4">
      {/* Above the columns, so it is the first thing on a phone too (the article comes before the info). */}
      <Link to="/blog" className={cn(buttonClasses('ghost', 'sm'), 'self-start')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Blog
      </Link>
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)_15rem]">
        <aside aria-label="Article info" className="flex min-w-0 flex-col gap-4">
          <Card className="flex flex-col gap-1 p-4">
            <h2 className="text-sm font-semibold tracking-tight text-fg">Article Info</h2>
            <dl className="divide-y divide-line">
              <DetailRow
                valueClassName="text-right"
                icon={<UserRound aria-hidden="true" className="size-4" />}
                label="Author"
              >
                {author}
              </DetailRow>
              <DetailRow
                valueClassName="text-right"
                icon={<Calendar aria-hidden="true" className="size-4" />}
                label="Published"
              >
                <time dateTime={blog.createdAt}>{formatBlogDate(blog.createdAt)}</time>
              </DetailRow>
              <DetailRow
                valueClassName="text-right"
                icon={<Eye aria-hidden="true" className="size-4" />}
                label="Views"
              >
                <span data-testid="blog-view-count">{formatViews(blog.viewCount)}</span>
              </DetailRow>
              <DetailRow
                valueClassName="text-right"
                icon={<Clock aria-hidden="true" className="size-4" />}
                label="Reading time"
              >
                {formatReadingTime(blog.readingTime)}
              </DetailRow>
            </dl>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void share()}>
              <Share2 aria-hidden="true" className="size-4" />
              Share
            </Button>
          </Card>
          <AdSlot page="Blog" slot="ads2" variant="box" className="hidden lg:block" />
        </aside>

        <article
          aria-labelledby="blog-title"
          className="order-first flex min-w-0 flex-col gap-5 lg:order-none"
        >
          <Card className="overflow-hidden">
            <BlogImage src={blog.image} alt="" eager className="aspect-[2/1] w-full border-b border-line" />
            <div className="flex flex-col gap-4 p-5 sm:p-7">
              <header className="flex flex-col gap-3">
                <h1 id="blog-title" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
                  {title}
                </h1>
                <p className="text-base leading-7 text-muted">{blog.metadescription}</p>
                <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
                  <span>By {author}</span>
                  <time dateTime={blog.createdAt}>{formatBlogDate(blog.createdAt)}</time>
                  <span>{formatReadingTime(blog.readingTime)}</span>
                </p>
              </header>
              <BlogContent html={blog.content} className="text-[15px] leading-7" />
            </div>
          </Card>
          <AdSlot page="Blog" slot="ads3" />
        </article>

        <aside aria-label="Quick actions" className="flex min-w-0 flex-col gap-4">
          <Card className="flex flex-col gap-2 p-4">
            <h2 className="text-sm font-semibold tracking-tight text-fg">Quick Actions</h2>
            <Button variant="secondary" size="sm" className="justify-start" onClick={() => void share()}>
              <Share2 aria-hidden="true" className="size-4" />
              Share this article
            </Button>
            <Link to="/blog" className={cn(buttonClasses('secondary', 'sm'), 'justify-start')}>
              <BookOpen aria-hidden="true" className="size-4" />
              More articles
            </Link>
            <Link to="/browse" className={cn(buttonClasses('secondary', 'sm'), 'justify-start')}>
              <Terminal aria-hidden="true" className="size-4" />
              Browse Commands
            </Link>
          </Card>
          <AdSlot page="Blog" slot="ads4" variant="box" />
        </aside>
      </div>
    </div>
  )
}

/**
 * An article (docs/product-rules.md#blog): loading, 'Blog post not found', or the article in three
 * columns. A missing slug or any other failure toasts and goes back to /blog.
 */
export function BlogDetailPage({ slug }: { slug: string }) {
  const missingSlug = slug.trim() === ''
  const detail = useQuery({ ...blogDetailQueryOptions(slug), enabled: !missingSlug })
  const navigate = useNavigate()
  const toast = useToast()

  const notFound = detail.error instanceof ApiError && detail.error.status === 404
  const failed = missingSlug || (detail.isError && !notFound && !detail.data)

  useEffect(() => {
    if (!failed) return
    toast({ title: 'Error', message: LOAD_FAILED, variant: 'destructive' })
    void navigate({ to: '/blog' })
  }, [failed, toast, navigate])

  if (notFound) return <BlogNotFound />
  if (!detail.data) return <BlogDetailLoading />
  return <BlogArticle blog={detail.data.blog} />
}
